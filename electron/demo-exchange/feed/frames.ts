// The feed's messages, as docs/exchange-api.md "The live feed" lays them out: JSON arrays [kind, time, ...]
// with prices and amounts as decimal strings (never JSON numbers: a client must not meet binary
// floating point on the way in). Prices carry the pair's price_precision, amounts its
// amount_precision, so "65000.10" reads the same on the wire as on the screen.
import { Decimal } from '../../domain/decimal'
import type { BalanceEntry, Engine, Order } from '../engine'
import type { Market } from '../market'
import type { PairInfo } from '../reference'
import { limitPriceOrZero, wireWallet } from '../wire-words'

export type Frame = readonly unknown[]
/** One side of a book on the wire: [price, amount] pairs, best first. */
export type WireLevels = [string, string][]

const price = (p: PairInfo, value: Decimal | number): string => new Decimal(value).toFixed(p.pricePrecision)
const amount = (p: PairInfo, value: Decimal | number): string => new Decimal(value).toFixed(p.amountPrecision)
const orNull = (value: Decimal | null, format: (v: Decimal) => string): string | null => (value === null ? null : format(value))

/** `[symbol, close, base_vol, quote_vol, change, high, low, bid, ask]`; change is the 24 h change in percent. */
export function tickerRow(p: PairInfo, engine: Engine, market: Market, nowSec: number): unknown[] {
  const day = market.stats24h(p.name, nowSec)
  const last = engine.lastPrice(p.name)
  const change = day.open === 0 ? new Decimal(0) : last.minus(day.open).div(day.open).times(100)
  return [
    p.name,
    price(p, last),
    amount(p, day.volume),
    new Decimal(day.quoteVolume).toFixed(Math.min(p.pricePrecision + p.amountPrecision, 10)),
    change.toFixed(2),
    price(p, day.high),
    price(p, day.low),
    // an empty side is "0": the official row is all text, never null (no real price is 0)
    price(p, engine.bestBid(p.name) ?? 0),
    price(p, engine.bestAsk(p.name) ?? 0),
  ]
}

export function tickerFrame(pairs: readonly PairInfo[], engine: Engine, market: Market, nowSec: number): Frame {
  return ['tk', nowSec, ...pairs.map((p) => tickerRow(p, engine, market, nowSec))]
}

/** `[[rate, base, quote], ...]`: the last price of each pair. */
export function ratesFrame(pairs: readonly PairInfo[], engine: Engine, nowSec: number): Frame {
  return ['r', nowSec, pairs.map((p) => [price(p, engine.lastPrice(p.name)), p.base, p.quote])]
}

/** `trade_id, pair, amount, price, direction`; direction is the taker's side, as REST's `type`: buy / sell. */
export function tradeFrame(p: PairInfo, tsSec: number, tradeId: number, px: Decimal, qty: Decimal, takerSide: 'BUY' | 'SELL'): Frame {
  return ['t', tsSec, tradeId, p.name, amount(p, qty), price(p, px), takerSide === 'BUY' ? 'buy' : 'sell']
}

/** The whole book of a pair, exactly, as the wire writes it. */
export function bookLevels(p: PairInfo, engine: Engine): { asks: WireLevels; bids: WireLevels } {
  const side = (s: 'BUY' | 'SELL'): WireLevels => engine.levels(p.name, s, Number.MAX_SAFE_INTEGER).map((l) => [price(p, l.price), amount(p, l.amount)])
  return { asks: side('SELL'), bids: side('BUY') }
}

const total = (levels: WireLevels, places: number): string => levels.reduce((sum, [, a]) => sum.plus(a), new Decimal(0)).toFixed(places)

export function snapshotFrame(p: PairInfo, book: { asks: WireLevels; bids: WireLevels }, nowSec: number): Frame {
  return ['p', nowSec, { Symbol: p.name, Asks: book.asks, Bids: book.bids, TotalAsks: total(book.asks, p.amountPrecision), TotalBids: total(book.bids, p.amountPrecision) }]
}

/** Absolute level totals that changed; amount "0…" means the level is gone. */
export function diffFrame(p: PairInfo, asks: WireLevels, bids: WireLevels, nowSec: number): Frame {
  return ['d', nowSec, p.name, [asks, bids]]
}

const seconds = (ms: number | null): number | null => (ms === null ? null : ms / 1000)

/**
 * `order_id, symbol, side, order_type, base_amount, limit_price, amount_unfilled, amount_filled,
 * amount_cancelled, value_filled, price_avg, done_at, status, quote_amount, wallet_type, stop_price,
 * stop_operator`; side as REST writes it (BID / ASK), done_at in Unix seconds or null. The official
 * model wants text in limit_price and stop_operator: a market order's limit price is "0" (as REST's
 * price, wire-words.ts), and an order without a stop has an empty stop operator.
 */
export function orderFrame(o: Order, nowSec: number): Frame {
  const p = o.pair
  const unfilled = o.amount.minus(o.filled).minus(o.canceled)
  const avg = o.filled.isZero() ? null : o.quoteSpent.div(o.filled)
  return [
    'o',
    nowSec,
    o.id,
    p.name,
    o.side === 'BUY' ? 'BID' : 'ASK',
    o.type,
    amount(p, o.amount),
    price(p, limitPriceOrZero(o.price)),
    amount(p, unfilled.lt(0) ? 0 : unfilled),
    amount(p, o.filled),
    amount(p, o.canceled),
    o.quoteSpent.toFixed(),
    orNull(avg, (v) => v.toDecimalPlaces(p.pricePrecision).toFixed(p.pricePrecision)),
    seconds(o.doneAt),
    o.status,
    orNull(o.quoteAmount, (v) => v.toFixed()),
    wireWallet(o.wallet),
    orNull(o.stopPrice, (v) => price(p, v)),
    o.stopOperator ?? '',
  ]
}

/** `code, wallet_type, symbol, balance, reserve`: the demo writes the currency code in both `code` and `symbol`. */
export function walletFrame(e: BalanceEntry, nowSec: number): Frame {
  return ['w', nowSec, e.currency, wireWallet(e.wallet), e.currency, e.balance.toFixed(), e.reserve.toFixed()]
}
