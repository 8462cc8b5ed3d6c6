// The account's history: its orders and its own fills over a time range, each fill with its side.
// The exchange answers at most 30 days a request, so a range is read as 30-day windows, newest first,
// one request at a time (a 429-shy exchange, and the session can be switched between two windows). A window's
// answer that arrives after a switch is dropped, never mixed into another account's history.
import type { AccountOrdersQuery, AccountTradesQuery, MethodResults } from '../../domain/api/api'
import { TerminalError, toTerminalError } from '../../domain/errors'
import { allNamed, placeFills, type PlacedFill } from '../../domain/account/fill-sides'
import { MAX_HISTORY_SPAN_MS, historyWindows, serverTime } from '../../domain/account/history-windows'
import { rangeProblem } from '../../domain/api/history-api'
import type { FillRecord, OrderRecord, WalletMotion } from '../../domain/wire/wire'
import type { ExchangeClient, HistoryQuery } from '../exchange/client'

export interface HistorySession {
  readonly client: ExchangeClient | null
  readonly active: { accountId: number | null } | null
  readonly accountId: number | null
  readonly switchGeneration: number
  readonly signal: AbortSignal
}

function switchedAway(): TerminalError {
  return new TerminalError({ kind: 'network', code: 'ABORTED', message: 'The history belongs to an account that is no longer selected; it was dropped.' })
}

/**
 * Reads every window of [from, to) with `read`, newest first; the records of all windows, newest window
 * first. Two adjacent windows share their bound, so a record at that instant can come in both: one
 * with an id is kept once (uniqueById); one without an id (the real exchange's fills have none) is
 * dropped from the older window when the newer one holds the same record to the letter.
 */
export async function readWindows<T>(from: number, to: number, read: (query: Pick<HistoryQuery, 'start_time' | 'end_time'>) => Promise<T[]>): Promise<T[]> {
  const all: T[] = []
  // The server's times are whole seconds: the range is rounded out (start down, end up) before it is
  // cut, or an order of the last second of a range ending "now" would fall outside it; the windows
  // (30 days, a whole number of seconds) then stay on whole seconds and within the server's limit.
  const start = Math.floor(from / 1000) * 1000
  const end = Math.ceil(to / 1000) * 1000
  let newer = new Set<string>()
  for (const window of historyWindows(start, end)) {
    const page = await read({ start_time: serverTime(window.startMs), end_time: serverTime(window.endMs) })
    const texts = page.map((r) => (hasId(r) ? '' : JSON.stringify(r)))
    all.push(...page.filter((_, i) => texts[i] === '' || !newer.has(texts[i]!)))
    newer = new Set(texts)
  }
  return all
}

const hasId = (r: unknown): boolean => typeof r === 'object' && r !== null && typeof (r as { id?: unknown }).id === 'number'

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
  return uniqueById(records).filter((o) => !wanted || o.status === wanted)
}

/** An order that filled within the range may have been placed up to this long before it. */
const ORDER_LOOKBACK_MS = MAX_HISTORY_SPAN_MS
/** Wallet movements are read a little past the range: a movement may be stamped a moment after its fill. */
const MOTION_MARGIN_MS = 2000

/**
 * A witness for the fills' sides, or null when it cannot be read (the fills are still shown, the ones
 * it would have placed as unplaced). A switch away is not swallowed: it ends the whole read.
 */
async function witness<T>(read: () => Promise<T[]>, signal?: AbortSignal): Promise<T[] | null> {
  try {
    return await read()
  } catch (error) {
    if (signal?.aborted || toTerminalError(error).code === 'ABORTED') throw error
    return null
  }
}

/**
 * The account's own fills of one pair in [from, to), every window read, each with its side
 * (fill-sides.ts): as the exchange names it, or found from the account's orders and its base
 * currency's wallet movements, which are read only when some fill names no side.
 */
export async function readFills(client: ExchangeClient, q: AccountTradesQuery, signal?: AbortSignal, stillCurrent: () => void = () => {}): Promise<PlacedFill[]> {
  const call = signal ? { signal } : {}
  const records = await readWindows<FillRecord>(q.from, q.to, async (window) => {
    const page = await client.accountTrades({ ...window, pair: q.pair, ...(q.side ? { side: wireSide(q.side) } : {}) }, call)
    stillCurrent()
    return page
  })
  const fills = uniqueById(records)
  if (allNamed(fills)) return placeFills(fills, { orders: [], motions: [] })
  const orders = await witness(() => readOrders(client, { pair: q.pair, from: Math.max(0, q.from - ORDER_LOOKBACK_MS), to: q.to }, signal, stillCurrent), signal)
  const currency = q.pair.slice(0, q.pair.indexOf('_'))
  const motions = await witness(
    () =>
      readWindows<WalletMotion>(q.from - MOTION_MARGIN_MS, q.to + MOTION_MARGIN_MS, async (window) => {
        const page = await client.accountActivity({ ...window, currency }, call)
        stillCurrent()
        return page
      }),
    signal,
  )
  return placeFills(fills, { orders, motions: motions && uniqueById(motions) })
}

export function createHistoryHandlers(deps: { session: HistorySession }): {
  'account.orders': (q: AccountOrdersQuery) => Promise<MethodResults['account.orders']>
  'account.trades': (q: AccountTradesQuery) => Promise<MethodResults['account.trades']>
} {
  const { session } = deps
  /** The key reads its own account's history only: a view-only sub-account's is not readable with it. */
  function ownAccount(range: { from: number; to: number }): { client: ExchangeClient; switchGeneration: number; signal: AbortSignal } {
    const problem = rangeProblem(range)
    if (problem) throw new TerminalError({ kind: 'validation', code: 'INVALID_RANGE', field: problem.field, message: problem.message })
    const { client, active, accountId } = session
    if (!client || !active) throw new TerminalError({ kind: 'not-found', code: 'NO_PROFILE', message: 'No exchange profile is active. Add or activate one.' })
    if (accountId === null || accountId !== active.accountId) {
      throw new TerminalError({ kind: 'validation', code: 'VIEW_ONLY_ACCOUNT', message: 'The history of the selected account needs its own API key. Add a profile for it.' })
    }
    return { client, switchGeneration: session.switchGeneration, signal: session.signal }
  }

  return {
    async 'account.orders'(q) {
      const { client, switchGeneration, signal } = ownAccount(q)
      return readOrders(client, q, signal, () => {
        if (switchGeneration !== session.switchGeneration) throw switchedAway()
      })
    },
    async 'account.trades'(q) {
      const { client, switchGeneration, signal } = ownAccount(q)
      return readFills(client, q, signal, () => {
        if (switchGeneration !== session.switchGeneration) throw switchedAway()
      })
    },
  }
}
