// The candle chart's ECharts option, as pure functions of the data: the component decides when to
// call them, these decide what is drawn. Kept apart so the option can be tested without a canvas.
//
// Its parts: candle-chart-layout.ts (the frame: palette, grids, axes, zoom, crosshair) and
// candle-chart-slots.ts (which candles the series hold, slot by slot, and the view); this file builds
// the series, the whole option (fullOption) and the data-only merge of a tick (dataUpdate).
//
// Series: the settled candles (all but the newest; a whole option hands those from just left of the
// view, firstHanded), held unseen in ECharts' large mode so that the price axis covers them (the
// window sees them drawn by settled-candles.ts); the indicators; and per pane but the volume's an
// invisible series holding the live values, so each y axis covers them. The level lines (the open
// orders, the positions' levels, RSI's 30 and 70: levelsOf) are not in the option at all: the chart's
// own code draws them (level-lines.ts), so an order placed costs no setOption.
// The live candle, its volume bar, the indicators' last segments and the last-price line are not
// ECharts series: they are drawn over the chart (live-layer.ts, live-overlay.ts), because any
// setOption makes ECharts re-process every series. Nor are the volume bars: the volume pane, its
// scale included, is the chart's own (volume-bars.ts); its axis is only given that scale.
//
// Every series names its slot as the item id (encode.itemId): ECharts rebuilds the data of every
// series on every merge, named or not (Global.js calls mergeOption({}) on the others), and without an
// id dimension it derives an id per point each time (SeriesData.makeIdFromName) — the largest single
// cost of a tick in a profile. With it, a tick with three indicators measured ~35 % faster.
import type { Position } from '@domain/protection/types'
import type { CandlestickSeriesOption } from 'echarts/charts'
import type { Theme } from '@domain/api/api'
import type { Candle, OrderRecord, Pair } from '@domain/wire/wire'
import type { TimeZoneMode } from '@/lib/display-zone'
import { type ChartIndicator, indicatorLevels, indicatorSeries, indicatorUpdates, subPaneCount } from './indicator-chart-option'
import { orderLevels } from './chart-order-marks'
import { positionLevels } from './chart-position-marks'
import type { Level } from './level-lines'
import { extentSeries, liveState, type LiveState } from './live-layer'
import { type ChartOption, chartLayout, paletteFor } from './candle-chart-layout'
import { type SeriesData, firstHanded, seriesData, settledData } from './candle-chart-slots'

export { CHART_GRIDS } from './indicator-chart-option'

// the builders' parts, for the importers that know them from here
export { CHART_FONT, paletteFor, type ChartOption, type ChartPalette } from './candle-chart-layout'
export * from './candle-chart-slots'

export interface ChartInput {
  candles: readonly Candle[]
  pair: Pair | null
  daily: boolean
  /** The zone of the time labels; a daily candle's label is its UTC date in every zone. */
  zone: TimeZoneMode
  theme: Theme
  lastPrice: number | null
  orders: readonly OrderRecord[]
  /** The pair's protected positions still watched (chart-position-marks.ts); none by default. */
  positions?: readonly Position[]
  view: { start: number; end: number }
  /** The indicators with their values (none: candles and volume only). */
  indicators?: readonly ChartIndicator[]
  /** The chart's height in px, which sizes the sub-panes (unknown: a typical height). */
  height?: number | null
  /** The volume pane's top value (volume-bars.ts volumeTop; unknown: ECharts' own). */
  volumeTop?: number | null
}

/** The whole option, for the first paint and for a theme or pair change (settled values from firstHanded). */
export function fullOption(input: ChartInput): ChartOption {
  const from = firstHanded(input.view, input.candles.length)
  const settled = seriesData(input.candles, from, Math.max(from, input.candles.length - 1))
  const indicators = input.indicators ?? []
  const subPanes = subPaneCount(indicators)
  const grids = 2 + subPanes
  return {
    ...chartLayout({
      theme: input.theme,
      places: input.pair?.price_precision ?? 8,
      times: input.candles.map((c) => c.time),
      daily: input.daily,
      zone: input.zone,
      view: input.view,
      subPanes,
      height: input.height ?? null,
      volumeTop: input.volumeTop ?? null,
    }),
    series: [candleSeries('candles', settled.ohlc), ...indicatorSeries(indicators, input.candles.length, from), ...extentSeries(liveOf(input), grids)],
  }
}

/**
 * The settled candles as ECharts holds them: invisible, in its large mode (a few typed arrays, not an
 * element a candle), only so that the price axis covers them. What
 * the window shows is drawn by settled-candles.ts.
 */
function candleSeries(id: string, data: SeriesData['ohlc']): CandlestickSeriesOption {
  return {
    id,
    name: id,
    type: 'candlestick',
    xAxisIndex: 0,
    yAxisIndex: 0,
    data,
    encode: { x: 0, y: [1, 2, 3, 4], itemId: 0 },
    large: true,
    largeThreshold: 1,
    silent: true,
    itemStyle: { opacity: 0 },
  }
}

/**
 * The chart's level lines (level-lines.ts): the open orders (chart-order-marks.ts), the protected
 * positions' levels (chart-position-marks.ts) and RSI's 30 and 70.
 */
export function levelsOf(input: ChartInput): Level[] {
  const palette = paletteFor(input.theme)
  return [...orderLevels(input.orders, input.pair, palette), ...positionLevels(input.positions ?? [], input.pair, palette), ...indicatorLevels(input.indicators ?? [])]
}

/** The live candle, the indicators' last values and the last price (live-layer.ts). */
export function liveOf(input: ChartInput): LiveState {
  return liveState(input.candles, input.indicators ?? [], input.lastPrice, input.pair?.price_precision ?? 8)
}

/**
 * The update of a new candle, a new page, or live values that left an axis's range, merged into the
 * chart (never `notMerge`). The live extents are always restated (a few points); the settled series
 * when `settled` (by default when the times changed), the axis categories when `times`, the view
 * when `view`, the volume axis's scale when `volumeTop` (for a series of its own on the volume pane:
 * volume-bars.ts).
 */
export function dataUpdate(input: ChartInput, changes: { times: boolean; view: boolean; settled?: boolean; volumeTop?: number }): ChartOption {
  const indicators = input.indicators ?? []
  const panes = 2 + subPaneCount(indicators)
  const series: NonNullable<ChartOption['series']> = []
  if (changes.settled ?? changes.times) {
    const settled = settledData(input.candles)
    series.push({ id: 'candles', data: settled.ohlc }, ...indicatorUpdates(indicators, input.candles.length))
  }
  series.push(...extentSeries(liveOf(input), panes).map(({ id, data }) => ({ id, data })))
  const option: ChartOption = { series }
  if (changes.times) {
    const times = input.candles.map((c) => c.time)
    option.xAxis = Array.from({ length: panes }, () => ({ data: times }))
  }
  if (changes.view) option.dataZoom = [{ startValue: input.view.start, endValue: input.view.end }]
  if (changes.volumeTop !== undefined) option.yAxis = [{}, { max: changes.volumeTop }]
  return option
}
