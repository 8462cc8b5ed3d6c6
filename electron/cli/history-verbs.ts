// The CLI verbs of the trader's depth: `book` (the order book with cumulative sums and the spread,
// optionally grouped), `history` (orders), `fills` (own trades) and `pnl` (realised FIFO P&L of the
// fills). Same filters as the window's tabs; ranges longer than 30 days are read in 30-day windows.
import { ORDER_STATUSES, canonicalStatus } from '../domain/wire/constants'
import { rangeProblem } from '../domain/api/history-api'
import { bookSpread, groupLevels, sortLevels, withCumulative } from '../domain/market/order-book'
import { PNL_METHOD, realisedPnl } from '../domain/account/pnl'
import { pnlInputs } from '../domain/account/fill-sides'
import { ORDER_SIDE_ALIASES } from '../domain/wire/constants'
import { parseIsoInstant } from '../domain/time'
import { readFills, readOrders } from '../core/account/account-history'
import type { ExchangeClient } from '../core/exchange/client'
import { UsageError, integer, required, text, type ParsedArgs } from './args'

export const HISTORY_VERBS = ['book', 'history', 'fills', 'pnl'] as const
export type HistoryVerb = (typeof HISTORY_VERBS)[number]

const DAY = 86_400_000

/** --from / --to: ISO 8601 (a time without a zone is UTC) or Unix seconds. */
export function timeFlag(flags: ParsedArgs['flags'], name: 'from' | 'to', fallback: number): number {
  const value = text(flags, name)?.trim()
  if (value === undefined || value === '') return fallback
  if (/^\d+$/.test(value)) return Number(value) * 1000
  const ms = parseIsoInstant(/([zZ]|[+-]\d\d:?\d\d)$/.test(value) ? value : `${value}Z`)
  if (ms === null) throw new UsageError(`--${name} must be an ISO 8601 time like 2024-01-31T12:00:00Z or Unix seconds, got "${value}".`)
  return ms
}

function rangeOf(flags: ParsedArgs['flags'], now: number): { from: number; to: number } {
  const range = { from: timeFlag(flags, 'from', now - 30 * DAY), to: timeFlag(flags, 'to', now) }
  const problem = rangeProblem(range)
  if (problem) throw new UsageError(`--${problem.field}: ${problem.message}.`)
  return range
}

function sideOf(flags: ParsedArgs['flags']): 'BUY' | 'SELL' | undefined {
  const value = text(flags, 'side')
  if (value === undefined) return undefined
  const side = ORDER_SIDE_ALIASES[value.trim().toUpperCase()]
  if (!side) throw new UsageError(`--side must be BUY or SELL, got "${value}".`)
  return side
}

/**
 * Checks the flags of a history verb (before anything is sent) and returns the call to make.
 * `now` is the local clock; the default range is the last 30 days.
 */
export function historyCall(verb: HistoryVerb, args: ParsedArgs, now: number): (client: ExchangeClient) => Promise<unknown> {
  const { flags } = args
  const pairFlag = (): string => required(flags, 'pair', verb).toUpperCase()
  switch (verb) {
    case 'book': {
      const pair = pairFlag()
      const limit = integer(flags, 'limit', 1, 1000) ?? 20
      const group = text(flags, 'group')?.trim()
      if (group !== undefined && (!/^\d+(\.\d+)?$/.test(group) || Number(group) === 0)) throw new UsageError(`--group must be a positive price step like 0.5 or 10, got "${group}".`)
      return async (c) => {
        const book = await c.orderbook({ pair, limit_buy: group ? 1000 : limit, limit_sell: group ? 1000 : limit })
        const asks = group ? groupLevels(book.sell, 'ask', group) : sortLevels(book.sell, 'ask')
        const bids = group ? groupLevels(book.buy, 'bid', group) : sortLevels(book.buy, 'bid')
        return { pair, group: group ?? null, spread: bookSpread(asks, bids), asks: withCumulative(asks.slice(0, limit)), bids: withCumulative(bids.slice(0, limit)) }
      }
    }
    case 'history': {
      const pair = text(flags, 'pair')?.trim().toUpperCase()
      // either spelling of a status the exchange writes two ways (PARTIAL_CANCELED / PARTIAL_CANCELLED)
      const given = text(flags, 'status')
      const status = given === undefined ? undefined : canonicalStatus(given)
      if (status !== undefined && !(ORDER_STATUSES as readonly string[]).includes(status)) throw new UsageError(`--status must be one of ${ORDER_STATUSES.join(', ')}, got "${status}".`)
      const side = sideOf(flags)
      const range = rangeOf(flags, now)
      return (c) => readOrders(c, { ...range, ...(pair ? { pair } : {}), ...(side ? { side } : {}), ...(status ? { status: status as (typeof ORDER_STATUSES)[number] } : {}) })
    }
    case 'fills':
    case 'pnl': {
      const pair = pairFlag()
      const side = verb === 'fills' ? sideOf(flags) : undefined
      const range = rangeOf(flags, now)
      const read = (c: ExchangeClient) => readFills(c, { pair, ...range, ...(side ? { side } : {}) })
      if (verb === 'fills') return read
      return async (c) => {
        const { fills, unplaced } = pnlInputs(await read(c))
        return { method: PNL_METHOD, pairs: realisedPnl(fills), unplaced }
      }
    }
  }
}
