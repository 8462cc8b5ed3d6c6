// The trader's own resting orders as the feed's private order frames (`o`) describe them: each one
// must stand in the book at its price with at least what is left of it. The feed has no sequence
// numbers, so a lost diff otherwise shows only in the next comparison with REST; an own order that
// the book lacks shows it as soon as the diff had time to arrive — and it is exactly the level the
// trader looks for after placing an order.
import { Decimal } from '../../domain/decimal'
import type { Dec } from '../../domain/wire/wire'
import type { FeedEvent } from './frames'

type OrderEvent = Extract<FeedEvent, { kind: 'order' }>

/** Statuses of an order that rests in the book (PENDING is a stop order not yet triggered: not there). */
const RESTING = new Set(['OPEN', 'PARTIAL_FILLED'])

export interface OwnOrder {
  side: 'asks' | 'bids'
  price: Dec
  left: Decimal
  /** ms clock of its last update: the diff that goes with it may still be on its way. */
  at: number
}

export class OwnLevels {
  private readonly orders = new Map<string, OwnOrder>()

  constructor(private readonly pair: string) {}

  /** Takes in one order frame; returns the order now expected in the book, or null. */
  note(event: OrderEvent, now: number): OwnOrder | null {
    const o = event.order
    if (o.pair !== this.pair) return null
    const left = o.amountUnfilled === null ? null : new Decimal(o.amountUnfilled)
    if (!RESTING.has(o.status.toUpperCase()) || o.limitPrice === null || left === null || left.lte(0)) {
      this.orders.delete(o.id)
      return null
    }
    const side = o.side.toUpperCase() === 'BID' || o.side.toUpperCase() === 'BUY' ? 'bids' : 'asks'
    const order: OwnOrder = { side, price: o.limitPrice, left, at: now }
    this.orders.set(o.id, order)
    return order
  }

  /**
   * The first own order, unchanged for at least `graceMs`, that the book does not hold in full
   * (`amountAt` gives a level's total, or null), as a reason; null when all are there.
   */
  missing(amountAt: (side: 'asks' | 'bids', price: Dec) => Dec | null, now: number, graceMs: number): string | null {
    for (const order of this.orders.values()) {
      if (now - order.at < graceMs) continue
      const total = amountAt(order.side, order.price)
      if (total === null || new Decimal(total).lt(order.left)) {
        return `your order at ${order.price} is not in the book as the exchange reported it (a diff was lost)`
      }
    }
    return null
  }

  /** Milliseconds until the next own order's grace ends, or null when none is still in its grace. */
  nextDue(now: number, graceMs: number): number | null {
    let next: number | null = null
    for (const order of this.orders.values()) {
      const left = order.at + graceMs - now
      if (left > 0 && (next === null || left < next)) next = left
    }
    return next
  }

  /**
   * After a fresh book (a snapshot, a REST read) begun at `since`: an order noted before that and
   * missing from it is gone (filled or cancelled, its last frame not come); one noted after may be
   * newer than the book, and stays to be checked.
   */
  settle(amountAt: (side: 'asks' | 'bids', price: Dec) => Dec | null, since: number): void {
    for (const [id, order] of this.orders) {
      const total = amountAt(order.side, order.price)
      if (order.at < since && (total === null || new Decimal(total).lt(order.left))) this.orders.delete(id)
    }
  }

  get size(): number {
    return this.orders.size
  }
}
