// The indicators in the chart's option: sub-panes for RSI and MACD under the volume, every pane on
// the candles' x mapping and zoom, the price-pane lines on the candle axes, and the legend's values.
import { describe, expect, it } from 'vitest'
import type { Candle } from '@domain/wire/wire'
import { IndicatorSet } from '@/features/chart/indicators/indicator-set'
import { normaliseConfig, type IndicatorConfig } from '@/features/chart/indicators/specs'
import { dataUpdate, fullOption, initialView, liveOf, type ChartInput } from './candle-chart-option'
import { chartGrids, legendEntries } from './indicator-chart-option'

const T0 = 1_700_000_000 - (1_700_000_000 % 900)
const candles: Candle[] = Array.from({ length: 200 }, (_, i) => {
  const close = 100 + Math.sin(i / 7) * 5 + i * 0.05
  return { time: T0 + i * 900, open: close - 0.3, close, high: close + 1, low: close - 1, volume: 2 + (i % 5), quoteVolume: 0, tradesCount: 1 }
})

function build(configs: IndicatorConfig[], height = 600, data = candles): { input: ChartInput; set: IndicatorSet } {
  const set = new IndicatorSet()
  set.sync('X_Y|15', '15', configs, data)
  const input: ChartInput = { candles: data, pair: null, daily: false, zone: 'utc', theme: 'dark', lastPrice: null, orders: [], view: initialView(data.length), indicators: set.indicators, height }
  return { input, set }
}

type AnyOption = {
  grid: { top?: number; bottom: number; height?: number }[]
  xAxis: { gridIndex: number; data?: number[]; axisLabel: { show?: boolean } }[]
  yAxis: { gridIndex: number }[]
  dataZoom: { xAxisIndex: number[] }[]
  series: { id: string; type: string; xAxisIndex: number; yAxisIndex: number; data: [number, number | '-'][] }[]
}

