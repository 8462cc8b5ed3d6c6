// The TerminalApi contract: every method and event the renderer can use, named once.
//
// Preload, IPC binding, web host, CLI and the renderer's client are all derived from the two tables
// below (`methodInputs` and `EVENT_NAMES`), so a method that is not here cannot be called, and a
// payload that does not match its schema never reaches the core.
import { z } from 'zod'
import {
  type Account,
  type Balance,
  type Candle,
  type CandleInterval,
  type Currency,
  type FeeRule,
  type OrderBook,
  type OrderRecord,
  type Pair,
  type Ticker,
  type Trade,
  candleIntervalSchema,
} from './wire'
import { type OrderCheck, type OrderDraft, orderDraftSchema } from './orders'
import type { Envelope } from './errors'
import { EVENT_NAME_LIST, IPC_EVENT_CHANNEL, IPC_PREFIX, METHOD_NAME_LIST } from './api-names'
import { baseUrlProblem, feedUrlProblem } from './origin'
import { type BookEventPayload, accountOrdersInput, accountTradesInput } from './history-api'
import type { FillRecord } from './wire'
import type { IndicatorPref, LayoutPrefs } from './chart-prefs'
import { indicatorPatchSchema, layoutInputSchema } from './chart-prefs-schema'
import { type Alert, alertDraftSchema } from './alerts'
import type { MoveResult, MoveStep } from './move-order'

// ---- Views: what the renderer sees ----------------------------------------------------------------

export type HostKind = 'electron' | 'web' | 'cli'

export interface KeychainStatus {
  /** True when secrets are stored in the OS keychain. */
  available: boolean
  /** Why not, in words for people; absent when available. */
  reason?: string
}

export interface AppInfo {
  name: string
  version: string
  host: HostKind
  platform: string
  dataDir: string
  keychain: KeychainStatus
}

/** A profile as the renderer sees it. Never holds a secret; the key only as its last 4 characters. */
export interface ProfileView {
  id: string
  name: string
  baseUrl: string
  /** The live feed's own address; null: the one beside the base URL. */
  feedUrl: string | null
  apiKeyHint: string
  /** The account this key belongs to, once known (learned on activation). */
  accountId: number | null
  isDemo: boolean
  createdAt: string
  lastUsedAt: string | null
  /** Where the secret is: the OS keychain, or memory for this session only (keychain unavailable). */
  secretStorage: 'keychain' | 'session' | 'missing'
}

export interface AccountNode {
  id: number
  name: string
  email: string
  parentId: number | null
  /** The profile holding this account's own key; null when none does (the account is view-only). */
  profileId: string | null
  /** Why this account cannot place orders from the active profile; absent when it can. */
  viewOnlyReason?: string
}

export type ConnectionState = 'idle' | 'connecting' | 'online' | 'retrying' | 'rate-limited' | 'reauthenticating' | 'offline'

export interface ConnectionStatus {
  state: ConnectionState
  /** Words for the status bar: what happened and what the terminal is doing about it. */
  message: string
  /** When the next attempt happens, for retrying / rate-limited. */
  retryAt?: number
  since: number
  /**
   * What kind of trouble, where the state alone does not say: 'auth-failed' — the key or every token
   * was refused even after signing in again (state offline); 'bad-answer' — the exchange answers,
   * but with something that cannot be read (state retrying).
   */
  problem?: 'auth-failed' | 'bad-answer'
}

export interface SessionState {
  /** Increases on every profile or account switch; events of an older generation are stale. */
  generation: number
  /**
   * The generation at which the active profile was activated. Market data belongs to the profile,
   * not the account: an account switch leaves it, a profile switch (or re-activation) changes it.
   */
  profileGeneration: number
  profile: ProfileView | null
  accounts: AccountNode[]
  accountId: number | null
  /** True when the selected account can place orders with the active profile's key. */
  canTrade: boolean
  connection: ConnectionStatus
  keychain: KeychainStatus
  /** Problems with files in the data directory (a damaged profiles file moved aside, …), for a banner. */
  storageWarnings?: string[]
}

