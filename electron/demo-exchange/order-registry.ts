// The users' orders the engine can still find: by id (for cancels) and, per account, the latest
// ORDERS_KEPT_PER_ACCOUNT in the order they were placed (what GET /accounts/order serves). The
// simulation's orders are never here. Its own file because it is bookkeeping with one rule of its own
// (an order leaves the id index only once it is done and out of its account's history), not matching.
import { isLiveOrder, type Order } from './engine-types'

export const ORDERS_KEPT_PER_ACCOUNT = 1000

export class OrderRegistry {
  private readonly byId = new Map<number, Order>()
  private readonly history = new Map<number, Order[]>()

  get(id: number): Order | undefined {
    return this.byId.get(id)
  }

  /** A user's order just placed: findable by id and first in its account's history. */
  add(order: Order): void {
    this.byId.set(order.id, order)
    let list = this.history.get(order.accountId)
    if (!list) this.history.set(order.accountId, (list = []))
    list.push(order)
    order.inHistory = true
    if (list.length > ORDERS_KEPT_PER_ACCOUNT) {
      const dropped = list.shift()!
      dropped.inHistory = false
      if (!isLiveOrder(dropped)) this.byId.delete(dropped.id)
    }
  }

  /** An order just done: forgotten unless its account's history still shows it. */
  done(o: Order): void {
    if (!o.system && !o.inHistory) this.byId.delete(o.id)
  }

  /** The account's live orders, all or of one pair, oldest first. */
  live(accountId: number, pairName: string | null): Order[] {
    const out: Order[] = []
    for (const o of this.byId.values()) {
      if (o.accountId === accountId && isLiveOrder(o) && (pairName === null || o.pair.name === pairName)) out.push(o)
    }
    return out
  }

  /** The account's latest orders, newest first. */
  recent(accountId: number, limit: number, pairName: string | null, matches: (o: Order) => boolean): Order[] {
    const list = this.history.get(accountId) ?? []
    const out: Order[] = []
    for (let i = list.length - 1; i >= 0 && out.length < limit; i--) {
      const o = list[i]!
      if ((pairName === null || o.pair.name === pairName) && matches(o)) out.push(o)
    }
    return out
  }
}
