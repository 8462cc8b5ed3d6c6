// The journal's statistics over the entries a filter keeps (period, pair, tag, side, the opening's
// weekday and hour). Incomplete entries are never counted: they are left out, and `excluded` says
// how many. A win is a net P&L above 0, a loss below 0 (a trade at exactly 0 is neither, but counts).
//   win rate       = wins ÷ count
//   expectancy     = mean net P&L;   expectancy R = mean R of the trades that have one (`rCount`)
//   profit factor  = sum of wins ÷ |sum of losses|
//   max drawdown   = largest fall of the cumulative net P&L (closing order, from 0) below its peak
// Sums are exact; means and ratios are divisions, given to RATIO_PLACES places.
import { Decimal } from '../decimal'
import { ratio } from './round-trips'
import type { JournalEntry, JournalFilter, JournalStats } from './types'

/** The opening's weekday and hour in the zone `offsetMinutes` east of UTC. */
export function whenOpened(openedAt: number, offsetMinutes = 0): { weekday: number; hour: number } {
  const local = new Date(openedAt + offsetMinutes * 60_000)
  return { weekday: local.getUTCDay(), hour: local.getUTCHours() }
}

export function matchesFilter(e: JournalEntry, f: JournalFilter): boolean {
  if (f.from !== undefined && e.closedAt < f.from) return false
  if (f.to !== undefined && e.closedAt >= f.to) return false
  if (f.pair !== undefined && e.pair !== f.pair) return false
  if (f.side !== undefined && e.side !== f.side) return false
  if (f.tag !== undefined && !e.tags.includes(f.tag)) return false
  if (f.weekday !== undefined || f.hour !== undefined) {
    const at = whenOpened(e.openedAt, f.utcOffsetMinutes)
    if (f.weekday !== undefined && at.weekday !== f.weekday) return false
    if (f.hour !== undefined && at.hour !== f.hour) return false
  }
  return true
}

export const filterEntries = (entries: readonly JournalEntry[], f: JournalFilter): JournalEntry[] => entries.filter((e) => matchesFilter(e, f))

const sum = (values: readonly Decimal[]): Decimal => values.reduce((s, v) => s.add(v), new Decimal(0))
const mean = (values: readonly Decimal[]): string | null => (values.length === 0 ? null : ratio(sum(values), new Decimal(values.length)))

/** The largest fall of a running sum below its peak (the peak starts at 0); 0 when it never falls. */
export function maxDrawdown(steps: readonly Decimal[]): Decimal {
  let level = new Decimal(0)
  let peak = new Decimal(0)
  let worst = new Decimal(0)
  for (const step of steps) {
    level = level.add(step)
    if (level.gt(peak)) peak = level
    const fall = peak.sub(level)
    if (fall.gt(worst)) worst = fall
  }
  return worst
}

/** The statistics of the complete entries among `entries` (any order: they are taken by closing time). */
export function journalStats(entries: readonly JournalEntry[]): JournalStats {
  // each figure read once: thousands of trades make every decimal conversion count
  const complete = entries
    .filter((e) => e.incomplete === null)
    .sort((a, b) => a.closedAt - b.closedAt)
    .map((e) => ({ net: new Decimal(e.net), r: e.r === null ? null : new Decimal(e.r), maeR: e.maeR }))
  const nets = complete.map((e) => e.net)
  const wins = complete.filter((e) => e.net.gt(0))
  const losses = complete.filter((e) => e.net.lt(0))
  const rOf = (list: readonly { r: Decimal | null }[]) => list.flatMap((e) => (e.r === null ? [] : [e.r]))
  const rs = rOf(complete)
  const winSum = sum(wins.map((e) => e.net))
  const lossSum = sum(losses.map((e) => e.net))
  const extreme = (list: readonly { net: Decimal }[], pick: (a: Decimal, b: Decimal) => boolean) =>
    list.length === 0 ? null : list.reduce((m, e) => (pick(e.net, m) ? e.net : m), list[0]!.net).toFixed()
  const maeWinners = wins.flatMap((e) => (e.maeR === null ? [] : [new Decimal(e.maeR)]))
  return {
    count: complete.length,
    wins: wins.length,
    losses: losses.length,
    winRate: complete.length === 0 ? null : ratio(new Decimal(wins.length), new Decimal(complete.length)),
    averageWin: mean(wins.map((e) => e.net)),
    averageLoss: mean(losses.map((e) => e.net)),
    averageWinR: mean(rOf(wins)),
    averageLossR: mean(rOf(losses)),
    expectancy: mean(nets),
    expectancyR: mean(rs),
    rCount: rs.length,
    profitFactor: losses.length === 0 ? null : ratio(winSum, lossSum.abs()),
    largestWin: extreme(wins, (a, b) => a.gt(b)),
    largestLoss: extreme(losses, (a, b) => a.lt(b)),
    maxDrawdown: maxDrawdown(nets).toFixed(),
    maxDrawdownR: maxDrawdown(rs).toFixed(),
    averageMaeWinnersR: mean(maeWinners),
    excluded: entries.length - complete.length,
  }
}

/** The closed-trade equity in R, in closing order: one point per complete trade with an R. */
export function equityCurveR(entries: readonly JournalEntry[]): { at: number; id: string; r: string; total: string }[] {
  let total = new Decimal(0)
  return entries
    .filter((e) => e.incomplete === null && e.r !== null)
    .sort((a, b) => a.closedAt - b.closedAt)
    .map((e) => {
      total = total.add(e.r!)
      return { at: e.closedAt, id: e.id, r: e.r!, total: total.toFixed() }
    })
}

/** How many complete trades' R fall in each bin [from, from + width), bins from the lowest to the highest. */
export function histogramR(entries: readonly JournalEntry[], width = '0.5'): { from: string; to: string; count: number }[] {
  const w = new Decimal(width)
  const counts = new Map<string, number>()
  for (const e of entries) {
    if (e.incomplete !== null || e.r === null) continue
    const key = new Decimal(e.r).div(w).floor().mul(w).toFixed()
    counts.set(key, (counts.get(key) ?? 0) + 1)
  }
  if (counts.size === 0) return []
  const keys = [...counts.keys()].map((k) => new Decimal(k))
  const bins: { from: string; to: string; count: number }[] = []
  for (let at = Decimal.min(...keys); at.lte(Decimal.max(...keys)); at = at.add(w)) bins.push({ from: at.toFixed(), to: at.add(w).toFixed(), count: counts.get(at.toFixed()) ?? 0 })
  return bins
}
