// A stop-limit that gapped. The exchange has no stop-market order: every stop kept there is a
// STOP_LIMIT, which triggers at its stop and then rests as a limit. When the market jumps past the
// stop *and* its limit, that limit rests unfilled (or partly filled) and protects nothing. The last
// price tells: it can lie beyond the limit only once it has reached the stop, so the stop has
// triggered. Seen with any price — the feed's, a round's, the first after a start — the position
// follows the fallback the trader chose (types.ts StopFallback). Pure, like the reducer it serves.
import { Decimal } from '../decimal'
import { beyond, outstanding } from './legs'
import { MAX_CHASES, type FallbackOrder, type Leg, type Position, type StopFallback } from './types'

export const fallbackOf = (p: Position): StopFallback => p.stopFallback ?? 'market'

/** Whether `price` lies beyond a leg's limit on the side that leaves it unfilled: below a sell's, above a buy's. */
export function pastLimit(leg: Pick<Leg, 'side' | 'limitPrice'>, price: Decimal | string): boolean {
  if (leg.limitPrice === null) return false
  return leg.side === 'SELL' ? new Decimal(price).lt(leg.limitPrice) : new Decimal(price).gt(leg.limitPrice)
}

const resting = (leg: Leg): boolean => leg.status === 'resting' && outstanding(leg).gt(0)

/** The exchange's stop, resting with something left to sell. */
export const restingStop = (p: Position): Leg | null => p.legs.find((l) => l.role === 'stop' && l.type === 'STOP_LIMIT' && resting(l)) ?? null

/** A close the fallback sent, resting with something left to sell. */
const restingFallback = (p: Position): Leg | null => p.legs.find((l) => l.role === 'close' && l.fallback !== undefined && resting(l)) ?? null

/**
 * Every price passes here first. True when the gap took it: the position is closing by its fallback,
 * or waits for the trader (`hold`), and the price is not acted on otherwise.
 */
export function watchGap(p: Position, price: Decimal): boolean {
  const text = price.toFixed()
  if (p.closing?.fallback !== undefined && p.gap) {
    // the fallback's own limit left behind too: reconcile cancels it and places the next one at this price
    p.gap.price = text
    const chased = restingFallback(p)
    if (chased !== null && pastLimit(chased, price)) p.closing.price = text
    return true
  }
  const stop = restingStop(p)
  if (stop === null || p.closing !== null) return false
  if (!pastLimit(stop, price)) {
    if (p.gap) p.gap.price = text // a held gap: the market came back within the limit, which may fill now
    return false
  }
  const fallback = fallbackOf(p)
  if (p.gap) {
    p.gap.price = text
    // held: the trader was asked once (attention); after they carry on, the price is theirs to act on
    return p.attention !== null
  }
  p.gap = { stopPrice: stop.stopPrice ?? stop.limitPrice!, limitPrice: stop.limitPrice!, price: text, fallback, chases: 0, sentAt: null }
  if (fallback === 'hold') {
    p.attention = { reason: 'stop-gapped', price: text }
    return true
  }
  p.closing = { reason: 'stop', price: text, fallback }
  return true
}

/** Whether a resting close of the fallback lies behind the market (`closing.price`): reconcile cancels it to place the next. */
export const fallbackBehind = (p: Position, leg: Leg): boolean => leg.fallback !== undefined && p.closing !== null && pastLimit(leg, p.closing.price)

/**
 * The fallback's next close for `amount`: at market for a long (the exchange's MARKET SELL takes the
 * base amount); for a short a LIMIT buy the stop's offset beyond the market, since the exchange's
 * MARKET BUY spends a quote amount and could buy back more than is owed. `chase` places a LIMIT at the
 * market less the stop's offset, MAX_CHASES times, then goes to market.
 */
export function fallbackClose(p: Position): { type: 'MARKET' | 'LIMIT'; limitPrice: Decimal | null; fallback: FallbackOrder } {
  const closing = p.closing!
  const gap = p.gap!
  const offset = p.stop?.limitOffset ?? p.slippage
  if (closing.fallback === 'chase' && gap.chases >= MAX_CHASES) closing.fallback = 'market'
  gap.sentAt = closing.price
  if (closing.fallback === 'chase') {
    gap.chases += 1
    return { type: 'LIMIT', limitPrice: beyond(p, closing.price, offset), fallback: 'chase' }
  }
  if (p.side === 'BUY') return { type: 'MARKET', limitPrice: null, fallback: 'market' }
  return { type: 'LIMIT', limitPrice: beyond(p, closing.price, offset), fallback: 'market' }
}

/** How far `price` lies from `level`, in percent of `level`, one decimal: "1.6". */
export function percentFrom(price: Decimal | string, level: Decimal | string): string {
  return new Decimal(price).minus(level).abs().div(level).times(100).toFixed(1)
}
