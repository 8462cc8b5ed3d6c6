// The equity chart's lines: one per account, and the overall total where every account has a point of
// the same minute (the recorder values them all in one round). A point that left holdings out for
// want of a price is marked, and so is one rebuilt rather than recorded.
import type { LineSeriesOption } from 'echarts/charts'
import type { ComposeOption } from 'echarts/core'
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import { Decimal } from '@domain/decimal'
import type { EquitySeries } from '@domain/all-accounts'
import { PALETTE } from './allocation'

export interface EquityLine {
  name: string
  points: [number, string][]
  /** Points that leave holdings out for want of a price. */
  partial: number
}

export function equityLines(series: readonly EquitySeries[]): EquityLine[] {
  const lines: EquityLine[] = series
    .filter((s) => s.points.length > 0)
    .map((s) => ({ name: `${s.name} (#${s.accountId})`, points: s.points.map((p) => [p.t, p.value]), partial: s.points.filter((p) => p.unpriced).length }))
  if (lines.length < 2) return lines
  const byTime = new Map<number, { sum: Decimal; count: number }>()
  for (const line of lines) for (const [t, v] of line.points) byTime.set(t, { sum: (byTime.get(t)?.sum ?? new Decimal(0)).plus(v), count: (byTime.get(t)?.count ?? 0) + 1 })
  const total: [number, string][] = [...byTime.entries()]
    .filter(([, x]) => x.count === lines.length)
    .sort(([a], [b]) => a - b)
    .map(([t, x]) => [t, x.sum.toFixed()])
  return [{ name: 'All accounts', points: total, partial: lines.reduce((n, l) => n + l.partial, 0) }, ...lines]
}

/** In words, for the chart's text alternative: each line's first and last value. */
export function equityText(lines: readonly EquityLine[], quote: string): string {
  if (lines.length === 0) return 'No equity recorded yet: a point is recorded each minute while the terminal runs.'
  return lines.map((l) => `${l.name}: ${l.points.length} points, from ${l.points[0]?.[1] ?? '—'} to ${l.points.at(-1)?.[1] ?? '—'} ${quote}`).join('; ')
}

export type EquityOption = ComposeOption<LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>

export function equityOption(lines: readonly EquityLine[], textColor: string, animate: boolean): EquityOption {
  return {
    animation: animate,
    color: PALETTE,
    grid: { left: 70, right: 12, top: 28, bottom: 24 },
    legend: { textStyle: { color: textColor }, top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time', axisLabel: { color: textColor } },
    yAxis: { type: 'value', scale: true, axisLabel: { color: textColor } },
    series: lines.map((l) => ({ type: 'line', name: l.name, showSymbol: false, data: l.points.map(([t, v]) => [t, Number(v)]) })),
  }
}
