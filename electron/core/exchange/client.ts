// The exchange client: one typed method per endpoint of exchange-api.md and known-facts.md.
//
// Every request goes through `execute`, which owns the rules that keep the terminal safe:
// - a timeout on every request (the answer's body included);
// - GETs retried on network failures, timeouts, 5xx, gateway pages and 429 (Retry-After honoured),
//   at most `maxTries` tries with exponential backoff and jitter;
// - POST and DELETE sent once. The one exception is a 401: the server refused the request before
//   executing it, so after one re-authentication the same bytes are sent once more;
// - the body is serialised once; X-SIGN signs those exact bytes and those bytes are sent;
// - every answer is read without losing a digit (wire-json.ts), then parsed with the zod schemas of
//   domain/wire.ts; every failure mapped in errors.ts;
// - an order whose answer is lost becomes 'outcome-unknown', never a second POST.
import { z } from 'zod'
import { TerminalError, toTerminalError } from '../../domain/errors'
import type { CancelOrdersResult } from '../../domain/api'
import {
  type Account,
  type Balance,
  type CancelOrdersBody,
  type Candle,
  type CandleInterval,
  type Currency,
  type FeeRule,
  type OrderBook,
  type OrderRecord,
  type FillRecord,
  type Pair,
  type PlaceOrderBody,
  type Ticker,
  type Trade,
  accountsResponseSchema,
  balancesResponseSchema,
  cancelByIdsResponseSchema,
  candlesResponseSchema,
  currenciesResponseSchema,
  feeRulesResponseSchema,
  orderBookSchema,
  orderRecordsResponseSchema,
  fillRecordsResponseSchema,
  pairsResponseSchema,
  placeOrderResponseSchema,
  serverTimeSchema,
  tickersResponseSchema,
  tradesResponseSchema,
} from '../../domain/wire'
import { authRequestBody, createTokenKeeper, signBody, type Credentials } from './auth'
import { abortedError, malformedResponse, mapHttpFailure, mapTransportFailure, outcomeUnknown } from './errors'
import { MAX_WAIT_MS, backoffDelayMs, isRetryable, parseRetryAfter } from './retry'
import { httpFetch, type TransportInit, type TransportResponse } from './http-transport'
import { parseWireJson } from './wire-json'

export type { Credentials } from './auth'
export type { Account, Balance, Candle, Currency, FeeRule, OrderBook, OrderRecord, Pair, Ticker, Trade }

export type ClientState = 'online' | 'retrying' | 'rate-limited' | 'reauthenticating' | 'offline'
export interface ClientStatus {
  state: ClientState
  message: string
  /** When the next try happens (ms since epoch), for retrying / rate-limited. */
  retryAt?: number
}

export interface ExchangeClientOptions {
  /** The API root, e.g. https://exchange.example/api/v3 (a URL without /api/v3 gets it appended). */
  baseUrl: string
  /** Read lazily (from the vault) and only by the signer and the authentication. */
  credentials?: () => Promise<Credentials>
  /** Per request, body included. Default 10 s. */
  timeoutMs?: number
  /** Tries of a GET in total. Default 3. */
  maxTries?: number
  /** The HTTP transport; default: node:http with keep-alive (http-transport.ts). Tests inject stubs. */
  fetch?: (input: string, init: TransportInit) => Promise<TransportResponse>
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  onStatus?: (status: ClientStatus) => void
}

/** Every method accepts this as its last argument: aborting discards the answer (profile switch). */
export interface CallOptions {
  signal?: AbortSignal
}

export interface CandlesQuery {
  pair: string
  interval: CandleInterval
  since?: number
  until?: number
  limit?: number
}

/** The filters the history endpoints share (known-facts.md, "History endpoints"). */
export interface HistoryQuery {
  pair?: string
  side?: 'BID' | 'ASK'
  start_time?: string
  end_time?: string
}

