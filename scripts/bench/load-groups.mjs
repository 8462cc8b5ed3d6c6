// The bench groups that run in Chromium and load the window: a stream of trades, the live feed's
// latencies and the firehose, and the soak. (The start is in paint-group.mjs, the panels in
// browser-groups.mjs.)
// Each group's runner gets the options and `browser()`, which launches the one shared Chromium on
// first use.
import { quantileOf, summarize } from './lib.mjs'
import { longTasksText } from './long-tasks.mjs'
import { log, metric } from './report.mjs'

const MB = 1024 * 1024

/** The slowest tick's split (live.mjs `slowest`), for the max row's note: upstream of the window, or in it. */
const slowestText = (w) =>
  w
    ? `; the slowest, ${w.total.toFixed(0)} ms: ${w.beforeWindow.toFixed(0)} ms before its trade reached the window (the order, the exchange, the host, the event stream), ${w.inWindow.toFixed(0)} ms in the window`
    : ''

export async function benchStream(opts, browser) {
  const { measureStream } = await import('./app-under-load.mjs')
  const seconds = opts.quick ? 10 : 30
  const r = await measureStream(await browser(), { seconds, rate: 200, warmupSeconds: 5 })
  const growth = (r.heapAfter - r.heapBefore) / MB
  const rows = [
    metric({
      group: 'stream',
      id: 'stream.fps',
      name: `Frames/s, 200 trades/s for ${seconds} s`,
      unit: 'fps',
      samples: r.fps,
      budget: { min: 50 },
      note: `per 1-s window; ${r.sentWhat} ${r.sentPerSec.toFixed(0)}/s (${r.failed} failed), trades reaching the window ${r.deliveredPerSec.toFixed(0)}/s; ${r.longTasks} long tasks, ${r.longTaskMs.toFixed(0)} ms`,
    }),
    metric({
      group: 'stream',
      id: 'stream.heap-growth',
      name: `Renderer heap growth over ${seconds} s`,
      unit: 'MB',
      samples: [growth],
      budget: { max: 5 },
      note: `after GC: ${(r.heapBefore / MB).toFixed(1)} → ${(r.heapAfter / MB).toFixed(1)} MB (one run)`,
    }),
  ]
  if (r.liveRenderMs.length) {
    rows.push(
      metric({
        group: 'chart',
        id: 'chart.live-update-app',
        name: 'One live update (app, under the stream)',
        unit: 'ms',
        samples: r.liveRenderMs,
        budget: { max: 4 },
        note: "CandleChart.vue's data-render-ms per paint",
      }),
    )
  }
  return rows
}

/**
 * The rows of a firehose run `s` (measureStream at 2,000 trades/s): frames a second per 1-s window,
 * their p25, and the long tasks a minute, named under `group` with `what` said of the run.
 */
function firehoseRows(s, seconds, { group, prefix, what, budgets }) {
  const p25 = [...s.fps].sort((a, b) => a - b)[Math.floor(0.25 * s.fps.length)]
  const load = `${s.sentWhat} ${s.sentPerSec.toFixed(0)}/s (${s.failed} failed), trades reaching the window ${s.deliveredPerSec.toFixed(0)}/s`
  return [
    metric({
      group,
      id: `${group}.fps-2000`,
      name: `Frames/s, ${prefix}2,000 trades/s for ${seconds} s`,
      unit: 'fps',
      samples: s.fps,
      budget: { min: budgets.fps },
      note: `${what}; ${load}; ${s.longTasks} long tasks, ${s.longTaskMs.toFixed(0)} ms`,
    }),
    metric({
      group,
      id: `${group}.fps-2000-p25`,
      name: `Frames/s, ${prefix}2,000 trades/s, p25`,
      unit: 'fps',
      samples: s.fps.length ? [p25] : [],
      budget: { min: budgets.p25 },
      note: `the quarter of the 1-s windows with the fewest frames ends here, of ${s.fps.length}`,
    }),
    metric({
      group,
      id: `${group}.long-tasks-2000`,
      name: `Long tasks a minute, ${prefix}2,000 trades/s`,
      unit: 'ms',
      samples: [(s.longTaskMs * 60) / seconds],
      budget: { max: budgets.longTasks },
      note: `the window's long tasks added up, per minute of the firehose: ${s.longTasks} in ${seconds} s`,
    }),
  ]
}

/** Four charts live at 2,000 trades/s: the firehose of benchLive with the 2×2 layout, every pane on the traded pair. */
export async function benchCharts4(opts, browser) {
  const { measureStream } = await import('./app-under-load.mjs')
  const seconds = opts.quick ? 15 : 60
  const s = await measureStream(await browser(), { seconds, rate: 2000, warmupSeconds: 5, source: 'tape', fourCharts: true })
  const what = '4 charts (15m, 1m, 5m, 1h) on the traded pair, a demo exchange process of its own'
  return firehoseRows(s, seconds, { group: 'charts4', prefix: '4 charts live, ', what, budgets: { fps: 50, p25: 40, longTasks: 1500 } })
}

