#!/usr/bin/env node
// `npm run bench`: the terminal against its budgets (issue 8), with baselines measured in the same
// run so that a figure can be read on a noisy machine. Prints a table and writes it as JSON.
//
//   npm run bench -- [--out .bench/latest.json] [--check] [--only paint,chart,...] [--quick]
//                    [--soak-minutes N] [--runs N]
//
// Groups: bundle, micro, client, demo, paint, chart, stream, soak. Each figure is the median of
// several runs after a warm-up; the spread (min–max) and the run count are shown beside it.
// `--check` exits 1 when a metric is over its budget or could not be measured.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { cpus, loadavg } from 'node:os'
import { ROOT, launchChromium, spawnJsonLine, summarize, withTimeout } from './bench/lib.mjs'
import { CommandLineError, commandLineOrExit, numberFlag } from './lib/command-line.mjs'

const GROUPS = ['bundle', 'micro', 'client', 'demo', 'paint', 'chart', 'stream', 'live', 'soak']
const MB = 1024 * 1024

const USAGE = `usage: npm run bench -- [--out path] [--check] [--only ${GROUPS.join(',')}] [--quick] [--soak-minutes N] [--runs N]`
const OPTIONS = {
  out: { type: 'string' },
  check: { type: 'boolean' },
  only: { type: 'string' },
  quick: { type: 'boolean' },
  'soak-minutes': { type: 'string' },
  runs: { type: 'string' },
}

function readArgs({ values }) {
  const only = values.only === undefined ? GROUPS : values.only.split(',').map((s) => s.trim()).filter(Boolean)
  const unknown = only.filter((g) => !GROUPS.includes(g))
  if (unknown.length > 0) throw new CommandLineError(`--only: unknown group(s) ${unknown.join(', ')}; groups: ${GROUPS.join(', ')}`)
  if (only.length === 0) throw new CommandLineError(`--only needs at least one group of ${GROUPS.join(', ')}`)
  return {
    out: values.out === undefined ? join(ROOT, '.bench', 'latest.json') : resolve(values.out),
    check: values.check === true,
    only,
    quick: values.quick === true,
    soakMinutes: numberFlag(values, 'soak-minutes', { above: 0, max: 60 }),
    runs: numberFlag(values, 'runs', { whole: true, min: 1, max: 50 }),
  }
}

const log = (line) => process.stderr.write(`${line}\n`)

/**
 * One row of the table. `budget` is { max } or { min } in the metric's unit; the verdict compares
 * the median. `baseline` is the same kind of figure for the reference, `ratio` = value / baseline.
 */
function metric({ group, id, name, unit, samples, budget = null, baseline = null, note = '' }) {
  const s = summarize(samples)
  const b = baseline ? summarize(baseline) : null
  const value = s.median
  let verdict = 'info'
  if (!Number.isFinite(value)) verdict = 'error'
  else if (budget) verdict = (budget.max !== undefined ? value <= budget.max : value >= budget.min) ? 'ok' : 'over'
  return {
    group,
    id,
    name,
    unit,
    value,
    spread: { min: s.min, max: s.max, p25: s.p25, p75: s.p75, n: s.n },
    budget,
    baseline: b ? b.median : null,
    baselineSpread: b ? { min: b.min, max: b.max, n: b.n } : null,
    ratio: b && b.median ? value / b.median : null,
    verdict,
    note,
  }
}

function failed(group, id, name, error) {
  return { group, id, name, unit: '', value: null, spread: null, budget: null, baseline: null, ratio: null, verdict: 'error', note: error instanceof Error ? error.message.split('\n')[0] : String(error) }
}

/** Runs a TypeScript bench file from source with tsx; resolves with its JSON line. */
async function runTs(file, args, timeoutMs) {
  const proc = await spawnJsonLine(join(ROOT, file), args, { nodeArgs: ['--import', 'tsx'], timeoutMs })
  const done = new Promise((r) => (proc.child.exitCode !== null ? r() : proc.child.once('exit', r)))
  await withTimeout(done, 10_000, file)
  return proc.info
}

// ---- The groups -----------------------------------------------------------------------------------

