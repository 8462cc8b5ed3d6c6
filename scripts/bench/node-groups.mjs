// The bench groups that need no browser: the renderer bundle's size, the micro-benchmarks (order
// signing, candle validation, book walks), the terminal's HTTP client against bare fetch, the demo
// exchange's own throughput, the keeper of protected positions on the live feed; and the portfolio's,
// whose valuation runs in Node and whose drawing in a fixture page in Chromium (fixtures.mjs).
import { join } from 'node:path'
import { ROOT, spawnJsonLine, summarize, withTimeout } from './lib.mjs'
import { metric } from './report.mjs'

/** Runs a TypeScript bench file from source with tsx; resolves with its JSON line. */
async function runTs(file, args, timeoutMs, env = {}) {
  const proc = await spawnJsonLine(join(ROOT, file), args, { nodeArgs: ['--import', 'tsx'], timeoutMs, env })
  const done = new Promise((r) => (proc.child.exitCode !== null ? r() : proc.child.once('exit', r)))
  await withTimeout(done, 10_000, file)
  return proc.info
}

export async function benchBundle() {
  const { measureBundle } = await import('./bundle.mjs')
  const b = await measureBundle()
  const minified = Math.min(b.raw, b.minified)
  return [
    metric({
      group: 'bundle',
      id: 'bundle.first-screen-js',
      name: 'Renderer first-screen JS and CSS (minified)',
      unit: 'KB',
      samples: [minified / 1024],
      budget: { max: 900 },
      note: `${b.files.length} file(s) loaded by index.html before the window's first screen (the first chart's chunk apart, below); as built ${(b.raw / 1024).toFixed(0)} KB, gzip ${(b.gzip / 1024).toFixed(0)} KB`,
    }),
    metric({
      group: 'bundle',
      id: 'bundle.first-chart-js',
      name: "The first chart's chunk beyond the first screen (minified)",
      unit: 'KB',
      samples: [Math.min(b.chart.raw, b.chart.minified) / 1024],
      note: `ECharts and the painter (${b.chart.files.join(', ') || 'none'}): preloaded with the page, asked for beside the start's first calls, so it holds up neither; as built ${(b.chart.raw / 1024).toFixed(0)} KB, gzip ${(b.chart.gzip / 1024).toFixed(0)} KB; no budget: informational`,
    }),
    metric({
      group: 'bundle',
      id: 'bundle.first-screen-fonts',
      name: 'Renderer first-screen fonts (woff2)',
      unit: 'KB',
      samples: [b.fonts.bytes / 1024],
      // two Latin-subset variable faces (Inter, JetBrains Mono) are ~90 KB; a third face or a whole
      // character set would pass this
      budget: { max: 120 },
      note: `${b.fonts.files.length} font(s) preloaded by index.html: ${b.fonts.files.map((f) => f.replace(/^assets\//, '')).join(', ')}`,
    }),
  ]
}

export async function benchMicro(opts) {
  const r = await runTs('scripts/bench/micro.ts', ['--rounds', String(opts.quick ? 8 : 15)], 120_000)
  return [
    metric({
      group: 'micro',
      id: 'order.validate-build-sign',
      name: 'Per order: validate + body + sign',
      unit: 'ms',
      samples: r.order,
      budget: { max: 0.2 },
      baseline: r.orderBaseline,
      note: 'baseline: serialise + HMAC only; batches of 2,000, 3 types',
    }),
    metric({
      group: 'micro',
      id: 'candles.validate-500',
      name: 'Validate a 500-candle response',
      unit: 'ms',
      samples: r.candles,
      budget: { max: 2 },
      baseline: r.candlesBaseline,
      note: `zod wire schema on parsed JSON; baseline: JSON.parse of its ${(r.candleBytes / 1024).toFixed(0)} KB`,
    }),
    metric({
      group: 'micro',
      id: 'book.walk-1000',
      name: 'Market preview: walk 1,000 book levels',
      unit: 'ms',
      samples: r.walk,
      budget: { max: 1 },
      note: 'walkBook of a market buy taking every level of a book sent best first (as the exchange sends it)',
    }),
    metric({
      group: 'micro',
      id: 'book.walk-1000-shuffled',
      name: 'Walk 1,000 levels, shuffled book',
      unit: 'ms',
      samples: r.walkShuffled,
      note: 'the same walk on a book in random order: the sort is real',
    }),
  ]
}

