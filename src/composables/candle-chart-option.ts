// The candle chart's ECharts option, as pure functions of the data: the component decides when to
// call them, these decide what is drawn. Kept apart so the option can be tested without a canvas.
//
// Layout: grids sharing one category x mapping (one slot per candle, so gaps in trading do not
// leave holes): candles on top, volume below, then a sub-pane per RSI or MACD
// (indicator-chart-option.ts), prices on the right like every trading screen.
//
// Series: the settled candles (all but the newest; a whole option hands those from just left of the
// view, firstHanded), and their volumes one series per direction; an
// empty series that only carries the order lines; and per pane an invisible series holding the live
// values, so each y axis covers them. The live candle, its volume bar, the indicators' last segments
// and the last-price line are not ECharts series: they are drawn over the chart (live-layer.ts,
// live-overlay.ts), because any setOption makes ECharts re-process every series. The settled volume
// bars are drawn in ECharts' large mode (one path per series, not an element per bar).
//
// Every series names its slot as the item id (encode.itemId): ECharts rebuilds the data of every
// series on every merge, named or not (Global.js calls mergeOption({}) on the others), and without an
// id dimension it derives an id per point each time (SeriesData.makeIdFromName) — the largest single
// cost of a tick in a profile. With it, a tick with three indicators measured ~35 % faster.
import type { ComposeOption } from 'echarts/core'
import type { BarSeriesOption, CandlestickSeriesOption, LineSeriesOption } from 'echarts/charts'
import type {
  DataZoomComponentOption,
  GridComponentOption,
  MarkLineComponentOption,
  AxisPointerComponentOption,
} from 'echarts/components'
import type { Theme } from '@domain/api'
import type { Candle, OrderRecord, Pair } from '@domain/wire'
import { DOWN_COLOR, UP_COLOR, type TimeZoneMode, formatAmount, formatCandleTime } from './format'
import { type ChartIndicator, chartGrids, indicatorSeries, indicatorUpdates, subPaneCount } from './indicator-chart-option'
import { orderMarkLines } from './chart-order-marks'
import { extentSeries, liveState, type LiveState } from './live-layer'

export type ChartOption = ComposeOption<
  | CandlestickSeriesOption
  | BarSeriesOption
  | LineSeriesOption
  | GridComponentOption
  | DataZoomComponentOption
  | AxisPointerComponentOption
  | MarkLineComponentOption
>

export { CHART_GRIDS } from './indicator-chart-option'

/** The chart's font: its labels, the crosshair's and the live price's. */
export const CHART_FONT = 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace'

/** Candles drawn in view when a chart opens. */
export const INITIAL_VISIBLE = 120
/** Within this many candles of the left edge, the next older page is loaded. */
export const LOAD_OLDER_MARGIN = 5

export interface ChartPalette {
  text: string
  axis: string
  grid: string
  pointer: string
  orderBuy: string
  orderSell: string
}

export function paletteFor(theme: Theme): ChartPalette {
  return theme === 'light'
    ? { text: '#5b616e', axis: '#d5d8de', grid: '#eef0f3', pointer: '#7d8491', orderBuy: '#1b8a7f', orderSell: '#d84340' }
    : { text: '#8a8f9c', axis: '#2a2e39', grid: '#1f232d', pointer: '#6b7080', orderBuy: '#4fd1c5', orderSell: '#ff8a80' }
}

export interface SeriesData {
  /** Candle times (Unix seconds): the category of each slot. */
  times: number[]
  /**
   * [slot, open, close, low, high]. The explicit slot lets dataZoom filter the candles outside the
   * view, so a tick lays out ~120 candles instead of every one loaded.
   */
  ohlc: [number, number, number, number, number][]
  /** [slot, volume, 1 up / -1 down]: the direction colours the bar. */
  volume: [number, number, number][]
}

export function seriesData(candles: readonly Candle[], from = 0, to = candles.length): SeriesData {
  const n = Math.max(0, to - from)
  const times = new Array<number>(n)
  const ohlc = new Array<[number, number, number, number, number]>(n)
  const volume = new Array<[number, number, number]>(n)
  for (let k = 0; k < n; k++) {
    const i = from + k
    const c = candles[i]!
    times[k] = c.time
    ohlc[k] = [i, c.open, c.close, c.low, c.high]
    volume[k] = [i, c.volume, c.close >= c.open ? 1 : -1]
  }
  return { times, ohlc, volume }
}

/** The settled candles as the chart's series hold them: all but the newest (live) one. */
export function settledData(candles: readonly Candle[]): SeriesData {
  return seriesData(candles, 0, Math.max(0, candles.length - 1))
}

/** The bars of one direction (1 up, -1 down). */
export function upVolumes(volume: SeriesData['volume'], direction: 1 | -1): SeriesData['volume'] {
  return volume.filter((v) => v[2] === direction)
}

