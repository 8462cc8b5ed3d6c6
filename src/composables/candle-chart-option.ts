// The candle chart's ECharts option, as pure functions of the data: the component decides when to
// call them, these decide what is drawn. Kept apart so the option can be tested without a canvas.
//
// Layout: two grids sharing one category x axis (one slot per candle, so gaps in trading do not
// leave holes): candles on top, volume below, prices on the right like every trading screen.
import type { ComposeOption } from 'echarts/core'
import type { BarSeriesOption, CandlestickSeriesOption } from 'echarts/charts'
import type {
  DataZoomComponentOption,
  GridComponentOption,
  MarkLineComponentOption,
  TooltipComponentOption,
  AxisPointerComponentOption,
} from 'echarts/components'
import type { Theme } from '@domain/api'
import type { Candle, OrderRecord, Pair } from '@domain/wire'
import { LIVE_ORDER_STATUSES, ORDER_SIDE_ALIASES } from '@domain/constants'
import { Decimal } from '@domain/decimal'
import { DOWN_COLOR, UP_COLOR, formatCandleTime, formatFixed } from './market-format'

export type ChartOption = ComposeOption<
  | CandlestickSeriesOption
  | BarSeriesOption
  | GridComponentOption
  | DataZoomComponentOption
  | TooltipComponentOption
  | AxisPointerComponentOption
  | MarkLineComponentOption
>

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

export function seriesData(candles: readonly Candle[]): SeriesData {
  const n = candles.length
  const times = new Array<number>(n)
  const ohlc = new Array<[number, number, number, number, number]>(n)
  const volume = new Array<[number, number, number]>(n)
  for (let i = 0; i < n; i++) {
    const c = candles[i]!
    times[i] = c.time
    ohlc[i] = [i, c.open, c.close, c.low, c.high]
    volume[i] = [i, c.volume, c.close >= c.open ? 1 : -1]
  }
  return { times, ohlc, volume }
}

type MarkLineData = NonNullable<MarkLineComponentOption['data']>

/** "BUY 0.5 @ 43,000.00": what is left of an order, at its price. */
export function orderLabel(order: OrderRecord, pair: Pair | null): string | null {
  if (order.price === null || order.price === undefined) return null
  const side = ORDER_SIDE_ALIASES[order.side.toUpperCase()] ?? order.side.toUpperCase()
  let remaining = new Decimal(order.amount)
  if (order.amount_filled) remaining = remaining.minus(order.amount_filled)
  const amount = pair ? formatFixed(remaining.toFixed(), pair.amount_precision, false) : remaining.toFixed()
  const price = pair ? formatFixed(order.price, pair.price_precision) : order.price
  return `${side} ${amount} @ ${price}`
}

/** Live orders of the pair that have a price to draw. */
export function ordersToDraw(orders: readonly OrderRecord[] | null, pairName: string): OrderRecord[] {
  if (!orders) return []
  return orders.filter((o) => o.pair === pairName && LIVE_ORDER_STATUSES.includes(o.status) && o.price !== null && o.price !== undefined)
}

/** The last-price line and one dashed line per open order. */
export function markLines(input: {
  lastPrice: number | null
  lastUp: boolean
  orders: readonly OrderRecord[]
  pair: Pair | null
  palette: ChartPalette
}): MarkLineComponentOption {
  const places = input.pair?.price_precision ?? 8
  const data: MarkLineData = []
  if (input.lastPrice !== null && Number.isFinite(input.lastPrice)) {
    const color = input.lastUp ? UP_COLOR : DOWN_COLOR
    data.push({
      name: 'last',
      yAxis: input.lastPrice,
      lineStyle: { color, type: 'solid', width: 1, opacity: 0.8 },
      label: {
        show: true,
        position: 'end',
        formatter: formatFixed(input.lastPrice, places),
        color: '#fff',
        backgroundColor: color,
        padding: [2, 4],
        borderRadius: 2,
        fontSize: 11,
      },
    })
  }
  for (const order of input.orders) {
    const label = orderLabel(order, input.pair)
    if (label === null) continue
    const buy = (ORDER_SIDE_ALIASES[order.side.toUpperCase()] ?? '') === 'BUY'
    const color = buy ? input.palette.orderBuy : input.palette.orderSell
    data.push({
      name: `order-${order.id}`,
      yAxis: Number(order.price),
      lineStyle: { color, type: 'dashed', width: 1 },
      label: { show: true, position: 'insideStartTop', formatter: label, color, fontSize: 11 },
    })
  }
  return { symbol: ['none', 'none'], silent: true, animation: false, data }
}

export interface ChartInput {
  candles: readonly Candle[]
  pair: Pair | null
  daily: boolean
  theme: Theme
  lastPrice: number | null
  orders: readonly OrderRecord[]
  view: { start: number; end: number }
}

