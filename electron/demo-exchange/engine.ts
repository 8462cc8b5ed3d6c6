// The matching engine: order books with price-time priority, balances with reserves, settlement with
// the fee of the applicable rule (maker rate for resting liquidity, taker rate for the aggressor), stop
// orders, and the bounded trade and order histories the API serves.
import { Decimal } from '../domain/decimal'
import type { FeeRule, InitialBalance } from './accounts'
import { resolveFeeRule } from './fees'
import { BookSide } from './order-book'
import type { PairInfo } from './reference'

export type Side = 'BUY' | 'SELL'
export type OrderType = 'MARKET' | 'LIMIT' | 'STOP_LIMIT'
export type OrderStatus = 'PENDING' | 'OPEN' | 'FILLED' | 'CANCELLED' | 'PARTIAL_FILLED' | 'PARTIAL_CANCELED' | 'FAILED'

/** A validated order request (see validation.ts). */
export interface OrderRequest {
  pair: PairInfo
  type: OrderType
  side: Side
  wallet: string
  baseAmount: Decimal | null
  quoteAmount: Decimal | null
  limitPrice: Decimal | null
  stopPrice: Decimal | null
  stopOperator: 'GTE' | 'LTE' | null
  clientOrderId: string | null
}

export interface Order {
  id: number
  accountId: number
  /** Market makers and takers of the simulation: no balances, no history. */
  system: boolean
  pair: PairInfo
  side: Side
  type: OrderType
  wallet: string
  /** Base amount; for a market buy by quote amount, the amount bought so far. */
  amount: Decimal
  quoteAmount: Decimal | null
  price: Decimal | null
  stopPrice: Decimal | null
  stopOperator: 'GTE' | 'LTE' | null
  filled: Decimal
  canceled: Decimal
  quoteSpent: Decimal
  /** What this order still holds in reserve (quote for buys, base for sells). */
  reserved: Decimal
  status: OrderStatus
  clientOrderId: string | null
  createdAt: number
  openAt: number | null
  updatedAt: number
  doneAt: number | null
  inHistory: boolean
}

export interface BalanceEntry {
  accountId: number
  wallet: string
  currency: string
  balance: Decimal
  reserve: Decimal
  updatedAt: number
}

export type PlaceResult = { ok: true; id: number } | { ok: false; code: string; message: string }

interface PairBook {
  bids: BookSide<Order>
  asks: BookSide<Order>
  stops: Order[]
  last: Decimal
}

/** Newest-last ring of pre-serialised trades, with the joined answers cached until the next trade. */
class TradeLog {
  private readonly buf: string[]
  private next = 0
  private size = 0
  private readonly cache = new Map<number, string>()

  constructor(private readonly capacity: number) {
    this.buf = new Array<string>(capacity)
  }

  add(json: string): void {
    this.buf[this.next] = json
    this.next = (this.next + 1) % this.capacity
    if (this.size < this.capacity) this.size++
    this.cache.clear()
  }

  /** JSON array of the latest `limit` trades, newest first. */
  recent(limit: number): string {
    const hit = this.cache.get(limit)
    if (hit !== undefined) return hit
    const n = Math.min(limit, this.size)
    const parts = new Array<string>(n)
    for (let i = 0; i < n; i++) parts[i] = this.buf[(this.next - 1 - i + this.capacity * 2) % this.capacity]!
    const text = `[${parts.join(',')}]`
    if (this.cache.size > 32) this.cache.clear()
    this.cache.set(limit, text)
    return text
  }
}

const ZERO = new Decimal(0)
const LIVE: ReadonlySet<OrderStatus> = new Set(['PENDING', 'OPEN', 'PARTIAL_FILLED'])
export const TRADES_KEPT = 1000
export const ORDERS_KEPT_PER_ACCOUNT = 1000
const FEE_PLACES = 8

export interface EngineOptions {
  pairs: readonly PairInfo[]
  lastPrices: ReadonlyMap<string, number>
  balances: readonly InitialBalance[]
  feeRules: readonly FeeRule[]
  now: () => number
  onTrade: (pair: PairInfo, tsMs: number, price: Decimal, amount: Decimal, takerSide: Side, tradeId: number) => void
  /** Told once per engine call what it changed, so a live feed can push it at that moment (feed/). */
  events?: EngineEvents
  /** Each settlement of a user's order (one per match and side): the account history (ledger.ts). */
  onFill?: (fill: SettledFill) => void
}

export interface EngineEvents {
  /** A user's order was placed, filled, triggered or cancelled. */
  onOrder(order: Order): void
  /** A user's balance or reserve moved. */
  onBalance(entry: BalanceEntry): void
  /** Resting orders of the pair were added, filled or removed. */
  onBook(pairName: string): void
}