export interface ChartInput {
  candles: readonly Candle[]
  pair: Pair | null
  daily: boolean
  /** The zone of the time labels; a daily candle's label is its UTC date in every zone. */
  zone: TimeZoneMode
  theme: Theme
  lastPrice: number | null
  orders: readonly OrderRecord[]
  view: { start: number; end: number }
  /** The indicators with their values (none: candles and volume only). */
  indicators?: readonly ChartIndicator[]
  /** The chart's height in px, which sizes the sub-panes (unknown: a typical height). */
  height?: number | null
}

/** Settled slots handed to ECharts left of the view by a whole option (see firstHanded). */
export const HANDED_MARGIN = 10

/**
 * The first slot whose settled values a whole option hands to ECharts. ECharts filters every series
 * to the view anyway (dataZoom filterMode 'filter': it lays out and draws only the slots in view, and
 * each y axis covers only those), but it still copies, stores, stacks and filters every point it is
 * given, and that was most of a first paint's data work: with 500 candles and three indicators, 12
 * series of 499 points for ~120 on screen. So a whole option hands the view and a margin (the slots
 * right of the view are the newest, always handed); the axes keep every slot's category, so slots
 * stay indexes into the candles. The painter restates the rest before a pan or zoom could show it.
 */
export function firstHanded(view: { start: number }, length: number): number {
  return Math.min(Math.max(0, view.start - HANDED_MARGIN), Math.max(0, length - 1))
}

/** The whole option, for the first paint and for a theme or pair change (settled values from firstHanded). */
export function fullOption(input: ChartInput): ChartOption {
  const palette = paletteFor(input.theme)
  const places = input.pair?.price_precision ?? 8
  const times = input.candles.map((c) => c.time)
  const from = firstHanded(input.view, input.candles.length)
  const settled = seriesData(input.candles, from, Math.max(from, input.candles.length - 1))
  const timeLabel = (value: string | number): string => formatCandleTime(Number(value), input.daily, input.zone)
  const indicators = input.indicators ?? []
  const subPanes = subPaneCount(indicators)
  const grids = 2 + subPanes
  const axisCommon = {
    type: 'category' as const,
    data: times,
    boundaryGap: true,
    axisLine: { lineStyle: { color: palette.axis } },
    axisTick: { show: false },
    splitLine: { show: false },
  }
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: palette.text, fontFamily: CHART_FONT },
    // One x mapping for both panes: ECharts 6 shrinks a grid whose axis labels overflow its bounds
    // (outerBoundsMode 'auto'), and the time labels under the volume pane overflow at the edges
    // once zoomed out, so the volume pane (and its crosshair line) came out narrower than the candle
    // pane. With the bounds off both grids keep exactly the rect given here; the end labels are
    // aligned inwards instead of being pushed off the canvas.
    // RSI and MACD get sub-panes below the volume; the time labels stay under the lowest pane.
    grid: chartGrids(subPanes, input.height ?? null),
    xAxis: Array.from({ length: grids }, (_, gridIndex) =>
      gridIndex === grids - 1
        ? {
            ...axisCommon,
            gridIndex,
            axisLabel: { color: palette.text, formatter: timeLabel, hideOverlap: true, alignMinLabel: 'left', alignMaxLabel: 'right' },
            axisPointer: { show: true, label: { formatter: ({ value }: { value: unknown }) => timeLabel(value as number) } },
          }
        : { ...axisCommon, gridIndex, axisLabel: { show: false }, axisPointer: { show: true, label: { show: false } } },
    ),
    yAxis: [
      {
        gridIndex: 0,
        scale: true,
        position: 'right',
        splitNumber: 6,
        axisLine: { show: false },
        axisLabel: { color: palette.text, formatter: (value: number) => formatAmount(value, places) },
        splitLine: { lineStyle: { color: palette.grid } },
        axisPointer: { show: true, label: { formatter: ({ value }: { value: unknown }) => formatAmount(Number(value), places) } },
      },
      {
        gridIndex: 1,
        scale: false,
        position: 'right',
        splitNumber: 2,
        axisLine: { show: false },
        axisLabel: { show: false },
        splitLine: { show: false },
        axisPointer: { show: false },
      },
      ...Array.from({ length: subPanes }, (_, i) => ({
        gridIndex: 2 + i,
        scale: true,
        position: 'right' as const,
        splitNumber: 2,
        axisLine: { show: false },
        // No label at a pane's top edge: it would sit on the label at the bottom edge of the pane above.
        axisLabel: { color: palette.text, fontSize: 10, showMaxLabel: false, formatter: (value: number) => formatAmount(value, 2) },
        splitLine: { lineStyle: { color: palette.grid } },
        axisPointer: { show: false },
      })),
    ],
    dataZoom: [
      {
        type: 'inside',
        xAxisIndex: Array.from({ length: grids }, (_, i) => i),
        startValue: input.view.start,
        endValue: input.view.end,
        minValueSpan: 10,
        filterMode: 'filter',
      },
    ],
    // The crosshair is the axis pointers alone (x on both grids, y on the candle grid): no tooltip
    // component, whose content was never shown anyway. It draws on a canvas layer of its own
    // (zlevel 1), so moving the mouse repaints three lines, never the candles.
    axisPointer: {
      zlevel: 1,
      triggerOn: 'mousemove',
      link: [{ xAxisIndex: 'all' }],
      lineStyle: { color: palette.pointer, type: 'dashed' },
      label: { backgroundColor: palette.axis, color: palette.text },
    },
    series: [
      // The order lines ride on the candles' series: a series of their own cost as much as any other.
      { ...candleSeries('candles', settled.ohlc), markLine: markLinesOf(input) },
      volumeSeries('volume-up', upVolumes(settled.volume, 1), UP_COLOR),
      volumeSeries('volume-down', upVolumes(settled.volume, -1), DOWN_COLOR),
      ...indicatorSeries(indicators, input.candles.length, from),
      ...extentSeries(liveOf(input), grids),
    ],
  }
}

