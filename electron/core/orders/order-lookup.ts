// The lookup after an order whose answer was lost: is it among the account's recent orders?
//
// The real exchange's order records carry no client_order_id (docs/exchange-api.md, "Orders"), so a record is matched
// by its client_order_id where the server keeps them, and otherwise by pair, side, type, amount and
// price inside a time window around the sending. The verdict says how sure the match is, and the
// message says what was searched: not finding an order is never reported as "not placed".
import type { OrderLookupSearch, OrderLookupVerdict, PlaceOrderResult } from '../../domain/api/api'
import { Decimal } from '../../domain/decimal'
import { isTerminalError, type TerminalError } from '../../domain/errors'
import { parseInstant } from '../../domain/time'
import { normalizeOrderType, normalizeSide, normalizeWalletType } from '../../domain/orders/order-rules'
import type { OrderRecord, PlaceOrderBody } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'

export type UnknownOutcome = Extract<PlaceOrderResult, { outcome: 'unknown' }>

/** The most orders GET /accounts/order answers (docs/exchange-api.md, "Orders"): a full list may have cut ours off. */
export const RECENT_ORDERS_MAX = 100
/** How far before the sending and after the last read a matching record may be dated. */
export const MATCH_MARGIN_MS = 60_000
/**
 * How much older than the moment it can first have been made a record of ours may still look, when
 * that moment is known (`LookupRequest.notBefore`): the exchange's clock against ours beyond the skew
 * measured (none, when it was never measured) and a date written to the second. 5 s: a look-alike
 * older than that is an earlier order, not this one.
 */
export const SKEW_ALLOWANCE_MS = 5_000

export interface Judgement {
  verdict: OrderLookupVerdict
  orderIds: number[]
  matchedBy: OrderLookupSearch['matchedBy']
}

/** A record's creation time in ms: ISO text (UTC when it names no zone) or Unix seconds / ms; null when unreadable. */
export function recordTimeMs(record: OrderRecord): number | null {
  for (const value of [record.date, record.open_at]) {
    const ms = typeof value === 'string' || typeof value === 'number' ? parseInstant(value) : null
    if (ms !== null) return ms
  }
  return null
}

function sameDecimal(wire: unknown, sent: string | undefined): boolean {
  if (sent === undefined) return true // not part of the order: nothing to compare
  if (typeof wire !== 'string' && typeof wire !== 'number') return false
  try {
    return new Decimal(wire).eq(sent)
  } catch {
    return false
  }
}

/** Whether a record is the order that was sent, judged by its fields alone. */
export function fieldsMatch(record: OrderRecord, body: PlaceOrderBody): boolean {
  if (record.pair.trim().toUpperCase() !== body.pair) return false
  if (normalizeSide(record.side) !== body.order_side) return false
  if (normalizeOrderType(record.type) !== body.order_type) return false
  if (record.wallet_type !== undefined && normalizeWalletType(record.wallet_type) !== body.wallet_type) return false
  // A market buy by quote amount has no base amount to compare; its quote amount, where the record has one.
  if (!sameDecimal(record.amount, body.base_amount)) return false
  if (body.base_amount === undefined && body.quote_amount !== undefined && record.quote_amount != null && !sameDecimal(record.quote_amount, body.quote_amount)) return false
  if (body.order_type !== 'MARKET' && !sameDecimal(record.price, body.limit_price)) return false
  if (body.order_type === 'STOP_LIMIT' && record.stop_price != null && !sameDecimal(record.stop_price, body.stop_price)) return false
  return true
}

/**
 * The verdict of one list of recent orders. Where the server keeps client_order_ids (some record
 * carries one), only the id counts: a look-alike order without ours is someone else's. Where it keeps
 * none, every record matching the fields inside the window is a candidate (one without a readable
 * time cannot be ruled out, so it counts too), except the orders `claimed` names: orders already known
 * to be others (another leg's, another position's), which a look-alike must never be taken for. "Not
 * found" needs a list that reaches back past the window's start; a full list of newer orders may have
 * pushed ours out. `startKnown` false: the window's start is not known to be the earliest the order
 * can have been made, so a look-alike of any earlier date may be an older order or ours: none is
 * taken (still unknown while one is listed), and only a list that is not full says "not found".
 */