async function benchBundle() {
  const { measureBundle } = await import('./bench/bundle.mjs')
  const b = await measureBundle()
  const minified = Math.min(b.raw, b.minified)
  return [
    metric({
      group: 'bundle',
      id: 'bundle.first-screen-js',
      name: 'Renderer first-screen JS (minified)',
      unit: 'KB',
      samples: [minified / 1024],
      budget: { max: 900 },
      note: `${b.files.length} file(s) loaded by index.html; as built ${(b.raw / 1024).toFixed(0)} KB, gzip ${(b.gzip / 1024).toFixed(0)} KB`,
    }),
  ]
}

async function benchMicro(opts) {
  const r = await runTs('scripts/bench/micro.ts', ['--rounds', String(opts.quick ? 8 : 15)], 120_000)
  return [
    metric({ group: 'micro', id: 'order.validate-build-sign', name: 'Per order: validate + body + sign', unit: 'ms', samples: r.order, budget: { max: 0.2 }, baseline: r.orderBaseline, note: 'baseline: serialise + HMAC only; batches of 2,000, 3 types' }),
    metric({ group: 'micro', id: 'candles.validate-500', name: 'Validate a 500-candle response', unit: 'ms', samples: r.candles, budget: { max: 2 }, baseline: r.candlesBaseline, note: `zod wire schema on parsed JSON; baseline: JSON.parse of its ${(r.candleBytes / 1024).toFixed(0)} KB` }),
    metric({ group: 'micro', id: 'book.walk-1000', name: 'Market preview: walk 1,000 book levels', unit: 'ms', samples: r.walk, budget: { max: 1 }, note: 'walkBook of a market buy taking every level of a book sent best first (as the exchange sends it)' }),
    metric({ group: 'micro', id: 'book.walk-1000-shuffled', name: 'Walk 1,000 levels, shuffled book', unit: 'ms', samples: r.walkShuffled, note: 'the same walk on a book in random order: the sort is real' }),
  ]
}

async function benchClient(opts) {
  const demo = await spawnJsonLine(join(ROOT, 'out/main/demo-exchange.js'), ['--port', '0', '--seed', '5'])
  try {
    const rounds = opts.runs ?? (opts.quick ? 3 : 5)
    const r = await runTs('scripts/bench/client.ts', ['--base-url', demo.info.baseUrl, '--rounds', String(rounds), '--seconds', '2'], 120_000)
    const ratios = r.client.map((c, i) => c / r.fetch[i])
    return [
      metric({ group: 'client', id: 'client.trades-throughput', name: 'Client GET /trades', unit: 'req/s', samples: r.client, baseline: r.fetch, note: `baseline: bare fetch + res.json(), keep-alive, ${r.concurrency} in flight` }),
      metric({ group: 'client', id: 'client.trades-ratio', name: 'Client / bare fetch, GET /trades', unit: '×', samples: ratios, budget: { min: 0.8 }, note: 'per round, alternated' }),
    ]
  } finally {
    await demo.stop()
  }
}

async function benchDemo(opts) {
  const { measureDemo } = await import('./bench/demo.mjs')
  const r = await measureDemo({ rounds: opts.runs ?? (opts.quick ? 3 : 5), seconds: 2, concurrency: 16 })
  const cpu = (xs) => `${(summarize(xs).median * 100).toFixed(0)}%`
  return [
    metric({ group: 'demo', id: 'demo.get-trades', name: 'Demo exchange GET /trades', unit: 'req/s', samples: r.trades, budget: { min: 2000 }, note: `server CPU ${cpu(r.serverCpu.trades)} of a core (load generator shares the machine); ${r.tradesFailed} failed` }),
    metric({ group: 'demo', id: 'demo.place-order', name: 'Demo exchange order placements', unit: 'orders/s', samples: r.orders, budget: { min: 500 }, note: `crossing LIMIT orders, each fills; server CPU ${cpu(r.serverCpu.orders)}; ${r.ordersFailed} failed` }),
  ]
}