/** The profile session a market answer or event belongs to (see SessionState.profileGeneration). */
export interface MarketSession {
  profileId: string
  generation: number
}

/** A market payload as a feed makes it, before the terminal tags it with its session. */
export type Untagged<T> = T extends { session: MarketSession } ? Omit<T, 'session'> : T

export interface MarketSnapshot {
  pair: string
  interval: CandleInterval
  candles: Candle[]
  trades: Trade[]
  ticker: Ticker | null
  /** True when this came from the offline cache rather than the exchange. */
  stale: boolean
  /** When the data was fetched from the exchange (ms since epoch). */
  fetchedAt: number
}

/** The answer to market.subscribe: the snapshot and the session it was fetched for. */
export interface SubscribedSnapshot extends MarketSnapshot {
  session: MarketSession
}

/**
 * The answer to market.cached: what the disk holds of the active exchange (never another one's),
 * to paint at once, marked stale, while the exchange is asked. Null where nothing is cached.
 */
export interface CachedMarket {
  snapshot: SubscribedSnapshot | null
  pairs: Pair[] | null
}

export interface AccountSnapshot {
  generation: number
  accountId: number | null
  balances: Balance[]
  feeRules: FeeRule[]
  /** null when the server has no recent-orders endpoint. */
  orders: OrderRecord[] | null
  fetchedAt: number
}

/**
 * How sure the lookup after an unknown outcome is. 'placed': a record carries the order's
 * client_order_id. 'probably-placed': one record matches pair, side, type, amount and price in the
 * time window (the exchange keeps no client_order_id). 'several-candidates': more than one does.
 * 'not-found': the recent orders reach back past the sending and hold no match — which is not proof
 * that it was not placed. 'still-unknown': the orders could not be read or do not reach back far enough.
 */
export type OrderLookupVerdict = 'placed' | 'probably-placed' | 'several-candidates' | 'not-found' | 'still-unknown'

/** What the lookup searched, so the trader can judge the verdict. Times are ms since the epoch. */
export interface OrderLookupSearch {
  /** The request, e.g. "GET /accounts/order?pair=BTC_USDT". */
  endpoint: string
  /** How many times the list was read successfully, and how many reads were tried. */
  reads: number
  tries: number
  /** Records in the last list read. */
  records: number
  /** The time window a record had to fall in to match by fields (the exchange's clock). */
  window: { from: number; to: number }
  elapsedMs: number
  matchedBy: 'client_order_id' | 'fields' | null
}

export type PlaceOrderResult =
  | { outcome: 'placed'; orderIds: number[]; clientOrderId: string }
  | {
      outcome: 'unknown'
      clientOrderId: string
      /** What the lookup in the recent orders found, and how sure it is. */
      lookup: OrderLookupVerdict
      /** The order's ids ('placed'), or the candidates ('probably-placed', 'several-candidates'). */
      orderIds: number[]
      search: OrderLookupSearch
      message: string
    }

export type CancelOrdersResult =
  | { kind: 'by-ids'; results: Record<string, string> }
  | { kind: 'accepted' } // cancel all / by pair: 202 with no body

export interface ConnectionTestResult {
  ok: boolean
  accounts: Account[]
  serverTimeSkewMs: number | null
  error?: { kind: string; code: string; message: string }
}

export type Theme = 'dark' | 'light'
/** The zone the window shows times in: the machine's local time, or UTC (the exchange's). */
export type TimeZonePref = 'local' | 'utc'
export interface Preferences {
  theme: Theme
  pair: string
  interval: CandleInterval
  confirmOrders: boolean
  hideZeroBalances: boolean
  timeZone: TimeZonePref
  /** Sizes of the resizable regions, in percent, and which ones are collapsed. */
  layout: LayoutPrefs
  /** The chart's indicators, per "PAIR|interval" (chartKey). */
  indicators: Record<string, IndicatorPref[]>
}

export interface Notice {
  kind: 'order-placed' | 'order-filled' | 'order-cancelled' | 'warning' | 'info'
  title: string
  body: string
}

// ---- Method inputs --------------------------------------------------------------------------------

