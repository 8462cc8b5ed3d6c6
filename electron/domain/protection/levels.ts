// The trader changes a live position's levels: its stop, a waiting target's price, or a pending LIMIT
// entry's price while nothing of it has filled (dragged on the chart, or typed on the position's card). Before anything filled, the protect form's rules
// (protect-plan.ts): a long's stop below the entry, its targets above it. Once open, against where the
// market is now too: a long's stop below the last price, its targets above it and the entry; a short's
// the other way. A level that would be crossed the moment it is set is refused, never acted on. The reducer (step.ts) applies a change that passes;
// reconcile then moves the exchange's stop by cancel → confirmed → place, as for any stop that no
// longer fits, so two stops never rest at once; and the entry by cancel → confirmed with nothing
// filled → one new LIMIT at the new price (reconcile.ts), so two entries never rest at once.
import { Decimal } from '../decimal'
import type { Dec } from '../wire/wire'
import { entryLeg } from './legs'
import type { Position } from './types'

export interface LevelsChange {
  /** A pending LIMIT entry's new price (nothing of it filled yet). */
  entry?: Dec
  /** The stop's new trigger; its limit keeps its distance (the position's limitOffset). */
  stop?: Dec
  /** Waiting targets' new prices, by index in `targets`. */
  targets?: { index: number; price: Dec }[]
}

export interface LevelsProblem {
  field: 'entry' | 'stop' | 'targets' | 'position'
  message: string
}

const problem = (field: LevelsProblem['field'], message: string): LevelsProblem => ({ field, message })

/** Why `change` cannot be made to `p` with the last price at `last`; null when it can. */
export function levelsProblem(p: Position, change: LevelsChange, last: Dec): LevelsProblem | null {
  if (p.state !== 'pending' && p.state !== 'open') return problem('position', `Position ${p.id} is ${p.state}: its levels no longer change`)
  if (p.closing !== null) return problem('position', `Position ${p.id} is being closed: its levels no longer change`)
  if (change.entry === undefined && change.stop === undefined && (change.targets ?? []).length === 0) return problem('position', 'Say what changes: the entry, the stop or a target')
  const long = p.side === 'BUY'
  const price = new Decimal(last)
  const pending = p.state === 'pending'
  const places = (field: LevelsProblem['field'], what: string, value: Dec): LevelsProblem | null => {
    const v = new Decimal(value)
    if (!v.isFinite() || v.lte(0)) return problem(field, `${what} must be above 0`)
    if (v.decimalPlaces() > p.pricePrecision) return problem(field, `${what} has at most ${p.pricePrecision} decimal places`)
    return null
  }
  if (change.entry !== undefined) {
    const wrong = entryProblem(p) ?? places('entry', 'The entry', change.entry)
    if (wrong) return wrong
    if (long ? price.lte(change.entry) : price.gte(change.entry)) {
      return problem(
        'entry',
        `A ${long ? 'long' : 'short'}’s LIMIT entry must be ${long ? 'below' : 'above'} the last price (${price.toFixed()}): at or ${long ? 'above' : 'below'} it, it would fill at once as a taker`,
      )
    }
  }
  const entry = new Decimal(change.entry ?? p.entryPrice)
  // a moved entry keeps the plan whole: the stop (moved or not) on the loss side, every waiting target on the gain side
  if (change.entry !== undefined) {
    const stop = change.stop === undefined ? p.stop?.price : undefined // a moved stop is checked against the new entry below
    if (stop !== undefined && (long ? entry.lte(stop) : entry.gte(stop))) return problem('entry', `A ${long ? 'long' : 'short'}’s entry must be ${long ? 'above' : 'below'} its stop (${stop})`)
    const moved = new Set((change.targets ?? []).map((t) => t.index))
    const index = p.targets.findIndex((t, i) => t.state === 'waiting' && !moved.has(i) && (long ? entry.gte(t.price) : entry.lte(t.price)))
    if (index >= 0) return problem('entry', `A ${long ? 'long' : 'short'}’s entry must be ${long ? 'below' : 'above'} its targets (target ${index + 1} at ${p.targets[index]!.price})`)
  }
  if (change.stop !== undefined) {
    if (p.stop === null) return problem('stop', `Position ${p.id} has no stop to move`)
    const wrong = places('stop', 'The stop', change.stop)
    if (wrong) return wrong
    const stop = new Decimal(change.stop)
    if (!pending && (long ? stop.gte(price) : stop.lte(price))) return problem('stop', `A ${long ? 'long' : 'short'}’s stop must be ${long ? 'below' : 'above'} the last price (${price.toFixed()})`)
    if (pending && (long ? stop.gte(entry) : stop.lte(entry))) return problem('stop', `A ${long ? 'long' : 'short'}’s stop must be ${long ? 'below' : 'above'} the entry (${entry.toFixed()})`)
  }
  const seen = new Set<number>()
  for (const t of change.targets ?? []) {
    const target = p.targets[t.index]
    const name = `Target ${t.index + 1}`
    if (target === undefined) return problem('targets', `Position ${p.id} has no target ${t.index + 1}`)
    if (seen.has(t.index)) return problem('targets', `${name} is given twice`)
    seen.add(t.index)
    if (target.state !== 'waiting') return problem('targets', `${name} is reached already: it no longer moves`)
    const wrong = places('targets', `${name}’s price`, t.price)
    if (wrong) return wrong
    const at = new Decimal(t.price)
    const beyond = (level: Decimal) => (long ? at.gt(level) : at.lt(level))
    if (!pending && !beyond(price)) return problem('targets', `${name} must be ${long ? 'above' : 'below'} the last price (${price.toFixed()})`)
    if (!beyond(entry)) return problem('targets', `${name} must be ${long ? 'above' : 'below'} the entry (${entry.toFixed()})`)
  }
  return null
}

/** Whether the trader may move `p`'s entry now: a pending LIMIT entry nothing of which has filled. */
export const entryMovable = (p: Position): boolean => p.closing === null && entryProblem(p) === null

/** Why a pending position's entry cannot move at all (before its new price is looked at); null when it can. */
function entryProblem(p: Position): LevelsProblem | null {
  const entry = entryLeg(p)
  if (p.state !== 'pending' || new Decimal(p.filled).gt(0) || (entry !== null && new Decimal(entry.filled).gt(0))) {
    return problem('entry', 'The entry has partly filled: it can no longer move; close or cancel instead')
  }
  if (entry === null || entry.type !== 'LIMIT') return problem('entry', `Only a LIMIT entry moves; this one is ${entry?.type ?? 'not an order'}`)
  return null
}

/** Sets the new levels on `p` (already checked by levelsProblem); a new entry price is placed by reconcile. */
export function applyLevels(p: Position, change: LevelsChange): void {
  if (change.entry !== undefined) p.entryPrice = new Decimal(change.entry).toFixed()
  if (change.stop !== undefined && p.stop !== null) p.stop.price = new Decimal(change.stop).toFixed()
  for (const t of change.targets ?? []) {
    const target = p.targets[t.index]
    if (target !== undefined) target.price = new Decimal(t.price).toFixed()
  }
}
