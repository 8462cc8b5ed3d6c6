// The account's history: its orders and its own fills over a time range. The exchange answers at most
// 30 days a request (known-facts.md), so a range is read as 30-day windows, newest first, one request
// at a time (a 429-shy exchange, and the session can be switched between two windows). A window's
// answer that arrives after a switch is dropped, never mixed into another account's history.
import type { AccountOrdersQuery, AccountTradesQuery, MethodResults } from '../domain/api'
import { TerminalError } from '../domain/errors'
import { historyWindows, serverTime } from '../domain/history-windows'
import { rangeProblem } from '../domain/history-api'
import type { FillRecord, OrderRecord } from '../domain/wire'
import type { ExchangeClient, HistoryQuery } from './exchange/client'

export interface HistorySession {
  readonly client: ExchangeClient | null
  readonly active: { accountId: number | null } | null
  readonly accountId: number | null
  readonly generation: number
  readonly signal: AbortSignal
}

function switchedAway(): TerminalError {
  return new TerminalError({ kind: 'network', code: 'ABORTED', message: 'The history belongs to an account that is no longer selected; it was dropped.' })
}

/** Reads every window of [from, to) with `read`, newest first; the records of all windows, newest window first. */
export async function readWindows<T>(from: number, to: number, read: (query: Pick<HistoryQuery, 'start_time' | 'end_time'>) => Promise<T[]>): Promise<T[]> {
  const all: T[] = []
  // The server's times are whole seconds: the range is rounded out (start down, end up) before it is
  // cut, or an order of the last second of a range ending "now" would fall outside it; the windows
  // (30 days, a whole number of seconds) then stay on whole seconds and within the server's limit.
  const start = Math.floor(from / 1000) * 1000
  const end = Math.ceil(to / 1000) * 1000
  for (const window of historyWindows(start, end)) {
    all.push(...(await read({ start_time: serverTime(window.startMs), end_time: serverTime(window.endMs) })))
  }
  return all
}

/** Records of two adjacent windows can meet on their shared bound: each id is kept once. */
function uniqueById<T extends { id?: number | undefined }>(records: T[]): T[] {
  const seen = new Set<number>()
  return records.filter((r) => {
    if (r.id === undefined) return true
    if (seen.has(r.id)) return false
    seen.add(r.id)
    return true
  })
}

const wireSide = (side: 'BUY' | 'SELL' | undefined): HistoryQuery['side'] => (side === undefined ? undefined : side === 'BUY' ? 'BID' : 'ASK')

/** The account's orders of [from, to) with the query's filters, every window read (the CLI uses this directly). */
export async function readOrders(client: ExchangeClient, q: AccountOrdersQuery, signal?: AbortSignal, stillCurrent: () => void = () => {}): Promise<OrderRecord[]> {
  const records = await readWindows<OrderRecord>(q.from, q.to, async (window) => {
    const page = await client.accountOrders(
      { ...window, ...(q.pair ? { pair: q.pair } : {}), ...(q.side ? { side: wireSide(q.side) } : {}), ...(q.openOnly ? { open_only: true } : {}) },
      signal ? { signal } : {},
    )
    stillCurrent()
    return page
  })
  const wanted = q.status
  return uniqueById(records).filter((o) => !wanted || o.status.toUpperCase() === wanted)
}

/** The account's own fills of one pair in [from, to), every window read. */
export async function readFills(client: ExchangeClient, q: AccountTradesQuery, signal?: AbortSignal, stillCurrent: () => void = () => {}): Promise<FillRecord[]> {
  const records = await readWindows<FillRecord>(q.from, q.to, async (window) => {
    const page = await client.accountTrades({ ...window, pair: q.pair, ...(q.side ? { side: wireSide(q.side) } : {}) }, signal ? { signal } : {})
    stillCurrent()
    return page
  })
  return uniqueById(records)
}

export function createHistoryHandlers(session: HistorySession): {
  'account.orders': (q: AccountOrdersQuery) => Promise<MethodResults['account.orders']>
  'account.trades': (q: AccountTradesQuery) => Promise<MethodResults['account.trades']>
} {
  /** The key reads its own account's history only: a view-only sub-account's is not readable with it. */
  function ownAccount(range: { from: number; to: number }): { client: ExchangeClient; generation: number; signal: AbortSignal } {
    const problem = rangeProblem(range)
    if (problem) throw new TerminalError({ kind: 'validation', code: 'INVALID_RANGE', field: problem.field, message: problem.message })
    const { client, active, accountId } = session
    if (!client || !active) throw new TerminalError({ kind: 'not-found', code: 'NO_PROFILE', message: 'No exchange profile is active. Add or activate one.' })
    if (accountId === null || accountId !== active.accountId) {
      throw new TerminalError({ kind: 'validation', code: 'VIEW_ONLY_ACCOUNT', message: 'The history of the selected account needs its own API key. Add a profile for it.' })
    }
    return { client, generation: session.generation, signal: session.signal }
  }

  return {
    async 'account.orders'(q) {
      const { client, generation, signal } = ownAccount(q)
      return readOrders(client, q, signal, () => {
        if (generation !== session.generation) throw switchedAway()
      })
    },
    async 'account.trades'(q) {
      const { client, generation, signal } = ownAccount(q)
      return readFills(client, q, signal, () => {
        if (generation !== session.generation) throw switchedAway()
      })
    },
  }
}