export async function benchPortfolio(opts, browser) {
  const r = await runTs('scripts/bench/portfolio.ts', ['--rounds', String(opts.quick ? 8 : 15)], 120_000)
  const { measurePortfolio } = await import('./fixtures.mjs')
  const drawn = await measurePortfolio(await browser(), { runs: opts.quick ? 8 : 15 })
  if (drawn.rows !== 5 * 40) throw new Error(`bench portfolio: expected 200 rows drawn, got ${drawn.rows}`)
  return [
    metric({
      group: 'portfolio',
      id: 'portfolio.value-5x40',
      name: 'Portfolio: 5 accounts × 40 currencies, valued and drawn',
      unit: 'ms',
      samples: drawn.ms,
      budget: { max: 50 },
      note: 'bench/portfolio-page: PortfolioPanel.vue in the window theme; valuePortfolio in USDT (30 currencies direct, 8 through BTC, 2 with no route), then the 200-row table and the allocation ring (ECharts made and drawn) into a tab showing no report, up to the layout after it',
    }),
    metric({
      group: 'portfolio',
      id: 'portfolio.value-only-5x40',
      name: 'Portfolio: the valuation alone (Node)',
      unit: 'ms',
      samples: r.value,
      note: 'valuePortfolio only, in Node: the part of the row above that is not drawing',
    }),
    metric({
      group: 'portfolio',
      id: 'equity.file-90-days',
      name: 'Equity store: 90 days of one account on disk',
      unit: 'MB',
      samples: [r.equityBytes / (1024 * 1024)],
      budget: { max: 2 },
      note: 'a point a minute for 90 days, compacted as the store keeps it (a week by the minute, then hourly)',
    }),
  ]
}

export async function benchJournal(opts, browser) {
  const { measureJournal } = await import('./fixtures.mjs')
  const r = await measureJournal(await browser(), { runs: opts.quick ? 8 : 15 })
  if (r.trades !== 5_000) throw new Error(`bench journal: expected 5,000 trades counted, got ${r.trades}`)
  return [
    metric({
      group: 'journal',
      id: 'journal.compute-draw-5000',
      name: 'Journal: 5,000 trades computed and drawn',
      unit: 'ms',
      samples: r.ms,
      budget: { max: 200 },
      note: 'bench/journal-page: JournalPanel.vue in the window theme; round trips from 10,000 fills (FIFO), plans, R, statistics, then the virtual list, the statistics and both charts (ECharts made and drawn) into a tab showing none, up to the layout after it',
    }),
    metric({
      group: 'journal',
      id: 'journal.compute-5000',
      name: 'Journal: of which computed (5,000 trades)',
      unit: 'ms',
      samples: r.computeMs,
      note: 'roundTrips + journalReport alone, in the same page: the part of the row above that is not drawing',
    }),
  ]
}

export async function benchClient(opts) {
  const demo = await spawnJsonLine(join(ROOT, 'out/main/demo-exchange.js'), ['--port', '0', '--seed', '5'])
  try {
    const rounds = opts.runs ?? (opts.quick ? 3 : 5)
    const r = await runTs('scripts/bench/client.ts', ['--base-url', demo.info.baseUrl, '--rounds', String(rounds), '--seconds', '2'], 120_000)
    const ratios = r.client.map((c, i) => c / r.fetch[i])
    return [
      metric({
        group: 'client',
        id: 'client.trades-throughput',
        name: 'Client GET /trades',
        unit: 'req/s',
        samples: r.client,
        baseline: r.fetch,
        note: `baseline: bare fetch + res.json(), keep-alive, ${r.concurrency} in flight`,
      }),
      metric({ group: 'client', id: 'client.trades-ratio', name: 'Client / bare fetch, GET /trades', unit: '×', samples: ratios, budget: { min: 0.8 }, note: 'per round, alternated' }),
    ]
  } finally {
    await demo.stop()
  }
}

export async function benchDemo(opts) {
  const { measureDemo } = await import('./demo.mjs')
  const r = await measureDemo({ rounds: opts.runs ?? (opts.quick ? 3 : 5), seconds: 2, concurrency: 16 })
  const cpu = (xs) => `${(summarize(xs).median * 100).toFixed(0)}%`
  return [
    metric({
      group: 'demo',
      id: 'demo.get-trades',
      name: 'Demo exchange GET /trades',
      unit: 'req/s',
      samples: r.trades,
      budget: { min: 2000 },
      note: `server CPU ${cpu(r.serverCpu.trades)} of a core (load generator shares the machine); ${r.tradesFailed} failed`,
    }),
    metric({
      group: 'demo',
      id: 'demo.place-order',
      name: 'Demo exchange order placements',
      unit: 'orders/s',
      samples: r.orders,
      budget: { min: 500 },
      note: `crossing LIMIT orders, each fills; server CPU ${cpu(r.serverCpu.orders)}; ${r.ordersFailed} failed`,
    }),
  ]
}

