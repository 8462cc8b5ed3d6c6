// The Journal tab's three charts as ECharts options, each with its words (the chart's text
// alternative): the closed-trade equity in R, the histogram of R, and one trade's chart — its
// candles' closes with the entry, the exit and the planned stop marked. Pure.
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts'
import type { ComposeOption } from 'echarts/core'
import type { GridComponentOption, MarkLineComponentOption, MarkPointComponentOption, TooltipComponentOption } from 'echarts/components'
import type { JournalEntry } from '@domain/api/api'
import type { Candle } from '@domain/wire/wire'
import { equityCurveR, histogramR } from '@domain/journal/stats'
import { formatAmount } from '@/lib/format'
import { DOWN_COLOR, UP_COLOR, WARN_COLOR } from '@/styles/colors'
import { rText } from './journal-view'

export type JournalOption = ComposeOption<LineSeriesOption | BarSeriesOption | GridComponentOption | TooltipComponentOption | MarkLineComponentOption | MarkPointComponentOption>

const LINE_COLOR = '#5b8ff9'

export type EquityPoints = ReturnType<typeof equityCurveR>
export type HistogramBins = ReturnType<typeof histogramR>

/** What the two charts draw, computed once for both the chart and its words. */
export const chartData = (trades: readonly JournalEntry[]): { points: EquityPoints; bins: HistogramBins } => ({ points: equityCurveR(trades), bins: histogramR(trades) })

export function equityROption(points: EquityPoints, textColor: string, animate: boolean): JournalOption {
  return {
    animation: animate,
    grid: { left: 44, right: 12, top: 12, bottom: 24 },
    tooltip: { trigger: 'axis', valueFormatter: (v) => `${formatAmount(Number(v), 2)} R` },
    xAxis: { type: 'category', data: points.map((_, i) => String(i + 1)), axisLabel: { color: textColor } },
    yAxis: { type: 'value', scale: true, axisLabel: { color: textColor, formatter: (v: number) => `${v} R` } },
    series: [{ type: 'line', name: 'Equity in R', data: points.map((p) => Number(p.total)), showSymbol: points.length <= 60, lineStyle: { color: LINE_COLOR }, itemStyle: { color: LINE_COLOR } }],
  }
}

export function equityRText(points: EquityPoints): string {
  if (points.length === 0) return 'No trade with a planned stop: no equity in R to draw.'
  const low = points.reduce((m, p) => Math.min(m, Number(p.total)), 0)
  const high = points.reduce((m, p) => Math.max(m, Number(p.total)), 0)
  return `Equity in R over ${points.length} trades: ends at ${rText(points.at(-1)!.total)}, lowest ${rText(String(low))}, highest ${rText(String(high))}.`
}

export function histogramOption(bins: HistogramBins, textColor: string, animate: boolean): JournalOption {
  return {
    animation: animate,
    grid: { left: 36, right: 12, top: 12, bottom: 24 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: bins.map((b) => `${b.from}…${b.to}`), axisLabel: { color: textColor } },
    yAxis: { type: 'value', minInterval: 1, axisLabel: { color: textColor } },
    series: [{ type: 'bar', name: 'Trades', data: bins.map((b) => ({ value: b.count, itemStyle: { color: Number(b.to) <= 0 ? DOWN_COLOR : UP_COLOR } })) }],
  }
}

export function histogramText(all: HistogramBins): string {
  const bins = all.filter((b) => b.count > 0)
  if (bins.length === 0) return 'No trade with a planned stop: no R to count.'
  return `Trades by R, in steps of 0.5 R: ${bins.map((b) => `${b.count} from ${b.from} to ${b.to} R`).join('; ')}.`
}

/** The trade's own chart: closes of its candles, a line at the entry, the exit and the planned stop. */
export function tradeOption(trade: JournalEntry, candles: readonly Candle[], textColor: string): JournalOption {
  const line = (name: string, value: string, color: string) => ({
    name,
    yAxis: Number(value),
    lineStyle: { color, type: 'dashed' as const },
    label: { formatter: `${name} ${value}`, color: textColor, position: 'insideEndTop' as const },
  })
  const marks = [
    line('Entry', trade.entry, LINE_COLOR),
    line('Exit', trade.exit, Number(trade.net) >= 0 ? UP_COLOR : DOWN_COLOR),
    ...(trade.stop !== null ? [line('Stop', trade.stop, WARN_COLOR)] : []),
  ]
  const data = candles.map((c) => [c.time * 1000, c.close])
  const at = (ms: number, value: string, name: string) => ({ coord: [ms, Number(value)], name, value: name })
  // a stop the price never reached is still drawn
  const levels = [trade.entry, trade.exit, ...(trade.stop !== null ? [trade.stop] : [])].map(Number)
  const pad = (lo: number, hi: number) => (hi - lo) * 0.08 || Math.abs(hi) * 0.001
  return {
    animation: false,
    grid: { left: 64, right: 12, top: 12, bottom: 24 },
    tooltip: { trigger: 'axis' },
    // both axes hold the trade itself, not only the candles: its entry and exit times, its levels
    xAxis: {
      type: 'time',
      min: (v: { min: number }) => Math.min(v.min, trade.openedAt),
      max: (v: { max: number }) => Math.max(v.max, trade.closedAt),
      axisLabel: { color: textColor },
    },
    yAxis: {
      type: 'value',
      scale: true,
      min: (v: { min: number; max: number }) => Math.min(v.min, ...levels) - pad(Math.min(v.min, ...levels), Math.max(v.max, ...levels)),
      max: (v: { min: number; max: number }) => Math.max(v.max, ...levels) + pad(Math.min(v.min, ...levels), Math.max(v.max, ...levels)),
      axisLabel: { color: textColor, showMinLabel: false, showMaxLabel: false },
    },
    series: [
      {
        type: 'line',
        name: trade.pair.replace('_', '/'),
        data,
        showSymbol: false,
        lineStyle: { color: textColor, width: 1 },
        markLine: { symbol: 'none', silent: true, data: marks },
        markPoint: { symbolSize: 30, itemStyle: { color: LINE_COLOR }, label: { fontSize: 9, color: '#fff' }, data: [at(trade.openedAt, trade.entry, 'In'), at(trade.closedAt, trade.exit, 'Out')] },
      },
    ],
  }
}

export function tradeChartText(trade: JournalEntry, candles: readonly Candle[]): string {
  const stop = trade.stop !== null ? `, the planned stop at ${trade.stop}` : ', no planned stop'
  const span = candles.length > 0 ? `${candles.length} one-minute candles` : 'no candles'
  return `${trade.pair.replace('_', '/')}: ${span} around the trade; bought at ${trade.entry} on average, out at ${trade.exit}${stop}; lowest ${trade.low ?? '—'}, highest ${trade.high ?? '—'} while open.`
}
