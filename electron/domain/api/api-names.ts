// The one list of the TerminalApi's method and event names. Every other table of the contract is
// checked against it with `satisfies Record<MethodName | EventName, …>`: the input schemas
// (api-inputs.ts), the results and the event payloads (api.ts), and the core's handlers. Adding a
// method is one name here; the compiler then names each table that lacks it. No dependencies and no
// zod: the sandboxed preload and the renderer's first screen import this file.
export const METHOD_NAMES = [
  'app.info',
  'prefs.get',
  'prefs.set',
  'profiles.list',
  'profiles.create',
  'profiles.update',
  'profiles.remove',
  'profiles.activate',
  'profiles.test',
  'session.get',
  'accounts.select',
  'market.currencies',
  'market.pairs',
  'market.ticker',
  'market.orderbook',
  'market.candles',
  'market.trades',
  'market.cached',
  'market.cachedStart',
  'market.subscribe',
  'market.unsubscribe',
  'market.start',
  'market.paneSubscribe',
  'market.paneUnsubscribe',
  'account.snapshot',
  'account.orders',
  'account.trades',
  'files.saveText',
  'orders.validate',
  'orders.place',
  'orders.cancel',
  'orders.move',
  'alerts.list',
  'alerts.create',
  'alerts.cancel',
  'drawings.list',
  'drawings.save',
  'drawings.delete',
  'portfolio.get',
  'blotter.get',
  'blotter.cancel',
  'orders.cancelAll',
  'equity.get',
  'positions.list',
  'positions.protect',
  'positions.close',
  'positions.cancel',
  'limits.get',
  'limits.set',
  'positions.acknowledge',
  'positions.modify',
  'diagnostics.report',
  'diagnostics.get',
  'journal.get',
  'journal.note',
  'algos.list',
  'algos.start',
  'algos.pause',
  'algos.resume',
  'algos.cancel',
  'journal.picture',
  'popouts.list',
  'popouts.open',
  'popouts.close',
  'popouts.place',
  'popouts.fill',
] as const

export const EVENT_NAMES = [
  'market.candles',
  'market.trades',
  'market.ticker',
  'market.tickers',
  'market.book',
  'market.status',
  'market.paneCandles',
  'market.paneStatus',
  'feed.status',
  'session.changed',
  'account.changed',
  'notice',
  'alerts.fired',
  'alerts.changed',
  'orders.move-step',
  'positions.changed',
  'algos.changed',
  'drawings.changed',
  'popouts.changed',
  'popouts.fill',
  'prefs.changed',
] as const

export type MethodName = (typeof METHOD_NAMES)[number]
export type EventName = (typeof EVENT_NAMES)[number]

export const IPC_PREFIX = 'terminal:'
export const IPC_EVENT_CHANNEL = 'terminal:event'

// The web host's wire protocol names (documented in api.ts, which re-exports them).
/** The one-time code in the URL the web host prints; the page trades it once for its session cookie. */
export const WEB_CODE_PARAM = 'code'
/** The id of the JSON element the web host writes the app page's early answers into (web-host/page-data.ts, src/api/page-data.ts). */
export const WEB_PAGE_DATA_ID = 'page-data'
/** POST {"code": ...} here: answers with the HttpOnly session cookie, or 401. */
export const WEB_SESSION_PATH = '/session'
/**
 * POST with a session cookie: {"url": a one-time URL for one more window} (how the tests open pages);
 * with the JSON body {"popout": {"panel", "pane"}}, a one-time URL that opens that pop-out's route only.
 */
export const WEB_LINK_PATH = '/session/link'

/** Splits 'orders.place' into ['orders', 'place']. */
export function splitMethod(method: MethodName): [string, string] {
  const dot = method.indexOf('.')
  return [method.slice(0, dot), method.slice(dot + 1)]
}
