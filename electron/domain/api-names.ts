// The method and event names of the TerminalApi, without their schemas, for the sandboxed preload:
// it must stay one small file with no dependencies. api.ts checks at compile time that these lists
// and its tables agree.
export const METHOD_NAME_LIST = [
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
  'market.subscribe',
  'market.unsubscribe',
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
] as const

export const EVENT_NAME_LIST = [
  'market.candles',
  'market.trades',
  'market.ticker',
  'market.tickers',
  'market.book',
  'market.status',
  'feed.status',
  'session.changed',
  'account.changed',
  'notice',
  'alerts.fired',
  'orders.move-step',
] as const

export const IPC_PREFIX = 'terminal:'
export const IPC_EVENT_CHANNEL = 'terminal:event'

// The web host's wire protocol names (documented in api.ts, which re-exports them).
/** The one-time code in the URL the web host prints; the page trades it once for its session cookie. */
export const WEB_CODE_PARAM = 'code'
/** POST {"code": ...} here: answers with the HttpOnly session cookie, or 401. */
export const WEB_SESSION_PATH = '/session'
/** POST with a session cookie: {"url": a one-time URL for one more window} (how the tests open pages). */
export const WEB_LINK_PATH = '/session/link'

/** Splits 'orders.place' into ['orders', 'place']. */
export function splitMethod(method: (typeof METHOD_NAME_LIST)[number]): [string, string] {
  const dot = method.indexOf('.')
  return [method.slice(0, dot), method.slice(dot + 1)]
}
