// The account history endpoints the official client calls (docs/exchange-api.md, "History"):
// GET /accounts/trades (own fills), GET /accounts/activity (wallet movements), and the filters of
// GET /accounts/order. Times are ISO 8601 (a time without a zone is UTC); a span longer than 30 days
// is refused, as the official client refuses to ask for one.
import { MAX_HISTORY_SPAN_MS } from '../domain/account/history-windows'
import type { Side } from './engine'
import type { HistoryFilter, Ledger } from './ledger'
import { activityJson, fillJson } from './ledger'

import type { Reply } from './routes'

const bad = (message: string): Reply => ({ status: 400, body: JSON.stringify({ code: 'INVALID_PARAMETER', message }) })

/** An ISO 8601 time (zone-less read as UTC) or Unix seconds; null when absent; a Reply when malformed. */
export function timeParam(q: URLSearchParams, name: string): number | null | Reply {
  const text = q.get(name)
  if (text === null || text === '') return null
  if (/^\d+(\.\d+)?$/.test(text)) return Number(text) * 1000
  const zoned = /([zZ]|[+-]\d\d:?\d\d)$/.test(text) ? text : `${text}Z`
  const ms = Date.parse(zoned)
  return Number.isNaN(ms) ? bad(`${name} must be an ISO 8601 time such as 2024-01-31T12:00:00+00:00, got ${JSON.stringify(text)}.`) : ms
}

export function sideParam(q: URLSearchParams): Side | null | Reply {
  const text = q.get('side')
  if (text === null || text === '') return null
  const upper = text.toUpperCase()
  if (upper === 'BID' || upper === 'BUY') return 'BUY'
  if (upper === 'ASK' || upper === 'SELL') return 'SELL'
  return bad(`side must be BID or ASK, got ${JSON.stringify(text)}.`)
}

const isReply = (v: unknown): v is Reply => typeof v === 'object' && v !== null && 'status' in v

/** The common filters: side, start_time, end_time (span ≤ 30 days); a Reply when one is bad. */
export function historyFilter(q: URLSearchParams): HistoryFilter | Reply {
  const side = sideParam(q)
  if (isReply(side)) return side
  const startMs = timeParam(q, 'start_time')
  if (isReply(startMs)) return startMs
  const endMs = timeParam(q, 'end_time')
  if (isReply(endMs)) return endMs
  if (startMs !== null && endMs !== null) {
    if (endMs < startMs) return bad('end_time is before start_time.')
    if (endMs - startMs > MAX_HISTORY_SPAN_MS) return bad('The span from start_time to end_time must be at most 30 days.')
  }
  return { side, startMs, endMs }
}

type HistorySource = Pick<Ledger, 'fills' | 'activityOf'>

/** GET /accounts/trades: `pair` required, as the official client always sends it. */
export function accountTrades(ledger: HistorySource, accountId: number, q: URLSearchParams, knownPair: (name: string) => boolean): Reply {
  const pair = q.get('pair')
  if (!pair) return bad('pair is required.')
  if (!knownPair(pair)) return { status: 400, body: JSON.stringify({ code: 'UNKNOWN_PAIR', message: `Unknown pair ${JSON.stringify(pair)}.` }) }
  const filter = historyFilter(q)
  if (isReply(filter)) return filter
  return { status: 200, body: JSON.stringify(ledger.fills(accountId, { ...filter, pair }).map(fillJson)) }
}

/** GET /accounts/activity: `currency` required. */
export function accountActivity(ledger: HistorySource, accountId: number, q: URLSearchParams): Reply {
  const currency = q.get('currency')
  if (!currency) return bad('currency is required.')
  const filter = historyFilter(q)
  if (isReply(filter)) return filter
  return { status: 200, body: JSON.stringify(ledger.activityOf(accountId, { ...filter, currency }).map(activityJson)) }
}
