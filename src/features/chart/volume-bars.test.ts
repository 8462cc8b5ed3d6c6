// @vitest-environment happy-dom
// The volume pane is drawn by volume-bars.ts, on a scale of its own, not by ECharts: its bars must
// stand exactly where ECharts' stacked bars stood, on the scale ECharts' axis gave them; a live
// volume that outgrows the scale rescales the bars without a merge; and the volume average, still an
// ECharts series, is kept on the same scale.
import { describe, expect, it, vi } from 'vitest'
import type { Candle } from '@domain/wire/wire'
import { candleRun } from '@/stores/test/market-fixtures.test-util'
import { CandleChartPainter } from './candle-chart-painter'
import { T0, drawnOfType, paintRequest, ssrCharts } from './test/ssr-chart.test-util'
import { normaliseConfig } from './indicators/specs'
import { readMapping } from './chart-mapping'
import { volumeShapes } from './candle-shapes'
import { volumeMax, volumeTop } from './chart-scale'

const charts = ssrCharts()
const newChart = charts.make

/** Candles whose volumes vary over two orders of magnitude, rising and falling. */
function varied(count: number, scale = 1): Candle[] {
  return candleRun(count, T0).map((c, i) => ({ ...c, volume: scale * (0.3 + ((i * 37) % 23) * (i % 11 === 0 ? 4.1 : 0.17)) }))
}

interface LargeLayout {
  getLayout(key: 'largePoints'): Float32Array
  getLayout(key: 'size'): number
}

describe('the volume bars', () => {
  it("stand where ECharts' stacked bars stood, on the scale its axis gave them, at any zoom and size of volume", () => {
    for (const [width, shown, scale] of [
      [1200, 120, 1],
      [900, 37, 0.013],
      [1300, 300, 250],
    ] as const) {
      const candles = varied(400, scale)
      const rows = candles.map((c, i) => [i, c.volume, c.close >= c.open ? 1 : -1])
      // The volume as the chart had it: two stacked bar series in large mode on a value axis.
      newChart(width).setOption({
        animation: false,
        grid: { left: 10, right: 70, top: 10, bottom: 30 },
        xAxis: { type: 'category', data: candles.map((c) => c.time), boundaryGap: true },
        yAxis: { scale: false, splitNumber: 2 },
        dataZoom: [{ type: 'inside', startValue: 400 - shown, endValue: 399, filterMode: 'filter' }],
        series: [1, -1].map((d) => ({
          type: 'bar',
          data: rows.filter((r) => r[2] === d),
          encode: { x: 0, y: 1 },
          stack: 'volume',
          barMaxWidth: 14,
          large: true,
          largeThreshold: 2,
        })),
      })
      const m = readMapping(charts.current(), 1)!
      const pane = m.panes[0]!
      // The scale: ECharts' own rounding of the tallest bar in view.
      expect(pane.valueBottom).toBe(0)
      expect(volumeTop(volumeMax(candles, 400 - shown, 399))).toBeCloseTo(pane.valueTop, 9)
      const shapes = volumeShapes(candles, candles.length, { x0: m.x0, band: m.band, pane })
      expect((shapes.up.length + shapes.down.length) / 4).toBe(shown)
      const model = (charts.current() as unknown as { getModel(): { getSeriesByIndex(i: number): { getData(): LargeLayout } } }).getModel()
      ;[shapes.up, shapes.down].forEach((ours, k) => {
        const data = model.getSeriesByIndex(k).getData()
        const points = data.getLayout('largePoints')
        const size = data.getLayout('size')
        expect(ours.length / 4).toBe(points.length / 3)
        for (let i = 0; i < points.length / 3; i++) {
          const [x, base, height] = [points[3 * i]!, points[3 * i + 1]!, points[3 * i + 2]!]
          const [left, top, w, h] = ours.slice(4 * i, 4 * i + 4)
          expect(left).toBeCloseTo(x, 3)
          expect(w).toBeCloseTo(size, 3)
          expect(top! + h!).toBeCloseTo(base, 3)
          expect(top).toBeCloseTo(base + height, 3)
        }
      })
      charts.current().dispose()
    }
  })

  it('round the scale up as a value axis does: to whole steps of 1, 2, 3 or 5 times a power of ten, half the tallest bar', () => {
    // 7.3: a step of 3 (nice 3.65), three of them; 0.0042: steps of 0.002.
    expect([0.9, 1, 3.9, 4.1, 7.3, 12, 0.0042, 1234].map(volumeTop)).toEqual([1, 1, 4, 6, 9, 15, 0.006, 1500])
    expect([0, -1, Number.NaN].map(volumeTop)).toEqual([1, 1, 1])
  })
})

describe('the volume pane on the painter', () => {
  const bars = () => drawnOfType<{ shape: { points: number[] }; style: { fill: string } }>(charts.current(), 'settled-volume')
  const tallest = () => Math.max(...bars().flatMap((b) => b.shape.points.filter((_, k) => k % 4 === 3)))

  it('draws every settled bar in view in its candle’s colour; a live volume past the scale rescales them without a merge', () => {
    const painter = new CandleChartPainter(newChart())
    let candles = varied(500)
    expect(painter.paint(paintRequest(candles))).toBe('full')
    const [up, down] = bars()
    expect([up!.style.fill, down!.style.fill]).toEqual(['#26a69a', '#ef5350'])
    expect((up!.shape.points.length + down!.shape.points.length) / 4).toBe(119)
    const set = vi.spyOn(charts.current(), 'setOption')
    const before = tallest()
    const top = volumeTop(volumeMax(candles, 380, 499))
    const last = candles.at(-1)!
    candles = [...candles.slice(0, -1), { ...last, volume: top * 3 }]
    expect(painter.paint(paintRequest(candles))).toBe('live')
    expect(set).not.toHaveBeenCalled()
    // The scale now covers the live bar, which stands as tall as the pane; the settled ones shrank.
    const scene = painter.scene!
    const pane = readMapping(charts.current(), 2)!.panes[1]!
    expect(scene.volume!.y).toBeGreaterThanOrEqual(pane.top - 0.5)
    expect(scene.volume!.y + scene.volume!.height).toBeCloseTo(pane.bottom, 6)
    expect(tallest()).toBeLessThan(before / 2)
    painter.dispose()
  })

  it('keeps the volume average on the bars’ scale: its axis is given the scale, and restated once when it grows', async () => {
    const painter = new CandleChartPainter(newChart())
    let candles = varied(500)
    expect(painter.paint(paintRequest(candles, [normaliseConfig('VOLMA')]))).toBe('full')
    const axisTop = () => (charts.current().convertFromPixel({ gridIndex: 1 }, [100, readMapping(charts.current(), 2)!.panes[1]!.top]) as number[])[1]!
    const top = volumeTop(volumeMax(candles, 380, 499))
    expect(axisTop()).toBeCloseTo(top, 9)
    const set = vi.spyOn(charts.current(), 'setOption')
    const last = candles.at(-1)!
    candles = [...candles.slice(0, -1), { ...last, volume: top * 3 }]
    painter.paint(paintRequest(candles, [normaliseConfig('VOLMA')]))
    await Promise.resolve()
    expect(set).toHaveBeenCalledTimes(1)
    expect(axisTop()).toBeCloseTo(volumeTop(top * 3), 9)
    painter.dispose()
  })
})
