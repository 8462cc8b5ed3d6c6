// An algorithm's progress as a trader reads it (the CLI's `algos`, the window's card): filled, the
// average, what remains, the next slice and when, and the slippage against the arrival price.
import { Decimal } from '../decimal'
import { averageOf, filledOf, liveSlices, remainingOf } from './slices'
import type { Algo } from './types'

export interface AlgoProgress {
  filled: string
  /** The fills' average (each at its slice's limit, or the touch a market slice went out at); null before any fill. */
  average: string | null
  remaining: string
  /** What rests at the exchange now (the live slices' unfilled part). */
  resting: string
  /** The next slice: when (ms, TWAP's slot) and its amount as planned; null when none is planned. */
  next: { at: number | null; amount: string | null } | null
  /** The average against the arrival price, in percent; positive is worse for the trader (a buy dearer, a sell cheaper). */
  slippagePct: string | null
}

const restingOf = (a: Algo): Decimal => liveSlices(a).reduce((sum, s) => sum.plus(new Decimal(s.amount).minus(s.filled)), new Decimal(0))

function nextOf(a: Algo): AlgoProgress['next'] {
  if (a.state === 'done' || a.state === 'cancelled') return null
  const s = a.spec
  if (s.kind === 'twap') {
    const now = a.market?.at ?? a.startAt
    const i = a.plan.findIndex((p) => p.at! > now)
    if (i < 0) return { at: a.startAt + s.durationMs, amount: null }
    const before = i === 0 ? new Decimal(0) : new Decimal(a.plan[i - 1]!.amount)
    return { at: a.plan[i]!.at, amount: Decimal.max(new Decimal(a.plan[i]!.amount).minus(Decimal.max(before, filledOf(a))), 0).toFixed() }
  }
  if (s.kind === 'iceberg') return { at: null, amount: Decimal.min(new Decimal(s.slice), remainingOf(a).minus(restingOf(a))).toFixed() }
  return null
}

export function progressOf(a: Algo): AlgoProgress {
  const average = averageOf(a)
  const arrival = a.arrivalPrice === null ? null : new Decimal(a.arrivalPrice)
  const sign = a.side === 'BUY' ? 1 : -1
  const slippage =
    average !== null && arrival !== null && arrival.gt(0)
      ? average
          .minus(arrival)
          .div(arrival)
          .times(100 * sign)
          .toDecimalPlaces(3)
      : null
  const resting = restingOf(a)
  const next = nextOf(a)
  return {
    filled: filledOf(a).toFixed(),
    average: average?.toFixed() ?? null,
    remaining: remainingOf(a).toFixed(),
    resting: resting.toFixed(),
    next: next !== null && next.amount !== null && new Decimal(next.amount).lte(0) ? { at: next.at, amount: null } : next,
    slippagePct: slippage?.toFixed() ?? null,
  }
}

const KIND_WORDS: Record<Algo['kind'], string> = { twap: 'TWAP', iceberg: 'iceberg', scaled: 'scaled', chase: 'chase' }

/**
 * The running algorithms in words, one line each: what only the running terminal carries on (a
 * TWAP's next slot, an iceberg's next slice, a chase's next move). Closing the window asks first
 * while there is one. A paused one sends nothing by itself and is not named.
 */
export function runningAlgosInWords(algos: readonly Algo[]): string[] {
  return algos.filter((a) => a.state === 'running').map((a) => `${a.pair} ${KIND_WORDS[a.kind]} ${a.side === 'BUY' ? 'buy' : 'sell'}: ${remainingOf(a).toFixed()} ${a.rules.currency1} not filled yet`)
}
