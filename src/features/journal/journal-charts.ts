// The Journal tab's charts as ECharts options, each with its words (the chart's text alternative):
// the closed-trade equity in R and the histogram of R; one trade's chart is the domain's
// (`@domain/journal/trade-chart.ts`, which the core's saved picture draws too), in the colours here. Pure.
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts'
import type { ComposeOption } from 'echarts/core'
import type { GridComponentOption, MarkLineComponentOption, MarkPointComponentOption, TooltipComponentOption } from 'echarts/components'
import type { JournalEntry } from '@domain/api/api'
import type { TradeChartColors } from '@domain/journal/trade-chart'
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

/** The colours the trade's chart (`@domain/journal/trade-chart.ts`) is drawn in here, its words in the theme's `text`. */
export const tradeChartColors = (text: string): TradeChartColors => ({ text, line: LINE_COLOR, up: UP_COLOR, down: DOWN_COLOR, warn: WARN_COLOR })