export interface ExchangeClient {
  currencies(options?: CallOptions): Promise<Currency[]>
  pairs(query?: { currency1?: string; currency2?: string }, options?: CallOptions): Promise<Pair[]>
  candles(query: CandlesQuery, options?: CallOptions): Promise<Candle[]>
  trades(query: { pair: string; limit?: number }, options?: CallOptions): Promise<Trade[]>
  time(options?: CallOptions): Promise<{ serverTime: number }>
  /** Always an array: the single object answered for one pair is wrapped. */
  ticker(query?: { pair?: string }, options?: CallOptions): Promise<Ticker[]>
  orderbook(query: { pair: string; limit_buy?: number; limit_sell?: number }, options?: CallOptions): Promise<OrderBook>
  accounts(query?: { include_subaccounts?: boolean }, options?: CallOptions): Promise<Account[]>
  balances(options?: CallOptions): Promise<Balance[]>
  feeInfo(options?: CallOptions): Promise<FeeRule[]>
  /** The account's most recent orders (at most 100), of one pair when `pair` is given. */
  recentOrders(options?: CallOptions, query?: { pair?: string }): Promise<OrderRecord[]>
  /** One window (≤ 30 days) of the account's orders; times as ISO 8601 UTC (history-windows.ts). */
  accountOrders(query: HistoryQuery & { open_only?: boolean }, options?: CallOptions): Promise<OrderRecord[]>
  /** One window (≤ 30 days) of the account's own fills of one pair (the server requires the pair). */
  accountTrades(query: HistoryQuery & { pair: string }, options?: CallOptions): Promise<FillRecord[]>
  /** One POST, never retried. A lost answer throws kind 'outcome-unknown'. */
  placeOrder(body: PlaceOrderBody, options?: CallOptions): Promise<number[]>
  /** One DELETE, never retried. */
  cancelOrders(body: CancelOrdersBody, options?: CallOptions): Promise<CancelOrdersResult>
  /** Server clock minus local clock in ms, once measured by time(); null before. */
  serverSkewMs(): number | null
  /** Forget the cached token (credentials changed). */
  resetAuth(): void
  /**
   * The session token for the live feed's ["auth", token], for the core's feed client only (never an
   * API answer: the renderer must not see it). `refused`: the feed refused the last one, so sign in again.
   */
  feedToken(refused: boolean): Promise<string>
}

type Method = 'GET' | 'POST' | 'DELETE'
type Query = Record<string, string | number | boolean | undefined>

interface RequestSpec<T> {
  method: Method
  path: string
  query?: Query
  body?: object
  isPrivate: boolean
  /** Turns the parsed JSON (undefined for an empty body) into the result, throwing a ZodError if it does not fit. */
  read: (value: unknown) => T
  /** An order placement: a lost answer is 'outcome-unknown'. */
  isOrder?: boolean
  signal?: AbortSignal
}

interface Answer {
  status: number
  contentType: string
  text: string
  headers: TransportResponse['headers']
}

type Transmitted = { ok: true; answer: Answer } | { ok: false; error: TerminalError; sent: boolean }

/** Normalises the base URL onto the API root that holds /auth, /pairs and the rest. */
export function apiRoot(baseUrl: string): string {
  const trimmed = baseUrl.trim().replace(/\/+$/, '')
  return /\/api\/v3$/.test(trimmed) ? trimmed : `${trimmed}/api/v3`
}

function schemaReader<S extends z.ZodType>(schema: S): (value: unknown) => z.output<S> {
  return (value) => schema.parse(value)
}

const tickerAnswerSchema = z.preprocess((value) => (Array.isArray(value) || value === undefined ? value : [value]), tickersResponseSchema)
const authAnswerSchema = z.union([
  z.string().min(1),
  z.looseObject({ token: z.string().min(1) }).transform((answer) => answer.token),
  z.looseObject({ access_token: z.string().min(1) }).transform((answer) => answer.access_token),
])

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

/** Replaces every occurrence of a secret in an error's message; secrets never leave in words. */
function redact(error: TerminalError, secrets: readonly (string | undefined)[]): TerminalError {
  let message = error.message
  for (const secret of secrets) if (secret && secret.length >= 4) message = message.split(secret).join('[redacted]')
  if (message === error.message) return error
  return new TerminalError({ ...error.toData(), message }, { cause: error.cause })
}

