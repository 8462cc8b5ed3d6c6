// The candle chart without the app around it: the renderer's own painter (candle-chart-painter.ts,
// which CandleChart.vue drives from the stores) and its own ECharts registration (use-echarts.ts is
// imported for the `use([...])` it runs on load). ECharts renders synchronously inside setOption (it
// flushes zrender unless lazyUpdate), and the live overlay flushes its layer before returning, so
// timing a paint times the main-thread work of a render, canvas drawing included.
//
// A first paint is timed on a chart made just before it, untimed, as the window makes its chart when
// it mounts (while the candles load): making the painter also makes the live overlay's canvas layer
// and looks the chart's font up (candle-chart-painter.ts, live-overlay.ts), so neither is in the
// timed paint, as neither is in the window's first paint with candles. The chart's own canvas layer
// is created by the timed paint here (the window's empty chart has made it by then).
import '@/features/chart/use-echarts'
import { init, type EChartsType } from 'echarts/core'
import type { Candle, Pair } from '@domain/wire/wire'
import { CandleChartPainter } from '@/features/chart/candle-chart-painter'
import { normaliseConfig } from '@/features/chart/indicators/specs'
import { DrawingOverlay } from '@/features/chart/drawing-overlay'
import { INITIAL_VISIBLE } from '@/features/chart/candle-chart-slots'
import type { Drawing } from '@domain/drawings/drawings'

// The three indicators of issue 16's budget: bands over the candles, two sub-panes below.
const THREE = [normaliseConfig('BB'), normaliseConfig('RSI'), normaliseConfig('MACD')]

const PAIR: Pair = {
  name: 'BTC_USDT',
  currency1: 'BTC',
  currency2: 'USDT',
  price_precision: 2,
  amount_precision: 6,
  minimum_order_size: '0.00001',
  maximum_order_size: '100',
  minimum_order_value: '5',
}

/** A deterministic random walk of 15-minute candles. */
function makeCandles(count: number, seed = 7): Candle[] {
  let s = seed >>> 0
  const rnd = () => {
    s = (s * 1664525 + 1013904223) >>> 0
    return s / 2 ** 32
  }
  const out: Candle[] = []
  let price = 63_500
  const start = Math.floor(Date.now() / 1000 / 900) * 900 - count * 900
  for (let i = 0; i < count; i++) {
    const open = price
    const close = open * (1 + (rnd() - 0.5) * 0.006)
    const high = Math.max(open, close) * (1 + rnd() * 0.002)
    const low = Math.min(open, close) * (1 - rnd() * 0.002)
    const volume = 0.5 + rnd() * 3
    out.push({ time: start + i * 900, open, close, high, low, volume, quoteVolume: volume * close, tradesCount: 10 + Math.floor(rnd() * 50) })
    price = close
  }
  return out
}

/**
 * The live candle's close at tick `step`: a market that rises in bursts and trades flat between them,
 * as a real one does. Each block of 40 ticks starts with 10 ticks that each set a new high of the
 * whole series, 0.05 % past the last: the price axis must grow now and then (a data merge). The other
 * 30 go back and forth 0.01 % inside the candle: the live overlay alone.
 */
function marketClose(step: number, close: number): number {
  if (step % 40 >= 10) return close * (1 + (step % 2 === 0 ? 0.0001 : -0.0001))
  return beyondHigh(0.0005)
}

/** A close `by` (a fraction) past the highest high of the series. */
function beyondHigh(by: number): number {
  return Math.max(...candles.map((c) => c.high)) * (1 + by)
}

const host = document.getElementById('chart') as HTMLElement
let chart: EChartsType | null = null
let painter: CandleChartPainter | null = null
/** The drawings' layer, as ChartDrawings.vue puts it on the chart (drawings() makes it). */
let drawingOverlay: DrawingOverlay | null = null
let candles: Candle[] = []
/** BB, RSI and MACD after initialIndicators(): ticks then keep them in step, as CandleChart.vue does. */
let configs: typeof THREE = []

/** The last paint's path (candle-chart-painter.ts): 'live' (the overlay alone), 'update' (a data merge), 'full'. */
let lastKind = ''

function paint(): number {
  const last = candles[candles.length - 1]
  const t0 = performance.now()
  lastKind = painter!.paint({
    series: 'BTC_USDT|15',
    key: 'BTC_USDT|15|2',
    look: 'dark|utc',
    interval: '15',
    configs,
    data: { candles, pair: PAIR, daily: false, theme: 'dark', zone: 'utc', lastPrice: last?.close ?? null, orders: [] },
    height: () => host.clientHeight,
  })
  return performance.now() - t0
}

