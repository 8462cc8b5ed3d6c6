// What the price ladder draws, apart from the component so it can be tested alone: one row per price
// step around a centre, highest price on top, each with the book's bid and ask size in that step, the
// trader's own orders there (count and amount, by side), the volume traded there this session (and
// its bar's width), and the row of the last trade. Exact: every figure is decimal text (decimal.js).
// Grouping puts a bid (and a buy order) in the step at or below its price and an ask (and a sell) in
// the one at or above, as the order book's grouping does, so a row never shows a better price than
// the book has. Trades go to the step at or below their price.
import { Decimal } from '@domain/decimal'
import type { BookLevel } from '@domain/market/order-book'
import { snapToStep, stepPlaces } from '@domain/market/price-steps'

/** One of the trader's open orders, as the ladder needs it. */
export interface LadderOwnOrder {
  id: number
  side: 'BUY' | 'SELL'
  price: string
  /** What is left of it (base). */
  amount: string
}

export interface LadderOwn {
  count: number
  amount: string
  /** Their ids, largest amount first: a drag moves the first. */
  ids: number[]
}

export interface LadderRow {
  /** The step's price, written with the pair's decimals (the test id and what a click sends). */
  price: string
  bid: string | null
  ask: string | null
  ownBuy: LadderOwn | null
  ownSell: LadderOwn | null
  /** Base volume traded at this step in the session, or null. */
  volume: string | null
  /** 0–100: the volume bar, relative to the largest volume of the whole session's steps. */
  volumeBar: number
  /** The last trade's price falls in this step. */
  last: boolean
}

export interface LadderInput {
  /** The price the middle row holds (snapped to the step). */
  centre: string
  /** The step of one row: the pair's tick or a multiple of it. */
  step: string
  /** How many rows. */
  count: number
  asks: readonly BookLevel[]
  bids: readonly BookLevel[]
  own: readonly LadderOwnOrder[]
  /** Exact price → base volume traded this session. */
  volume: ReadonlyMap<string, string>
  last: string | null
  /** Decimals the rows' prices are written with: the pair's (at least the step's). */
  places: number
}

function sumInto(map: Map<string, Decimal>, key: string, amount: string): void {
  map.set(key, (map.get(key) ?? new Decimal(0)).add(amount))
}

function ownBySide(own: readonly LadderOwnOrder[], side: 'BUY' | 'SELL', step: string): Map<string, LadderOwn> {
  const bucketed = new Map<string, LadderOwnOrder[]>()
  for (const order of own) {
    if (order.side !== side) continue
    const key = snapToStep(order.price, step, side === 'BUY' ? 'down' : 'up')
    const list = bucketed.get(key) ?? []
    list.push(order)
    bucketed.set(key, list)
  }
  const out = new Map<string, LadderOwn>()
  for (const [key, list] of bucketed) {
    const sorted = [...list].sort((a, b) => new Decimal(b.amount).comparedTo(a.amount) || a.id - b.id)
    const amount = sorted.reduce((sum, o) => sum.add(o.amount), new Decimal(0))
    out.set(key, { count: sorted.length, amount: amount.toFixed(), ids: sorted.map((o) => o.id) })
  }
  return out
}

/** Session volume per step (at or below the trade's price). */
export function volumeBySteps(volume: ReadonlyMap<string, string>, step: string): Map<string, Decimal> {
  const out = new Map<string, Decimal>()
  for (const [price, amount] of volume) sumInto(out, snapToStep(price, step, 'down'), amount)
  return out
}

/** The rows, highest price first; rows at or below zero are left out. */
export function buildLadderRows(input: LadderInput): LadderRow[] {
  const { step, count } = input
  const places = Math.max(input.places, stepPlaces(step))
  const size = new Decimal(step)
  const centre = new Decimal(snapToStep(input.centre, step, 'down'))
  const bids = new Map<string, Decimal>()
  for (const level of input.bids) sumInto(bids, snapToStep(level.price, step, 'down'), level.amount)
  const asks = new Map<string, Decimal>()
  for (const level of input.asks) sumInto(asks, snapToStep(level.price, step, 'up'), level.amount)
  const ownBuy = ownBySide(input.own, 'BUY', step)
  const ownSell = ownBySide(input.own, 'SELL', step)
  const volume = volumeBySteps(input.volume, step)
  let most = new Decimal(0)
  for (const v of volume.values()) if (v.gt(most)) most = v
  const last = input.last === null ? null : snapToStep(input.last, step, 'down')
  const half = Math.floor(count / 2)
  const rows: LadderRow[] = []
  for (let i = 0; i < count; i++) {
    const price = centre.add(size.mul(half - i))
    if (price.lte(0)) break
    const key = price.toFixed()
    const bid = bids.get(key)
    const ask = asks.get(key)
    const traded = volume.get(key)
    rows.push({
      price: price.toFixed(places),
      bid: bid && !bid.isZero() ? bid.toFixed() : null,
      ask: ask && !ask.isZero() ? ask.toFixed() : null,
      ownBuy: ownBuy.get(key) ?? null,
      ownSell: ownSell.get(key) ?? null,
      volume: traded ? traded.toFixed() : null,
      volumeBar: traded && most.gt(0) ? traded.div(most).mul(100).toDecimalPlaces(1).toNumber() : 0,
      last: last === key,
    })
  }
  return rows
}

/** Whether a price lies outside the rows shown (so the ladder recentres on it). */
export function outsideView(price: string | null, rows: readonly LadderRow[], step: string): boolean {
  if (price === null || rows.length === 0) return false
  const p = new Decimal(snapToStep(price, step, 'down'))
  return p.gt(rows[0]!.price) || p.lt(rows[rows.length - 1]!.price)
}
