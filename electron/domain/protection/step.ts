// The reducer of a protected position: step(position, event) → {position, actions}. It brings the
// facts up to date with what the keeper observed, then asks reconcile.ts what to place or cancel.
// Pure: the position in is never changed (a copy is returned), no clock, no randomness, so the same
// events always give the same orders with the same client_order_ids — after a restart too.
import { Decimal } from '../decimal'
import { watchGap } from './gap'
import { addLeg, remaining } from './legs'
import { applyLevels, levelsProblem } from './levels'
import { reconcile } from './reconcile'
import type { ClosedBy, Leg, Position, PositionEvent, PositionPlan, Step } from './types'

const POSITION_ID = /^[A-Za-z0-9._:]{1,40}$/

/** A new position from a plan, and its first order: the entry, or for coins already held, the stop. */
export function openPosition(plan: PositionPlan): Step {
  if (!POSITION_ID.test(plan.id)) throw new RangeError('A position id is 1 to 40 letters, digits, dots, colons or underscores')
  const held = plan.entry.type === 'HELD' // coins already held: open at once, no entry order
  const position: Position = {
    id: plan.id,
    pair: plan.pair,
    side: plan.side,
    state: held ? 'open' : 'pending',
    protection: plan.stop === null ? 'none' : plan.protection,
    closedBy: null,
    amountPrecision: plan.amountPrecision,
    pricePrecision: plan.pricePrecision,
    entryPrice: new Decimal(plan.entry.price).toFixed(),
    filled: held ? new Decimal(plan.entry.amount).toFixed() : '0',
    exited: '0',
    ...(plan.entryFeeRate !== undefined && plan.side === 'BUY' && !held && new Decimal(plan.entryFeeRate).gt(0) ? { entryFeeRate: new Decimal(plan.entryFeeRate).toFixed() } : {}),
    stop: plan.stop === null ? null : { price: new Decimal(plan.stop.price).toFixed(), limitOffset: new Decimal(plan.stop.price).minus(plan.stop.limit).abs().toFixed() },
    slippage: new Decimal(plan.slippage).toFixed(),
    trailing: plan.trailing,
    breakevenAt: plan.breakevenAt,
    targets: plan.targets.map((t) => ({ price: t.price, share: t.share, state: 'waiting' })),
    legs: [],
    legCount: 0,
    closing: null,
    lastExit: null,
    attention: null,
    stopFallback: plan.stopFallback ?? 'market',
    ...(plan.stop === null ? {} : { planned: { stop: new Decimal(plan.stop.price).toFixed(), entryFeeRate: plan.plannedFees?.entryRate ?? null, exitFeeRate: plan.plannedFees?.exitRate ?? null } }),
  }
  const { type, amount, price, quoteAmount } = plan.entry
  if (type === 'HELD') return { position, actions: reconcile(position) }
  const action = addLeg(position, {
    role: 'entry',
    side: plan.side,
    type,
    amount: new Decimal(amount),
    limitPrice: type === 'LIMIT' ? new Decimal(price) : null,
    stopPrice: null,
    ...(quoteAmount !== undefined ? { quoteAmount } : {}),
  })
  return { position, actions: [action] }
}

/** One event observed by the keeper: the position after it, and what the keeper must do now. */
export function step(before: Position, event: PositionEvent): Step {
  const p = structuredClone(before)
  if (p.state === 'closed' || p.state === 'cancelled') return { position: p, actions: [] }
  if (event.type === 'outcome-unknown') {
    // An answer that never came: the order may or may not exist. Look it up; never send it again.
    const leg = legOf(p, event.clientOrderId)
    if (leg === null || (leg.status !== 'placing' && leg.status !== 'cancelling')) return { position: p, actions: [] }
    leg.lost = leg.status === 'placing' ? 'place' : 'cancel'
    leg.status = 'unknown'
    return { position: p, actions: [{ type: 'look-up', clientOrderId: leg.clientOrderId }] }
  }
  observe(p, event)
  return { position: p, actions: reconcile(p) }
}

function legOf(p: Position, clientOrderId: string): Leg | null {
  return p.legs.find((l) => l.clientOrderId === clientOrderId) ?? null
}