/** The whole option, for the first paint and for a theme or pair change. */
export function fullOption(input: ChartInput): ChartOption {
  const palette = paletteFor(input.theme)
  const places = input.pair?.price_precision ?? 8
  const data = seriesData(input.candles)
  const last = input.candles[input.candles.length - 1]
  const timeLabel = (value: string | number): string => formatCandleTime(Number(value), input.daily)
  const axisCommon = {
    type: 'category' as const,
    data: data.times,
    boundaryGap: true,
    axisLine: { lineStyle: { color: palette.axis } },
    axisTick: { show: false },
    splitLine: { show: false },
  }
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: palette.text, fontFamily: 'ui-monospace, SFMono-Regular, Menlo, Consolas, monospace' },
    grid: [
      { left: 8, right: 72, top: 30, bottom: 118 },
      { left: 8, right: 72, height: 64, bottom: 26 },
    ],
    xAxis: [
      { ...axisCommon, gridIndex: 0, axisLabel: { show: false }, axisPointer: { label: { show: false } } },
      {
        ...axisCommon,
        gridIndex: 1,
        axisLabel: { color: palette.text, formatter: timeLabel, hideOverlap: true },
        axisPointer: { label: { formatter: ({ value }: { value: unknown }) => timeLabel(value as number) } },
      },
    ],
    yAxis: [
      {
        gridIndex: 0,
        scale: true,
        position: 'right',
        splitNumber: 6,
        axisLine: { show: false },
        axisLabel: { color: palette.text, formatter: (value: number) => formatFixed(value, places) },
        splitLine: { lineStyle: { color: palette.grid } },
        axisPointer: { label: { formatter: ({ value }: { value: unknown }) => formatFixed(Number(value), places) } },
      },
      {
        gridIndex: 1,
        scale: false,
        position: 'right',
        splitNumber: 2,
        axisLine: { show: false },
        axisLabel: { show: false },
        splitLine: { show: false },
        axisPointer: { label: { show: false } },
      },
    ],
    dataZoom: [
      {
        type: 'inside',
        xAxisIndex: [0, 1],
        startValue: input.view.start,
        endValue: input.view.end,
        minValueSpan: 10,
        filterMode: 'filter',
      },
    ],
    tooltip: { trigger: 'axis', showContent: false, axisPointer: { type: 'cross', crossStyle: { color: palette.pointer } } },
    axisPointer: {
      link: [{ xAxisIndex: 'all' }],
      lineStyle: { color: palette.pointer, type: 'dashed' },
      label: { backgroundColor: palette.axis, color: palette.text },
    },
    series: [
      {
        id: 'candles',
        name: 'candles',
        type: 'candlestick',
        xAxisIndex: 0,
        yAxisIndex: 0,
        data: data.ohlc,
        encode: { x: 0, y: [1, 2, 3, 4] },
        // ECharts' defaults are red up, green down: set all four explicitly.
        itemStyle: { color: UP_COLOR, color0: DOWN_COLOR, borderColor: UP_COLOR, borderColor0: DOWN_COLOR },
        barMaxWidth: 14,
        markLine: markLines({
          lastPrice: input.lastPrice,
          lastUp: last ? last.close >= last.open : true,
          orders: input.orders,
          pair: input.pair,
          palette,
        }),
      },
      {
        id: 'volume',
        name: 'volume',
        type: 'bar',
        xAxisIndex: 1,
        yAxisIndex: 1,
        data: data.volume,
        encode: { x: 0, y: 1 },
        barMaxWidth: 14,
        itemStyle: {
          color: (params: { data: unknown }) => ((params.data as number[])[2]! > 0 ? UP_COLOR : DOWN_COLOR),
          opacity: 0.55,
        },
      },
    ],
  }
}

/**
 * The small update of a live tick or a new page: data arrays (and the axis categories when they
 * changed), the lines, and the view when it moves. Merged into the chart, never `notMerge`.
 */
export function dataUpdate(input: ChartInput, changes: { times: boolean; view: boolean }): ChartOption {
  const palette = paletteFor(input.theme)
  const data = seriesData(input.candles)
  const last = input.candles[input.candles.length - 1]
  const option: ChartOption = {
    series: [
      {
        id: 'candles',
        data: data.ohlc,
        markLine: markLines({
          lastPrice: input.lastPrice,
          lastUp: last ? last.close >= last.open : true,
          orders: input.orders,
          pair: input.pair,
          palette,
        }),
      },
      { id: 'volume', data: data.volume },
    ],
  }
  if (changes.times) option.xAxis = [{ data: data.times }, { data: data.times }]
  if (changes.view) option.dataZoom = [{ startValue: input.view.start, endValue: input.view.end }]
  return option
}

/** The first view of a series: the last INITIAL_VISIBLE candles. */
export function initialView(length: number): { start: number; end: number } {
  const end = Math.max(0, length - 1)
  return { start: Math.max(0, length - INITIAL_VISIBLE), end }
}