export async function benchLive(opts, browser) {
  const { measureLive, slowest } = await import('./live.mjs')
  const r = await measureLive(await browser(), { samples: opts.quick ? 100 : 600, pollingSamples: opts.quick ? 5 : 10, orders: opts.quick ? 10 : 30 })
  const p = quantileOf
  const feedP50 = summarize(r.feed.ms).median
  const pollP50 = summarize(r.polling.ms).median
  const painted = (t) => `${t.ms.length} of ${t.trades} trades painted by the chart${t.unpainted ? `; ${t.unpainted} never painted within 5 s, not counted` : ''}`
  // The firehose: 2,000 trades a second on the viewed pair, on the feed (the stream group's 200/s, ten
  // times over), from the tape of a demo exchange process: HTTP orders cannot reach that rate here.
  const { measureStream } = await import('./app-under-load.mjs')
  const seconds = opts.quick ? 15 : 60
  const s = await measureStream(await browser(), { seconds, rate: 2000, warmupSeconds: 5, source: 'tape' })
  return [
    ...firehoseRows(s, seconds, { group: 'live', prefix: '', what: 'a demo exchange process of its own', budgets: { fps: 55, p25: 45, longTasks: 1000 } }),
    metric({
      group: 'live',
      id: 'live.heap-2000',
      name: `Renderer heap growth, 2,000 trades/s for ${seconds} s`,
      unit: 'MB',
      samples: [(s.heapAfter - s.heapBefore) / MB],
      budget: { max: 5 },
      note: `after GC: ${(s.heapBefore / MB).toFixed(1)} → ${(s.heapAfter / MB).toFixed(1)} MB (one run)`,
    }),
    metric({
      group: 'live',
      id: 'live.tick-to-pixel-p50',
      name: 'Tick-to-pixel p50 (feed)',
      unit: 'ms',
      samples: r.feed.ms,
      budget: { max: 30 },
      baseline: r.polling.ms,
      note: `a sub-account's crossing order → its row in the trades list + the chart's paint of it, on a demo exchange process of its own; feed: ${painted(r.feed)}; baseline: polling only (TERMINAL_FEED=off), ${painted(r.polling)}`,
    }),
    ...[
      ['p95', 0.95, null],
      ['p99', 0.99, { max: 50 }],
      ['max', 1, { max: 150 }],
    ].map(([label, q, budget]) =>
      metric({
        group: 'live',
        id: `live.tick-to-pixel-${label}`,
        name: `Tick-to-pixel ${label} (feed)`,
        unit: 'ms',
        samples: r.feed.ms.length ? [p(r.feed.ms, q)] : [],
        budget,
        note: `of ${r.feed.ms.length} painted trades; the window's long tasks meanwhile: ${longTasksText(r.feed.longTasks)}${label === 'max' ? slowestText(slowest(r.feed.trace)) : ''}`,
      }),
    ),
    metric({
      group: 'live',
      id: 'live.polling-vs-feed',
      name: 'Polling / feed, tick-to-pixel p50',
      unit: '×',
      samples: [pollP50 / feedP50],
      budget: { min: 20 },
      note: `polling p50 ${pollP50.toFixed(0)} ms, feed p50 ${feedP50.toFixed(0)} ms`,
    }),
    metric({
      group: 'live',
      id: 'live.order-to-screen',
      name: 'Order to screen (submit → placed + open orders)',
      unit: 'ms',
      samples: r.orderMs,
      budget: { max: 80 },
      note: 'confirmation off; the form in the window; from the click event in the page to the frame showing both',
    }),
    metric({
      group: 'live',
      id: 'live.order-to-screen-p95',
      name: 'Order to screen p95',
      unit: 'ms',
      samples: r.orderMs.length ? [p(r.orderMs, 0.95)] : [],
      budget: { max: 150 },
      note: `of ${r.orderMs.length} orders`,
    }),
    metric({
      group: 'live',
      id: 'live.fill-to-balances',
      name: 'Fill to balances (market order → balance row)',
      unit: 'ms',
      samples: r.fillMs,
      budget: { max: 80 },
      note: "the viewer's own market order through the API; the feed's w/o frames refresh the account",
    }),
  ]
}

export async function benchSoak(opts, browser) {
  const { runSoak } = await import('./soak-run.mjs')
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
    // As RSS: judged by a run long enough to be past V8's warm-up (npm run soak judges it too).
    rows.push(
      metric({
        group: 'soak',
        id: 'soak.renderer-heap-growth',
        name: `Renderer heap growth over ${seconds} s (soak)`,
        unit: 'MB',
        samples: [r.heap.growth / MB],
        ...(seconds >= 300 ? { budget: { max: 5 } } : {}),
        note: `${(r.heap.start / MB).toFixed(1)} → ${(r.heap.end / MB).toFixed(1)} MB after GC; ${r.counts.clicks} clicks`,
      }),
    )
  }
  rows.push(
    metric({
      group: 'soak',
      id: 'soak.errors',
      name: `Errors during the soak (${seconds} s)`,
      unit: '',
      samples: [r.counts.errors],
      budget: { max: 0 },
      note: r.errors.length ? r.errors.slice(0, 3).join('; ') : 'every order, switch, click and sample succeeded',
    }),
  )
  return rows
}
