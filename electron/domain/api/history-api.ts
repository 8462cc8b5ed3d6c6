// The account-history part of the TerminalApi contract (api.ts imports it): the inputs of
// account.orders and account.trades, and the order book event. Times are ms since the epoch; the core
// reads ranges longer than 30 days in 30-day windows (history-windows.ts), newest first.
import { z } from 'zod'
import { ORDER_STATUSES } from '../wire/constants'
import type { OrderBook } from '../wire/wire'

const pairName = z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'A pair looks like BTC_USDT')
const epochMs = z.number().int().min(0).max(99_999_999_999_999)
/** At most about three years a request: 37 windows, so one call can never loop on for long. */
export const MAX_HISTORY_RANGE_MS = 37 * 30 * 86_400_000

const range = { side: z.enum(['BUY', 'SELL']).optional(), from: epochMs, to: epochMs }

/**
 * What is wrong with a range, or null. Checked by the core (account-history.ts) rather than in the
 * schema: the two bounds depend on each other, which the schema fuzzer cannot generate for.
 */
export function rangeProblem(value: { from: number; to: number }): { field: 'from' | 'to'; message: string } | null {
  if (value.to <= value.from) return { field: 'to', message: 'The end of the range must be after its start' }
  if (value.to - value.from > MAX_HISTORY_RANGE_MS) return { field: 'from', message: 'Choose a range of at most 3 years' }
  return null
}

export const accountOrdersInput = z.strictObject({ pair: pairName.optional(), status: z.enum(ORDER_STATUSES).optional(), openOnly: z.boolean().optional(), ...range })
export type AccountOrdersQuery = z.output<typeof accountOrdersInput>

export const accountTradesInput = z.strictObject({ pair: pairName, ...range })
export type AccountTradesQuery = z.output<typeof accountTradesInput>

/**
 * The order book of the subscribed pair. `book` is null while `doubt` says why it cannot be shown
 * (not read yet, unreachable, a gap in the feed): a book built across a gap is never sent.
 */
export interface BookEventPayload {
  pair: string
  book: OrderBook | null
  doubt: string | null
  /** When the book was read (ms since epoch); 0 before the first read. */
  fetchedAt: number
  /** Where it came from: the live feed's kept book (snapshot + diffs), or a poll of GET /orderbook. */
  source: 'feed' | 'poll'
}
