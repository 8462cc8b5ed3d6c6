// One journal trade's chart as an ECharts option, and its words (the chart's text alternative): the
// closes of its candles, a line at the entry, the exit and the planned stop, and In and Out marked at
// its opening and closing. Pure data (ECharts' types only): the window's card draws it from the
// candles, and the core renders the same option to the SVG picture saved when the trade closes
// (core/journal/trade-picture.ts), so both show one chart.
import type { LineSeriesOption } from 'echarts/charts'
import type { ComposeOption } from 'echarts/core'
import type { GridComponentOption, MarkLineComponentOption, MarkPointComponentOption, TooltipComponentOption } from 'echarts/components'
import type { JournalEntry } from './types'

export type TradeChartOption = ComposeOption<LineSeriesOption | GridComponentOption | TooltipComponentOption | MarkLineComponentOption | MarkPointComponentOption>

/** A candle as the chart reads it: its start (Unix seconds) and its close. */
export interface ChartCandle {
  time: number
  close: number
}

export interface TradeChartColors {
  /** The axes' labels, the marks' words and the price line. */
  text: string
  /** The entry's line and the In and Out marks. */
  line: string
  up: string
  down: string
  warn: string
}

export type TradeChartTrade = Pick<JournalEntry, 'pair' | 'entry' | 'exit' | 'stop' | 'net' | 'openedAt' | 'closedAt' | 'low' | 'high'>

/** The shortest time the chart's axis spans (ms): one candle's step. */
export const MIN_SPAN_MS = 60_000

/** The time axis's ends: the candles' and the trade's own, widened evenly to at least MIN_SPAN_MS. */
export function timeSpan(trade: Pick<TradeChartTrade, 'openedAt' | 'closedAt'>, v: { min: number; max: number }): [number, number] {
  const lo = Math.min(v.min, trade.openedAt)
  const hi = Math.max(v.max, trade.closedAt)
  const widen = Math.max(0, MIN_SPAN_MS - (hi - lo)) / 2
  return [lo - widen, hi + widen]
}

/** The trade's own chart: closes of its candles, a line at the entry, the exit and the planned stop. */
export function tradeChartOption(trade: TradeChartTrade, candles: readonly ChartCandle[], colors: TradeChartColors): TradeChartOption {
  const line = (name: string, value: string, color: string) => ({
    name,
    yAxis: Number(value),
    lineStyle: { color, type: 'dashed' as const },
    label: { formatter: `${name} ${value}`, color: colors.text, position: 'insideEndTop' as const },
  })
  const marks = [
    line('Entry', trade.entry, colors.line),
    line('Exit', trade.exit, Number(trade.net) >= 0 ? colors.up : colors.down),
    ...(trade.stop !== null ? [line('Stop', trade.stop, colors.warn)] : []),
  ]
  const data = candles.map((c) => [c.time * 1000, c.close])
  const at = (ms: number, value: string, name: string) => ({ coord: [ms, Number(value)], name, value: name })
  // a stop the price never reached is still drawn
  const levels = [trade.entry, trade.exit, ...(trade.stop !== null ? [trade.stop] : [])].map(Number)
  const pad = (lo: number, hi: number) => (hi - lo) * 0.08 || Math.abs(hi) * 0.001
  return {
    animation: false,
    grid: { left: 64, right: 12, top: 28, bottom: 24 }, // top: room for the Out or In pin at the highest level
    tooltip: { trigger: 'axis' },
    // both axes hold the trade itself, not only the candles: its entry and exit times, its levels
    // and at least a minute (the candles' step): a trade of under a second is not drawn on an axis of milliseconds
    xAxis: {
      type: 'time',
      min: (v: { min: number; max: number }) => timeSpan(trade, v)[0],
      max: (v: { min: number; max: number }) => timeSpan(trade, v)[1],
      axisLabel: { color: colors.text, hideOverlap: true },
    },
    yAxis: {
      type: 'value',
      scale: true,
      min: (v: { min: number; max: number }) => Math.min(v.min, ...levels) - pad(Math.min(v.min, ...levels), Math.max(v.max, ...levels)),
      max: (v: { min: number; max: number }) => Math.max(v.max, ...levels) + pad(Math.min(v.min, ...levels), Math.max(v.max, ...levels)),
      axisLabel: { color: colors.text, showMinLabel: false, showMaxLabel: false },
    },
    series: [
      {
        type: 'line',
        name: trade.pair.replace('_', '/'),
        data,
        showSymbol: false,
        lineStyle: { color: colors.text, width: 1 },
        markLine: { symbol: 'none', silent: true, data: marks },
        markPoint: { symbolSize: 30, itemStyle: { color: colors.line }, label: { fontSize: 9, color: '#fff' }, data: [at(trade.openedAt, trade.entry, 'In'), at(trade.closedAt, trade.exit, 'Out')] },
      },
    ],
  }
}

/** The chart's words: what it shows, for a screen reader and a picture's alt text (`candles` null: its candles, uncounted). */
export function tradeChartText(trade: TradeChartTrade, candles: readonly unknown[] | null): string {
  const stop = trade.stop !== null ? `, the planned stop at ${trade.stop}` : ', no planned stop'
  const span = candles === null ? 'its candles' : candles.length > 0 ? `${candles.length} candles` : 'no candles'
  return `${trade.pair.replace('_', '/')}: ${span} around the trade; bought at ${trade.entry} on average, out at ${trade.exit}${stop}; lowest ${trade.low ?? '—'}, highest ${trade.high ?? '—'} while open.`
}
