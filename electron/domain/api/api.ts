// The TerminalApi contract: every method and event the renderer can use, named once.
//
// The names are one list (api-names.ts). Three tables are checked against it with `satisfies
// Record<…>`: each method's input schema (api-inputs.ts), each method's result and each event's
// payload (below), so no table can lack a name or hold one the list does not. Preload, IPC binding,
// web host, CLI and the renderer's client are all derived from them; a method that is not here
// cannot be called, and a payload that does not match its schema never reaches the core. The views
// the methods answer with are in api-views.ts; this module re-exports both, so importers name one
// module.
import type { z } from 'zod'
import type { Account, Balance, Candle, CandleInterval, Currency, FeeRule, FillRecord, OrderBook, OrderRecord, Pair, Ticker, Trade } from '../wire/wire'
import type { OrderCheck, OrderDraft } from '../orders/orders'
import type { PlacedFill } from '../account/fill-sides'
import type { Envelope } from '../errors'
import { EVENT_NAMES, IPC_EVENT_CHANNEL, IPC_PREFIX, METHOD_NAMES, type EventName, type MethodName } from './api-names'
import type { BookEventPayload } from './history-api'
import type { JournalAnswer, JournalPicture } from './journal-api'
import type { TradeNote } from '../journal/journal'
import type { Alert, LineAlertDraft } from '../alerts/alerts'
import type { Drawing } from '../drawings/drawings'
import type { PaneHolder, Popout, PopoutFill, PopoutPlace } from '../popouts/popouts'
import type { PortfolioReport } from '../portfolio/portfolio'
import type { BlotterReport, CancelAllOutcome, EquitySeries } from '../portfolio/all-accounts'
import type { Position } from '../protection/types'
import type { Algo } from '../algos/types'
import type { RiskLimitsView } from '../risk/risk-limits-schema'
import type { MoveResult, MoveStep } from '../orders/move-order'
import type { methodInputs } from './api-inputs'
import type { DiagnosticsReport } from '../diagnostics/diagnostics'
import type {
  AccountSnapshot,
  AppInfo,
  CachedMarket,
  CachedStart,
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

export { EVENT_NAMES, METHOD_NAMES, type EventName, type MethodName }
export type MethodInput<M extends MethodName> = z.input<(typeof methodInputs)[M]>

/** A slot of a table that holds only a type: a method's result, an event's payload. */
export interface Typed<T> {
  readonly type?: T
}
const typed = <T>(): Typed<T> => ({})
type TypeIn<S> = S extends Typed<infer T> ? T : never

/**
 * What a positions.* request did: `position` as the keeper left it when this process keeps the
 * profile's positions; `queued` when another process does and the request waits in its inbox.
 */
export type PositionAnswer = { queued: false; position: Position } | { queued: true; position: null }

/**
 * What an algos.* request did: `algo` as the keeper left it when this process keeps the profile's
 * algorithms; `queued` when another process does (its keeper takes the request at its next round).
 * `id` always: a start is made under an id before it is queued.
 */
export type AlgoAnswer = { queued: false; id: string; algo: Algo } | { queued: true; id: string; algo: null }

/** The result of each method. */
export const methodResults = {
  'app.info': typed<AppInfo>(),
  'prefs.get': typed<Preferences>(),
  'prefs.set': typed<Preferences>(),
  'profiles.list': typed<ProfileView[]>(),
  'profiles.create': typed<ProfileView>(),
  'profiles.update': typed<ProfileView>(),
  'profiles.remove': typed<{ removed: true }>(),
  'profiles.activate': typed<SessionState>(),
  'profiles.test': typed<ConnectionTestResult>(),
  'session.get': typed<SessionState>(),
  'accounts.select': typed<SessionState>(),
  'market.currencies': typed<Currency[]>(),
  'market.pairs': typed<Pair[]>(),
  'market.ticker': typed<Ticker[]>(),
  'market.orderbook': typed<OrderBook>(),
  'market.candles': typed<Candle[]>(),
  'market.trades': typed<Trade[]>(),
  'market.cached': typed<CachedMarket>(),
  /** The remembered chart from the disk's cache, answered by the host before its core has started; null: nothing to paint. */
  'market.cachedStart': typed<CachedStart | null>(),
  'market.subscribe': typed<SubscribedSnapshot>(),
  'market.unsubscribe': typed<{ unsubscribed: true }>(),
  /** The remembered pair's subscription, asked before the window knows which it is; null: none remembered, or no profile. */
  'market.start': typed<SubscribedSnapshot | null>(),
  'market.paneSubscribe': typed<SubscribedSnapshot & { pane: number; holder: PaneHolder }>(),
  'market.paneUnsubscribe': typed<{ unsubscribed: true }>(),
  'account.snapshot': typed<AccountSnapshot>(),
  'account.orders': typed<OrderRecord[]>(),
  'account.trades': typed<PlacedFill[]>(),
  'files.saveText': typed<{ saved: boolean }>(),
  'orders.validate': typed<OrderCheck>(),
  'orders.place': typed<PlaceOrderResult>(),
  'orders.cancel': typed<CancelOrdersResult>(),
  'orders.move': typed<MoveResult>(),
  'alerts.list': typed<Alert[]>(),
  'alerts.create': typed<Alert>(),
  'alerts.cancel': typed<Alert>(),
  /** `warning`: the drawings file was damaged and set aside (named in the words), so none are shown. */
  'drawings.list': typed<{ pair: string; drawings: Drawing[]; warning: string | null }>(),
  'drawings.save': typed<Drawing>(),
  // `cancelled`: the line alerts the delete cancelled, as drafts (an undo of the delete asks for them again).
  'drawings.delete': typed<{ deleted: Drawing; cancelledAlerts: number; cancelled: LineAlertDraft[] }>(),
  'portfolio.get': typed<PortfolioReport>(),
  'blotter.get': typed<BlotterReport>(),
  'blotter.cancel': typed<CancelOrdersResult>(),
  'orders.cancelAll': typed<CancelAllOutcome[]>(),
  'equity.get': typed<EquitySeries[]>(),
  'positions.list': typed<Position[]>(),
  'positions.protect': typed<PositionAnswer>(),
  'positions.close': typed<PositionAnswer>(),
  'positions.cancel': typed<PositionAnswer>(),
  'limits.get': typed<RiskLimitsView>(),
  'limits.set': typed<RiskLimitsView>(),
  'positions.acknowledge': typed<PositionAnswer>(),
  'positions.modify': typed<PositionAnswer>(),
  /** How many of the batch's tasks the core kept (it keeps the newest LONG_TASKS_KEPT of a window). */
  'diagnostics.report': typed<{ recorded: number }>(),
  'diagnostics.get': typed<DiagnosticsReport>(),
  'journal.get': typed<JournalAnswer>(),
  'journal.note': typed<TradeNote & { id: string }>(),
  'algos.list': typed<Algo[]>(),
  'algos.start': typed<AlgoAnswer>(),
  'algos.pause': typed<AlgoAnswer>(),
  'algos.resume': typed<AlgoAnswer>(),
  'algos.cancel': typed<AlgoAnswer>(),
  'journal.picture': typed<JournalPicture | null>(),
  /** `warning`: the pop-outs file was damaged and set aside (named in the words), so none are kept. */
  'popouts.list': typed<{ popouts: Popout[]; warning: string | null }>(),
  'popouts.open': typed<{ popouts: Popout[] }>(),
  'popouts.close': typed<{ popouts: Popout[] }>(),
  'popouts.place': typed<{ popouts: Popout[] }>(),
  'popouts.fill': typed<{ told: true }>(),
} satisfies Record<MethodName, Typed<unknown>>
export type MethodResults = { [M in MethodName]: TypeIn<(typeof methodResults)[M]> }

/** A call of one method: what every transport carries. */
export type MethodCall = <M extends MethodName>(method: M, input: MethodInput<M>) => Promise<MethodResults[M]>

// ---- Events ---------------------------------------------------------------------------------------

export const eventPayloads = {
  /**
   * New or updated candles of the subscribed pair/interval (the last one updates live), including
   * any that filled a hole. With `reset` they are the whole series: the older ones could not be
   * joined to it without a hole, so what is shown is replaced, not merged into.
   */
  'market.candles': typed<{ session: MarketSession; pair: string; interval: CandleInterval; candles: Candle[]; reset?: boolean }>(),
  /** Trades not seen before, newest first. */
  'market.trades': typed<{ session: MarketSession; pair: string; trades: Trade[] }>(),
  'market.ticker': typed<{ session: MarketSession; pair: string; ticker: Ticker }>(),
  /** The pair list's last prices: the newest ticker of each pair that changed (tickers-feed.ts). */
  'market.tickers': typed<{ session: MarketSession; tickers: Ticker[] }>(),
  /** The subscribed pair's order book, or why it cannot be shown (history-api.ts). */
  'market.book': typed<BookEventPayload & { session: MarketSession }>(),
  /** The market feed's health: live, stale (cache), retrying, offline. */
  'market.status': typed<{ session: MarketSession; pair: string; interval: CandleInterval; stale: boolean; connection: ConnectionStatus }>(),
  /** An extra chart pane's candles (market.paneSubscribe), as market.candles is the main chart's. */
  'market.paneCandles': typed<{ session: MarketSession; pane: number; holder: PaneHolder; pair: string; interval: CandleInterval; candles: Candle[]; reset?: boolean }>(),
  /** An extra chart pane's feed health. */
  'market.paneStatus': typed<{ session: MarketSession; pane: number; holder: PaneHolder; pair: string; interval: CandleInterval; stale: boolean; connection: ConnectionStatus }>(),
  /** Which way each feed of the profile session gets its data: see FeedModes. */
  'feed.status': typed<{ session: MarketSession; modes: FeedModes }>(),
  'session.changed': typed<SessionState>(),
  'account.changed': typed<AccountSnapshot>(),
  notice: typed<Notice>(),
  /** Alerts that just fired on the active profile, already saved as fired: show each once. */
  'alerts.fired': typed<{ session: MarketSession; alerts: Alert[] }>(),
  /** A profile's alerts were set or cancelled (by any window, or a drawing's delete): its whole list as it now is, for every window to take. */
  'alerts.changed': typed<{ profileId: string; alerts: Alert[] }>(),
  /** A step of an order move under way, as it happens. */
  'orders.move-step': typed<{ session: MarketSession; orderId: number; step: MoveStep }>(),
  /** The active profile's protected positions changed (a step of its keeper): all of them, as saved. */
  'positions.changed': typed<{ profileId: string; positions: Position[] }>(),
  /** The active profile's execution algorithms changed (a step of the keeper): all of them, as saved. */
  'algos.changed': typed<{ profileId: string; algos: Algo[] }>(),
  /** A drawing of a profile's was saved or deleted (by any window, or an undo): every chart on that pair reads them again. */
  'drawings.changed': typed<{ profileId: string; pair: string }>(),
  /** The pop-outs changed (one opened, closed, moved or showing another pair): all of them, as kept. */
  'popouts.changed': typed<{ popouts: Popout[] }>(),
  /** A price clicked in a popped-out book, for the main window's order form (popouts.fill). */
  'popouts.fill': typed<PopoutFill>(),
  /** The preferences as saved after a window changed them: the other windows (pop-outs) follow its theme and indicators. */
  'prefs.changed': typed<Preferences>(),
} satisfies Record<EventName, Typed<unknown>>
export type EventPayloads = { [E in EventName]: TypeIn<(typeof eventPayloads)[E]> }

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
  /**
   * The web host only: a fresh one-time URL the host mints for one pop-out's route (docs/popouts.md),
   * for a new browser window to open. The Electron app opens pop-outs in its main process instead.
   */
  popoutLink?: (place: PopoutPlace) => Promise<string>
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
//                        body {"popout": {"panel", "pane"}} -> {"url": one-time URL of that pop-out's route only}
//   POST /api/<method>   session cookie, body {"input": ...}   -> 200 Envelope
//   GET  /events         session cookie; server-sent events, `event: <name>` / `data: <json>`
// (the values live in api-names.ts, zod-free, so the renderer can import them without zod)
export { WEB_CODE_PARAM, WEB_LINK_PATH, WEB_SESSION_PATH, splitMethod } from './api-names'

/** Names of the IPC channels: one per method, one for events. */
export { IPC_PREFIX, IPC_EVENT_CHANNEL }
export const ipcChannel = (method: MethodName): string => `${IPC_PREFIX}${method}`

export type { Alert, MoveResult, MoveStep, PlacedFill, Position }
export type { Account, Balance, Candle, Currency, FeeRule, FillRecord, OrderBook, OrderRecord, Pair, Ticker, Trade, OrderDraft, OrderCheck }
export type { AccountOrdersQuery, AccountTradesQuery, BookEventPayload } from './history-api'
export type { JournalAnswer, JournalNoteInput, JournalPicture, JournalQuery } from './journal-api'
export type { JournalEntry, JournalStats } from '../journal/types'