function observe(p: Position, event: Exclude<PositionEvent, { type: 'outcome-unknown' }>): void {
  switch (event.type) {
    case 'price-moved':
      if (!watchGap(p, new Decimal(event.price)) && p.attention === null) priceMoved(p, new Decimal(event.price))
      return
    case 'target-crossed':
      if (p.attention === null) reach(p, event.index)
      return
    case 'resumed':
      return resumed(p, new Decimal(event.price))
    case 'acknowledged':
      p.attention = null
      return
    case 'levels':
      // reconcile moves the exchange's stop by cancel, then place, once its price no longer fits
      if (levelsProblem(p, event, event.last) === null) applyLevels(p, event)
      return
    case 'close':
      p.attention = null // the trader decided
      if (p.gap && (p.closing === null || p.gap.halted !== undefined)) {
        // a gapped stop held, or its fallback stopped at a refusal: the trader's close sells at market
        p.closing = { reason: p.gap.halted !== undefined ? 'stop' : 'manual', price: new Decimal(event.price).toFixed(), fallback: 'market' }
        delete p.gap.halted
      }
      p.closing ??= { reason: 'manual', price: new Decimal(event.price).toFixed() }
      return
    default:
      return observeLeg(p, event)
  }
}

function observeLeg(p: Position, event: Extract<PositionEvent, { clientOrderId: string }>): void {
  const leg = legOf(p, event.clientOrderId)
  if (leg === null) return
  switch (event.type) {
    case 'accepted':
      if (leg.status === 'placing' || (leg.status === 'unknown' && leg.lost === 'place')) leg.status = 'resting'
      if (leg.orderId === null) leg.orderId = event.orderId
      return
    case 'refused':
      if (leg.status !== 'placing' && leg.status !== 'unknown') return
      leg.status = 'refused'
      leg.lost = null
      leg.refusedWhy = event.reason
      refusedOrLost(p, leg)
      return
    case 'filled':
      fill(p, leg, event.filled, event.averagePrice)
      if (event.done && leg.status !== 'refused' && leg.status !== 'lost') end(p, leg)
      return
    case 'cancel-confirmed':
      fill(p, leg, event.filled)
      end(p, leg)
      return
    case 'looked-up':
      if (leg.status !== 'unknown') return
      if (event.found === null) {
        // never reached the exchange (a lost place), or already gone (a lost cancel)
        const wasPlace = leg.lost === 'place'
        leg.lost = null
        if (wasPlace) {
          leg.status = 'lost'
          refusedOrLost(p, leg)
        } else end(p, leg)
        return
      }
      leg.orderId ??= event.found.orderId
      fill(p, leg, event.found.filled)
      leg.lost = null
      if (event.found.status === 'done') end(p, leg)
      else leg.status = 'resting' // a cancel that did not happen: reconcile cancels again if still wanted
      return
  }
}

/** Takes a cumulative fill; a smaller figure than known is old news, and an exit never fills past its amount. */
function fill(p: Position, leg: Leg, cumulative: string, averagePrice?: string): void {
  if (leg.status === 'refused') return // a refused order never fills
  let total = new Decimal(cumulative)
  if (leg.role !== 'entry') total = Decimal.min(total, leg.amount)
  const delta = total.minus(leg.filled)
  if (delta.lte(0)) return
  leg.filled = total.toFixed()
  if (leg.role === 'entry') {
    const first = new Decimal(p.filled).eq(0)
    p.filled = new Decimal(p.filled).plus(delta).toFixed()
    if (averagePrice !== undefined) p.entryPrice = new Decimal(averagePrice).toFixed()
    // a first fill with no average (a cancel's record) came at this order's limit, which a moved entry's price no longer is
    else if (first && leg.limitPrice !== null) p.entryPrice = leg.limitPrice
    return
  }
  p.exited = new Decimal(p.exited).plus(delta).toFixed()
  p.lastExit = exitKind(p, leg)
}

function exitKind(p: Position, leg: Leg): ClosedBy {
  if (leg.role === 'stop') return 'stop'
  if (leg.role === 'target') return 'target'
  return p.closing?.reason ?? 'manual'
}

/**
 * A leg finished (filled whole, or cancelled as far as it went). A stop that went off ends the
 * trade: the entry stops buying, and whatever is still held (or bought meanwhile) is sold.
 */
