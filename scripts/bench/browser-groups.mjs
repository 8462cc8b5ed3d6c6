// The bench groups that run in Chromium and time one window: the chart and book panels (fixture
// pages and the app) and the ladder. The start → first chart paint is in paint-group.mjs, the window
// under load (a stream of trades, the live feed, the soak) in load-groups.mjs. Each group's runner
// gets the options and `browser()`, which launches the one shared Chromium on first use.
import { quantileOf } from './lib.mjs'
import { appColdRender } from './paint-group.mjs'
import { metric } from './report.mjs'

export async function benchChart(opts, browser) {
  const { measureChart } = await import('./fixtures.mjs')
  const r = await measureChart(await browser(), { runs: opts.quick ? 8 : 15, ticks: opts.quick ? 100 : 200, drawingBlocks: opts.quick ? 6 : 12 })
  return [
    metric({
      group: 'chart',
      id: 'chart.initial-render',
      name: 'Initial chart render, 500 candles (fixture, warm)',
      unit: 'ms',
      samples: r.initial,
      budget: { max: 30 },
      note: "candle-chart-painter.ts + ECharts parts of use-echarts.ts; a new chart's first paint after 3 warm-up renders in the page, setOption incl. canvas draw",
    }),
    metric({
      group: 'chart',
      id: 'chart.live-update',
      name: 'One live update (fixture)',
      unit: 'ms',
      samples: r.tick,
      budget: { max: 4 },
      note: `last candle changed, painted as CandleChart.vue paints it: the live overlay alone, a data merge when an axis must grow; a market's ticks (bursts of new highs between flat trading): ${r.tickMerges} of ${r.tick.length} took the merge path`,
    }),
    metric({
      group: 'chart',
      id: 'chart.live-update-merge',
      name: 'One live update, data merge (fixture)',
      unit: 'ms',
      samples: r.merge,
      budget: { max: 4 },
      note: `the merge path alone: ticks that each take the price past its axis (${r.merge.length} of ${r.mergeTicks} did; only those counted)`,
    }),
    metric({
      group: 'chart',
      id: 'chart.live-update-dirty-rect',
      name: 'One live update, useDirtyRect (fixture)',
      unit: 'ms',
      samples: r.tickDirty,
      note: 'candidate fix: the same market ticks on a chart created with { useDirtyRect: true }',
    }),
    ...drawingRows(r.drawings),
    metric({ group: 'chart', id: 'chart.new-candle', name: 'New candle appended (fixture)', unit: 'ms', samples: r.append, note: 'times + view change' }),
    metric({
      group: 'chart',
      id: 'chart.initial-render-indicators',
      name: 'First render, 3 indicators on 500 candles (fixture, warm)',
      unit: 'ms',
      samples: r.initialIndicators,
      budget: { max: 30 },
      note: 'BB + RSI + MACD: IndicatorSet full compute + setOption with two sub-panes, canvas draw included, after 3 warm-up renders',
    }),
    metric({
      group: 'chart',
      id: 'chart.live-update-indicators',
      name: 'One live update, 3 indicators (fixture)',
      unit: 'ms',
      samples: r.tickIndicators,
      budget: { max: 4 },
      note: 'IndicatorRun.update per indicator + the live candle and segments drawn by the overlay',
    }),
    ...(await benchChartCold(opts, browser)),
    ...(await benchBookPanel(opts, browser)),
  ]
}

/** The live update with 50 drawings on the chart, and what they add to it (measureChart's `drawings`). */
function drawingRows({ plain, drawn, added }) {
  const spread = (xs) => `p50 ${quantileOf(xs, 0.5).toFixed(2)}, p95 ${quantileOf(xs, 0.95).toFixed(2)}, max ${Math.max(...xs).toFixed(2)} ms, n ${xs.length}`
  return [
    metric({
      group: 'chart',
      id: 'chart.live-update-drawings',
      name: 'One live update with 50 drawings on the chart (fixture)',
      unit: 'ms',
      samples: drawn,
      budget: { max: 4 },
      baseline: plain,
      note: `the market ticks of the row above, 40 at a time, each 40 painted without and with 50 drawings of every kind in view (drawing-overlay.ts, their layer as ChartDrawings.vue puts it) in turn; with: ${spread(drawn)}; baseline, without: ${spread(plain)}`,
    }),
    metric({
      group: 'chart',
      id: 'chart.live-update-drawings-added',
      name: '50 drawings: added to one live update (fixture)',
      unit: 'ms',
      samples: added,
      budget: { max: 1 },
      note: `per pair of 40-tick blocks, the mean with the drawings less the mean without (${spread(added)}); the merge ticks among them move the price axis, which paints the drawings' layer again`,
    }),
  ]
}

/**
 * Cold first renders, no budget: the app's first paint with candles (at its start: the paint group's
 * starts; with BB, RSI and MACD saved: benchAppIndicators), each beside the same chart code's first
 * render in a freshly loaded fixture page, the first-use cost of ECharts and the chart code.
 */