const noInput = z.undefined()
const id = z.string().min(1).max(64)
const profileName = z.string().trim().min(1, 'Give the profile a name').max(60)
const baseUrl = z
  .string()
  .trim()
  .max(300)
  .url('Enter a URL like https://exchange.example/api/v3')
  // Where the key and secret will travel: https, or plain http to this computer only; no user:pass@.
  .superRefine((url, ctx) => {
    const problem = baseUrlProblem(url)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
/** The live feed's own address (absent: the one beside the base URL, …/api/v3 → …/alp-ws). */
const feedUrl = z
  .string()
  .trim()
  .max(300)
  .url({ protocol: /^wss?$/, message: 'Enter a URL like wss://exchange.example/alp-ws, or leave it empty.' })
  .superRefine((url, ctx) => {
    const problem = feedUrlProblem(url, null)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
const secretText = z.string().trim().min(8, 'Too short').max(256)
const pairName = z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'A pair looks like BTC_USDT')
const unixSeconds = z.number().int().min(0).max(99_999_999_999)

export const profileInputSchema = z.strictObject({
  name: profileName,
  baseUrl,
  feedUrl: feedUrl.optional(),
  apiKey: secretText,
  apiSecret: secretText,
})
export type ProfileInput = z.output<typeof profileInputSchema>

export const methodInputs = {
  'app.info': noInput,
  'prefs.get': noInput,
  'prefs.set': z.strictObject({
    theme: z.enum(['dark', 'light']).optional(),
    pair: pairName.optional(),
    interval: candleIntervalSchema.optional(),
    confirmOrders: z.boolean().optional(),
    hideZeroBalances: z.boolean().optional(),
    timeZone: z.enum(['local', 'utc']).optional(),
    layout: layoutInputSchema.optional(),
    // One chart's indicators (pair|interval) at a time.
    indicators: indicatorPatchSchema.optional(),
  }),

  'profiles.list': noInput,
  'profiles.create': profileInputSchema,
  'profiles.update': z.strictObject({
    id,
    name: profileName.optional(),
    baseUrl: baseUrl.optional(),
    /** '': back to the feed beside the base URL. */
    feedUrl: z.union([z.literal(''), feedUrl]).optional(),
    apiKey: secretText.optional(),
    apiSecret: secretText.optional(),
  }),
  'profiles.remove': z.strictObject({ id }),
  'profiles.activate': z.strictObject({ id }),
  /** Tests a saved profile ({id}) or unsaved form values (all three of baseUrl, apiKey, apiSecret). */
  'profiles.test': z.union([
    z.strictObject({ id }),
    z.strictObject({ baseUrl, apiKey: secretText, apiSecret: secretText }),
  ]),

  'session.get': noInput,
  'accounts.select': z.strictObject({ accountId: z.number().int().min(0) }),

  'market.currencies': noInput,
  'market.pairs': noInput,
  'market.ticker': z.strictObject({ pair: pairName.optional() }).optional(),
  'market.orderbook': z.strictObject({ pair: pairName, limit: z.number().int().min(1).max(500).optional() }),
  'market.candles': z.strictObject({
    pair: pairName,
    interval: candleIntervalSchema,
    since: unixSeconds.optional(),
    until: unixSeconds.optional(),
    limit: z.number().int().min(1).max(500).optional(),
  }),
  'market.trades': z.strictObject({ pair: pairName, limit: z.number().int().min(1).max(1000).optional() }),
  /** The cached snapshot of a pair and interval and the cached pair list of the active exchange: disk only. */
  'market.cached': z.strictObject({ pair: pairName, interval: candleIntervalSchema }),
  /** Starts the feed of one pair and interval (replacing the previous one) and returns its first snapshot. */
  'market.subscribe': z.strictObject({ pair: pairName, interval: candleIntervalSchema }),
  'market.unsubscribe': noInput,

  /** Balances, fee rules and recent orders of the selected account, fetched now. */
  'account.snapshot': noInput,
  /** The account's orders in a time range (read in 30-day windows), with pair, side and status filters. */
  'account.orders': accountOrdersInput,
  /** The account's own fills of one pair in a time range (read in 30-day windows). */
  'account.trades': accountTradesInput,

  /**
   * Saves an export where the trader chooses in a save dialog (Electron only: the main process asks
   * and writes; the renderer never sees the path). Other hosts answer 'unsupported' and the window
   * downloads the file instead.
   */
  'files.saveText': z.strictObject({ suggestedName: z.string().min(1).max(200), text: z.string().max(50_000_000) }),
  'orders.validate': orderDraftSchema,
  'orders.place': orderDraftSchema,
  'orders.cancel': z.union([
    z.strictObject({ order_ids: z.array(z.number().int().min(0)).min(1).max(100) }),
    z.strictObject({ pair: pairName }),
    z.strictObject({ all: z.literal(true) }),
  ]),
  /** Moves an open limit order to a new price: cancel, confirm, place the unfilled rest (move-order.ts). */
  'orders.move': z.strictObject({
    orderId: z.number().int().positive(),
    pair: pairName,
    price: z.string().max(64).regex(/^\d+(\.\d+)?$/, 'A price is a positive decimal number, e.g. 43000.5'),
  }),

  /** The active profile's alerts: armed ones and their history (fired, cancelled). */
  'alerts.list': noInput,
  'alerts.create': alertDraftSchema,
  'alerts.cancel': z.strictObject({ id }),
} as const

export type MethodName = keyof typeof methodInputs
export const METHOD_NAMES: readonly MethodName[] = METHOD_NAME_LIST
// The preload's name list and the schema table must name the same methods.
type _ListCoversTable = [MethodName] extends [(typeof METHOD_NAME_LIST)[number]] ? true : never
const _listCoversTable: _ListCoversTable = true
void _listCoversTable
export type MethodInput<M extends MethodName> = z.input<(typeof methodInputs)[M]>

/** Result type of each method. */
export interface MethodResults {
  'app.info': AppInfo
  'prefs.get': Preferences
  'prefs.set': Preferences
  'profiles.list': ProfileView[]
  'profiles.create': ProfileView
  'profiles.update': ProfileView
  'profiles.remove': { removed: true }
  'profiles.activate': SessionState
  'profiles.test': ConnectionTestResult
  'session.get': SessionState
  'accounts.select': SessionState
  'market.currencies': Currency[]
  'market.pairs': Pair[]
  'market.ticker': Ticker[]
  'market.orderbook': OrderBook
  'market.candles': Candle[]
  'market.trades': Trade[]
  'market.cached': CachedMarket
  'market.subscribe': SubscribedSnapshot
  'market.unsubscribe': { unsubscribed: true }
  'account.snapshot': AccountSnapshot
  'account.orders': OrderRecord[]
  'account.trades': FillRecord[]
  'files.saveText': { saved: boolean }
  'orders.validate': OrderCheck
  'orders.place': PlaceOrderResult
  'orders.cancel': CancelOrdersResult
  'orders.move': MoveResult
  'alerts.list': Alert[]
  'alerts.create': Alert
  'alerts.cancel': Alert
}

// Compile-time check that the two tables name the same methods.
type _SameMethods = [MethodName] extends [keyof MethodResults]
  ? [keyof MethodResults] extends [MethodName]
    ? true
    : never
  : never
const _sameMethods: _SameMethods = true
void _sameMethods

/** A call of one method: what every transport carries. */
export type MethodCall = <M extends MethodName>(method: M, input: MethodInput<M>) => Promise<MethodResults[M]>

// ---- Events ---------------------------------------------------------------------------------------

export interface EventPayloads {
  /**
   * New or updated candles of the subscribed pair/interval (the last one updates live), including
   * any that filled a hole. With `reset` they are the whole series: the older ones could not be
   * joined to it without a hole, so what is shown is replaced, not merged into.
   */
  'market.candles': { session: MarketSession; pair: string; interval: CandleInterval; candles: Candle[]; reset?: boolean }
  /** Trades not seen before, newest first. */
  'market.trades': { session: MarketSession; pair: string; trades: Trade[] }
  'market.ticker': { session: MarketSession; pair: string; ticker: Ticker }
  /** The pair list's last prices: the newest ticker of each pair that changed (tickers-feed.ts). */
  'market.tickers': { session: MarketSession; tickers: Ticker[] }
  /** The subscribed pair's order book, or why it cannot be shown (history-api.ts). */
  'market.book': BookEventPayload & { session: MarketSession }
  /** The market feed's health: live, stale (cache), retrying, offline. */
  'market.status': { session: MarketSession; pair: string; interval: CandleInterval; stale: boolean; connection: ConnectionStatus }
  /** Which way each feed of the profile session gets its data: see FeedModes. */
  'feed.status': { session: MarketSession; modes: FeedModes }
  'session.changed': SessionState
  'account.changed': AccountSnapshot
  'notice': Notice
  /** Alerts that just fired on the active profile, already saved as fired: show each once. */
  'alerts.fired': { session: MarketSession; alerts: Alert[] }
  /** A step of an order move under way, as it happens. */
  'orders.move-step': { session: MarketSession; orderId: number; step: MoveStep }
}

/**
 * live: the exchange's WebSocket feed streams it; reconnecting: the feed was lost and is being
 * re-established (REST polling fills in meanwhile); polling: no feed (none served, disabled, or it
 * keeps failing), REST polling at the full rate until it returns.
 */
export type FeedMode = 'live' | 'reconnecting' | 'polling'
export interface FeedModes {
  market: FeedMode
  /** live only once the feed accepted the session token (private order and wallet updates). */
  account: FeedMode
}
export type EventName = keyof EventPayloads
export const EVENT_NAMES: readonly EventName[] = EVENT_NAME_LIST
type _EventsCovered = [EventName] extends [(typeof EVENT_NAME_LIST)[number]] ? true : never
const _eventsCovered: _EventsCovered = true
void _eventsCovered

export type EventListener<E extends EventName> = (payload: EventPayloads[E]) => void
export type Disposer = () => void

/** The renderer's client and every host's transport: a typed call plus `on`. */
export type TerminalBridge = {
  call: MethodCall
  on: <E extends EventName>(event: E, listener: EventListener<E>) => Disposer
}

/** What createTerminal returns: every method, plus event subscription. Hosts bind it to a transport. */
export interface TerminalCore {
  call: MethodCall
  on: <E extends EventName>(event: E, listener: EventListener<E>) => Disposer
  dispose(): Promise<void>
}

type Namespace = MethodName extends `${infer N}.${string}` ? N : never

/**
 * `window.terminal` as the preload exposes it: one function per method, grouped by namespace
 * (`window.terminal.orders.place(draft)`), plus `on(event, listener)` returning a disposer.
 */
export type WindowTerminal = {
  [N in Namespace]: {
    [M in MethodName as M extends `${N}.${infer F}` ? F : never]: (input?: MethodInput<M>) => Promise<Envelope<MethodResults[M]>>
  }
} & { on: TerminalBridge['on'] }

// The web host's wire protocol (electron/web-host, src/api/transport.ts):
//   GET  /?code=<one-time code>  the app page (the printed URL; a used or expired code gets a 401 page)
//   POST /session  body {"code": ...}  -> 204 + HttpOnly session cookie, or 401 (used, expired, unknown)
//   POST /session/link   session cookie -> {"url": one-time URL for one more window}
//   POST /api/<method>   session cookie, body {"input": ...}   -> 200 Envelope
//   GET  /events         session cookie; server-sent events, `event: <name>` / `data: <json>`
// (the values live in api-names.ts, zod-free, so the renderer can import them without zod)
export { WEB_CODE_PARAM, WEB_LINK_PATH, WEB_SESSION_PATH, splitMethod } from './api-names'

/** Names of the IPC channels: one per method, one for events. */
export { IPC_PREFIX, IPC_EVENT_CHANNEL }
export const ipcChannel = (method: MethodName): string => `${IPC_PREFIX}${method}`

export type { Alert, MoveResult, MoveStep }
export type { Account, Balance, Candle, Currency, FeeRule, FillRecord, OrderBook, OrderRecord, Pair, Ticker, Trade, OrderDraft, OrderCheck }
export type { AccountOrdersQuery, AccountTradesQuery, BookEventPayload } from './history-api'