async function benchPaint(opts, browser) {
  const { measureFirstPaint } = await import('./bench/browser.mjs')
  const runs = opts.runs ?? (opts.quick ? 3 : 5)
  const r = await measureFirstPaint(await browser(), { runs, warmup: 1 })
  const rows = [
    metric({ group: 'paint', id: 'paint.first-chart', name: 'Web host start → first chart paint', unit: 'ms', samples: r.app, budget: { max: 1500 }, baseline: r.blank, note: `baseline: blank Vue page, node static server, same Chromium; the web host printed its URL (it listens while its core starts) after ${summarize(r.appReady).median.toFixed(0)} ms` }),
    // Issue 14's budget: the terminal's start against the blank page's, both measured in this run.
    metric({ group: 'paint', id: 'paint.first-chart-vs-blank', name: 'Start → first chart paint / blank Vue page', unit: '×', samples: [summarize(r.app).median / summarize(r.blank).median], budget: { max: 2 }, note: `medians: ${summarize(r.app).median.toFixed(0)} ms / ${summarize(r.blank).median.toFixed(0)} ms` }),
    // Where the start goes: the window's own part, with a core that has already started (no budget of its own).
    metric({ group: 'paint', id: 'paint.page-only', name: 'Window alone: navigation → first chart paint, core started', unit: 'ms', samples: r.pageOnly, baseline: r.blank, note: `the page's script, mount, chart request and paint, the core and the demo already up; ÷ the whole blank page's start: ${(summarize(r.pageOnly).median / summarize(r.blank).median).toFixed(1)}×` }),
  ]
  if (r.appFirstRender.length) {
    rows.push(metric({ group: 'chart', id: 'chart.initial-render-app', name: 'Initial chart render, 500 candles (app)', unit: 'ms', samples: r.appFirstRender, budget: { max: 30 }, note: "CandleChart.vue's data-first-paint-ms: its first paint that drew candles" }))
  }
  return rows
}

async function benchChart(opts, browser) {
  const { measureChart } = await import('./bench/browser.mjs')
  const r = await measureChart(await browser(), { runs: opts.quick ? 8 : 15, ticks: opts.quick ? 100 : 200 })
  return [
    metric({ group: 'chart', id: 'chart.initial-render', name: 'Initial chart render, 500 candles (fixture)', unit: 'ms', samples: r.initial, budget: { max: 30 }, note: 'candle-chart-painter.ts + ECharts parts of use-echarts.ts; setOption incl. canvas draw' }),
    metric({ group: 'chart', id: 'chart.live-update', name: 'One live update (fixture)', unit: 'ms', samples: r.tick, budget: { max: 4 }, note: 'last candle changed, painted as CandleChart.vue paints it: the live overlay alone, a data merge when an axis must grow' }),
    metric({ group: 'chart', id: 'chart.live-update-dirty-rect', name: 'One live update, useDirtyRect (fixture)', unit: 'ms', samples: r.tickDirty, note: 'candidate fix: the same ticks on a chart created with { useDirtyRect: true }' }),
    metric({ group: 'chart', id: 'chart.new-candle', name: 'New candle appended (fixture)', unit: 'ms', samples: r.append, note: 'times + view change' }),
    metric({ group: 'chart', id: 'chart.initial-render-indicators', name: 'First render, 3 indicators on 500 candles (fixture)', unit: 'ms', samples: r.initialIndicators, budget: { max: 30 }, note: 'BB + RSI + MACD: IndicatorSet full compute + setOption with two sub-panes, canvas draw included' }),
    metric({ group: 'chart', id: 'chart.live-update-indicators', name: 'One live update, 3 indicators (fixture)', unit: 'ms', samples: r.tickIndicators, budget: { max: 4 }, note: 'IndicatorRun.update per indicator + the live candle and segments drawn by the overlay' }),
    ...(await benchAppIndicators(opts, browser)),
    ...(await benchBookPanel(opts, browser)),
  ]
}