export function judgeRecords(
  records: readonly OrderRecord[],
  body: PlaceOrderBody,
  clientOrderId: string,
  window: { from: number; to: number },
  claimed: ReadonlySet<string> = new Set(),
  startKnown = true,
): Judgement {
  const exact = records.filter((r) => r.client_order_id === clientOrderId)
  if (exact.length > 0) return { verdict: 'placed', orderIds: exact.map((r) => r.id), matchedBy: 'client_order_id' }
  const keepsIds = records.some((r) => typeof r.client_order_id === 'string' && r.client_order_id !== '')
  const times = records.map(recordTimeMs)
  const reachesBack = records.length < RECENT_ORDERS_MAX || (startKnown && times.some((t) => t !== null && t < window.from))
  if (keepsIds) return { verdict: reachesBack ? 'not-found' : 'still-unknown', orderIds: [], matchedBy: null }
  const candidates = records.filter((r, i) => {
    const t = times[i] ?? null
    return (t === null || ((!startKnown || t >= window.from) && t <= window.to)) && !claimed.has(String(r.id)) && fieldsMatch(r, body)
  })
  if (!startKnown && candidates.length > 0) return { verdict: 'still-unknown', orderIds: [], matchedBy: null }
  if (candidates.length === 1) return { verdict: 'probably-placed', orderIds: [candidates[0]!.id], matchedBy: 'fields' }
  if (candidates.length > 1) return { verdict: 'several-candidates', orderIds: candidates.map((r) => r.id), matchedBy: 'fields' }
  return { verdict: reachesBack ? 'not-found' : 'still-unknown', orderIds: [], matchedBy: null }
}

export interface LookupRequest {
  client: ExchangeClient
  clientOrderId: string
  body: PlaceOrderBody
  /** Local time just before the order was sent. */
  sentAt: number
  /**
   * The earliest the order can have been made, by this machine's clock (a protected position's
   * creation, or its leg's send): a look-alike dated before it, less SKEW_ALLOWANCE_MS, is an older
   * order, never this one. Null: not known, so no look-alike is taken (judgeRecords' `startKnown`).
   * Absent: MATCH_MARGIN_MS before `sentAt`, the order desk's window around a send it timed itself.
   */
  notBefore?: number | null
  /** Why the outcome is unknown (the lost answer). */
  cause: TerminalError
  /** Order ids known to be other orders: never this one, however alike (judgeRecords). */
  claimed?: ReadonlySet<string>
}

export interface LookupOptions {
  now: () => number
  sleep: (ms: number) => Promise<void>
  /** Waits before each read: an order may take a moment to show in the list. */
  delaysMs: readonly number[]
  /** Time budget of the whole lookup, requests included. */
  budgetMs: number
}

