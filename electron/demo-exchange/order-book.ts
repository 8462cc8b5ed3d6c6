// One side of an order book: price levels sorted best first, each a FIFO queue of orders, which is
// exactly price-time priority. Levels are few (tens to a few thousand), so sorted arrays beat trees.
import type { Decimal } from '../domain/decimal'

export interface BookOrder {
  price: Decimal | null
}

export interface Level<O extends BookOrder> {
  price: Decimal
  orders: O[]
}

export class BookSide<O extends BookOrder> {
  readonly levels: Level<O>[] = []

  /** `descending` for bids (highest price first), ascending for asks. */
  constructor(private readonly descending: boolean) {}

  best(): Level<O> | undefined {
    return this.levels[0]
  }

  /** Index of the level with this price, or where it would be inserted. */
  private search(price: Decimal): { index: number; found: boolean } {
    let lo = 0
    let hi = this.levels.length
    while (lo < hi) {
      const mid = (lo + hi) >>> 1
      const cmp = this.levels[mid]!.price.cmp(price)
      if (cmp === 0) return { index: mid, found: true }
      // a level comes before `price` when it is better: higher for bids, lower for asks
      const before = this.descending ? cmp > 0 : cmp < 0
      if (before) lo = mid + 1
      else hi = mid
    }
    return { index: lo, found: false }
  }

  add(order: O): void {
    const price = order.price!
    const { index, found } = this.search(price)
    if (found) this.levels[index]!.orders.push(order)
    else this.levels.splice(index, 0, { price, orders: [order] })
  }

  remove(order: O): boolean {
    const { index, found } = this.search(order.price!)
    if (!found) return false
    const level = this.levels[index]!
    const at = level.orders.indexOf(order)
    if (at < 0) return false
    level.orders.splice(at, 1)
    if (level.orders.length === 0) this.levels.splice(index, 1)
    return true
  }

  /** Removes the first order of the best level (it was filled). */
  shiftBest(): void {
    const level = this.levels[0]
    if (!level) return
    level.orders.shift()
    if (level.orders.length === 0) this.levels.shift()
  }
}