function end(p: Position, leg: Leg): void {
  leg.status = 'done'
  leg.lost = null
  if (leg.role === 'stop' && new Decimal(leg.filled).gt(0)) p.closing ??= { reason: 'stop', price: leg.limitPrice ?? p.entryPrice }
}

function refusedOrLost(p: Position, leg: Leg): void {
  // The exchange will not hold this stop: the terminal keeps it from now on, watching the price.
  if (leg.role === 'stop' && leg.status === 'refused' && p.protection === 'exchange') p.protection = 'terminal'
  if (leg.role === 'close' && leg.fallback !== undefined && p.closing?.fallback !== undefined && p.gap) return fallbackRefused(p, leg)
  // A refused close is not sent again by itself: the trader is told, or the stop's next price sends a new one.
  if (leg.role === 'close') p.closing = null
}

/**
 * The gap's sale refused. At market, for want of bids (the gap emptied the book): a limit the stop's
 * offset past the market, chased as the market moves, rests until buyers come back. Any other refusal
 * stops the fallback: nothing more is sent by itself, and the position asks the trader.
 */
function fallbackRefused(p: Position, leg: Leg): void {
  const gap = p.gap!
  if (leg.type === 'MARKET') {
    p.closing!.fallback = 'chase'
    gap.chases = 0
    return
  }
  gap.halted = leg.refusedWhy ?? 'refused'
  p.attention = { reason: 'stop-gapped', price: gap.price }
}

function reach(p: Position, index: number): void {
  const target = p.targets[index]
  if (target !== undefined && target.state === 'waiting' && remaining(p).gt(0)) target.state = 'reached'
}

/**
 * The first price after nobody watched. A waiting target or the terminal's stop it lies past was
 * crossed unseen — the market may have gone there and back, or still be there: selling on it blindly
 * could sell at a price the trader never saw, so the position waits for their decision instead.
 */
function resumed(p: Position, price: Decimal): void {
  // the exchange's stop gapped while nobody watched: the fallback the trader chose, as if watched
  if (watchGap(p, price) || p.attention !== null) return
  const up = p.side === 'BUY'
  const gained = (level: string): boolean => (up ? price.gte(level) : price.lte(level))
  const lost = (level: string): boolean => (up ? price.lte(level) : price.gte(level))
  const held = remaining(p).gt(0)
  if (held && p.targets.some((t) => t.state === 'waiting' && gained(t.price))) p.attention = { reason: 'target-crossed-unwatched', price: price.toFixed() }
  else if (held && p.protection === 'terminal' && p.stop !== null && lost(p.stop.price)) p.attention = { reason: 'stop-crossed-unwatched', price: price.toFixed() }
  else priceMoved(p, price)
}

function priceMoved(p: Position, price: Decimal): void {
  if (remaining(p).lte(0)) return
  const up = p.side === 'BUY' // the way the position gains
  const gains = (level: string): boolean => (up ? price.gte(level) : price.lte(level))
  p.targets.forEach((t, index) => {
    if (gains(t.price)) reach(p, index)
  })
  if (p.stop === null) return
  const current = new Decimal(p.stop.price)
  let next = current
  if (p.breakevenAt !== null && gains(p.breakevenAt)) {
    p.breakevenAt = null // once
    const entry = new Decimal(p.entryPrice)
    if (up ? entry.gt(next) : entry.lt(next)) next = entry
  }
  if (p.trailing !== null) {
    // the stop follows at `distance`, rounded towards the position's loss so it never tightens past it
    const raw = up ? price.minus(p.trailing.distance) : price.plus(p.trailing.distance)
    const trail = raw.toDecimalPlaces(p.pricePrecision, up ? Decimal.ROUND_DOWN : Decimal.ROUND_UP)
    const gain = up ? trail.minus(next) : next.minus(trail)
    if (gain.gte(p.trailing.step) && trail.gt(0)) next = trail
  }
  if (!next.eq(current)) p.stop.price = next.toFixed()
  // The terminal's stop: the price reached it, so the rest is sold.
  if (p.protection === 'terminal' && (up ? price.lte(p.stop.price) : price.gte(p.stop.price))) {
    p.closing ??= { reason: 'stop', price: price.toFixed() }
  }
}
