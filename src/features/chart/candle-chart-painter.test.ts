// @vitest-environment happy-dom
// The painter on a real ECharts instance (server-side rendering, no canvas): what the live overlay
// draws is read back through the chart's own pixel mapping and must be the data, a tick must not
// call setOption, and a live value beyond an axis must make the axis grow to cover it.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { init, use, type EChartsType } from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import type { Candle } from '@domain/wire/wire'
import '@/features/chart/use-echarts'
import { normaliseConfig } from '@/features/chart/indicators/specs'
import { IndicatorRun } from '@/features/chart/indicators/engine'
import { BTC_USDT, candleRun } from '@/stores/test/market-fixtures.test-util'
import { CandleChartPainter, type PaintRequest } from './candle-chart-painter'

use([SVGRenderer])

const T0 = 1_700_000_000 - (1_700_000_000 % 3600)
const THREE = [normaliseConfig('BB'), normaliseConfig('RSI'), normaliseConfig('MACD')]

let chart: EChartsType
let painter: CandleChartPainter
let setOption: ReturnType<typeof vi.spyOn>
let candles: Candle[]

function request(c: readonly Candle[]): PaintRequest {
  return {
    series: 'BTC_USDT|60',
    key: 'BTC_USDT|60|2',
    look: 'dark|utc',
    interval: '60',
    configs: THREE,
    data: { candles: c, pair: BTC_USDT, daily: false, theme: 'dark', zone: 'utc', lastPrice: c.at(-1)?.close ?? null, orders: [] },
    height: () => 700,
  }
}

function tick(change: (last: Candle) => Partial<Candle>) {
  const last = candles.at(-1)!
  candles = [...candles.slice(0, -1), { ...last, ...change(last) }]
  return painter.paint(request(candles))
}

/** The value at pixel row `y` of a pane, and how much one pixel is worth there. */
function valueAt(pane: number, y: number): { value: number; perPixel: number } {
  const a = chart.convertFromPixel({ gridIndex: pane }, [100, y]) as number[]
  const b = chart.convertFromPixel({ gridIndex: pane }, [100, y + 1]) as number[]
  return { value: a[1]!, perPixel: Math.abs(a[1]! - b[1]!) }
}

function expectDrawnAt(pane: number, y: number, value: number, pixels = 1) {
  const read = valueAt(pane, y)
  expect(Math.abs(read.value - value), `pane ${pane}: drawn ${read.value}, data ${value}`).toBeLessThanOrEqual(read.perPixel * pixels)
}

/** A market that swings and ends mid-range, so small ticks stay inside every axis. */
function swinging(count: number): Candle[] {
  return candleRun(count, T0).map((c, i) => {
    const open = 43000 + Math.round(60 * Math.sin(i / 9))
    const close = 43000 + Math.round(60 * Math.sin((i + 1) / 9))
    return { ...c, open, close, high: Math.max(open, close) + 4, low: Math.min(open, close) - 4, volume: 2 + (i % 3) }
  })
}

beforeEach(() => {
  chart = init(null as unknown as HTMLElement, undefined, { renderer: 'svg', ssr: true, width: 1200, height: 700 })
  painter = new CandleChartPainter(chart)
  candles = swinging(500)
  expect(painter.paint(request(candles))).toBe('full')
  setOption = vi.spyOn(chart, 'setOption')
})

afterEach(() => {
  painter.dispose()
  chart.dispose()
})

interface ModelView {
  getModel(): {
    getSeriesByIndex(i: number): { id: string; getRawData(): SlotData; getData(): SlotData }
    getSeriesCount(): number
    getComponent(type: 'yAxis', i: number): { axis: { scale: { getExtent(): [number, number] } } }
  }
}
interface SlotData {
  count(): number
  get(dim: string, i: number): unknown
  mapDimension(dim: string): string
}
const model = () => (chart as unknown as ModelView).getModel()
/** The first slot and the count of the points a series holds (raw), and of those in view (filtered). */
function held(series: number): { first: number; count: number; inView: number } {
  const s = model().getSeriesByIndex(series)
  const raw = s.getRawData()
  return { first: Number(raw.get(raw.mapDimension('x'), 0)), count: raw.count(), inView: s.getData().count() }
}
/** Every series but the live extents (which hold the live slot only). */
const settledSeries = () => Array.from({ length: model().getSeriesCount() }, (_, i) => i).filter((i) => !model().getSeriesByIndex(i).id.startsWith('live-extent'))
/** A histogram series holds the bars of one sign only. */
const oneSign = (series: number) => /histogram/.test(model().getSeriesByIndex(series).id)
const yExtents = () => [0, 1, 2, 3].map((i) => model().getComponent('yAxis', i).axis.scale.getExtent())