export async function benchKeeper(opts) {
  const demo = await spawnJsonLine(join(ROOT, 'out/main/demo-exchange.js'), ['--port', '0', '--seed', '5', '--admin', '--still'])
  try {
    const runs = Math.max(15, opts.runs ?? 20)
    const { apiKey, apiSecret } = demo.info.accounts[0]
    // the secrets go by the environment, never on a command line
    const env = { BENCH_ADMIN_TOKEN: demo.info.adminToken, TERMINAL_API_KEY: apiKey, TERMINAL_API_SECRET: apiSecret }
    const r = await runTs('scripts/bench/keeper.ts', ['--base-url', demo.info.baseUrl, '--runs', String(runs), '--baseline-runs', opts.quick ? '3' : '5', '--gap-runs', String(runs)], 180_000, env)
    const sorted = [...r.samples].sort((a, b) => a - b)
    const p90 = sorted.length ? `${sorted[Math.ceil(sorted.length * 0.9) - 1].toFixed(1)} ms` : '—'
    const other = demo.info.accounts[1]
    const chase = await runTs('scripts/bench/chase.ts', ['--base-url', demo.info.baseUrl, '--runs', String(runs)], 120_000, {
      ...env,
      BENCH_OTHER_API_KEY: other.apiKey,
      BENCH_OTHER_API_SECRET: other.apiSecret,
    })
    const tail = (samples) => {
      const s = [...samples].sort((a, b) => a - b)
      const at = (q) => (s.length ? `${s[Math.ceil(s.length * q) - 1].toFixed(1)} ms` : '—')
      return `p95 ${at(0.95)}, p99 ${at(0.99)}, max ${at(1)}, n ${s.length}`
    }
    return [
      metric({
        group: 'keeper',
        id: 'keeper.target-to-wire',
        name: 'Price crossing a target → exit order on the wire (feed), p50',
        unit: 'ms',
        samples: r.samples,
        budget: { max: 50 },
        baseline: r.baseline,
        note:
          `from the moment POST /__admin/price began driving ${r.pair} across the target (its answer's "at") to the arrival of the keeper's cancel of the resting stop — ` +
          `the exit step's first order call — at the demo's HTTP server (GET /__admin/calls), both on the demo's clock; demo in its own process (--still), keeper ` +
          `(core/positions with the core's feed client) in the bench's, polling every 10 min, so only the feed acts; a fresh position each run (LIMIT entry filled, ` +
          `STOP_LIMIT resting, one target for the whole amount), after one warm-up; p90 ${p90}. ` +
          `baseline: the same with no feed and the default 2 s polling, the drive at a random moment of the round`,
      }),
      metric({
        group: 'keeper',
        id: 'keeper.chase-touch-to-wire',
        name: 'chase: touch move to new order on the wire (feed), p50',
        unit: 'ms',
        samples: chase.samples,
        budget: { max: 50 },
        note:
          `from the arrival of another trader's higher bid on ${chase.pair} (the touch leaving the chase's resting buy) to the arrival of the chase's new order at the new ` +
          `touch — after its cancel, confirmed — both at the demo's HTTP server (GET /__admin/calls), on the demo's clock; demo in its own process (--still), keeper ` +
          `(core/positions with the core's feed client, the book kept by live/book-sync) in the bench's, polling every 10 min, so only the feed acts; a fresh chase ` +
          `of 0.001 BTC each run, after one warm-up; ${tail(chase.samples)}`,
      }),
      metric({
        group: 'keeper',
        id: 'keeper.gap-to-market-exit',
        name: 'Stop-limit gapped → market exit on the wire (feed), p50',
        unit: 'ms',
        samples: r.gap,
        budget: { max: 50 },
        note:
          `from the moment POST /__admin/price began driving ${r.pair} past a resting STOP_LIMIT's stop and limit in one move (300 past the limit) to the arrival of ` +
          `the market fallback's sale (the first order POST after the drive; the stop's cancel goes out and is confirmed before it) at the demo's HTTP server, both on ` +
          `the demo's clock; demo in its own process (--still), keeper on the feed polling every 10 min; 0.001 BTC held each run, after one warm-up`,
      }),
    ]
  } finally {
    await demo.stop()
  }
}