async function benchBookPanel(opts, browser) {
  const { measureBookPanel } = await import('./bench/browser.mjs')
  const seconds = opts.quick ? 5 : 10
  const r = await measureBookPanel(await browser(), { rate: 50, seconds })
  const { measureBookFeed } = await import('./bench/book-live.mjs')
  const live = await measureBookFeed(await browser(), { rate: 100, seconds })
  return [
    metric({ group: 'chart', id: 'book.fps-50-diffs', name: `Order book panel, 50 diffs/s for ${seconds} s (fixture)`, unit: 'fps', samples: r.fps, note: `OrderBook.vue alone, fed as the book store feeds it (newest book once a frame); ${r.diffs} diffs sent` }),
    metric({ group: 'chart', id: 'book.fps-feed', name: `Order book panel from the live feed, ${seconds} s`, unit: 'fps', samples: live.fps, budget: { min: 50 }, note: `the app on the web host: ${live.diffsPerSec.toFixed(0)} diffs/s counted on the feed (${live.ordersPerSec.toFixed(0)} crossing orders/s placed + the market makers, ${live.failed} failed), panel changed ${live.panelChangesPerSec.toFixed(0)} times/s, book source "${live.source}"` }),
  ]
}

async function benchAppIndicators(opts, browser) {
  const { measureAppIndicators } = await import('./bench/browser.mjs')
  const r = await measureAppIndicators(await browser(), { seconds: opts.quick ? 6 : 12, rate: 40 })
  const rows = []
  if (r.firstRenderMs.length) rows.push(metric({ group: 'chart', id: 'chart.initial-render-indicators-app', name: 'First render, 3 indicators on 500 candles (app)', unit: 'ms', samples: r.firstRenderMs, budget: { max: 30 }, note: `CandleChart.vue's data-first-paint-ms: its first paint that drew candles (${r.firstRenderCandles}), with BB, RSI, MACD saved for the pair (one run)` }))
  rows.push(metric({ group: 'chart', id: 'chart.live-update-indicators-app', name: "One live update of the app's chart, 3 indicators", unit: 'ms', samples: r.liveRenderMs, budget: { max: 4 }, note: "CandleChart.vue's data-render-ms per paint while a sub-account trades the pair (40 orders/s)" }))
  return rows
}

async function benchStream(opts, browser) {
  const { measureStream } = await import('./bench/browser.mjs')
  const seconds = opts.quick ? 10 : 30
  const r = await measureStream(await browser(), { seconds, rate: 200, warmupSeconds: 5 })
  const growth = (r.heapAfter - r.heapBefore) / MB
  const rows = [
    metric({ group: 'stream', id: 'stream.fps', name: `Frames/s, 200 trades/s for ${seconds} s`, unit: 'fps', samples: r.fps, budget: { min: 50 }, note: `per 1-s window; ${r.sentWhat} ${r.sentPerSec.toFixed(0)}/s (${r.failed} failed), trades reaching the window ${r.deliveredPerSec.toFixed(0)}/s; ${r.longTasks} long tasks, ${r.longTaskMs.toFixed(0)} ms` }),
    metric({ group: 'stream', id: 'stream.heap-growth', name: `Renderer heap growth over ${seconds} s`, unit: 'MB', samples: [growth], budget: { max: 5 }, note: `after GC: ${(r.heapBefore / MB).toFixed(1)} → ${(r.heapAfter / MB).toFixed(1)} MB (one run)` }),
  ]
  if (r.liveRenderMs.length) {
    rows.push(metric({ group: 'chart', id: 'chart.live-update-app', name: 'One live update (app, under the stream)', unit: 'ms', samples: r.liveRenderMs, budget: { max: 4 }, note: "CandleChart.vue's data-render-ms per paint" }))
  }
  return rows
}

