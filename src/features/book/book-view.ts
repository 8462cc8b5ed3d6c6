// What the order book panel draws, computed apart from the component so it can be tested and kept
// cheap: group to the chosen step, keep the N best levels a side, add cumulative sums and the depth
// bar widths (relative to the larger side's visible total), and mark the levels holding the trader's
// own orders.
import { Decimal } from '@domain/decimal'
import { bookSpread, groupLevels, sortLevels, withCumulative, type BookLevel, type BookSide, type Spread } from '@domain/market/order-book'
import type { OwnOrderMark as StoreOwnOrderMark } from '@/stores/market/book'

/** An own order as the book marks it: its price, side and what is left (its id does not matter here). */
export type OwnOrderMark = Pick<StoreOwnOrderMark, 'price' | 'side' | 'amount'>

export interface BookViewRow {
  price: string
  amount: string
  cumulative: string
  /** 0–100: the depth bar's width. */
  depth: number
  /** How much of this level is the trader's own (base), or null. */
  own: string | null
}

export interface BookView {
  asks: BookViewRow[]
  bids: BookViewRow[]
  spread: Spread | null
}

/** The bucket an own order's price falls in, the same way groupLevels rounds. */
function bucketOf(price: string, side: BookSide, step: string | null): string {
  if (!step) return new Decimal(price).toFixed()
  const ratio = new Decimal(price).div(step)
  return (side === 'ask' ? ratio.ceil() : ratio.floor()).mul(step).toFixed()
}

function sideRows(levels: readonly BookLevel[], side: BookSide, step: string | null, depth: number, own: readonly OwnOrderMark[]): BookViewRow[] {
  const grouped = step ? groupLevels(levels, side, step) : sortLevels(levels, side)
  const rows = withCumulative(grouped.slice(0, depth))
  const ownSide = side === 'ask' ? 'SELL' : 'BUY'
  const mine = new Map<string, Decimal>()
  for (const order of own) {
    if (order.side !== ownSide) continue
    const key = bucketOf(order.price, side, step)
    mine.set(key, (mine.get(key) ?? new Decimal(0)).add(order.amount))
  }
  return rows.map((row) => {
    const key = new Decimal(row.price).toFixed()
    return { price: row.price, amount: row.amount, cumulative: row.cumulative, depth: 0, own: mine.get(key)?.toFixed() ?? null }
  })
}

export function bookView(input: { asks: readonly BookLevel[]; bids: readonly BookLevel[]; step: string | null; depth: number; own?: readonly OwnOrderMark[] }): BookView {
  const own = input.own ?? []
  const asks = sideRows(input.asks, 'ask', input.step, input.depth, own)
  const bids = sideRows(input.bids, 'bid', input.step, input.depth, own)
  const max = Decimal.max(asks.at(-1)?.cumulative ?? 0, bids.at(-1)?.cumulative ?? 0)
  if (max.gt(0)) {
    for (const row of [...asks, ...bids]) row.depth = new Decimal(row.cumulative).div(max).mul(100).toDecimalPlaces(2).toNumber()
  }
  return { asks, bids, spread: bookSpread(input.asks, input.bids) }
}

/**
 * How many rows of `rowHeight` fit whole in `height` px: at least one, so a cramped panel still shows
 * the best level; null while unmeasured (0: not laid out yet, or a test without layout).
 */
export function levelsThatFit(height: number, rowHeight: number): number | null {
  if (!(height > 0)) return null
  return Math.max(1, Math.floor(height / rowHeight))
}