describe('CandleChartPainter on a real chart', () => {
  it('hands ECharts the slots in view and a few before them at first, with the axes and candles in view as with every slot', async () => {
    const view = { ...painter.view }
    expect(view).toEqual({ start: 380, end: 499 })
    const first = settledSeries().map(held)
    settledSeries().forEach((series, k) => {
      const h = first[k]!
      // Far fewer than the 499 settled slots; each line and the candles from just left of the view to
      // the newest settled slot (498).
      expect(h.count).toBeLessThan(200)
      if (oneSign(series)) return
      expect(h.first).toBeLessThanOrEqual(view.start)
      expect(h.first + h.count - 1).toBe(498)
    })
    // The settled candles in view: slots 380…498.
    expect(held(0).inView).toBe(119)
    const axes = yExtents()
    // Zoomed out to every slot: every settled value is handed; zoomed back, the same view shows the same.
    chart.dispatchAction({ type: 'dataZoom', startValue: 0, endValue: 499 })
    expect(painter.zoomed({ startValue: 0, endValue: 499 })).toBe(true)
    await Promise.resolve()
    for (const series of settledSeries().filter((i) => !oneSign(i))) expect([held(series).first, held(series).count]).toEqual([0, 499])
    chart.dispatchAction({ type: 'dataZoom', startValue: view.start, endValue: view.end })
    expect(painter.zoomed({ startValue: view.start, endValue: view.end })).toBe(true)
    expect(settledSeries().map((i) => held(i).inView)).toEqual(first.map((h) => h.inView))
    expect(yExtents()).toEqual(axes)
  })

  it('a pan left of the handed slots restates every settled value once, before the frame is shown', async () => {
    chart.dispatchAction({ type: 'dataZoom', startValue: 100, endValue: 220 })
    expect(painter.zoomed({ startValue: 100, endValue: 220 })).toBe(true)
    await Promise.resolve()
    expect(setOption).toHaveBeenCalledTimes(1)
    expect(held(0)).toEqual({ first: 0, count: 499, inView: 121 })
    // Every value is held now: a further pan needs no restatement.
    chart.dispatchAction({ type: 'dataZoom', startValue: 20, endValue: 140 })
    expect(painter.zoomed({ startValue: 20, endValue: 140 })).toBe(true)
    await Promise.resolve()
    expect(setOption).toHaveBeenCalledTimes(1)
    expect(held(0).inView).toBe(121)
  })

  it('draws a tick without setOption, and the drawn candle, volume and indicator segments read back as the data', () => {
    for (let i = 1; i <= 5; i++) expect(tick((c) => ({ close: c.close + (i % 2 ? 2 : -1), volume: c.volume + i / 100 }))).toBe('live')
    expect(setOption).not.toHaveBeenCalled()
    const scene = painter.scene!
    const c = candles.at(-1)!
    expect(scene.inView).toBe(true)
    // Where the chart puts slot 499, and the width ECharts gives the settled candles.
    const [x] = chart.convertToPixel({ gridIndex: 0 }, [499, c.close]) as number[]
    expect(Math.abs(scene.wick!.x - x!)).toBeLessThanOrEqual(1)
    const settledWidth = (chart as unknown as { getModel(): { getSeriesByIndex(i: number): { getData(): { getLayout(k: string): number } } } })
      .getModel()
      .getSeriesByIndex(0)
      .getData()
      .getLayout('candleWidth')
    expect(Math.abs(scene.body!.width - settledWidth)).toBeLessThanOrEqual(1)
    expectDrawnAt(0, scene.wick!.top, c.high)
    expectDrawnAt(0, scene.wick!.bottom, c.low)
    expectDrawnAt(0, scene.body!.y, Math.max(c.open, c.close))
    expectDrawnAt(0, scene.body!.y + scene.body!.height, Math.min(c.open, c.close))
    expect(scene.body!.color).toBe(c.close >= c.open ? '#26a69a' : '#ef5350')
    expectDrawnAt(1, scene.volume!.y, c.volume)
    expectDrawnAt(0, scene.priceLine!.y, c.close)
    expect(scene.priceLine!.text).toBe(c.close.toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 }))

    // Each line continues from its settled value at slot 498 to the live value, as a full computation gives them.
    const lines = {
      BB: new IndicatorRun(THREE[0]!, 3600, candles).result.lines,
      RSI: new IndicatorRun(THREE[1]!, 3600, candles).result.lines,
      MACD: new IndicatorRun(THREE[2]!, 3600, candles).result.lines,
    }
    const expected = [
      [0, lines.BB.upper!],
      [0, lines.BB.middle!],
      [0, lines.BB.lower!],
      [2, lines.RSI.RSI!],
      [3, lines.MACD.macd!],
      [3, lines.MACD.signal!],
    ] as const
    expect(scene.lines).toHaveLength(expected.length)
    scene.lines.forEach((line, i) => {
      const [pane, values] = expected[i]!
      expect(line.pane).toBe(pane)
      expectDrawnAt(pane, line.points[0]![1], values.at(-2)!)
      expectDrawnAt(pane, line.points[1]![1], values.at(-1)!)
      expect(Math.abs(line.points[1]![0] - x!)).toBeLessThanOrEqual(1)
    })
    const histogram = scene.bars[0]!
    const h = lines.MACD.histogram!.at(-1)!
    expectDrawnAt(3, h >= 0 ? histogram.y : histogram.y + histogram.height, h)
  })

  it('a whole paint places the live shapes before ECharts paints, so no second repaint is asked for', () => {
    const flush = vi.spyOn(chart.getZr(), 'flush')
    const before = painter.scene
    expect(painter.paint({ ...request(candles), look: 'light|utc' })).toBe('full')
    // Server-side ECharts does not flush: a flush here would be the overlay's own, second repaint.
    expect(flush).not.toHaveBeenCalled()
    expect(painter.scene).not.toBe(before)
    expectDrawnAt(0, painter.scene!.wick!.top, candles.at(-1)!.high)
  })

  it('an empty chart is not redrawn for a new pair or precision; its candles then get a whole first paint', () => {
    const empty = init(null as unknown as HTMLElement, undefined, { renderer: 'svg', ssr: true, width: 1200, height: 700 })
    const fresh = new CandleChartPainter(empty)
    try {
      expect(fresh.paint({ ...request([]), key: '|60|' })).toBe('full')
      const set = vi.spyOn(empty, 'setOption')
      expect(fresh.paint({ ...request([]), key: 'BTC_USDT|60|' })).toBe('none')
      expect(fresh.paint(request([]))).toBe('none')
      expect(set).not.toHaveBeenCalled()
      // Another look or other panes do show on an empty chart.
      expect(fresh.paint({ ...request([]), look: 'light|utc' })).toBe('full')
      expect(fresh.paint({ ...request(candles), look: 'light|utc' })).toBe('full')
      expect(fresh.view).toEqual({ start: 380, end: 499 })
      expect(fresh.length).toBe(500)
    } finally {
      fresh.dispose()
      empty.dispose()
    }
  })

  it('a live price beyond the axis restates the extents once, and the axis then covers it', () => {
    const high = valueAt(0, 0).value + 5000
    expect(tick(() => ({ close: high, high }))).toBe('update')
    expect(setOption).toHaveBeenCalledTimes(1)
    const scene = painter.scene!
    expect(scene.fits).toBe(true)
    expectDrawnAt(0, scene.wick!.top, high)
    expect(scene.wick!.top).toBeGreaterThanOrEqual(painter.scene!.priceLine!.y - 1)
    // Back inside the new range: the overlay alone again.
    expect(tick(() => ({ close: high - 10 }))).toBe('live')
    expect(setOption).toHaveBeenCalledTimes(1)
  })

  it('panned away, the live candle is not drawn; panned back after it left the axis, the axis is restated', async () => {
    chart.dispatchAction({ type: 'dataZoom', startValue: 100, endValue: 220 })
    expect(painter.zoomed({ startValue: 100, endValue: 220 })).toBe(true)
    const high = valueAt(0, 0).value + 20_000
    expect(tick(() => ({ close: high, high }))).toBe('live')
    expect(painter.scene!.inView).toBe(false)
    expect(painter.scene!.body).toBeNull()
    chart.dispatchAction({ type: 'dataZoom', startValue: 380, endValue: 499 })
    await Promise.resolve()
    expect(setOption).toHaveBeenCalledTimes(1)
    expect(painter.scene!.inView).toBe(true)
    expect(painter.scene!.fits).toBe(true)
    expectDrawnAt(0, painter.scene!.wick!.top, high)
  })
})
