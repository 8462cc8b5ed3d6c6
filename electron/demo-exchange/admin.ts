// Remote control of a running demo exchange, for end-to-end tests that run it as a process of its
// own: switch fault modes and read its counters over HTTP on the exchange's own port, outside
// /api/v3, so no exchange path is shadowed.
//
//   POST /__admin/faults   body: a FaultMode as JSON ({} clears)  → 200 {"faults": <active mode>}
//   GET  /__admin/stats                                             → 200 {"requests", "ordersPlaced", "orderRequests", "cancelRequests", "tapeTrades"}
//   GET  /__admin/calls                                             → 200 {"calls": [{"method", "path", "at"}]}: the latest 100
//        POST/DELETE requests on /trading/* (orders placed, cancels), oldest first, `at` when each arrived
//        (epoch ms with a fraction: the bench times an order "on the wire" against the drive's `at`)
//   POST /__admin/tape     body: {"pair", "rate", "seconds"}         → 200 {"tape": <the same>}; 404 unknown pair
//        (the bench's firehose: the demo's own takers trade `rate` times a second for `seconds`)
//   POST /__admin/price    body: {"pair", "price"}                  → 200 {"pair", "price", "trades": n, "at"}; 404 unknown pair;
//        400 when the price is not a positive decimal within the pair's price precision (a string, or a JSON number)
//        (the market moves on request: a taker from the admin's side trades through the book to that price,
//        filling resting orders and triggering stops on the way; the last trade is at that price: price-drive.ts)
//
// Off unless the exchange is started with `admin: true` (CLI: --admin). Even then only a caller on
// the loopback interface that presents the per-launch token (header x-admin-token) gets in: a web
// page in the same browser cannot set a custom header across origins without a preflight this
// server never approves, and the token is random, printed once to whoever started the process.
import { readBody } from './http-body'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { z } from 'zod'
import type { FaultMode } from './faults'
import type { Decimal } from '../domain/decimal'
import { wireDecimal } from './validation'

export const ADMIN_PREFIX = '/__admin/'
export const ADMIN_TOKEN_HEADER = 'x-admin-token'
const MAX_BODY = 16 * 1024

export interface AdminStats {
  requests: number
  ordersPlaced: number
  /** POST /trading/order requests received, answered or not: a resent order shows here. */
  orderRequests: number
  /** DELETE /trading/order requests received, answered or not: a repeated cancel shows here. */
  cancelRequests: number
  /** Trades executed by the tape (POST /__admin/tape) since the start. */
  tapeTrades: number
}

/** An order call as it arrived (POST or DELETE on /trading/*), before anything of it ran. */
export interface OrderCall {
  method: string
  /** After /api/v3. */
  path: string
  /** Epoch milliseconds, with a fraction (performance.timeOrigin + performance.now()). */
  at: number
}

/** The exchange's clock for timings: epoch milliseconds with a fraction. */
export const preciseNow = (): number => performance.timeOrigin + performance.now()

export interface Tape {
  pair: string
  rate: number
  seconds: number
}

export interface AdminDeps {
  token: string
  setFaults(mode: FaultMode): void
  stats(): AdminStats
  /** The latest order calls, oldest first. */
  orderCalls(): readonly OrderCall[]
  /** Starts the tape; false when the pair is unknown. */
  tape(tape: Tape): boolean
  /** The pair's price precision; null when there is no such pair. */
  pricePrecision(pair: string): number | null
  /** Trades the pair to `price` (checked: positive, within its precision); answers the number of trades. */
  drivePrice(pair: string, price: Decimal): number
}

/** A fresh token per launch: 32 hex characters from the CSPRNG. */
export function newAdminToken(): string {
  return randomBytes(16).toString('hex')
}

const faultModeSchema = z.strictObject({
  latencyMs: z.number().int().min(0).max(60_000).optional(),
  dropOrderResponse: z.boolean().optional(),
  dropCancelResponse: z.boolean().optional(),
  serverError: z.number().int().min(500).max(599).optional(),
  rateLimit: z.strictObject({ retryAfterSec: z.number().int().min(0).max(3_600) }).optional(),
  expiredToken: z.boolean().optional(),
  malformedJson: z.boolean().optional(),
  htmlGateway: z.boolean().optional(),
  clockSkewSec: z
    .number()
    .int()
    .min(-86_400 * 365)
    .max(86_400 * 365)
    .optional(),
  omitClientOrderId: z.boolean().optional(),
  failTimes: z.number().int().min(0).max(1_000_000).optional(),
  onlyPaths: z.array(z.string().startsWith('/').max(200)).max(20).optional(),
  feedDrop: z.boolean().optional(),
  feedMalformedFrame: z.boolean().optional(),
  feedDiffLost: z.boolean().optional(),
  feedOff: z.boolean().optional(),
  feedPingsStopped: z.boolean().optional(),
  feedMaxBufferedBytes: z
    .number()
    .int()
    .min(0)
    .max(1 << 30)
    .optional(),
})

const priceSchema = z.strictObject({ pair: z.string().max(40), price: z.union([z.string().max(60), z.number()]) })

// bounded: a bench run is at most ten minutes, and 10,000 trades a second is five times the issue's load
const tapeSchema = z.strictObject({
  pair: z.string().regex(/^[A-Z0-9]{1,12}_[A-Z0-9]{1,12}$/),
  rate: z.number().int().min(1).max(10_000),
  seconds: z.number().int().min(1).max(600),
})

