// Matching: an order against the book with price-time priority (fills at the resting prices, a market
// buy spending a quote budget), what is left of a limit order resting, stop orders triggering when
// the last price reaches them, and an order leaving the book (filled or cancelled) with its reserve
// released. Its own file because this is the one part that moves books and money together; the
// engine (engine.ts) decides which orders come here and answers the API.
import { Decimal } from '../domain/decimal'
import type { EngineChanges } from './engine-changes'
import { remaining, type EngineOptions, type Order, type OrderStatus } from './engine-types'
import type { OrderRegistry } from './order-registry'
import type { PairMarkets } from './pair-markets'
import type { Wallets } from './wallets'

export class Matcher {
  private checkingStops = false

  constructor(
    private readonly markets: PairMarkets,
    private readonly wallets: Wallets,
    private readonly changes: EngineChanges,
    private readonly registry: OrderRegistry,
    private readonly options: Pick<EngineOptions, 'now' | 'onTrade'>,
  ) {}

  private finish(o: Order, status: OrderStatus, now: number): void {
    o.status = status
    o.doneAt = now
    o.updatedAt = now
    if (!o.system) this.changes.orders.add(o)
    this.wallets.release(o, now)
    this.registry.done(o)
  }

  /** Runs an order as the aggressor, then rests what is left of a limit order. */
  execute(order: Order, now: number): void {
    const book = this.markets.book(order.pair.name)
    this.changes.books.add(order.pair.name)
    const opposite = order.side === 'BUY' ? book.asks : book.bids
    const ap = order.pair.amountPrecision
    const byQuote = order.quoteAmount !== null
    let budgetExhausted = false
    for (;;) {
      const level = opposite.best()
      if (!level) break
      if (order.price !== null) {
        const crosses = order.side === 'BUY' ? level.price.lte(order.price) : level.price.gte(order.price)
        if (!crosses) break
      }
      const maker = level.orders[0]!
      let qty = remaining(maker)
      if (byQuote) {
        const canBuy = order.quoteAmount!.minus(order.quoteSpent).div(level.price).toDecimalPlaces(ap, Decimal.ROUND_DOWN)
        if (canBuy.lte(0)) {
          budgetExhausted = true
          break
        }
        if (canBuy.lt(qty)) qty = canBuy
        order.amount = order.amount.plus(qty)
      } else {
        const left = remaining(order)
        if (left.lt(qty)) qty = left
      }
      this.fill(maker, order, qty, level.price, now)
      if (remaining(maker).lte(0)) {
        opposite.shiftBest()
        this.finish(maker, 'FILLED', now)
      } else {
        maker.status = 'PARTIAL_FILLED'
      }
      if (!byQuote && remaining(order).lte(0)) break
    }
    const left = remaining(order)
    if (order.type === 'MARKET') {
      const complete = byQuote ? budgetExhausted : left.lte(0)
      if (!byQuote) order.canceled = left
      this.finish(order, complete ? 'FILLED' : order.filled.gt(0) ? 'PARTIAL_CANCELLED' : 'CANCELLED', now)
    } else if (left.gt(0)) {
      order.status = order.filled.gt(0) ? 'PARTIAL_FILLED' : 'OPEN'
      order.openAt ??= now
      ;(order.side === 'BUY' ? book.bids : book.asks).add(order)
    } else {
      this.finish(order, 'FILLED', now)
    }
  }

  private fill(maker: Order, taker: Order, qty: Decimal, px: Decimal, now: number): void {
    const quote = qty.times(px)
    this.wallets.settle(maker, true, qty, px, quote, now)
    this.wallets.settle(taker, false, qty, px, quote, now)
    const tradeId = this.markets.recordTrade(taker.pair, px, qty, taker.side, now)
    this.options.onTrade(taker.pair, now, px, qty, taker.side, tradeId)
  }

  /** Triggers stop orders whose condition the last price now meets (repeatedly: a stop can trigger a stop). */
  checkStops(pairName: string): void {
    if (this.checkingStops) return
    const book = this.markets.book(pairName)
    if (book.stops.length === 0) return
    this.checkingStops = true
    try {
      for (let round = 0; round < 1000 && book.stops.length > 0; round++) {
        const last = book.last
        const index = book.stops.findIndex((o) => (o.stopOperator === 'GTE' ? last.gte(o.stopPrice!) : last.lte(o.stopPrice!)))
        if (index < 0) break
        const order = book.stops.splice(index, 1)[0]!
        const now = this.options.now()
        order.status = 'OPEN'
        order.openAt = now
        this.changes.orders.add(order)
        this.execute(order, now)
      }
    } finally {
      this.checkingStops = false
    }
  }

  /** Takes a live order off its book (or a pending stop off the stops) and finishes it as cancelled. */
  cancel(o: Order, now: number): void {
    const book = this.markets.book(o.pair.name)
    if (o.status === 'PENDING') {
      const i = book.stops.indexOf(o)
      if (i >= 0) book.stops.splice(i, 1)
    } else {
      ;(o.side === 'BUY' ? book.bids : book.asks).remove(o)
      this.changes.books.add(o.pair.name)
    }
    o.canceled = remaining(o)
    this.finish(o, o.filled.gt(0) ? 'PARTIAL_CANCELLED' : 'CANCELLED', now)
  }
}
