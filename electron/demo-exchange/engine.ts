// The matching engine as the exchange uses it: user orders admitted and their funds reserved, the
// simulation's orders, cancels by id or all, the market data the API reads, and each call's changes
// published once when it ends. Its parts: engine-types.ts (the vocabulary), admission.ts (liquidity
// and funds checks), matching.ts (price-time execution, stops, an order leaving the book),
// order-registry.ts (orders by id and the bounded histories the API serves), wallets.ts (balances,
// reserves and settlement with fees), pair-markets.ts (books, last price, depth, the trades list) and
// engine-changes.ts (what a call changed).
import type { Decimal } from '../domain/decimal'
import type { FeeRule } from './accounts'
import { admitUserOrder } from './admission'
import { EngineChanges } from './engine-changes'
import { isLiveOrder, newOrder, systemRequest, type BalanceEntry, type EngineOptions, type Order, type OrderRequest, type PlaceResult, type Side } from './engine-types'
import { Matcher } from './matching'
import { OrderRegistry } from './order-registry'
import { PairMarkets, type PairBook } from './pair-markets'
import type { PairInfo } from './reference'
import { Wallets } from './wallets'

// the engine's importers keep importing the vocabulary from here
export type * from './engine-types'
export { TRADES_KEPT } from './pair-markets'
export { ORDERS_KEPT_PER_ACCOUNT } from './order-registry'

export class Engine {
  private readonly markets: PairMarkets
  private readonly wallets: Wallets
  private readonly registry = new OrderRegistry()
  private readonly matcher: Matcher
  private nextOrderId = 1
  // what the current engine call changed; published (and cleared) when it ends
  private readonly changes = new EngineChanges()
  userOrdersPlaced = 0
  readonly feeRules: readonly FeeRule[]

  constructor(private readonly options: EngineOptions) {
    this.feeRules = options.feeRules
    this.markets = new PairMarkets(options.pairs, options.lastPrices)
    this.wallets = new Wallets(options.feeRules, this.changes, options.onFill, options.balances, options.now())
    this.matcher = new Matcher(this.markets, this.wallets, this.changes, this.registry, options)
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

  /** Trades executed so far, on every pair (the admin's price drive counts its own with it). */
  tradeCount(): number {
    return this.markets.tradeCount()
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
    this.registry.add(order)
    this.userOrdersPlaced++
    if (r.type === 'STOP_LIMIT') {
      order.status = 'PENDING'
      book.stops.push(order)
    } else {
      this.matcher.execute(order, now)
    }
    this.matcher.checkStops(r.pair.name)
    this.publish()
    return { ok: true, id: order.id }
  }

  /** Cancels the caller's orders by id: each id maps to "CANCELLED" or the reason it was not. */
  cancelByIds(accountId: number, ids: readonly number[]): Record<string, string> {
    const now = this.options.now()
    const out: Record<string, string> = {}
    for (const id of ids) {
      const o = this.registry.get(id)
      if (!o || o.accountId !== accountId) out[id] = 'order not found'
      else if (!this.isLive(o)) out[id] = `order is ${o.status}`
      else {
        this.matcher.cancel(o, now)
        out[id] = 'CANCELLED'
      }
    }
    this.publish()
    return out
  }

  /** Cancels every live order of the caller, or only those on one pair. */
  cancelAll(accountId: number, pairName: string | null): number {
    const now = this.options.now()
    const victims = this.registry.live(accountId, pairName)
    for (const o of victims) this.matcher.cancel(o, now)
    this.publish()
    return victims.length
  }

  /** The caller's latest orders, newest first. */
  recentOrders(accountId: number, limit: number, pairName: string | null, matches: (o: Order) => boolean = () => true): Order[] {
    return this.registry.recent(accountId, limit, pairName, matches)
  }

  // ---- the simulation's orders (no balances) ------------------------------------------------------

  placeSystemLimit(pair: PairInfo, side: Side, price: Decimal, amount: Decimal): Order {
    const now = this.options.now()
    const order = newOrder(this.nextOrderId++, 0, true, systemRequest(pair, 'LIMIT', side, amount, price), now)
    this.matcher.execute(order, now)
    this.matcher.checkStops(pair.name)
    this.publish()
    return order
  }

  cancelSystem(order: Order): void {
    if (this.isLive(order)) this.matcher.cancel(order, this.options.now())
    this.publish()
  }

  /** A simulated taker: a market order by base amount; `atMs` back-dates the warm-up trades. */
  systemMarket(pair: PairInfo, side: Side, amount: Decimal, atMs?: number): void {
    const now = atMs ?? this.options.now()
    const order = newOrder(this.nextOrderId++, 0, true, systemRequest(pair, 'MARKET', side, amount, null), now)
    this.matcher.execute(order, now)
    this.matcher.checkStops(pair.name)
    this.publish()
  }
}
