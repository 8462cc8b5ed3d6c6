// What every endpoint of the demo exchange is written with: the state the handlers read, the shape
// of a request and a reply, and the query parameters several endpoints share (pair, integers,
// booleans), each refused with a clear 400. Its own file so that the route groups (market-routes.ts,
// account-routes.ts, trading-routes.ts, request-auth.ts) and the server depend on it, not on each other.
import type { DemoAccount } from './accounts'
import type { Engine } from './engine'
import type { Ledger } from './ledger'
import type { Market } from './market'
import type { PairInfo } from './reference'
import { PAIRS_BY_NAME } from './reference'

export interface ExchangeState {
  now: () => number
  /** The server's clock in seconds, including any simulated skew. */
  serverSec: () => number
  tokenLifetimeSec: number
  jwtKey: string
  accounts: readonly DemoAccount[]
  accountsById: ReadonlyMap<number, DemoAccount>
  engine: Engine
  market: Market
  ledger: Ledger
  /** The fault that leaves client_order_id out of order records, as the real exchange does. */
  omitClientOrderId: () => boolean
}

export interface Request {
  query: URLSearchParams
  accountId: number
  body: unknown
}

export interface Reply {
  status: number
  body: string | null
  headers?: Record<string, string>
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE'
  private: boolean
  handle: (req: Request) => Reply
}

/** Registers one endpoint (routes.ts keeps the table). */
export type AddRoute = (path: string, method: Route['method'], isPrivate: boolean, handle: Route['handle']) => void

export function ok(body: string): Reply {
  return { status: 200, body }
}

export function error(status: number, code: string, message: string): Reply {
  return { status, body: JSON.stringify({ code, message }) }
}

export const badParam = (message: string): Reply => error(400, 'INVALID_PARAMETER', message)

/** An optional integer query parameter within [min, max]; a Reply when it is malformed. */
export function intParam(q: URLSearchParams, name: string, fallback: number | null, min: number, max: number): number | null | Reply {
  const text = q.get(name)
  if (text === null || text === '') return fallback
  if (!/^-?\d+$/.test(text)) return badParam(`${name} must be an integer, got ${JSON.stringify(text)}.`)
  const value = Number(text)
  if (value < min || value > max) return badParam(`${name} must be between ${min} and ${max}, got ${text}.`)
  return value
}

export function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'status' in value
}

/** The official client sends booleans in query strings as 1; people write true. */
export function boolParam(q: URLSearchParams, name: string): boolean | Reply {
  const text = q.get(name)
  if (text === null || text === '') return false
  const lower = text.toLowerCase()
  if (lower === 'true' || lower === '1') return true
  if (lower === 'false' || lower === '0') return false
  return badParam(`${name} must be true/1 or false/0, got ${JSON.stringify(text)}.`)
}

export function pairParam(q: URLSearchParams, required: boolean): PairInfo | null | Reply {
  const name = q.get('pair')
  if (name === null || name === '') return required ? badParam('pair is required.') : null
  return PAIRS_BY_NAME.get(name) ?? error(400, 'UNKNOWN_PAIR', `Unknown pair ${JSON.stringify(name)}.`)
}
