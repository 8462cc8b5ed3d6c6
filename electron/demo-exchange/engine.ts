// The matching engine: order books with price-time priority, execution of user orders and of the
// simulation's orders, stop orders, cancels, and the bounded order histories the API serves. Its parts:
// engine-types.ts (the vocabulary), admission.ts (liquidity and funds checks), wallets.ts (balances,
// reserves and settlement with fees), pair-markets.ts (books, last price, depth, the trades list) and
// engine-changes.ts (what a call changed).
import { Decimal } from '../domain/decimal'
import type { FeeRule } from './accounts'
import { admitUserOrder } from './admission'
import { EngineChanges } from './engine-changes'
import {
  isLiveOrder,
  newOrder,
  remaining,
  systemRequest,
  type BalanceEntry,
  type EngineOptions,
  type Order,
  type OrderRequest,
  type OrderStatus,
  type PlaceResult,
  type Side,
} from './engine-types'
import { PairMarkets, type PairBook } from './pair-markets'
import type { PairInfo } from './reference'
import { Wallets } from './wallets'

// the engine's importers keep importing the vocabulary from here
export type * from './engine-types'
export { TRADES_KEPT } from './pair-markets'

export const ORDERS_KEPT_PER_ACCOUNT = 1000

export class Engine {
  private readonly markets: PairMarkets
  private readonly wallets: Wallets
  private readonly orders = new Map<number, Order>()
  private readonly history = new Map<number, Order[]>()
  private nextOrderId = 1
  private checkingStops = false
  // what the current engine call changed; published (and cleared) when it ends
  private readonly changes = new EngineChanges()
  userOrdersPlaced = 0
  readonly feeRules: readonly FeeRule[]

  constructor(private readonly options: EngineOptions) {
    this.feeRules = options.feeRules
    this.markets = new PairMarkets(options.pairs, options.lastPrices)
    this.wallets = new Wallets(options.feeRules, this.changes, options.onFill, options.balances, options.now())
  }

  balancesOf(accountId: number): readonly BalanceEntry[] {
    return this.wallets.balancesOf(accountId)
  }

  // ---- market data --------------------------------------------------------------------------------

  book(pairName: string): PairBook {
    return this.markets.book(pairName)
  }

  bestBid(pairName: string): Decimal | null {
    return this.markets.book(pairName).bids.best()?.price ?? null
  }

  bestAsk(pairName: string): Decimal | null {
    return this.markets.book(pairName).asks.best()?.price ?? null
  }

  lastPrice(pairName: string): Decimal {
    return this.markets.book(pairName).last
  }

  tradesJson(pairName: string, limit: number): string {
    return this.markets.tradesJson(pairName, limit)
  }

  /** Aggregated levels: [{amount, price}] best first. */
  depth(pairName: string, side: Side, limit: number): { amount: number; price: number }[] {
    return this.levels(pairName, side, limit).map((l) => ({ amount: l.amount.toNumber(), price: l.price.toNumber() }))
  }

  /** Aggregated levels, exact: best first. */
  levels(pairName: string, side: Side, limit: number): { amount: Decimal; price: Decimal }[] {
    return this.markets.levels(pairName, side, limit)
  }

  private publish(): void {
    this.changes.publish(this.options.events)
  }

  // ---- orders -------------------------------------------------------------------------------------

  isLive(o: Order): boolean {
    return isLiveOrder(o)
  }

  /** A user's order: admitted (admission.ts), its funds reserved, then run or kept pending (a stop). */
  placeUser(accountId: number, r: OrderRequest): PlaceResult {
    const now = this.options.now()
    const book = this.markets.book(r.pair.name)
    const admission = admitUserOrder(book, this.wallets, accountId, r)
    if (!admission.ok) return admission
    const { payCurrency, need } = admission
    const order = newOrder(this.nextOrderId++, accountId, false, r, now)
    const pay = this.wallets.entry(accountId, r.wallet, payCurrency, now)
    pay.reserve = pay.reserve.plus(need)
    pay.updatedAt = now
    order.reserved = need
    this.changes.orders.add(order)
    this.changes.balances.add(pay)
    this.orders.set(order.id, order)
    this.remember(order)
    this.userOrdersPlaced++
    if (r.type === 'STOP_LIMIT') {
      order.status = 'PENDING'
      book.stops.push(order)
    } else {
      this.execute(order, now)
    }
    this.checkStops(r.pair.name)
    this.publish()
    return { ok: true, id: order.id }
  }

