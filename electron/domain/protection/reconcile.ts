// From what a position is to what it should be: after every event the reducer (step.ts) brings the
// facts up to date, then asks here which orders to place or cancel. One rule set, whatever the event:
//
// - the exchange reserves what every resting order may sell, so the live exits together never hold
//   more than the position has (`free` below is what no live exit holds);
// - at most one stop rests; when it no longer fits (the entry filled more, the stop price moved, a
//   target needs its coins) it is cancelled first, and nothing that needs its coins is placed until
//   that cancel is confirmed; then the reached targets' sells go out, and a new stop covers the rest;
// - closing (by hand, or a stop the terminal saw go off) cancels every resting exit and the entry,
//   then sells what is left;
// - nothing is ever placed again for a leg whose outcome is unknown: it counts as live until looked up;
// - a pending LIMIT entry whose price the trader moved (nothing filled) is cancelled, and only once that
//   cancel is confirmed with nothing filled is one new entry placed at the new price: never two live.
import { Decimal } from '../decimal'
import { fallbackBehind, fallbackClose } from './gap'
import { addLeg, beyond, cancelLeg, entryLeg, exitSide, exitsOutstanding, isLive, outstanding, received, remaining } from './legs'
import type { Leg, Position, PositionAction } from './types'

/** The actions that move `p` towards what it should be; updates `p` (its legs, state) to match. */
export function reconcile(p: Position): PositionAction[] {
  if (p.state === 'closed' || p.state === 'cancelled') return []
  const actions: PositionAction[] = []
  const entry = entryLeg(p)
  const entryLive = entry !== null && isLive(entry)
  const held = remaining(p)
  if (p.state === 'pending' && new Decimal(p.filled).gt(0)) p.state = 'open'
  if (p.state === 'pending' && p.closing === null && entry !== null) {
    const moved = movedEntry(p, entry)
    if (moved !== null) return moved
  }
  if (!entryLive && held.lte(0) && !p.legs.some(isLive)) {
    finish(p)
    return actions
  }
  const push = (action: PositionAction | null): void => {
    if (action !== null) actions.push(action)
  }

  if (p.closing !== null) {
    // stop buying, take every exit off the book (and a fallback's close the market left behind), then
    // sell what no live order holds: never before the cancels are confirmed, never more than is held
    if (entryLive) push(cancelLeg(entry))
    for (const leg of p.legs) if (leg.role === 'stop' || leg.role === 'target' || fallbackBehind(p, leg)) push(cancelLeg(leg))
    const blocking = p.legs.some((l) => isLive(l) && (l.role === 'stop' || l.role === 'target'))
    const free = held.minus(exitsOutstanding(p))
    if (!blocking && free.gt(0) && p.gap?.halted === undefined) {
      if (p.closing.fallback !== undefined && p.gap) {
        const next = fallbackClose(p)
        actions.push(addLeg(p, { role: 'close', side: exitSide(p), type: next.type, amount: free, limitPrice: next.limitPrice, stopPrice: null, fallback: next.fallback }))
      } else {
        const price = beyond(p, p.closing.price, p.slippage)
        actions.push(addLeg(p, { role: 'close', side: exitSide(p), type: 'LIMIT', amount: free, limitPrice: price, stopPrice: null }))
      }
    }
    return actions
  }

  const stopLeg = p.legs.find((l) => l.role === 'stop' && isLive(l)) ?? null
  const reached = p.targets.map((t, index) => ({ t, index })).filter(({ t }) => t.state === 'reached')
  if (stopLeg !== null) {
    const others = exitsOutstanding(p, (l) => l === stopLeg)
    const fits = reached.length === 0 && p.protection === 'exchange' && p.stop !== null && stopLeg.stopPrice === p.stop.price && outstanding(stopLeg).eq(held.minus(others))
    // placing, cancelling or unknown: wait for its answer; resting and no longer fitting: cancel it
    if (!fits) push(cancelLeg(stopLeg))
    return actions
  }

  let free = held.minus(exitsOutstanding(p))
  for (const { t, index } of reached) {
    const amount = Decimal.min(targetAmount(p, index), free)
    t.state = 'done'
    if (amount.lte(0)) continue
    const price = beyond(p, t.price, p.slippage)
    actions.push(addLeg(p, { role: 'target', side: exitSide(p), type: 'LIMIT', amount, limitPrice: price, stopPrice: null, target: index }))
    free = free.minus(amount)
  }
  if (p.protection === 'exchange' && p.stop !== null && free.gt(0)) {
    const limit = beyond(p, p.stop.price, p.stop.limitOffset)
    actions.push(addLeg(p, { role: 'stop', side: exitSide(p), type: 'STOP_LIMIT', amount: free, limitPrice: limit, stopPrice: new Decimal(p.stop.price) }))
  }
  return actions
}

/**
 * The trader moved a pending LIMIT entry (levels.ts: nothing filled): a live entry at another price is
 * cancelled; one the terminal cancelled for the move and that ended with nothing filled is replaced by
 * one new LIMIT for the same amount at the new price. A fill that raced in opens the position instead
 * (p.filled > 0: nothing is placed here). Null when there is nothing to do for a move.
 */
function movedEntry(p: Position, entry: Leg): PositionAction[] | null {
  if (entry.type !== 'LIMIT' || entry.limitPrice === null || new Decimal(p.filled).gt(0)) return null
  const elsewhere = !new Decimal(entry.limitPrice).eq(p.entryPrice)
  if (isLive(entry)) {
    if (!elsewhere) {
      if (entry.status === 'resting') delete entry.moving // moved back before the cancel went out
      return null
    }
    const cancel = cancelLeg(entry) // placing or unknown: once the exchange's answer says it rests
    if (cancel !== null) entry.moving = true
    return cancel === null ? [] : [cancel]
  }
  if (entry.status !== 'done' || entry.moving !== true || new Decimal(entry.filled).gt(0)) return null
  const amount = new Decimal(entry.amount)
  return [addLeg(p, { role: 'entry', side: p.side, type: 'LIMIT', amount, limitPrice: new Decimal(p.entryPrice), stopPrice: null })]
}

/**
 * A target's sell: its share of what the entry put in the account (received), rounded down to the pair's amount
 * precision. When every target together makes 100 % and this is the last one not yet sold, it takes
 * all that is left, so no dust stays behind.
 */
function targetAmount(p: Position, index: number): Decimal {
  const total = p.targets.reduce((sum, t) => sum.plus(t.share), new Decimal(0))
  const lastOpen = p.targets.every((t, i) => i === index || t.state === 'done')
  if (total.gte(100) && lastOpen) return remaining(p)
  const share = new Decimal(p.targets[index]!.share)
  return received(p).times(share).div(100).toDecimalPlaces(p.amountPrecision, Decimal.ROUND_DOWN)
}

/** Nothing live, nothing held: closed if anything was bought, cancelled if nothing was. */
function finish(p: Position): void {
  if (new Decimal(p.filled).gt(0)) {
    p.state = 'closed'
    p.closedBy = p.lastExit ?? 'manual'
  } else {
    p.state = 'cancelled'
  }
}