// Not in large mode: ECharts draws large candlesticks as high–low lines without bodies.
function candleSeries(id: string, data: SeriesData['ohlc']): CandlestickSeriesOption {
  return {
    id,
    name: id,
    type: 'candlestick',
    xAxisIndex: 0,
    yAxisIndex: 0,
    data,
    encode: { x: 0, y: [1, 2, 3, 4], itemId: 0 },
    // ECharts' defaults are red up, green down: set all four explicitly.
    itemStyle: { color: UP_COLOR, color0: DOWN_COLOR, borderColor: UP_COLOR, borderColor0: DOWN_COLOR },
    barMaxWidth: 14,
  }
}

/** Settled volume bars of one direction, in large mode (whatever the count: the threshold counts the bars in view). */
function volumeSeries(id: string, data: SeriesData['volume'], color: string): BarSeriesOption {
  return {
    id,
    name: id,
    type: 'bar',
    xAxisIndex: 1,
    yAxisIndex: 1,
    data,
    encode: { x: 0, y: 1, itemId: 0 },
    // One stack, so the bars of the three series share their slot instead of standing side by
    // side (each slot has a bar in one series only).
    stack: 'volume',
    barMaxWidth: 14,
    itemStyle: { color, opacity: 0.55 },
    large: true,
    largeThreshold: 2,
  }
}

/** The open orders' lines (chart-order-marks.ts). */
export function markLinesOf(input: ChartInput): MarkLineComponentOption {
  return orderMarkLines(input.orders, input.pair, paletteFor(input.theme))
}

/** The live candle, the indicators' last values and the last price (live-layer.ts). */
export function liveOf(input: ChartInput): LiveState {
  return liveState(input.candles, input.indicators ?? [], input.lastPrice, input.pair?.price_precision ?? 8)
}

/**
 * The update of a new candle, a new page, changed order lines, or live values that left an axis's
 * range, merged into the chart (never `notMerge`). The live extents are always restated (a few
 * points); the settled series when `settled` (by default when the times changed), the axis
 * categories when `times`, the view when `view`, the order lines when `lines` (by default).
 */
export function dataUpdate(input: ChartInput, changes: { times: boolean; view: boolean; settled?: boolean; lines?: boolean }): ChartOption {
  const indicators = input.indicators ?? []
  const panes = 2 + subPaneCount(indicators)
  const series: NonNullable<ChartOption['series']> = []
  const lines = changes.lines ?? true
  if (changes.settled ?? changes.times) {
    const settled = settledData(input.candles)
    series.push(
      { id: 'candles', data: settled.ohlc, ...(lines ? { markLine: markLinesOf(input) } : {}) },
      { id: 'volume-up', data: upVolumes(settled.volume, 1) },
      { id: 'volume-down', data: upVolumes(settled.volume, -1) },
      ...indicatorUpdates(indicators, input.candles.length),
    )
  } else if (lines) series.push({ id: 'candles', markLine: markLinesOf(input) })
  series.push(...extentSeries(liveOf(input), panes).map(({ id, data }) => ({ id, data })))
  const option: ChartOption = { series }
  if (changes.times) {
    const times = input.candles.map((c) => c.time)
    option.xAxis = Array.from({ length: panes }, () => ({ data: times }))
  }
  if (changes.view) option.dataZoom = [{ startValue: input.view.start, endValue: input.view.end }]
  return option
}

/** The first view of a series: the last INITIAL_VISIBLE candles. */
export function initialView(length: number): { start: number; end: number } {
  const end = Math.max(0, length - 1)
  return { start: Math.max(0, length - INITIAL_VISIBLE), end }
}
