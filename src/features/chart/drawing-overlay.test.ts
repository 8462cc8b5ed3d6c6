// @vitest-environment happy-dom
// The drawings on a real ECharts instance (server-side rendering, no canvas), beside the painter's live
// overlay: each drawing's point lands where the chart's own mapping puts its time and price; a live
// tick does not lay the drawings out again (50 of them cost a tick nothing), while a pan does.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { init, use, type EChartsType } from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import type { Candle } from '@domain/wire/wire'
import type { Drawing } from '@domain/drawings/drawings'
import '@/features/chart/use-echarts'
import { BTC_USDT, candleRun } from '@/stores/test/market-fixtures.test-util'
import { CandleChartPainter, type PaintRequest } from './candle-chart-painter'
import { DrawingOverlay } from './drawing-overlay'
import { pixelOf, type TimeAxis } from './drawing-scene'

use([SVGRenderer])

const T0 = 1_700_000_000 - (1_700_000_000 % 3600)
let chart: EChartsType
let painter: CandleChartPainter
let candles: Candle[]

const request = (c: readonly Candle[]): PaintRequest => ({
  series: 'BTC_USDT|60',
  key: 'BTC_USDT|60|0',
  look: 'dark|utc',
  interval: '60',
  configs: [],
  data: { candles: c, pair: BTC_USDT, daily: false, theme: 'dark', zone: 'utc', lastPrice: c.at(-1)?.close ?? null, orders: [] },
  height: () => 700,
})
const axisOf = (c: readonly Candle[]): TimeAxis => ({ times: c.map((k) => k.time * 1000), intervalMs: 3_600_000 })

/** 50 drawings of every kind over the last 100 candles. */
function fifty(): Drawing[] {
  const kinds = ['hline', 'trendline', 'ray', 'rect', 'fib', 'text', 'long', 'short'] as const
  return Array.from({ length: 50 }, (_, i) => {
    const kind = kinds[i % kinds.length]!
    const a = { time: (T0 - (100 - i) * 3600) * 1000, price: String(43400 + i) }
    const b = { time: (T0 - (90 - i) * 3600) * 1000, price: String(43420 + i) }
    const common = { id: `d${i}`, pair: 'BTC_USDT', color: '#3b82f6' }
    if (kind === 'hline') return { ...common, kind, points: [a] }
    if (kind === 'text') return { ...common, kind, points: [a], text: `note ${i}` }
    if (kind === 'long') return { ...common, kind, points: [a, { ...b, price: a.price }], stop: String(43390 + i), target: String(43430 + i) }
    if (kind === 'short') return { ...common, kind, points: [a, { ...b, price: a.price }], stop: String(43430 + i), target: String(43390 + i) }
    return { ...common, kind, points: [a, b] }
  })
}

beforeEach(() => {
  chart = init(null as unknown as HTMLElement, undefined, { renderer: 'svg', ssr: true, width: 1200, height: 700 })
  painter = new CandleChartPainter(chart)
  candles = candleRun(500, T0)
  painter.paint(request(candles))
})
afterEach(() => {
  painter.dispose()
  chart.dispose()
})

describe('the drawings overlay', () => {
  it("puts a drawing's point where the chart's own mapping has its time and price", () => {
    const overlay = new DrawingOverlay(chart)
    overlay.set(fifty(), axisOf(candles), null)
    const m = overlay.current()!
    const candle = candles[480]!
    const [x, y] = pixelOf({ time: candle.time * 1000, price: '43450' }, axisOf(candles), m)!
    const expected = chart.convertToPixel({ gridIndex: 0 }, [480, 43450]) as number[]
    expect(x).toBeCloseTo(expected[0]!, 6)
    expect(y).toBeCloseTo(expected[1]!, 6)
    overlay.dispose()
  })

  it('a live tick does not lay out 50 drawings again; a pan does', () => {
    const overlay = new DrawingOverlay(chart)
    overlay.set(fifty(), axisOf(candles), 'd3')
    expect(overlay.layouts).toBe(1)
    for (let i = 0; i < 100; i++) {
      const last = candles.at(-1)!
      candles = [...candles.slice(0, -1), { ...last, close: last.close + (i % 2 === 0 ? 1 : -1) }]
      painter.paint(request(candles))
      overlay.follow() // as ECharts' 'updated' would, were there one
    }
    expect(overlay.layouts).toBe(1)
    chart.dispatchAction({ type: 'dataZoom', start: 40, end: 80 })
    expect(overlay.layouts).toBe(2)
    overlay.dispose()
  })
})
