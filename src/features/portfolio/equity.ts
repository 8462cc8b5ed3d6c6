// The equity chart's lines: one per account, and the overall total where every account has a point of
// the same minute (the recorder values them all in one round). A point that left holdings out for
// want of a price is marked, and so is one rebuilt rather than recorded.
import type { LineSeriesOption } from 'echarts/charts'
import type { ComposeOption } from 'echarts/core'
import type { GridComponentOption, LegendComponentOption, TooltipComponentOption } from 'echarts/components'
import { Decimal } from '@domain/decimal'
import type { EquitySeries } from '@domain/portfolio/all-accounts'
import { PALETTE } from './allocation'

/** A point: time (ms), value, and true when rebuilt from wallet activity rather than recorded. */
export type LinePoint = [number, string, boolean?]

export interface EquityLine {
  name: string
  points: LinePoint[]
  /** Points that leave holdings out for want of a price. */
  partial: number
  /** Points rebuilt from wallet activity (they come before the recorded ones). */
  rebuilt: number
}

export const REBUILT_WORDS = 'rebuilt from wallet activity'

export function equityLines(series: readonly EquitySeries[]): EquityLine[] {
  const lines: EquityLine[] = series
    .filter((s) => s.points.length > 0)
    .map((s) => ({
      name: `${s.name} (#${s.accountId})`,
      points: s.points.map((p): LinePoint => (p.rebuilt ? [p.t, p.value, true] : [p.t, p.value])),
      partial: s.points.filter((p) => p.unpriced).length,
      rebuilt: s.points.filter((p) => p.rebuilt).length,
    }))
  if (lines.length < 2) return lines
  const byTime = new Map<number, { sum: Decimal; count: number; rebuilt: boolean }>()
  for (const line of lines) {
    for (const [t, v, rebuilt] of line.points) {
      const was = byTime.get(t)
      byTime.set(t, { sum: (was?.sum ?? new Decimal(0)).plus(v), count: (was?.count ?? 0) + 1, rebuilt: Boolean(was?.rebuilt || rebuilt) })
    }
  }
  // A total with any rebuilt part is rebuilt.
  const total: LinePoint[] = [...byTime.entries()]
    .filter(([, x]) => x.count === lines.length)
    .sort(([a], [b]) => a - b)
    .map(([t, x]) => (x.rebuilt ? [t, x.sum.toFixed(), true] : [t, x.sum.toFixed()]))
  const all = { name: 'All accounts', points: total, partial: lines.reduce((n, l) => n + l.partial, 0), rebuilt: total.filter((p) => p[2]).length }
  return [all, ...lines]
}

/** In words, for the chart's text alternative: each line's first and last value, and what was rebuilt. */
export function equityText(lines: readonly EquityLine[], quote: string): string {
  if (lines.length === 0) return 'No equity recorded yet: a point is recorded each minute while the terminal runs.'
  const part = (l: EquityLine) => (l.rebuilt > 0 ? ` (the first ${l.rebuilt} ${REBUILT_WORDS}, drawn dashed)` : '')
  return lines.map((l) => `${l.name}: ${l.points.length} points${part(l)}, from ${l.points[0]?.[1] ?? '—'} to ${l.points.at(-1)?.[1] ?? '—'} ${quote}`).join('; ')
}

export type EquityOption = ComposeOption<LineSeriesOption | GridComponentOption | LegendComponentOption | TooltipComponentOption>

export function equityOption(lines: readonly EquityLine[], textColor: string, animate: boolean): EquityOption {
  return {
    animation: animate,
    color: PALETTE,
    grid: { left: 70, right: 12, top: 28, bottom: 24 },
    // One line that scrolls: a wrapped legend would run into the plot (each rebuilt part has an entry of its own).
    legend: { type: 'scroll', textStyle: { color: textColor }, pageTextStyle: { color: textColor }, top: 0 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'time', axisLabel: { color: textColor } },
    yAxis: { type: 'value', scale: true, axisLabel: { color: textColor } },
    series: lines.flatMap((l, i) => seriesOf(l, PALETTE[i % PALETTE.length]!)),
  }
}

/**
 * A line's recorded part, solid, and before it the part rebuilt from wallet activity, dashed and
 * lighter, under a legend entry of its own that says so; the dashed part runs on to the first
 * recorded point so the line has no gap.
 */
function seriesOf(line: EquityLine, color: string): LineSeriesOption[] {
  const data = (points: LinePoint[]) => points.map(([t, v]) => [t, Number(v)])
  const recorded = line.points.filter((p) => !p[2])
  const solid: LineSeriesOption = { type: 'line', name: line.name, color, showSymbol: false, data: data(recorded) }
  if (line.rebuilt === 0) return [solid]
  const rebuilt = [...line.points.filter((p) => p[2]), ...recorded.slice(0, 1)]
  const dashed: LineSeriesOption = { type: 'line', name: `${line.name} · ${REBUILT_WORDS}`, color, showSymbol: false, lineStyle: { type: 'dashed', opacity: 0.6 }, data: data(rebuilt) }
  return recorded.length > 0 ? [dashed, solid] : [dashed]
}