export function createExchangeClient(options: ExchangeClientOptions): ExchangeClient {
  const root = apiRoot(options.baseUrl)
  const timeoutMs = options.timeoutMs ?? 10_000
  const maxTries = Math.max(1, options.maxTries ?? 3)
  const doFetch = options.fetch ?? httpFetch
  const now = options.now ?? Date.now
  const sleep = options.sleep ?? defaultSleep
  const random = options.random ?? Math.random
  let skewMs: number | null = null
  let lastState: ClientState | null = null
  // Secrets seen by this client, so that no message can carry them out.
  let knownSecret: string | undefined
  let lastToken: string | undefined

  function report(status: ClientStatus): void {
    // 'online' is reported on change only; the other states carry news (a new retryAt) every time.
    if (status.state === 'online' && lastState === 'online') return
    lastState = status.state
    options.onStatus?.(status)
  }

  async function credentials(): Promise<Credentials> {
    if (!options.credentials) {
      throw new TerminalError({ kind: 'auth', code: 'NO_CREDENTIALS', message: 'This connection has no API key: account and trading requests need a profile with a key.' })
    }
    const creds = await options.credentials()
    knownSecret = creds.apiSecret
    return creds
  }

  function urlOf(path: string, query?: Query): string {
    const params = new URLSearchParams()
    for (const [key, value] of Object.entries(query ?? {})) if (value !== undefined) params.set(key, String(value))
    const search = params.toString()
    return `${root}${path}${search ? `?${search}` : ''}`
  }

  /** One HTTP exchange under a timeout; never throws. */
  async function transmit(method: Method, url: string, endpoint: string, headers: Record<string, string>, bodyText: string | undefined, signal: AbortSignal | undefined): Promise<Transmitted> {
    if (signal?.aborted) return { ok: false, error: abortedError(endpoint), sent: false }
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const onAbort = (): void => controller.abort()
    signal?.addEventListener('abort', onAbort, { once: true })
    try {
      const response = await doFetch(url, { method, headers, signal: controller.signal, ...(bodyText !== undefined ? { body: bodyText } : {}) })
      const text = await response.text()
      return { ok: true, answer: { status: response.status, contentType: response.headers.get('content-type') ?? '', text, headers: response.headers } }
    } catch (error) {
      if (signal?.aborted && !timedOut) return { ok: false, error: abortedError(endpoint), sent: true }
      return { ok: false, ...mapTransportFailure(endpoint, error, timedOut, timeoutMs) }
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }

  /** Parses a 2xx answer: JSON, a text/plain string, or nothing. */
  function readSuccess<T>(spec: RequestSpec<T>, endpoint: string, answer: Answer): T {
    const text = answer.text
    let value: unknown
    if (!/\S/.test(text)) value = undefined // (no trim(): it would copy every answer)
    else if (/text\/html/i.test(answer.contentType) || /^\s*</.test(text)) throw malformedResponse(endpoint, { reason: 'an HTML page instead of JSON' })
    else {
      try {
        value = parseWireJson(text)
      } catch {
        if (!/text\/plain/i.test(answer.contentType)) throw malformedResponse(endpoint, { reason: 'not valid JSON' })
        value = text.trim()
      }
    }
    try {
      return spec.read(value)
    } catch (error) {
      if (error instanceof z.ZodError) throw malformedResponse(endpoint, value === undefined ? { reason: 'an empty answer' } : { zodError: error })
      throw error
    }
  }

  function failureOf(endpoint: string, answer: Answer, requestBody?: object): TerminalError {
    const retryAfterMs = answer.status === 429 ? parseRetryAfter(answer.headers.get('retry-after'), now()) : undefined
    return mapHttpFailure({
      endpoint,
      status: answer.status,
      contentType: answer.contentType,
      text: answer.text,
      ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
      ...(requestBody ? { requestBody: requestBody as Record<string, unknown> } : {}),
    })
  }

  // ---- Authentication ------------------------------------------------------------------------------

  const tokens = createTokenKeeper({
    now,
    skewMs: () => skewMs ?? 0,
    issue: async () => {
      const creds = await credentials()
      const endpoint = 'POST /auth'
      const sent = await transmit('POST', urlOf('/auth'), endpoint, { 'content-type': 'application/json', accept: 'application/json' }, authRequestBody(creds), undefined)
      if (!sent.ok) throw sent.error
      const { answer } = sent
      if (answer.status < 200 || answer.status >= 300) {
        const mapped = failureOf(endpoint, answer)
        // The auth endpoint refusing the key is an authentication failure, whatever 4xx it used.
        if (mapped.kind === 'rejected' || mapped.kind === 'auth') {
          throw new TerminalError({ kind: 'auth', code: mapped.code === `HTTP_${answer.status}` ? 'AUTH_FAILED' : mapped.code, status: answer.status, message: `The exchange refused the API key and secret: ${mapped.message}` })
        }
        throw mapped
      }
      const token = readSuccess({ method: 'POST', path: '/auth', isPrivate: false, read: schemaReader(authAnswerSchema) }, endpoint, answer)
      lastToken = token
      const date = Date.parse(answer.headers.get('date') ?? '')
      return Number.isNaN(date) ? { token } : { token, serverNowMs: date }
    },
  })

  async function privateHeaders(bodyText: string | undefined): Promise<{ headers: Record<string, string>; token: string }> {
    const token = await tokens.token()
    const headers: Record<string, string> = { authorization: `Bearer ${token}` }
    if (bodyText !== undefined) headers['x-sign'] = signBody((await credentials()).apiSecret, bodyText)
    return { headers, token }
  }

  // ---- One try, and the policies around it ---------------------------------------------------------

  /** One try of a request, with the one re-authentication a 401 allows. */
  async function attempt<T>(spec: RequestSpec<T>, endpoint: string, url: string, bodyText: string | undefined): Promise<T> {
    const base: Record<string, string> = { accept: 'application/json' }
    if (bodyText !== undefined) base['content-type'] = 'application/json'
    let auth = spec.isPrivate ? await privateHeaders(bodyText) : null
    let sent = await transmit(spec.method, url, endpoint, { ...base, ...auth?.headers }, bodyText, spec.signal)
    if (auth && sent.ok && sent.answer.status === 401) {
      // The token expired or was revoked: the server refused before executing, so the same bytes
      // may go once more with a fresh token. A second 401 is an authentication error.
      tokens.invalidate(auth.token)
      report({ state: 'reauthenticating', message: 'The session token was refused; signing in again.' })
      auth = await privateHeaders(bodyText)
      sent = await transmit(spec.method, url, endpoint, { ...base, ...auth.headers }, bodyText, spec.signal)
    }
    if (!sent.ok) {
      if (spec.isOrder && sent.sent) throw outcomeUnknown(endpoint, sent.error)
      throw sent.error
    }
    const { answer } = sent
    if (answer.status >= 200 && answer.status < 300) {
      try {
        return readSuccess(spec, endpoint, answer)
      } catch (error) {
        // The order was accepted (2xx) but its ids cannot be read: it is most likely placed.
        if (spec.isOrder && error instanceof TerminalError) throw outcomeUnknown(endpoint, error)
        throw error
      }
    }
    const failure = failureOf(endpoint, answer, spec.body)
    if (spec.isOrder && failure.kind === 'server') throw outcomeUnknown(endpoint, failure)
    throw failure
  }

  async function execute<T>(spec: RequestSpec<T>): Promise<T> {
    const endpoint = `${spec.method} ${spec.path}`
    const url = urlOf(spec.path, spec.query)
    // Serialised once: these exact bytes are signed and sent, on the first try and after a re-auth.
    const bodyText = spec.body === undefined ? undefined : JSON.stringify(spec.body)
    const tries = spec.method === 'GET' ? maxTries : 1
    for (let tryNo = 1; ; tryNo++) {
      try {
        const value = await attempt(spec, endpoint, url, bodyText)
        report({ state: 'online', message: 'Connected to the exchange.' })
        return value
      } catch (thrown) {
        const error = redact(toTerminalError(thrown), [knownSecret, lastToken])
        const waitMs = nextWaitMs(error, tryNo, tries, spec.signal)
        if (waitMs === null) {
          if ((error.kind === 'network' && error.code !== 'ABORTED') || error.kind === 'timeout') report({ state: 'offline', message: error.message })
          throw error
        }
        const retryAt = now() + waitMs
        report(
          error.kind === 'rate-limited'
            ? { state: 'rate-limited', message: `The exchange is limiting requests; trying again in ${Math.ceil(waitMs / 1000)} s.`, retryAt }
            : { state: 'retrying', message: `${error.message} Trying again (${tryNo + 1} of ${tries}).`, retryAt },
        )
        await sleep(waitMs)
        if (spec.signal?.aborted) throw abortedError(endpoint)
      }
    }
  }

  /** How long to wait before the next try, or null when the error is final. */
  function nextWaitMs(error: TerminalError, tryNo: number, tries: number, signal: AbortSignal | undefined): number | null {
    if (tryNo >= tries || !isRetryable(error) || signal?.aborted) return null
    if (error.kind === 'rate-limited' && error.retryAfterMs !== undefined) {
      // A wait longer than the cap is the server saying "not now": the caller decides, not a hidden sleep.
      return error.retryAfterMs > MAX_WAIT_MS ? null : error.retryAfterMs
    }
    return backoffDelayMs(tryNo, random)
  }

  const get = <T>(path: string, read: (value: unknown) => T, isPrivate: boolean, call?: CallOptions, query?: Query): Promise<T> =>
    execute({ method: 'GET', path, read, isPrivate, ...(query ? { query } : {}), ...(call?.signal ? { signal: call.signal } : {}) })

  return {
    currencies: (call) => get('/currencies', schemaReader(currenciesResponseSchema), false, call),
    pairs: (query, call) => get('/pairs', schemaReader(pairsResponseSchema), false, call, { currency1: query?.currency1, currency2: query?.currency2 }),
    candles: (query, call) =>
      get('/charts', schemaReader(candlesResponseSchema), false, call, { pair: query.pair, interval: query.interval, since: query.since, until: query.until, limit: query.limit }),
    trades: (query, call) => get('/trades', schemaReader(tradesResponseSchema), false, call, { pair: query.pair, limit: query.limit }),
    async time(call) {
      const sentAt = now()
      const answer = await get('/time', schemaReader(serverTimeSchema), false, call)
      const receivedAt = now()
      // The server read its clock somewhere between sending and receiving: the midpoint is the best guess.
      skewMs = Math.round(answer.serverTime * 1000 - (sentAt + receivedAt) / 2)
      return { serverTime: answer.serverTime }
    },
    ticker: (query, call) => get('/ticker', schemaReader(tickerAnswerSchema), false, call, { pair: query?.pair }),
    orderbook: (query, call) =>
      get('/orderbook', schemaReader(orderBookSchema), false, call, { pair: query.pair, limit_buy: query.limit_buy, limit_sell: query.limit_sell }),
    accounts: (query, call) =>
      get('/accounts/accounts', schemaReader(accountsResponseSchema), true, call, { include_subaccounts: query?.include_subaccounts }),
    balances: (call) => get('/accounts/balances', schemaReader(balancesResponseSchema), true, call),
    feeInfo: (call) => get('/accounts/feeinfo', schemaReader(feeRulesResponseSchema), true, call),
    recentOrders: (call, query) => get('/accounts/order', schemaReader(orderRecordsResponseSchema), true, call, { pair: query?.pair }),
    accountOrders: (query, call) =>
      get('/accounts/order', schemaReader(orderRecordsResponseSchema), true, call, {
        pair: query.pair,
        side: query.side,
        open_only: query.open_only,
        start_time: query.start_time,
        end_time: query.end_time,
      }),
    accountTrades: (query, call) =>
      get('/accounts/trades', schemaReader(fillRecordsResponseSchema), true, call, { pair: query.pair, side: query.side, start_time: query.start_time, end_time: query.end_time }),
    placeOrder: (body, call) =>
      execute({ method: 'POST', path: '/trading/order', body, isPrivate: true, isOrder: true, read: schemaReader(placeOrderResponseSchema), ...(call?.signal ? { signal: call.signal } : {}) }),
    cancelOrders: (body, call) =>
      execute<CancelOrdersResult>({
        method: 'DELETE',
        path: '/trading/order',
        body,
        isPrivate: true,
        // By ids the answer maps ids to statuses; all / by pair answer 202 with no body.
        read: (value) => (value === undefined ? { kind: 'accepted' } : { kind: 'by-ids', results: cancelByIdsResponseSchema.parse(value) }),
        ...(call?.signal ? { signal: call.signal } : {}),
      }),
    serverSkewMs: () => skewMs,
    resetAuth: () => {
      tokens.clear()
    },
    async feedToken(refused) {
      if (refused && lastToken) tokens.invalidate(lastToken)
      return tokens.token()
    },
  }
}