/** One match as one user's order saw it, with the balances after it. */
export interface SettledFill {
  order: Order
  maker: boolean
  qty: Decimal
  price: Decimal
  quote: Decimal
  fee: Decimal
  feeRate: Decimal
  feeCurrency: string
  atMs: number
  base: BalanceEntry
  quoteEntry: BalanceEntry
  /** What the match moved, fee included: base and quote balance deltas. */
  baseDelta: Decimal
  quoteDelta: Decimal
}

export class Engine {
  private readonly books = new Map<string, PairBook>()
  private readonly tradeLogs = new Map<string, TradeLog>()
  private readonly balances = new Map<string, BalanceEntry>()
  private readonly balancesByAccount = new Map<number, BalanceEntry[]>()
  private readonly orders = new Map<number, Order>()
  private readonly history = new Map<number, Order[]>()
  private nextOrderId = 1
  private nextTradeId = 1
  private checkingStops = false
  // what the current engine call changed; published (and cleared) when it ends
  private readonly changedOrders = new Set<Order>()
  private readonly changedBalances = new Set<BalanceEntry>()
  private readonly changedBooks = new Set<string>()
  userOrdersPlaced = 0
  readonly feeRules: readonly FeeRule[]

  constructor(private readonly options: EngineOptions) {
    this.feeRules = options.feeRules
    for (const p of options.pairs) {
      const last = options.lastPrices.get(p.name) ?? p.basePrice
      this.books.set(p.name, {
        bids: new BookSide<Order>(true),
        asks: new BookSide<Order>(false),
        stops: [],
        last: new Decimal(last.toFixed(p.pricePrecision)),
      })
      this.tradeLogs.set(p.name, new TradeLog(TRADES_KEPT))
    }
    const t = options.now()
    for (const b of options.balances) {
      const entry = this.entry(b.accountId, b.wallet, b.currency, t)
      entry.balance = new Decimal(b.amount)
    }
  }

  // ---- balances -----------------------------------------------------------------------------------

  private entry(accountId: number, wallet: string, currency: string, now: number): BalanceEntry {
    const key = `${accountId}|${wallet}|${currency}`
    let e = this.balances.get(key)
    if (!e) {
      e = { accountId, wallet, currency, balance: ZERO, reserve: ZERO, updatedAt: now }
      this.balances.set(key, e)
      let list = this.balancesByAccount.get(accountId)
      if (!list) this.balancesByAccount.set(accountId, (list = []))
      list.push(e)
    }
    return e
  }

  private available(accountId: number, wallet: string, currency: string): Decimal {
    const e = this.balances.get(`${accountId}|${wallet}|${currency}`)
    return e ? e.balance.minus(e.reserve) : ZERO
  }

  balancesOf(accountId: number): readonly BalanceEntry[] {
    return this.balancesByAccount.get(accountId) ?? []
  }

  // ---- market data --------------------------------------------------------------------------------

  book(pairName: string): PairBook {
    return this.books.get(pairName)!
  }

  bestBid(pairName: string): Decimal | null {
    return this.books.get(pairName)!.bids.best()?.price ?? null
  }

  bestAsk(pairName: string): Decimal | null {
    return this.books.get(pairName)!.asks.best()?.price ?? null
  }

  lastPrice(pairName: string): Decimal {
    return this.books.get(pairName)!.last
  }

  tradesJson(pairName: string, limit: number): string {
    return this.tradeLogs.get(pairName)!.recent(limit)
  }

  /** Aggregated levels: [{amount, price}] best first. */
  depth(pairName: string, side: Side, limit: number): { amount: number; price: number }[] {
    return this.levels(pairName, side, limit).map((l) => ({ amount: l.amount.toNumber(), price: l.price.toNumber() }))
  }

  /** Aggregated levels, exact: best first. */
  levels(pairName: string, side: Side, limit: number): { amount: Decimal; price: Decimal }[] {
    const bookSide = side === 'BUY' ? this.books.get(pairName)!.bids : this.books.get(pairName)!.asks
    const out: { amount: Decimal; price: Decimal }[] = []
    for (const level of bookSide.levels) {
      if (out.length >= limit) break
      let amount = ZERO
      for (const o of level.orders) amount = amount.plus(this.remaining(o))
      out.push({ amount, price: level.price })
    }
    return out
  }

  /** Tells `events` what the engine call that just ended changed. */
  private publish(): void {
    const events = this.options.events
    if (events) {
      for (const pairName of this.changedBooks) events.onBook(pairName)
      for (const o of this.changedOrders) events.onOrder(o)
      for (const e of this.changedBalances) events.onBalance(e)
    }
    this.changedBooks.clear()
    this.changedOrders.clear()
    this.changedBalances.clear()
  }

  // ---- orders -------------------------------------------------------------------------------------

