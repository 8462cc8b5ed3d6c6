// What the renderer sees: the views the TerminalApi's methods answer with and its events carry.
//
// Types only, no schemas: every host and the renderer import these, and the renderer must not pull
// zod into its first screen (the schemas that check method inputs live in api-inputs.ts).
import type { Account, Balance, Candle, CandleInterval, FeeRule, OrderRecord, Pair, Ticker, Trade } from '../wire/wire'
import type { IndicatorPref, LayoutPrefs } from '../prefs/chart-prefs'
import type { ChartArrangement, Workspace } from '../prefs/workspace'
import type { LadderPrefs } from '../prefs/ladder-prefs'

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
  /** Increases on every profile or account switch; events of an older switch generation are stale. */
  switchGeneration: number
  /**
   * The switch generation at which the active profile was activated. Market data belongs to the profile,
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
  /** The SessionState.profileGeneration the data was fetched for: only a profile switch changes it. */
  profileGeneration: number
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

/**
 * The answer to market.cachedStart: the remembered chart (the preferences' pair and interval) as the
 * disk's cache holds it for the active profile's exchange, with the cached pair list and the
 * preferences it is drawn with. The host reads it from disk without its core, so the window paints it
 * (marked stale) before the exchange's first answer. Null when there is nothing true to paint.
 */
export interface CachedStart {
  /** The active profile on disk: the window shows this only while that profile is the session's. */
  profileId: string
  /** Always `stale: true`. */
  snapshot: MarketSnapshot
  pairs: Pair[]
  prefs: Preferences
  /**
   * The main chart is in a window of its own (popouts.json lists chart pane 0): the main window draws
   * no first chart, its placeholder stands there instead. Absent: it is not (or the list is unreadable).
   */
  chartOut?: boolean
}

export interface AccountSnapshot {
  /** The SessionState.switchGeneration it was fetched for: any profile or account switch makes it stale. */
  switchGeneration: number
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

export type CancelOrdersResult = { kind: 'by-ids'; results: Record<string, string> } | { kind: 'accepted' } // cancel all / by pair: 202 with no body

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
  /** Ctrl/⌘+Shift+X opens the cancel-all confirmation; off unless the trader turns it on. */
  panicHotkey: boolean
  /** Desktop notifications of the positions' news (a stop or target filled, a fallback fired, one that needs you); off unless turned on. */
  positionNotifications: boolean
  /** Sizes of the resizable regions, in percent, and which ones are collapsed. */
  layout: LayoutPrefs
  /** The chart's indicators, per "PAIR|interval" (chartKey). */
  indicators: Record<string, IndicatorPref[]>
  /** The charts' arrangement: layout, each pane's pair, interval and link, pop-outs, bottom tab (docs/workspaces.md). */
  charts: ChartArrangement
  /** The named workspaces. */
  workspaces: Workspace[]
  /** The price ladder's size presets, each pair's chosen step and hotkeys (each hotkey off until set). */
  ladder: LadderPrefs
}

export interface Notice {
  /** position: a protected position's news, from its history (a desktop notification only where the trader turned them on). */
  kind: 'order-placed' | 'order-filled' | 'order-cancelled' | 'warning' | 'info' | 'position'
  title: string
  body: string
}
