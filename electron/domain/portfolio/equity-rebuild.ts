// An account's equity before its first recorded point, rebuilt from the exchange's wallet activity
// (GET /accounts/activity). Backwards from today's balances: a currency's balance at time T is today's
// balance minus every movement (balance_delta) of that currency after T. Each point sits on a grid
// (a minute or an hour, see stepFor) from the first movement on, and is valued at the close of the
// candle that ends at T (the candle of [T − step, T) of the pair CUR_QUOTE, or 1 ÷ close of
// QUOTE_CUR). A currency with no pair to the quote at all is left out of every point, and the point
// counts it (`unpriced`), as a recorded point does, so the rebuilt and the recorded line agree.
// Nothing is invented: a point where a priced currency is held but its candle is missing, or where
// a rebuilt balance comes out negative (the activity does not add up to today's balances), is left
// out and counted. Before the first movement nothing is known (the exchange may keep only the last
// few thousand movements), so no point is made there. Every point is marked `rebuilt: true`.
import { Decimal } from '../decimal'
import { DAY_MS, HOUR_MS, MINUTE_MS, type EquityPoint } from './equity-series'
import { parseInstant } from '../time'
import type { Dec } from '../wire/wire'

/** How far back a rebuild reads the wallet activity. */
export const REBUILD_DAYS = 90
/** At most this many points are rebuilt (90 days by the hour). */
export const MAX_REBUILT_POINTS = REBUILD_DAYS * 24

export interface Motion {
  currency: string
  balance_delta: Dec
  date: string | number
}

/** Candle closes of one currency in the quote currency: candle start (ms) → close. */
export type Closes = ReadonlyMap<number, Dec>

export interface RebuildInput {
  quote: string
  /** Today's balance per currency (the account's wallets summed), as read at `now`. */
  balances: Readonly<Record<string, Dec>>
  motions: readonly Motion[]
  /** Per currency with a pair to the quote, the closes of its candles of `step`; absent: no pair (the quote needs none). */
  closes: Readonly<Record<string, Closes>>
  /** Points are made strictly before this time: the first recorded point's, or now. */
  until: number
  step: number
}

/** A rebuilt point; `unpriced` counts holdings with no pair to the quote, left out of its value. */
export type RebuiltPoint = EquityPoint & { rebuilt: true; unpriced?: number }

export interface RebuildResult {
  points: RebuiltPoint[]
  /** Grid times left out: a held currency had no candle there. */
  unpriced: number
  /** Grid times left out: a rebuilt balance came out negative. */
  inconsistent: number
  /** Movements whose time could not be read: none is used then (the history would be wrong). */
  unreadable: number
}

/** A minute grid when the activity spans a day or less, an hour grid otherwise. */
export function stepFor(firstMotionAt: number, until: number): number {
  return until - firstMotionAt <= DAY_MS ? MINUTE_MS : HOUR_MS
}

/** The motions' times (ms), or null where one cannot be read. */
export function motionTimes(motions: readonly Motion[]): (number | null)[] {
  return motions.map((m) => parseInstant(m.date))
}

/** The grid times of a rebuild: from the first at or after `from`, every `step`, before `until`; the newest MAX_REBUILT_POINTS. */
export function gridTimes(from: number, until: number, step: number): number[] {
  const times: number[] = []
  const first = Math.max(Math.ceil(from / step) * step, until - MAX_REBUILT_POINTS * step)
  for (let t = first; t < until; t += step) times.push(t)
  return times
}

export function rebuildEquity(input: RebuildInput): RebuildResult {
  const none: RebuildResult = { points: [], unpriced: 0, inconsistent: 0, unreadable: 0 }
  const times = motionTimes(input.motions)
  const unreadable = times.filter((t) => t === null).length
  if (unreadable > 0) return { ...none, unreadable }
  if (input.motions.length === 0) return none
  // Newest first: walking the grid backwards peels off each movement once.
  const motions = input.motions.map((m, i) => ({ currency: m.currency, delta: new Decimal(m.balance_delta), t: times[i]! })).sort((a, b) => b.t - a.t)
  const first = motions.at(-1)!.t
  const grid = gridTimes(first, input.until, input.step).reverse()
  const held = new Map<string, Decimal>(Object.entries(input.balances).map(([c, v]) => [c, new Decimal(v)]))
  const result: RebuildResult = { ...none }
  let next = 0
  for (const t of grid) {
    // Undo every movement after t: what remains is the balance at t.
    while (next < motions.length && motions[next]!.t > t) {
      const m = motions[next++]!
      held.set(m.currency, (held.get(m.currency) ?? new Decimal(0)).minus(m.delta))
    }
    const value = valueAt(held, t, input)
    if (value === 'negative') result.inconsistent++
    else if (value === null) result.unpriced++
    else result.points.push({ t, value: value.sum.toFixed(), rebuilt: true, ...(value.noPair > 0 ? { unpriced: value.noPair } : {}) })
  }
  result.points.reverse()
  return result
}

function valueAt(held: ReadonlyMap<string, Decimal>, t: number, input: RebuildInput): { sum: Decimal; noPair: number } | null | 'negative' {
  let sum = new Decimal(0)
  let noPair = 0
  for (const [currency, balance] of held) {
    if (balance.isNegative()) return 'negative'
    if (balance.isZero()) continue
    if (currency === input.quote) {
      sum = sum.plus(balance)
      continue
    }
    const closes = input.closes[currency]
    if (closes === undefined) {
      noPair++
      continue
    }
    const close = closes.get(t - input.step)
    if (close === undefined) return null
    sum = sum.plus(balance.times(close))
  }
  return { sum, noPair }
}