async function benchLive(opts, browser) {
  const { measureLive } = await import('./bench/live.mjs')
  const r = await measureLive(await browser(), { samples: opts.quick ? 10 : 30, pollingSamples: opts.quick ? 5 : 10 })
  const p = (values, q) => [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]
  const feedP50 = summarize(r.feed).median
  const pollP50 = summarize(r.polling).median
  // The firehose: 2,000 trades a second on the viewed pair, on the feed (the stream group's 200/s, ten
  // times over), from the tape of a demo exchange process: HTTP orders cannot reach that rate here.
  const { measureStream } = await import('./bench/browser.mjs')
  const seconds = opts.quick ? 15 : 60
  const s = await measureStream(await browser(), { seconds, rate: 2000, warmupSeconds: 5, source: 'tape' })
  return [
    metric({ group: 'live', id: 'live.fps-2000', name: `Frames/s, 2,000 trades/s for ${seconds} s`, unit: 'fps', samples: s.fps, budget: { min: 50 }, note: `${s.sentWhat} ${s.sentPerSec.toFixed(0)}/s (${s.failed} failed), trades reaching the window ${s.deliveredPerSec.toFixed(0)}/s; ${s.longTasks} long tasks, ${s.longTaskMs.toFixed(0)} ms` }),
    metric({ group: 'live', id: 'live.heap-2000', name: `Renderer heap growth, 2,000 trades/s for ${seconds} s`, unit: 'MB', samples: [(s.heapAfter - s.heapBefore) / MB], budget: { max: 5 }, note: `after GC: ${(s.heapBefore / MB).toFixed(1)} → ${(s.heapAfter / MB).toFixed(1)} MB (one run)` }),
    metric({ group: 'live', id: 'live.tick-to-pixel-p50', name: 'Tick-to-pixel p50 (feed)', unit: 'ms', samples: r.feed, budget: { max: 30 }, baseline: r.polling, note: `a sub-account's crossing order → its row in the trades list + a chart paint; baseline: polling only (TERMINAL_FEED=off), ${r.polling.length} runs` }),
    metric({ group: 'live', id: 'live.tick-to-pixel-p99', name: 'Tick-to-pixel p99 (feed)', unit: 'ms', samples: [p(r.feed, 0.99)], budget: { max: 100 }, note: `of ${r.feed.length} trades` }),
    metric({ group: 'live', id: 'live.polling-vs-feed', name: 'Polling / feed, tick-to-pixel p50', unit: '×', samples: [pollP50 / feedP50], budget: { min: 20 }, note: `polling p50 ${pollP50.toFixed(0)} ms, feed p50 ${feedP50.toFixed(0)} ms` }),
    metric({ group: 'live', id: 'live.order-to-screen', name: 'Order to screen (submit → placed + open orders)', unit: 'ms', samples: r.orderMs, budget: { max: 100 }, note: 'confirmation off; the form in the window; from the click event in the page to the frame showing both' }),
    metric({ group: 'live', id: 'live.fill-to-balances', name: 'Fill to balances (market order → balance row)', unit: 'ms', samples: r.fillMs, budget: { max: 100 }, note: 'the viewer\'s own market order through the API; the feed\'s w/o frames refresh the account' }),
  ]
}

async function benchSoak(opts, browser) {
  const { runSoak } = await import('./bench/soak-run.mjs')
  const seconds = Math.round((opts.soakMinutes ?? (opts.quick ? 0.5 : 1)) * 60)
  const r = await runSoak({ seconds, browser: await browser(), warmupSeconds: 15, log })
  const rows = []
  const perTen = (series) => (series.slopePerMin * 10) / MB
  if (r.rss) {
    rows.push(
      metric({
        group: 'soak',
        id: 'soak.rss-growth',
        // Memory must be flat over 10 minutes; a run of a minute or two still includes V8's warm-up
        // growth, so it is shown for information and the budget is judged by the full soak.
        name: seconds >= 300 ? `Web host RSS growth over ${seconds} s` : `Web host RSS growth over ${seconds} s (short run; budget: npm run soak)`,
        unit: 'MB',
        samples: [r.rss.growth / MB],
        ...(seconds >= 300 ? { budget: { max: 20 } } : {}),
        note: `${(r.rss.start / MB).toFixed(0)} → ${(r.rss.end / MB).toFixed(0)} MB (min ${(r.rss.min / MB).toFixed(0)}, max ${(r.rss.max / MB).toFixed(0)}); slope ×10 min ${perTen(r.rss).toFixed(1)} MB; ${r.counts.switches} switches, ${r.counts.ordersPlaced} orders+cancels, ${r.counts.marketOrders} market orders, ${r.counts.errors} errors. Full run: npm run soak`,
      }),
    )
  }
  if (r.heap) {
    rows.push(metric({ group: 'soak', id: 'soak.renderer-heap-growth', name: `Renderer heap growth over ${seconds} s (soak)`, unit: 'MB', samples: [r.heap.growth / MB], note: `${(r.heap.start / MB).toFixed(1)} → ${(r.heap.end / MB).toFixed(1)} MB after GC; ${r.counts.clicks} clicks` }))
  }
  return rows
}

