// The TerminalApi contract: every method and event the renderer can use, named once.
//
// Preload, IPC binding, web host, CLI and the renderer's client are all derived from the two tables
// below (`methodInputs`, from api-inputs.ts, and `EVENT_NAMES`), so a method that is not here cannot
// be called, and a payload that does not match its schema never reaches the core. The views the
// methods answer with are in api-views.ts; this module re-exports both, so importers name one module.
import type { z } from 'zod'
import type {
  Account,
  Balance,
  Candle,
  CandleInterval,
  Currency,
  FeeRule,
  FillRecord,
  OrderBook,
  OrderRecord,
  Pair,
  Ticker,
  Trade,
} from './wire'
import type { OrderCheck, OrderDraft } from './orders'
import type { PlacedFill } from './fill-sides'
import type { Envelope } from './errors'
import { EVENT_NAME_LIST, IPC_EVENT_CHANNEL, IPC_PREFIX, METHOD_NAME_LIST } from './api-names'
import type { BookEventPayload } from './history-api'
import type { Alert } from './alerts'
import type { MoveResult, MoveStep } from './move-order'
import type { methodInputs } from './api-inputs'
import type {
  AccountSnapshot,
  AppInfo,
  CachedMarket,
  CancelOrdersResult,
  ConnectionStatus,
  ConnectionTestResult,
  MarketSession,
  Notice,
  PlaceOrderResult,
  Preferences,
  ProfileView,
  SessionState,
  SubscribedSnapshot,
} from './api-views'

export type * from './api-views'
export { methodInputs, profileInputSchema, type ProfileInput } from './api-inputs'

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
  'account.trades': PlacedFill[]
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
  /**
   * A transport that can lose events (the web host's stream, when it breaks and reconnects) calls
   * these once it is back: what the window shows must then be read again. IPC loses none.
   */
  onResume?: (listener: () => void) => Disposer
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

export type { Alert, MoveResult, MoveStep, PlacedFill }
export type { Account, Balance, Candle, Currency, FeeRule, FillRecord, OrderBook, OrderRecord, Pair, Ticker, Trade, OrderDraft, OrderCheck }
export type { AccountOrdersQuery, AccountTradesQuery, BookEventPayload } from './history-api'
