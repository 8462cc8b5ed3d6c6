// The Journal tab's words and figures: each trade's R, P&L, duration and exit as the trader reads
// them (a sign and a word beside every colour), the statistics as label and value, and the rows'
// sort keys. Pure: the components only lay these out.
import { Decimal } from '@domain/decimal'
import type { JournalEntry, JournalStats } from '@domain/api/api'
import type { ExitReason } from '@domain/journal/types'
import { decimalsOf, formatAmount, formatExact } from '@/lib/format'
import { withSign } from '@/lib/direction'

export const EXIT_WORDS: Readonly<Record<ExitReason, string>> = {
  target: 'at its target',
  stop: 'stopped out',
  fallback: 'stop gapped: sold by the fallback',
  manual: 'closed by hand',
  unknown: 'not known',
}

export const WEEKDAYS = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const

/** An R as read: signed, two places, "R" after it; none: "—". */
export function rText(r: string | null): string {
  return r === null ? '—' : `${withSign(formatAmount(r, 2))} R`
}

/** A money figure to `places` (the pair's price places): exact when it has no more, else rounded and marked ≈. */
export function moneyText(value: string | null, places: number, signed = false): { text: string; title: string | undefined } {
  if (value === null) return { text: '—', title: undefined }
  const exact = decimalsOf(value) <= places
  const text = exact ? formatExact(value, Math.min(places, 2)) : `≈ ${formatAmount(value, places)}`
  return { text: signed ? withSign(text) : text, title: exact ? undefined : `Exactly ${value}` }
}

/** How long a trade lasted: "45 s", "12 min", "3 h 05 min", "2 d 4 h". */
export function durationText(ms: number): string {
  const s = Math.round(ms / 1000)
  if (s < 60) return `${s} s`
  const min = Math.floor(s / 60)
  if (min < 60) return `${min} min`
  const h = Math.floor(min / 60)
  if (h < 24) return `${h} h ${String(min % 60).padStart(2, '0')} min`
  return `${Math.floor(h / 24)} d ${h % 24} h`
}

/** Why a trade has no R, in the row's words. */
export const noRWhy = (e: JournalEntry): string => e.incomplete ?? e.rNote ?? ''

/** A sort key of an R (or money) column: trades without one after all that have one, whichever the order. */
export function compareNullableDecimal(a: string | null, b: string | null): number {
  if (a === null || b === null) return a === b ? 0 : a === null ? 1 : -1
  return new Decimal(a).cmp(b)
}

export interface StatLine {
  key: keyof JournalStats
  label: string
  value: string
}

const ratioText = (v: string | null, suffix = ''): string => (v === null ? '—' : `${formatAmount(v, 2)}${suffix}`)
const percentText = (v: string | null): string => (v === null ? '—' : `${formatAmount(new Decimal(v).times(100), 1)} %`)

/** The statistics as the tab lists them; money in the quote currency when the trades share one. */
export function statLines(s: JournalStats, quote: string): StatLine[] {
  const money = (v: string | null) => (v === null ? '—' : `${withSign(formatAmount(v, 2))}${quote ? ` ${quote}` : ''}`)
  return [
    { key: 'count', label: 'Trades', value: String(s.count) },
    { key: 'winRate', label: 'Win rate', value: s.count === 0 ? '—' : `${percentText(s.winRate)} (${s.wins} won, ${s.losses} lost)` },
    { key: 'averageWin', label: 'Average win', value: `${money(s.averageWin)} · ${rText(s.averageWinR)}` },
    { key: 'averageLoss', label: 'Average loss', value: `${money(s.averageLoss)} · ${rText(s.averageLossR)}` },
    { key: 'expectancyR', label: 'Expectancy', value: `${rText(s.expectancyR)}${s.rCount < s.count ? ` (over the ${s.rCount} with a stop)` : ''} · ${money(s.expectancy)}` },
    { key: 'profitFactor', label: 'Profit factor', value: ratioText(s.profitFactor) },
    { key: 'largestWin', label: 'Largest win', value: money(s.largestWin) },
    { key: 'largestLoss', label: 'Largest loss', value: money(s.largestLoss) },
    { key: 'maxDrawdown', label: 'Max drawdown', value: `${money(s.maxDrawdown === '0' ? '0' : `-${s.maxDrawdown}`)} · ${rText(s.maxDrawdownR === '0' ? '0' : `-${s.maxDrawdownR}`)}` },
    { key: 'averageMaeWinnersR', label: 'Average MAE of the winners', value: s.averageMaeWinnersR === null ? '—' : `${formatAmount(s.averageMaeWinnersR, 2)} R` },
  ]
}

/** The quote currency the trades' money is in, when they all share one ('' when they do not: no unit is said). */
export function quoteOf(trades: readonly JournalEntry[]): string {
  const quotes = new Set(trades.map((t) => t.pair.split('_')[1] ?? ''))
  return quotes.size === 1 ? [...quotes][0]! : ''
}

/** One trade in a sentence, for its row's and card's accessible name. */
export function tradeWords(e: JournalEntry, when: (ms: number) => string): string {
  const r = e.r === null ? `no R: ${noRWhy(e)}` : rText(e.r)
  return `${e.pair.replace('_', '/')} ${e.side === 'BUY' ? 'long' : 'short'}, opened ${when(e.openedAt)}, ${EXIT_WORDS[e.exitReason]}, ${r}`
}