  private remaining(o: Order): Decimal {
    return o.amount.minus(o.filled).minus(o.canceled)
  }

  isLive(o: Order): boolean {
    return LIVE.has(o.status)
  }

  private newOrder(accountId: number, system: boolean, r: OrderRequest, now: number): Order {
    return {
      id: this.nextOrderId++,
      accountId,
      system,
      pair: r.pair,
      side: r.side,
      type: r.type,
      wallet: r.wallet,
      amount: r.type === 'MARKET' && r.side === 'BUY' && r.quoteAmount !== null ? ZERO : r.baseAmount!,
      quoteAmount: r.type === 'MARKET' && r.side === 'BUY' ? r.quoteAmount : null,
      price: r.type === 'MARKET' ? null : r.limitPrice,
      stopPrice: r.type === 'STOP_LIMIT' ? r.stopPrice : null,
      stopOperator: r.type === 'STOP_LIMIT' ? r.stopOperator : null,
      filled: ZERO,
      canceled: ZERO,
      quoteSpent: ZERO,
      reserved: ZERO,
      status: 'OPEN',
      clientOrderId: r.clientOrderId,
      createdAt: now,
      openAt: null,
      updatedAt: now,
      doneAt: null,
      inHistory: false,
    }
  }

  /** A user's order: liquidity, minimum value and funds are checked here (they need the book and wallet). */
  placeUser(accountId: number, r: OrderRequest): PlaceResult {
    const now = this.options.now()
    const book = this.books.get(r.pair.name)!
    if (r.type === 'MARKET') {
      const opposite = r.side === 'BUY' ? book.asks.best() : book.bids.best()
      if (!opposite) {
        return { ok: false, code: 'NO_LIQUIDITY', message: `There is no ${r.side === 'BUY' ? 'ask' : 'bid'} on ${r.pair.name} to trade against.` }
      }
      if (r.side === 'SELL') {
        const value = r.baseAmount!.times(opposite.price)
        if (value.lt(r.pair.minValue)) {
          return {
            ok: false,
            code: 'MIN_ORDER_VALUE',
            message: `Estimated value ${value.toFixed()} ${r.pair.quote} at the best bid is below the minimum order value ${r.pair.minValue.toFixed()} ${r.pair.quote}.`,
          }
        }
      }
    }
    const payCurrency = r.side === 'BUY' ? r.pair.quote : r.pair.base
    const need =
      r.side === 'SELL'
        ? r.baseAmount!
        : r.type === 'MARKET'
          ? r.quoteAmount!
          : r.baseAmount!.times(r.limitPrice!)
    const available = this.available(accountId, r.wallet, payCurrency)
    if (need.gt(available)) {
      return {
        ok: false,
        code: 'INSUFFICIENT_FUNDS',
        message: `The order needs ${need.toFixed()} ${payCurrency} but only ${available.toFixed()} ${payCurrency} is available in ${r.wallet}.`,
      }
    }
    const order = this.newOrder(accountId, false, r, now)
    const pay = this.entry(accountId, r.wallet, payCurrency, now)
    pay.reserve = pay.reserve.plus(need)
    pay.updatedAt = now
    order.reserved = need
    this.changedOrders.add(order)
    this.changedBalances.add(pay)
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
    if (!o.system) this.changedOrders.add(o)
    this.release(o, now)
    if (!o.system && !o.inHistory) this.orders.delete(o.id)
  }

  private release(o: Order, now: number): void {
    if (o.system || o.reserved.isZero()) return
    const e = this.entry(o.accountId, o.wallet, o.side === 'BUY' ? o.pair.quote : o.pair.base, now)
    e.reserve = e.reserve.minus(o.reserved)
    e.updatedAt = now
    o.reserved = ZERO
    this.changedBalances.add(e)
  }

  /** Runs an order as the aggressor, then rests what is left of a limit order. */
  private execute(order: Order, now: number): void {
    const book = this.books.get(order.pair.name)!
    this.changedBooks.add(order.pair.name)
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
      let qty = this.remaining(maker)
      if (byQuote) {
        const canBuy = order.quoteAmount!.minus(order.quoteSpent).div(level.price).toDecimalPlaces(ap, Decimal.ROUND_DOWN)
        if (canBuy.lte(0)) {
          budgetExhausted = true
          break
        }
        if (canBuy.lt(qty)) qty = canBuy
        order.amount = order.amount.plus(qty)
      } else {
        const left = this.remaining(order)
        if (left.lt(qty)) qty = left
      }
      this.fill(maker, order, qty, level.price, now)
      if (this.remaining(maker).lte(0)) {
        opposite.shiftBest()
        this.finish(maker, 'FILLED', now)
      } else {
        maker.status = 'PARTIAL_FILLED'
      }
      if (!byQuote && this.remaining(order).lte(0)) break
    }
    const left = this.remaining(order)
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