describe('indicators in the chart option', () => {
  it('gives RSI and MACD a sub-pane each under the volume, all on the same x mapping and zoom', () => {
    const option = fullOption(build([normaliseConfig('BB'), normaliseConfig('RSI'), normaliseConfig('MACD')]).input) as unknown as AnyOption
    expect(option.grid).toHaveLength(4)
    // Top to bottom, without overlap: candles, volume, RSI, MACD.
    const [price, volume, rsi, macd] = option.grid
    expect(macd!.bottom).toBe(26)
    expect(rsi!.bottom).toBeGreaterThanOrEqual(macd!.bottom + macd!.height!)
    expect(volume!.bottom).toBeGreaterThanOrEqual(rsi!.bottom + rsi!.height!)
    expect(price!.bottom).toBeGreaterThan(volume!.bottom + volume!.height!)
    expect(option.xAxis.map((a) => a.gridIndex)).toEqual([0, 1, 2, 3])
    for (const axis of option.xAxis) expect(axis.data).toEqual(candles.map((c) => c.time))
    // Only the lowest pane carries the time labels.
    expect(option.xAxis.map((a) => a.axisLabel.show !== false)).toEqual([false, false, false, true])
    expect(option.dataZoom[0]!.xAxisIndex).toEqual([0, 1, 2, 3])
    expect(option.yAxis.map((a) => a.gridIndex)).toEqual([0, 1, 2, 3])
    const axesOf = (id: string) => option.series.filter((s) => s.id.startsWith(id)).map((s) => [s.xAxisIndex, s.yAxisIndex])
    expect(new Set(axesOf('ind-0-').map(String))).toEqual(new Set(['0,0']))
    expect(new Set(axesOf('ind-1-').map(String))).toEqual(new Set(['2,2']))
    expect(new Set(axesOf('ind-2-').map(String))).toEqual(new Set(['3,3']))
  })

  it('keeps the two-pane layout without sub-panes, and draws the volume average on the volume axes', () => {
    const option = fullOption(build([normaliseConfig('VOLMA'), normaliseConfig('SMA')]).input) as unknown as AnyOption
    expect(option.grid).toHaveLength(2)
    expect(option.series.find((s) => s.id === 'ind-0-VOLMA')).toMatchObject({ xAxisIndex: 1, yAxisIndex: 1 })
    expect(option.series.find((s) => s.id === 'ind-1-SMA')).toMatchObject({ xAxisIndex: 0, yAxisIndex: 0 })
  })

  it("draws MACD's histogram as one series per sign, together every settled bar once, in its sign's colour", () => {
    const { input, set } = build([normaliseConfig('MACD')])
    const option = fullOption({ ...input, view: { start: 0, end: 199 } }) as unknown as AnyOption
    type Bars = AnyOption['series'][number] & { stack?: string; itemStyle?: { color?: string } }
    const bars: Bars[] = option.series.filter((s) => s.id.includes('histogram'))
    expect(bars.map((s) => [s.type, s.xAxisIndex, s.itemStyle?.color])).toEqual([
      ['bar', 2, '#26a69a'],
      ['bar', 2, '#ef5350'],
    ])
    // One stack: both signs share a slot's column, as one series of bars did.
    expect(new Set(bars.map((s) => s.stack)).size).toBe(1)
    const histogram = set.indicators[0]!.lines.histogram!
    const settled = histogram.slice(0, 199).flatMap((v, slot) => (v === null || v === undefined ? [] : [[slot, v]]))
    expect([...bars[0]!.data, ...bars[1]!.data].sort((a, b) => a[0] - b[0])).toEqual(settled)
    expect(bars[0]!.data.every((p) => (p[1] as number) >= 0)).toBe(true)
    expect(bars[1]!.data.every((p) => (p[1] as number) < 0)).toBe(true)
    // A new candle restates both.
    const update = dataUpdate(input, { times: true, view: true }) as unknown as AnyOption
    expect(update.series.filter((s) => s.id.includes('histogram')).map((s) => s.data.length)).toEqual(bars.map((s) => s.data.length))
  })

  it('leaves the candles most of a small chart however many sub-panes there are', () => {
    const grids = chartGrids(3, 380)
    const price = grids[0] as { top: number; bottom: number }
    expect(380 - price.top - price.bottom).toBeGreaterThanOrEqual(100)
  })

  it('puts settled values on slots 0…n-2 and leaves the live segment to the overlay; a tick restates no indicator series', () => {
    const built = build([normaliseConfig('SMA', { period: 5 }), normaliseConfig('MACD')])
    // Zoomed out to every candle, so the whole option hands every settled slot.
    const { set } = built
    const input = { ...built.input, view: { start: 0, end: 199 } }
    const option = fullOption(input) as unknown as AnyOption
    const settled = option.series.find((s) => s.id === 'ind-0-SMA')!
    expect(settled.data).toHaveLength(199)
    expect(settled.data[3]).toEqual([3, '-'])
    expect(settled.data[4]![1]).toBeCloseTo(candles.slice(0, 5).reduce((a, c) => a + c.close, 0) / 5, 9)
    expect(option.series.some((s) => s.id.endsWith('-live'))).toBe(false)

    const last = candles[199]!
    const ticked = [...candles.slice(0, -1), { ...last, close: last.close + 10 }]
    expect(
      set.sync(
        'X_Y|15',
        '15',
        set.indicators.map((i) => i.config),
        ticked,
      ),
    ).toBe('tick')
    const tickInput = { ...input, candles: ticked, indicators: set.indicators }
    const update = dataUpdate(tickInput, { times: false, view: false, settled: false }) as unknown as AnyOption
    expect(update.series.filter((s) => s.id.startsWith('ind-'))).toEqual([])
    // The live segment: from the settled value at slot 198 to the ticked value at 199, on its pane.
    const sma = liveOf(tickInput).segments[0]!
    expect(sma).toMatchObject({ pane: 0, kind: 'line' })
    expect(sma.prev).toBe(settled.data[198]![1])
    expect(sma.value).toBeCloseTo(ticked.slice(-5).reduce((a, c) => a + c.close, 0) / 5, 9)
    // MACD's histogram is a bar in its sub-pane, and its pane's axis covers it and zero.
    const histogram = liveOf(tickInput).segments.find((s) => s.kind === 'bar')!
    expect(histogram.pane).toBe(2)
    const extent = update.series.find((s) => s.id === 'live-extent-2')!.data.map((p) => p[1] as number)
    expect(Math.min(...extent)).toBeLessThanOrEqual(Math.min(0, histogram.value!))
    expect(Math.max(...extent)).toBeGreaterThanOrEqual(Math.max(0, histogram.value!))
    // A new candle restates the settled lines and every pane's categories.
    const appended = dataUpdate({ ...input, indicators: set.indicators }, { times: true, view: true }) as unknown as AnyOption
    expect(appended.series.some((s) => s.id === 'ind-0-SMA')).toBe(true)
    expect(appended.xAxis).toHaveLength(3)
  })

  it('names each indicator in the legend with its latest value, or the value under the crosshair', () => {
    const { set } = build([normaliseConfig('SMA', { period: 3 }, '#112233'), normaliseConfig('RSI'), normaliseConfig('BB')])
    const entries = legendEntries(set.indicators, null, { price: 2, amount: 4 })
    const sma = candles.slice(-3).reduce((a, c) => a + c.close, 0) / 3
    expect(entries[0]).toEqual({ label: 'SMA 3', color: '#112233', values: [sma.toFixed(2)] })
    expect(entries[1]!.label).toBe('RSI 14')
    expect(entries[1]!.values[0]).toMatch(/^\d{1,3}\.\d{2}$/)
    expect(entries[2]!.label).toBe('BB 20 2')
    expect(entries[2]!.values).toHaveLength(3)
    // At a candle before the indicator is stable: a dash, not a made-up number.
    expect(legendEntries(set.indicators, 1, { price: 2, amount: 4 }).map((e) => e.values[0])).toEqual([expect.any(String), '—', '—'])
  })
})