/** The FaultMode in a request body, or the reason it is not one. */
export function parseFaultMode(value: unknown): { ok: true; mode: FaultMode } | { ok: false; message: string } {
  const parsed = faultModeSchema.safeParse(value)
  if (parsed.success) {
    // drop the keys zod reports as present-but-undefined: the answer shows only what is active
    const mode = Object.fromEntries(Object.entries(parsed.data).filter(([, v]) => v !== undefined)) as FaultMode
    return { ok: true, mode }
  }
  const issue = parsed.error.issues[0]
  const where = issue && issue.path.length > 0 ? `${issue.path.map(String).join('.')}: ` : ''
  return { ok: false, message: `Not a fault mode: ${where}${issue?.message ?? 'invalid'}` }
}

/** 127.0.0.0/8 and ::1, also in their IPv4-mapped IPv6 spelling. */
export function isLoopback(address: string | undefined): boolean {
  if (!address) return false
  const v4 = address.startsWith('::ffff:') ? address.slice(7) : address
  return v4 === '::1' || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4)
}

function tokenMatches(expected: string, given: string | string[] | undefined): boolean {
  if (typeof given !== 'string') return false
  const a = Buffer.from(expected)
  const b = Buffer.from(given)
  return a.length === b.length && timingSafeEqual(a, b)
}

function answer(res: ServerResponse, status: number, value: unknown): void {
  const body = JSON.stringify(value)
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body), 'cache-control': 'no-store' })
  res.end(body)
}

/** Serves one request under ADMIN_PREFIX. The caller has checked the path and that admin is on. */
export async function handleAdmin(req: IncomingMessage, res: ServerResponse, pathname: string, deps: AdminDeps): Promise<void> {
  if (!isLoopback(req.socket.remoteAddress)) return answer(res, 403, { code: 'FORBIDDEN', message: 'The admin endpoints answer loopback callers only.' })
  if (!tokenMatches(deps.token, req.headers[ADMIN_TOKEN_HEADER])) {
    return answer(res, 401, { code: 'UNAUTHORIZED', message: `The admin endpoints need the launch's token in ${ADMIN_TOKEN_HEADER}.` })
  }
  const method = req.method ?? 'GET'
  if (pathname === `${ADMIN_PREFIX}stats`) {
    if (method !== 'GET') return answer(res, 405, { code: 'METHOD_NOT_ALLOWED', message: 'GET only.' })
    return answer(res, 200, deps.stats())
  }
  if (pathname === `${ADMIN_PREFIX}calls`) {
    if (method !== 'GET') return answer(res, 405, { code: 'METHOD_NOT_ALLOWED', message: 'GET only.' })
    return answer(res, 200, { calls: deps.orderCalls() })
  }
  if (pathname === `${ADMIN_PREFIX}faults`) {
    if (method !== 'POST') return answer(res, 405, { code: 'METHOD_NOT_ALLOWED', message: 'POST only.' })
    const value = await jsonBody(req, res)
    if (value === NO_BODY) return
    const parsed = parseFaultMode(value)
    if (!parsed.ok) return answer(res, 400, { code: 'INVALID_BODY', message: parsed.message })
    deps.setFaults(parsed.mode)
    return answer(res, 200, { faults: parsed.mode })
  }
  if (pathname === `${ADMIN_PREFIX}tape`) {
    if (method !== 'POST') return answer(res, 405, { code: 'METHOD_NOT_ALLOWED', message: 'POST only.' })
    const value = await jsonBody(req, res)
    if (value === NO_BODY) return
    const parsed = tapeSchema.safeParse(value)
    if (!parsed.success) return answer(res, 400, { code: 'INVALID_BODY', message: `Not a tape: ${parsed.error.issues[0]?.message ?? 'invalid'}` })
    if (!deps.tape(parsed.data)) return answer(res, 404, { code: 'NOT_FOUND', message: `No pair ${parsed.data.pair}.` })
    return answer(res, 200, { tape: parsed.data })
  }
  if (pathname === `${ADMIN_PREFIX}price`) {
    if (method !== 'POST') return answer(res, 405, { code: 'METHOD_NOT_ALLOWED', message: 'POST only.' })
    const value = await jsonBody(req, res)
    if (value === NO_BODY) return
    const parsed = priceSchema.safeParse(value)
    if (!parsed.success) return answer(res, 400, { code: 'INVALID_BODY', message: 'The body must be {"pair", "price"}.' })
    const { pair } = parsed.data
    const places = deps.pricePrecision(pair)
    if (places === null) return answer(res, 404, { code: 'NOT_FOUND', message: `No pair ${pair}.` })
    const price = wireDecimal(parsed.data.price)
    if (price === null || price.lte(0) || price.decimalPlaces() > places) {
      return answer(res, 400, { code: 'INVALID_PRICE', message: `The price must be a positive decimal with at most ${places} decimal places.` })
    }
    const at = preciseNow() // the drive's first trade is made after this moment
    const trades = deps.drivePrice(pair, price)
    return answer(res, 200, { pair, price: price.toFixed(places), trades, at })
  }
  return answer(res, 404, { code: 'NOT_FOUND', message: `No admin endpoint ${pathname}.` })
}

const NO_BODY = Symbol('no body')

/** The request's JSON body, or NO_BODY once a 400 has been answered. */
async function jsonBody(req: IncomingMessage, res: ServerResponse): Promise<unknown> {
  const raw = await readBody(req, MAX_BODY)
  if (raw === null) {
    answer(res, 400, { code: 'INVALID_BODY', message: `The body is larger than ${MAX_BODY} bytes.` })
    return NO_BODY
  }
  try {
    return JSON.parse(raw.toString('utf8'))
  } catch {
    answer(res, 400, { code: 'INVALID_BODY', message: 'The body is not valid JSON.' })
    return NO_BODY
  }
}