  private feeRate(o: Order, maker: boolean, now: number): Decimal {
    const rule = resolveFeeRule(this.feeRules, o.accountId, o.pair, now)
    if (!rule) return ZERO
    return maker ? rule.makerRate : rule.takerRate
  }

  private settle(o: Order, maker: boolean, qty: Decimal, px: Decimal, quote: Decimal, now: number): void {
    o.filled = o.filled.plus(qty)
    o.quoteSpent = o.quoteSpent.plus(quote)
    o.updatedAt = now
    if (o.system) return
    const rate = this.feeRate(o, maker, now)
    const baseE = this.entry(o.accountId, o.wallet, o.pair.base, now)
    const quoteE = this.entry(o.accountId, o.wallet, o.pair.quote, now)
    if (o.side === 'BUY') {
      let held = quote
      // a limit buy reserved qty × limit; filling at a better price frees the difference
      if (o.price !== null) held = qty.times(o.price)
      quoteE.balance = quoteE.balance.minus(quote)
      quoteE.reserve = quoteE.reserve.minus(held)
      o.reserved = o.reserved.minus(held)
      const fee = qty.times(rate).toDecimalPlaces(FEE_PLACES, Decimal.ROUND_UP)
      baseE.balance = baseE.balance.plus(qty).minus(fee)
      this.options.onFill?.({ order: o, maker, qty, price: px, quote, fee, feeRate: rate, feeCurrency: o.pair.base, atMs: now, base: baseE, quoteEntry: quoteE, baseDelta: qty.minus(fee), quoteDelta: quote.negated() })
    } else {
      baseE.balance = baseE.balance.minus(qty)
      baseE.reserve = baseE.reserve.minus(qty)
      o.reserved = o.reserved.minus(qty)
      const fee = quote.times(rate).toDecimalPlaces(FEE_PLACES, Decimal.ROUND_UP)
      quoteE.balance = quoteE.balance.plus(quote).minus(fee)
      this.options.onFill?.({ order: o, maker, qty, price: px, quote, fee, feeRate: rate, feeCurrency: o.pair.quote, atMs: now, base: baseE, quoteEntry: quoteE, baseDelta: qty.negated(), quoteDelta: quote.minus(fee) })
    }
    baseE.updatedAt = now
    quoteE.updatedAt = now
    this.changedOrders.add(o)
    this.changedBalances.add(baseE)
    this.changedBalances.add(quoteE)
  }

  private fill(maker: Order, taker: Order, qty: Decimal, px: Decimal, now: number): void {
    const quote = qty.times(px)
    this.settle(maker, true, qty, px, quote, now)
    this.settle(taker, false, qty, px, quote, now)
    const book = this.books.get(taker.pair.name)!
    book.last = px
    const price = px.toNumber()
    const amount = qty.toNumber()
    const json = JSON.stringify({
      id: this.nextTradeId++,
      price,
      amount,
      timestamp: now / 1000,
      pair: taker.pair.name,
      type: taker.side === 'BUY' ? 'buy' : 'sell',
    })
    this.tradeLogs.get(taker.pair.name)!.add(json)
    this.options.onTrade(taker.pair, now, px, qty, taker.side, this.nextTradeId - 1)
  }

  /** Triggers stop orders whose condition the last price now meets (repeatedly: a stop can trigger a stop). */
  private checkStops(pairName: string): void {
    if (this.checkingStops) return
    const book = this.books.get(pairName)!
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
        this.changedOrders.add(order)
        this.execute(order, now)
      }
    } finally {
      this.checkingStops = false
    }
  }

  private cancelOrder(o: Order, now: number): void {
    const book = this.books.get(o.pair.name)!
    if (o.status === 'PENDING') {
      const i = book.stops.indexOf(o)
      if (i >= 0) book.stops.splice(i, 1)
    } else {
      ;(o.side === 'BUY' ? book.bids : book.asks).remove(o)
      this.changedBooks.add(o.pair.name)
    }
    o.canceled = this.remaining(o)
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
    const order = this.newOrder(0, true, {
      pair,
      type: 'LIMIT',
      side,
      wallet: 'SPOT',
      baseAmount: amount,
      quoteAmount: null,
      limitPrice: price,
      stopPrice: null,
      stopOperator: null,
      clientOrderId: null,
    }, now)
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
    const order = this.newOrder(0, true, {
      pair,
      type: 'MARKET',
      side,
      wallet: 'SPOT',
      baseAmount: amount,
      quoteAmount: null,
      limitPrice: null,
      stopPrice: null,
      stopOperator: null,
      clientOrderId: null,
    }, now)
    this.execute(order, now)
    this.checkStops(pair.name)
    this.publish()
  }
}