/** Looks the order up in the recent orders of its pair, a few times, within a budget. Never resends it. */
export async function lookUpOrder(request: LookupRequest, options: LookupOptions): Promise<UnknownOutcome> {
  const { client, clientOrderId, body, sentAt, notBefore } = request
  const startedAt = options.now()
  const skew = client.serverSkewMs() ?? 0
  // The records are dated by the exchange's clock: the window holds either reading of ours, except a
  // known earliest moment, which is read on the exchange's clock as measured: an older look-alike
  // must stay out, so it gets only the small allowance.
  const from = typeof notBefore === 'number' ? notBefore + skew - SKEW_ALLOWANCE_MS : Math.min(sentAt, sentAt + skew) - MATCH_MARGIN_MS
  const windowAt = (readAt: number) => ({ from, to: Math.max(readAt, readAt + skew) + MATCH_MARGIN_MS })
  const search: OrderLookupSearch = {
    endpoint: `GET /accounts/order?pair=${body.pair}`,
    reads: 0,
    tries: 0,
    records: 0,
    window: windowAt(startedAt),
    elapsedMs: 0,
    matchedBy: null,
  }
  let judgement: Judgement | null = null
  let problem = 'the recent orders could not be read'
  const deadline = new AbortController()
  const timer = setTimeout(() => deadline.abort(), options.budgetMs)
  try {
    for (const delay of options.delaysMs) {
      if (delay > 0) await options.sleep(delay)
      if (deadline.signal.aborted) break
      search.tries++
      let records: OrderRecord[]
      try {
        records = await client.recentOrders({ signal: deadline.signal }, { pair: body.pair })
      } catch (error) {
        if (isTerminalError(error) && error.kind === 'unsupported') {
          problem = 'this exchange cannot list recent orders'
          break
        }
        problem = isTerminalError(error) ? `the recent orders could not be read: ${error.message}` : problem
        continue
      }
      search.reads++
      search.records = records.length
      search.window = windowAt(options.now())
      judgement = judgeRecords(records, body, clientOrderId, search.window, request.claimed, notBefore !== null)
      search.matchedBy = judgement.matchedBy
      // A match ends the search; "not found" is asked again, the order may show up late.
      if (judgement.orderIds.length > 0) break
    }
  } finally {
    clearTimeout(timer)
    search.elapsedMs = options.now() - startedAt
  }
  const verdict = judgement?.verdict ?? 'still-unknown'
  const orderIds = judgement?.orderIds ?? []
  return { outcome: 'unknown', clientOrderId, lookup: verdict, orderIds, search, message: lookupMessage(verdict, orderIds, request, search, problem) }
}

/** To the second: the window's edges are margins, not measurements. */
const utc = (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`

/** One sentence of what was searched, e.g. for the order form and the CLI's JSON. */
export function describeSearch(search: OrderLookupSearch): string {
  const seconds = (search.elapsedMs / 1000).toFixed(1)
  if (search.reads === 0) return `Searched ${search.endpoint}: ${search.tries} ${search.tries === 1 ? 'try' : 'tries'} in ${seconds} s, no list read.`
  return (
    `Searched ${search.endpoint}: read ${search.reads} of ${search.tries} ${search.tries === 1 ? 'time' : 'times'} in ${seconds} s, ` +
    `${search.records} ${search.records === 1 ? 'order' : 'orders'} in the last list, orders dated ${utc(search.window.from)} to ${utc(search.window.to)} considered.`
  )
}

function lookupMessage(verdict: OrderLookupVerdict, ids: number[], request: LookupRequest, search: OrderLookupSearch, problem: string): string {
  // The client's message for a lost order answer already says it was not sent again; say it once.
  const cause = request.cause.message.replace(/\s*It was not sent again\.?\s*$/, '')
  const lost = `The exchange gave no usable answer to the order (${cause}).`
  const cid = `client order id ${request.clientOrderId}`
  const list = ids.map((id) => `#${id}`).join(', ')
  const searched = describeSearch(search)
  switch (verdict) {
    case 'placed':
      return `${lost} It is on the exchange: order ${list} carries its ${cid}. It was not sent again. ${searched}`
    case 'probably-placed':
      return `${lost} Order ${list} matches its pair, side, type, amount and price and was placed around the same time: probably this order (the exchange's records carry no client order id, so this is not certain). It was not sent again. ${searched}`
    case 'several-candidates':
      return `${lost} ${ids.length} orders match its pair, side, type, amount and price around the same time (${list}); which one, if any, is this order cannot be told. Check them before placing it again. It was not sent again. ${searched}`
    case 'not-found':
      return `${lost} It was not found among the recent orders (${cid}). Not finding it does not prove it was not placed: check the exchange's order history before placing it again. It was not sent again. ${searched}`
    case 'still-unknown':
      return `${lost} Whether it was placed is not known: ${search.reads > 0 ? 'the recent orders do not reach back to when it was sent' : problem}. Check the exchange for ${cid} before placing it again. It was not sent again. ${searched}`
  }
}