async function benchChartCold(opts, browser) {
  const { measureChartCold } = await import('./fixtures.mjs')
  const runs = opts.quick ? 3 : 5
  const plain = await measureChartCold(await browser(), { runs, kind: 'initial' })
  const three = await measureChartCold(await browser(), { runs, kind: 'initialIndicators' })
  const app = await benchAppIndicators(opts, browser)
  const note =
    "no budget: the first ECharts paint in a page that has just loaded (code compiled and warmed on first use); baseline: the fixture's first render in a fresh page, a page of its own per sample"
  const cold = (id, name, appSamples, fixture, what) =>
    appSamples?.length
      ? metric({ group: 'chart', id, name: `${name}, cold (app)`, unit: 'ms', samples: appSamples, baseline: fixture, note: `${what}; ${note}` })
      : metric({
          group: 'chart',
          id,
          name: `${name}, cold (fixture, fresh page)`,
          unit: 'ms',
          samples: fixture,
          note: `the app's figure comes from the ${id.includes('indicators') ? 'chart' : 'paint'} group; ${note}`,
        })
  return [
    cold('chart.initial-render-cold', 'Initial chart render, 500 candles', appColdRender(), plain, "CandleChart.vue's data-first-paint-ms at the paint group's fresh starts"),
    cold(
      'chart.initial-render-indicators-cold',
      'First render, 3 indicators on 500 candles',
      app.firstRenderMs,
      three,
      `CandleChart.vue's data-first-paint-ms (${app.firstRenderCandles} candles), BB, RSI, MACD saved for the pair (one run)`,
    ),
    app.live,
  ]
}

async function benchBookPanel(opts, browser) {
  const { measureBookPanel } = await import('./fixtures.mjs')
  const seconds = opts.quick ? 5 : 10
  const r = await measureBookPanel(await browser(), { rate: 50, seconds })
  const { measureBookFeed } = await import('./book-live.mjs')
  const live = await measureBookFeed(await browser(), { rate: 100, seconds })
  return [
    metric({
      group: 'chart',
      id: 'book.fps-50-diffs',
      name: `Order book panel, 50 diffs/s for ${seconds} s (fixture)`,
      unit: 'fps',
      samples: r.fps,
      note: `OrderBook.vue alone, fed as the book store feeds it (newest book once a frame); ${r.diffs} diffs sent`,
    }),
    metric({
      group: 'chart',
      id: 'book.fps-feed',
      name: `Order book panel from the live feed, ${seconds} s`,
      unit: 'fps',
      samples: live.fps,
      budget: { min: 50 },
      note: `the app on the web host: ${live.diffsPerSec.toFixed(0)} diffs/s counted on the feed (${live.ordersPerSec.toFixed(0)} crossing orders/s placed + the market makers, ${live.failed} failed), panel changed ${live.panelChangesPerSec.toFixed(0)} times/s, book source "${live.source}"`,
    }),
  ]
}

/** The app's chart with BB, RSI and MACD: its cold first render's samples, and its live updates under 40 orders/s as a row. */
async function benchAppIndicators(opts, browser) {
  const { measureAppIndicators } = await import('./app-under-load.mjs')
  const r = await measureAppIndicators(await browser(), { seconds: opts.quick ? 6 : 12, rate: 40 })
  const live = metric({
    group: 'chart',
    id: 'chart.live-update-indicators-app',
    name: "One live update of the app's chart, 3 indicators",
    unit: 'ms',
    samples: r.liveRenderMs,
    budget: { max: 4 },
    note: "CandleChart.vue's data-render-ms per paint while a sub-account trades the pair (40 orders/s)",
  })
  return { firstRenderMs: r.firstRenderMs, firstRenderCandles: r.firstRenderCandles, live }
}

/** The price ladder: its frame rate at 50 book diffs a second, and a click on it to the order on the wire. */
export async function benchLadder(opts, browser) {
  const { measureBookFeed } = await import('./book-live.mjs')
  const seconds = opts.quick ? 5 : 10
  // 64 crossing orders a second make about 50 diffs a second on the feed (the feed folds some together)
  const live = await measureBookFeed(await browser(), { rate: 64, seconds, panel: 'ladder' })
  const { measureLadderClick } = await import('./ladder-click.mjs')
  const r = await measureLadderClick(await browser(), { clicks: opts.quick ? 10 : 40 })
  const p = (q) => (r.ms.length ? [quantileOf(r.ms, q)] : [])
  return [
    metric({
      group: 'ladder',
      id: 'ladder.fps-50-diffs',
      name: `Price ladder at ~50 book diffs/s from the live feed, ${seconds} s`,
      unit: 'fps',
      samples: live.fps,
      budget: { min: 55 },
      note: `the app on the web host, the ladder in the book's place: ${live.diffsPerSec.toFixed(0)} diffs/s counted on the feed (${live.ordersPerSec.toFixed(0)} crossing orders/s placed + the market makers, ${live.failed} failed), ladder changed ${live.panelChangesPerSec.toFixed(0)} times/s; fps per 1-s window`,
    }),
    metric({
      group: 'ladder',
      id: 'ladder.click-to-wire-p50',
      name: 'Ladder click → order on the wire p50 (one-click)',
      unit: 'ms',
      samples: r.ms,
      budget: { max: 30 },
      note: `from the click event in the page to the demo exchange process receiving the POST (its /__admin/calls record); n=${r.ms.length} of ${r.clicks} clicks, ${r.placed} placed`,
    }),
    ...[
      ['p95', 0.95],
      ['p99', 0.99],
      ['max', 1],
    ].map(([label, q]) =>
      metric({ group: 'ladder', id: `ladder.click-to-wire-${label}`, name: `Ladder click → order on the wire ${label}`, unit: 'ms', samples: p(q), note: `of ${r.ms.length} clicks` }),
    ),
  ]
}
