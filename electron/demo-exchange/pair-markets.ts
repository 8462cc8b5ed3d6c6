// Each pair's market as the API shows it: the two sides of its book (with the pending stop orders), the
// last price, the aggregated depth levels and the list of recent trades.
import { Decimal } from '../domain/decimal'
import { ZERO, remaining, type Order, type Side } from './engine-types'
import { BookSide } from './order-book'
import type { PairInfo } from './reference'
import { TradeLog } from './trade-log'

export const TRADES_KEPT = 1000

export interface PairBook {
  bids: BookSide<Order>
  asks: BookSide<Order>
  stops: Order[]
  last: Decimal
}

export class PairMarkets {
  private readonly books = new Map<string, PairBook>()
  private readonly tradeLogs = new Map<string, TradeLog>()
  private nextTradeId = 1

  constructor(pairs: readonly PairInfo[], lastPrices: ReadonlyMap<string, number>) {
    for (const p of pairs) {
      const last = lastPrices.get(p.name) ?? p.basePrice
      this.books.set(p.name, {
        bids: new BookSide<Order>(true),
        asks: new BookSide<Order>(false),
        stops: [],
        last: new Decimal(last.toFixed(p.pricePrecision)),
      })
      this.tradeLogs.set(p.name, new TradeLog(TRADES_KEPT))
    }
  }

  book(pairName: string): PairBook {
    return this.books.get(pairName)!
  }

  /** Trades recorded so far, on every pair. */
  tradeCount(): number {
    return this.nextTradeId - 1
  }

  /** Sets the last price and lists the trade; answers the trade's id. */
  recordTrade(pair: PairInfo, px: Decimal, qty: Decimal, takerSide: Side, now: number): number {
    this.books.get(pair.name)!.last = px
    const id = this.nextTradeId++
    // account_id: the official Trade model requires one; public data names no account, so 0.
    const json = JSON.stringify({
      id,
      account_id: 0,
      price: px.toNumber(),
      amount: qty.toNumber(),
      timestamp: now / 1000,
      pair: pair.name,
      type: takerSide === 'BUY' ? 'buy' : 'sell',
    })
    this.tradeLogs.get(pair.name)!.add(json)
    return id
  }

  tradesJson(pairName: string, limit: number): string {
    return this.tradeLogs.get(pairName)!.recent(limit)
  }

  /** Aggregated levels, exact: best first. */
  levels(pairName: string, side: Side, limit: number): { amount: Decimal; price: Decimal }[] {
    const bookSide = side === 'BUY' ? this.books.get(pairName)!.bids : this.books.get(pairName)!.asks
    const out: { amount: Decimal; price: Decimal }[] = []
    for (const level of bookSide.levels) {
      if (out.length >= limit) break
      let amount = ZERO
      for (const o of level.orders) amount = amount.plus(remaining(o))
      out.push({ amount, price: level.price })
    }
    return out
  }
}
