// @vitest-environment happy-dom
// The settled candles the window sees are drawn by settled-candles.ts, not by ECharts: they must
// stand exactly where ECharts' own candlestick layout puts them, in the trader's colours, follow the
// price axis when it grows, and be left alone by a tick of the live candle.
import { describe, expect, it } from 'vitest'
import type { Candle } from '@domain/wire/wire'
import { candleRun } from '@/stores/test/market-fixtures.test-util'
import { CandleChartPainter } from './candle-chart-painter'
import { T0, drawnOfType, paintRequest, ssrCharts } from './test/ssr-chart.test-util'
import { readMapping } from './chart-mapping'
import { PER_CANDLE, candleShapes, rises } from './candle-shapes'

const charts = ssrCharts()
const newChart = charts.make

/** Rising, falling and flat candles (a flat one after a rise and after a fall). */
function mixed(count: number): Candle[] {
  return candleRun(count, T0).map((c, i) => {
    const open = 43000 + 30 * Math.sin(i / 5)
    const close = i % 7 === 3 ? open : open + (i % 3 === 0 ? -8 : 6)
    return { ...c, open, close, high: Math.max(open, close) + 3, low: Math.min(open, close) - 3 }
  })
}

interface ItemLayout {
  ends: number[][]
}

describe('the settled candles', () => {
  it("stand where ECharts' own candlestick layout puts each candle, at any zoom", () => {
    for (const [width, shown] of [
      [1200, 120],
      [900, 37],
      [1300, 300],
    ] as const) {
      const candles = mixed(400)
      newChart(width).setOption({
        animation: false,
        grid: { left: 10, right: 70, top: 10, bottom: 30 },
        xAxis: { type: 'category', data: candles.map((c) => c.time) },
        yAxis: { scale: true },
        dataZoom: [{ type: 'inside', startValue: 400 - shown, endValue: 399, filterMode: 'filter' }],
        series: [{ type: 'candlestick', data: candles.map((c, i) => [i, c.open, c.close, c.low, c.high]), encode: { x: 0, y: [1, 2, 3, 4] }, barMaxWidth: 14 }],
      })
      const m = readMapping(charts.current(), 1)!
      const shapes = candleShapes(candles, candles.length, { x0: m.x0, band: m.band, price: m.panes[0]! })
      expect((shapes.up.length + shapes.down.length) / PER_CANDLE).toBe(shown)
      const data = (charts.current() as unknown as { getModel(): { getSeriesByIndex(i: number): { getData(): { count(): number; getItemLayout(i: number): ItemLayout } } } })
        .getModel()
        .getSeriesByIndex(0)
        .getData()
      const upAt = new Map<number, number[]>()
      const downAt = new Map<number, number[]>()
      for (const [list, into] of [
        [shapes.up, upAt],
        [shapes.down, downAt],
      ] as const)
        for (let k = 0; k < list.length; k += PER_CANDLE) into.set(list[k]!, list.slice(k, k + PER_CANDLE))
      for (let i = 0; i < data.count(); i++) {
        const { ends } = data.getItemLayout(i)
        const slot = 400 - shown + i
        const drawn = (rises(candles, slot) ? upAt : downAt).get(ends[4]![0]!)
        expect(drawn, `slot ${slot} at x ${ends[4]![0]}`).toBeDefined()
        const [wickX, high, low, left, w, top, h] = drawn!
        expect(wickX).toBe(ends[4]![0])
        expect(high).toBeCloseTo(ends[4]![1]!, 6)
        expect(low).toBeCloseTo(ends[6]![1]!, 6)
        // The body's corners: ECharts' ends 0 and 2 are its top left and bottom right.
        expect([left, left! + w!]).toEqual([ends[0]![0], ends[2]![0]])
        expect(top).toBeCloseTo(ends[0]![1]!, 6)
        expect(top! + h!).toBeCloseTo(ends[2]![1]!, 6)
      }
      charts.current().dispose()
    }
  })

  it('rise when they closed above the open, fall below, and a flat one as ECharts has it: by its close against the one before', () => {
    const c = (open: number, close: number) => ({ ...candleRun(1, T0)[0]!, open, close })
    const candles = [c(10, 12), c(12, 12), c(12, 9), c(8, 8), c(8, 8)]
    expect(candles.map((_, i) => rises(candles, i))).toEqual([true, true, false, false, true])
  })
})

describe('the settled candles on the painter', () => {
  /** The two paths the painter drew (rising, falling). */
  const paths = () => drawnOfType<{ shape: { points: number[] }; style: { fill: string } }>(charts.current(), 'settled-candles')
  const valueAt = (y: number) => (charts.current().convertFromPixel({ gridIndex: 0 }, [100, y]) as number[])[1]!
  const perPixel = () => Math.abs(valueAt(100) - valueAt(101))

  it('follow the price axis when a tick takes it further, and are left alone by a tick inside it', () => {
    const painter = new CandleChartPainter(newChart())
    let candles = mixed(500)
    expect(painter.paint(paintRequest(candles))).toBe('full')
    const [up, down] = paths()
    expect([up!.style.fill, down!.style.fill]).toEqual(['#26a69a', '#ef5350'])
    expect((up!.shape.points.length + down!.shape.points.length) / PER_CANDLE).toBe(119)
    const tick = (close: number) => {
      const last = candles.at(-1)!
      candles = [...candles.slice(0, -1), { ...last, close, high: Math.max(last.high, close) }]
      return painter.paint(paintRequest(candles))
    }
    const before = up!.shape.points
    expect(tick(candles.at(-1)!.close + 1)).toBe('live')
    expect(paths()[0]!.shape.points).toBe(before)
    expect(tick(valueAt(0) + 2000)).toBe('update')
    const after = paths()[0]!.shape.points
    expect(after).not.toBe(before)
    // Each rising candle's high reads back as its data on the grown axis.
    const highs = candles.filter((_, i) => i < 499 && i >= 380 && rises(candles, i)).map((c) => c.high)
    const drawn = after.filter((_, k) => k % PER_CANDLE === 1).map(valueAt)
    expect(drawn).toHaveLength(highs.length)
    drawn.forEach((v, k) => expect(Math.abs(v - highs[k]!)).toBeLessThanOrEqual(perPixel()))
    painter.dispose()
  })
})
