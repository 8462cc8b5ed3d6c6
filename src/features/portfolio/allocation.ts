// The allocation chart's data and words: each account's share of the portfolio's total, largest first.
// Accounts worth nothing (or only unpriced holdings) have no slice; the words say so, so the text
// alternative a screen reader reads holds exactly what the slices show.
import type { PieSeriesOption } from 'echarts/charts'
import type { ComposeOption } from 'echarts/core'
import type { TooltipComponentOption } from 'echarts/components'
import { Decimal } from '@domain/decimal'
import type { Portfolio } from '@domain/portfolio/portfolio'
import { formatExact } from '@/lib/format'
import { accountLabel, spansExchanges } from '@/lib/account-label'

export interface Slice {
  key: string
  name: string
  value: string
  share: string
  color: string
}

/** The slices' colours, in order; the legend beside the ring uses the same. */
export const PALETTE = ['#5b8ff9', '#b5d33d', '#f6903d', '#36cfc9', '#9270ca', '#e86452', '#6dc8ec', '#ff99c3', '#1e9493', '#bfbfbf']

export function slicesOf(portfolio: Portfolio): Slice[] {
  const many = spansExchanges(portfolio.accounts)
  return portfolio.accounts
    .filter((a) => new Decimal(a.value).gt(0) && a.share !== null)
    .sort((a, b) => new Decimal(b.value).comparedTo(a.value))
    .map((a, i) => ({ key: `${a.exchange ?? ''}|${a.id}`, name: accountLabel(a, many), value: a.value, share: a.share!, color: PALETTE[i % PALETTE.length]! }))
}

/** What the chart shows, as a sentence: "master (#1) 86.3 %, sub (#2) 13.7 % of 36,500 USDT". */
export function allocationText(portfolio: Portfolio): string {
  const slices = slicesOf(portfolio)
  if (slices.length === 0) return `Nothing priced in ${portfolio.quote} to allocate.`
  return `Allocation of ${formatExact(portfolio.total)} ${portfolio.quote}: ${slices.map((s) => `${s.name} ${formatExact(s.share)} %`).join(', ')}.`
}

export type AllocationOption = ComposeOption<PieSeriesOption | TooltipComponentOption>

export function allocationOption(portfolio: Portfolio, animate: boolean): AllocationOption {
  const slices = slicesOf(portfolio)
  // The slices' sizes are drawn from floating point; the words (the tooltip, the legend beside the
  // ring) are the exact shares the core computed.
  const shareOf = new Map(slices.map((s) => [s.name, s.share]))
  return {
    color: slices.map((s) => s.color),
    animation: animate,
    tooltip: { trigger: 'item', formatter: (p) => `${(p as { name: string }).name}: ${formatExact(shareOf.get((p as { name: string }).name) ?? '0')} %` },
    series: [
      {
        type: 'pie',
        radius: ['45%', '85%'],
        label: { show: false },
        data: slices.map((s) => ({ name: s.name, value: Number(s.value) })),
      },
    ],
  }
}