function fresh(count: number, dirtyRect: boolean, indicators: typeof THREE): void {
  drawingOverlay?.dispose()
  drawingOverlay = null
  painter?.dispose()
  chart?.dispose()
  chart = init(host, undefined, { renderer: 'canvas', useDirtyRect: dirtyRect })
  painter = new CandleChartPainter(chart)
  candles = makeCandles(count)
  configs = indicators
}

/** The live candle closes at `close` (its high, low and volume follow), painted as CandleChart.vue paints it. */
function setLast(close: number): number {
  const last = candles[candles.length - 1]!
  candles = [...candles.slice(0, -1), { ...last, close, high: Math.max(last.high, close), low: Math.min(last.low, close), volume: last.volume + 0.01 }]
  return paint()
}

const KINDS = ['hline', 'trendline', 'ray', 'rect', 'fib', 'text', 'long', 'short'] as const

/** `count` drawings, every kind in turn, over the candles in view (each from one candle to one 40 later). */
function drawingsInView(count: number): Drawing[] {
  const first = Math.max(0, candles.length - INITIAL_VISIBLE)
  const price = (c: Candle, f = 1) => (c.close * f).toFixed(PAIR.price_precision)
  return Array.from({ length: count }, (_, i): Drawing => {
    const a = candles[first + (i % (INITIAL_VISIBLE - 40))]!
    const b = candles[first + (i % (INITIAL_VISIBLE - 40)) + 40]!
    const common = { id: `cost${i}`, pair: PAIR.name, color: '#3b82f6' }
    const p = [
      { time: a.time * 1000, price: price(a) },
      { time: b.time * 1000, price: price(b, 1.001) },
    ] as [{ time: number; price: string }, { time: number; price: string }]
    const kind = KINDS[i % KINDS.length]!
    if (kind === 'hline') return { ...common, kind, points: [p[0]] }
    if (kind === 'text') return { ...common, kind, points: [p[0]], text: `note ${i}` }
    if (kind === 'long' || kind === 'short') {
      const long = kind === 'long'
      return { ...common, kind, points: [p[0], { ...p[1], price: p[0].price }], stop: price(a, long ? 0.99 : 1.01), target: price(a, long ? 1.02 : 0.98) }
    }
    return { ...common, kind, points: p }
  })
}

const bench = {
  /** A new chart and its first paint of `count` candles; returns ms of the paint (setOption incl. canvas). */
  initial(count: number, dirtyRect = false): number {
    fresh(count, dirtyRect, [])
    return paint()
  },
  /**
   * A new chart's first paint of `count` candles with BB, RSI and MACD: the indicators' full
   * computation and the setOption, timed together (what the trader waits for).
   */
  initialIndicators(count: number): number {
    fresh(count, false, THREE)
    return paint()
  },
  /** One live tick of a market (`marketClose`): the last candle's close/high/low/volume change, painted as CandleChart.vue paints it. */
  tick(step: number): number {
    if (!painter) throw new Error('initial() first')
    return setLast(marketClose(step, candles[candles.length - 1]!.close))
  },
  /**
   * One live tick that leaves the price axis every time (30 % past the series' high: less stays
   * inside the axis ECharts rounded out): the data-merge path alone, which `tick` takes now and then.
   */
  tickMerge(): number {
    if (!painter) throw new Error('initial() first')
    return setLast(beyondHigh(0.3))
  },
  /**
   * `count` drawings of every kind over the candles in view on the current chart (0: none), painted
   * into their layer as ChartDrawings.vue paints them; untimed. Returns how many.
   */
  drawings(count: number): number {
    if (!chart) throw new Error('initial() first')
    drawingOverlay ??= new DrawingOverlay(chart)
    drawingOverlay.set(drawingsInView(count), { times: candles.map((c) => c.time * 1000), intervalMs: 900_000 }, null, PAIR.price_precision)
    // No mapping, nothing laid out: a row measured so would say nothing about drawings.
    if (count > 0 && drawingOverlay.current() === null) throw new Error('the drawings found no price axis to be laid out on')
    return count
  },
  /** The path the last paint took: 'live', 'update' or 'full'. */
  lastKind: () => lastKind,
  /** A new candle appended while following the newest (times and view change). */
  append(): number {
    if (!painter) throw new Error('initial() first')
    const last = candles[candles.length - 1]!
    candles = [...candles, { ...last, time: last.time + 900, open: last.close, high: last.close, low: last.close, volume: 0.01 }]
    return paint()
  },
}

;(window as unknown as { __bench: typeof bench }).__bench = bench
document.title = 'ready'
