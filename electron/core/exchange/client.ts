// The exchange client: one typed method per endpoint of docs/exchange-api.md.
//
// Every request goes through `execute` (request.ts), which owns the rules that keep the terminal
// safe: timeouts, which requests are retried and which are sent once, signing the exact bytes sent,
// reading answers without losing a digit, and 'outcome-unknown' for an order whose answer is lost.
// The sign-in (POST /auth, the session token, X-SIGN) is sign-in.ts; one HTTP exchange is
// exchange-http.ts. This file composes them and names the endpoints.
import { z } from 'zod'
import type { CancelOrdersResult } from '../../domain/api/api'
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
  type WalletMotion,
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
  walletMotionsResponseSchema,
  pairsResponseSchema,
  placeOrderResponseSchema,
  serverTimeSchema,
  tickersResponseSchema,
  tradesResponseSchema,
} from '../../domain/wire/wire'
import { trimBaseUrl } from '../../domain/origin'
import type { Credentials } from './auth'
import { createHttpExchange, schemaReader, type Query } from './exchange-http'
import { createSignIn } from './sign-in'
import { createRequester, type ClientStatus } from './request'
import { httpFetch, type TransportInit, type TransportResponse } from './http-transport'

export type { Credentials } from './auth'
export type { ClientState, ClientStatus } from './request'
export type { Account, Balance, Candle, Currency, FeeRule, OrderBook, OrderRecord, Pair, Ticker, Trade }

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

/** The filters the history endpoints share (docs/exchange-api.md, "History"). */
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
  /** One window (≤ 30 days) of the movements of one currency's wallets (the server requires the currency). */
  accountActivity(query: Omit<HistoryQuery, 'pair' | 'side'> & { currency: string }, options?: CallOptions): Promise<WalletMotion[]>
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

/** Normalises the base URL onto the API root that holds /auth, /pairs and the rest. */
export function apiRoot(baseUrl: string): string {
  const trimmed = trimBaseUrl(baseUrl)
  return /\/api\/v3$/.test(trimmed) ? trimmed : `${trimmed}/api/v3`
}

const tickerAnswerSchema = z.preprocess((value) => (Array.isArray(value) || value === undefined ? value : [value]), tickersResponseSchema)

const defaultSleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms))

export function createExchangeClient(options: ExchangeClientOptions): ExchangeClient {
  const now = options.now ?? Date.now
  let skewMs: number | null = null
  const http = createHttpExchange({ root: apiRoot(options.baseUrl), timeoutMs: options.timeoutMs ?? 10_000, fetch: options.fetch ?? httpFetch, now })
  const signIn = createSignIn({ http, credentials: options.credentials, now, skewMs: () => skewMs ?? 0 })
  const execute = createRequester({
    http,
    signIn,
    maxTries: Math.max(1, options.maxTries ?? 3),
    now,
    sleep: options.sleep ?? defaultSleep,
    random: options.random ?? Math.random,
    onStatus: options.onStatus,
  })

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
    orderbook: (query, call) => get('/orderbook', schemaReader(orderBookSchema), false, call, { pair: query.pair, limit_buy: query.limit_buy, limit_sell: query.limit_sell }),
    accounts: (query, call) => get('/accounts/accounts', schemaReader(accountsResponseSchema), true, call, { include_subaccounts: query?.include_subaccounts }),
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
    accountActivity: (query, call) =>
      get('/accounts/activity', schemaReader(walletMotionsResponseSchema), true, call, { currency: query.currency, start_time: query.start_time, end_time: query.end_time }),
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
      signIn.clear()
    },
    feedToken: (refused) => signIn.feedToken(refused),
  }
}
