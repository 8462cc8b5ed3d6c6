// GET /orderbook's `group` (docs/exchange-api.md: the official client sends it): levels merged into price
// buckets of the given step, asks rounded up and bids down (as domain/market/order-book.ts groups for the
// panel), so a grouped book never shows a better price than the book has. The limits apply after
// grouping: `limit_sell=10&group=10` is ten buckets.
import { groupLevels } from '../domain/market/order-book'
import type { Decimal } from '../domain/decimal'

export type GroupParam = { step: string } | { error: string } | null

/** The step of `group`: a positive decimal no finer than 1e-12, or why not; null when absent. */
export function groupParam(q: URLSearchParams): GroupParam {
  const text = q.get('group')
  if (text === null || text === '') return null
  if (!/^\d+(\.\d{1,12})?$/.test(text) || /^0+(\.0+)?$/.test(text)) return { error: `group must be a positive decimal step such as 0.01 or 10, got ${JSON.stringify(text.slice(0, 40))}.` }
  return { step: text }
}

export function groupedDepth(levels: readonly { amount: Decimal; price: Decimal }[], side: 'BUY' | 'SELL', step: string, limit: number): { amount: number; price: number }[] {
  const grouped = groupLevels(
    levels.map((l) => ({ price: l.price.toFixed(), amount: l.amount.toFixed() })),
    side === 'SELL' ? 'ask' : 'bid',
    step,
  )
  return grouped.slice(0, limit).map((l) => ({ amount: Number(l.amount), price: Number(l.price) }))
}