const RUNNERS = { bundle: benchBundle, micro: benchMicro, client: benchClient, demo: benchDemo, paint: benchPaint, chart: benchChart, stream: benchStream, live: benchLive, soak: benchSoak }
// Per-group time limits: together they keep `npm run bench` under ten minutes.
const LIMITS_S = { bundle: 60, micro: 120, client: 120, demo: 120, paint: 150, chart: 150, stream: 120, live: 420, soak: 60 }

// ---- Output ---------------------------------------------------------------------------------------

function fmt(v, unit) {
  if (v === null || v === undefined || !Number.isFinite(v)) return '—'
  const abs = Math.abs(v)
  const digits = abs >= 100 ? 0 : abs >= 10 ? 1 : abs >= 1 ? 2 : abs >= 0.1 ? 3 : 4
  return `${v.toFixed(digits)}${unit && unit !== '×' ? ` ${unit}` : unit === '×' ? '×' : ''}`
}

function table(rows) {
  const head = ['metric', 'value', 'spread (min–max, n)', 'budget', 'baseline', 'ratio', 'verdict']
  const lines = rows.map((r) => [
    r.name,
    fmt(r.value, r.unit),
    r.spread && r.spread.n > 1 ? `${fmt(r.spread.min, '')}–${fmt(r.spread.max, '')}, n=${r.spread.n}` : r.spread ? `n=${r.spread.n}` : '—',
    r.budget ? (r.budget.max !== undefined ? `≤ ${fmt(r.budget.max, r.unit)}` : `≥ ${fmt(r.budget.min, r.unit)}`) : '—',
    r.baseline !== null ? fmt(r.baseline, r.unit) : '—',
    r.ratio !== null ? `${r.ratio.toFixed(2)}×` : '—',
    r.verdict,
  ])
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)))
  const line = (cells) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`
  return [line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...lines.map(line)].join('\n')
}

async function main() {
  const opts = commandLineOrExit('bench', USAGE, OPTIONS, readArgs)
  const started = Date.now()
  let chromium = null
  const browser = async () => (chromium ??= await launchChromium())
  const rows = []
  try {
    for (const group of GROUPS.filter((g) => opts.only.includes(g))) {
      const t0 = Date.now()
      log(`bench: ${group}…`)
      let limit = LIMITS_S[group] * 1000
      if (group === 'soak') limit = ((opts.soakMinutes ?? 1) * 60 + 60) * 1000
      try {
        rows.push(...(await withTimeout(RUNNERS[group](opts, browser), limit, group)))
      } catch (error) {
        log(`bench: ${group} failed: ${error instanceof Error ? error.stack : String(error)}`)
        rows.push(failed(group, `${group}.error`, `${group} (could not measure)`, error))
      }
      log(`bench: ${group} done in ${((Date.now() - t0) / 1000).toFixed(0)} s`)
    }
  } finally {
    await chromium?.close().catch(() => {})
  }

  const text = table(rows)
  process.stdout.write(`${text}\n`)
  for (const r of rows) if (r.note) process.stdout.write(`  ${r.name}: ${r.note}\n`)
  const report = {
    when: new Date().toISOString(),
    seconds: Math.round((Date.now() - started) / 1000),
    machine: { cpus: cpus().length, model: cpus()[0]?.model ?? '', loadavg: loadavg(), node: process.version },
    options: { quick: opts.quick, only: opts.only, soakMinutes: opts.soakMinutes, runs: opts.runs },
    metrics: rows,
    table: text,
  }
  mkdirSync(dirname(opts.out), { recursive: true })
  writeFileSync(opts.out, `${JSON.stringify(report, null, 2)}\n`)
  log(`bench: ${rows.length} metrics in ${report.seconds} s; load average ${loadavg().map((l) => l.toFixed(1)).join(' ')}; written to ${opts.out}`)
  const bad = rows.filter((r) => r.verdict === 'over' || r.verdict === 'error')
  if (opts.check && bad.length) {
    log(`bench --check: ${bad.length} over budget or not measured: ${bad.map((r) => r.id).join(', ')}`)
    process.exitCode = 1
  }
}

main().catch((error) => {
  log(`bench failed: ${error instanceof Error ? error.stack : String(error)}`)
  process.exit(2)
})