  private remember(order: Order): void {
    let list = this.history.get(order.accountId)
    if (!list) this.history.set(order.accountId, (list = []))
    list.push(order)
    order.inHistory = true
    if (list.length > ORDERS_KEPT_PER_ACCOUNT) {
      const dropped = list.shift()!
      dropped.inHistory = false
      if (!this.isLive(dropped)) this.orders.delete(dropped.id)
    }
  }

  private finish(o: Order, status: OrderStatus, now: number): void {
    o.status = status
    o.doneAt = now
    o.updatedAt = now
    if (!o.system) this.changes.orders.add(o)
    this.wallets.release(o, now)
    if (!o.system && !o.inHistory) this.orders.delete(o.id)
  }

  /** Runs an order as the aggressor, then rests what is left of a limit order. */
  private execute(order: Order, now: number): void {
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
      this.finish(order, complete ? 'FILLED' : order.filled.gt(0) ? 'PARTIAL_CANCELED' : 'CANCELLED', now)
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
  private checkStops(pairName: string): void {
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

  private cancelOrder(o: Order, now: number): void {
    const book = this.markets.book(o.pair.name)
    if (o.status === 'PENDING') {
      const i = book.stops.indexOf(o)
      if (i >= 0) book.stops.splice(i, 1)
    } else {
      ;(o.side === 'BUY' ? book.bids : book.asks).remove(o)
      this.changes.books.add(o.pair.name)
    }
    o.canceled = remaining(o)
    this.finish(o, o.filled.gt(0) ? 'PARTIAL_CANCELED' : 'CANCELLED', now)
  }

  /** Cancels the caller's orders by id: each id maps to "CANCELLED" or the reason it was not. */
  cancelByIds(accountId: number, ids: readonly number[]): Record<string, string> {
    const now = this.options.now()
    const out: Record<string, string> = {}
    for (const id of ids) {
      const o = this.orders.get(id)
      if (!o || o.accountId !== accountId) out[id] = 'order not found'
      else if (!this.isLive(o)) out[id] = `order is ${o.status}`
      else {
        this.cancelOrder(o, now)
        out[id] = 'CANCELLED'
      }
    }
    this.publish()
    return out
  }

  /** Cancels every live order of the caller, or only those on one pair. */
  cancelAll(accountId: number, pairName: string | null): number {
    const now = this.options.now()
    const victims: Order[] = []
    for (const o of this.orders.values()) {
      if (o.accountId === accountId && this.isLive(o) && (pairName === null || o.pair.name === pairName)) victims.push(o)
    }
    for (const o of victims) this.cancelOrder(o, now)
    this.publish()
    return victims.length
  }

  /** The caller's latest orders, newest first. */
  recentOrders(accountId: number, limit: number, pairName: string | null, matches: (o: Order) => boolean = () => true): Order[] {
    const list = this.history.get(accountId) ?? []
    const out: Order[] = []
    for (let i = list.length - 1; i >= 0 && out.length < limit; i--) {
      const o = list[i]!
      if ((pairName === null || o.pair.name === pairName) && matches(o)) out.push(o)
    }
    return out
  }

  // ---- the simulation's orders (no balances) ------------------------------------------------------

  placeSystemLimit(pair: PairInfo, side: Side, price: Decimal, amount: Decimal): Order {
    const now = this.options.now()
    const order = newOrder(this.nextOrderId++, 0, true, systemRequest(pair, 'LIMIT', side, amount, price), now)
    this.execute(order, now)
    this.checkStops(pair.name)
    this.publish()
    return order
  }

  cancelSystem(order: Order): void {
    if (this.isLive(order)) this.cancelOrder(order, this.options.now())
    this.publish()
  }

  /** A simulated taker: a market order by base amount; `atMs` back-dates the warm-up trades. */
  systemMarket(pair: PairInfo, side: Side, amount: Decimal, atMs?: number): void {
    const now = atMs ?? this.options.now()
    const order = newOrder(this.nextOrderId++, 0, true, systemRequest(pair, 'MARKET', side, amount, null), now)
    this.execute(order, now)
    this.checkStops(pair.name)
    this.publish()
  }
}
