// The wire's constant lists (intervals, statuses, order types, sides, wallets) without their zod
// schemas: the renderer needs these values at run time, and importing them from wire.ts would put
// zod into the first-screen bundle. wire.ts re-exports everything here, so either import works.

export const CANDLE_INTERVALS = ['1', '5', '15', '30', '60', '240', '1D'] as const
export type CandleInterval = (typeof CANDLE_INTERVALS)[number]
/** Length of one candle of each interval, in seconds. */
export const INTERVAL_SECONDS: Record<CandleInterval, number> = {
  '1': 60,
  '5': 300,
  '15': 900,
  '30': 1800,
  '60': 3600,
  '240': 14400,
  '1D': 86400,
}
export const CANDLES_MAX_LIMIT = 500

export const ORDER_STATUSES = ['PENDING', 'OPEN', 'FILLED', 'CANCELLED', 'PARTIAL_FILLED', 'PARTIAL_CANCELLED', 'EXPIRED', 'FAILED'] as const
/**
 * Other spellings of a status and the one the terminal uses: the exchange's public docs write
 * PARTIAL_CANCELED, its official client PARTIAL_CANCELLED (the client is the better evidence).
 */
export const ORDER_STATUS_ALIASES: Record<string, (typeof ORDER_STATUSES)[number]> = { PARTIAL_CANCELED: 'PARTIAL_CANCELLED', CANCELED: 'CANCELLED' }
/** A status as the terminal compares it: upper case, one spelling. */
export const canonicalStatus = (status: string): string => {
  const upper = status.trim().toUpperCase()
  return ORDER_STATUS_ALIASES[upper] ?? upper
}
/** Statuses of an order that can still trade (and so can be cancelled). */
export const LIVE_ORDER_STATUSES: readonly string[] = ['PENDING', 'OPEN', 'PARTIAL_FILLED']

export const ORDER_TYPES = ['MARKET', 'LIMIT', 'STOP_LIMIT'] as const
export type OrderType = (typeof ORDER_TYPES)[number]
export const ORDER_SIDES = ['BUY', 'SELL'] as const
export type OrderSide = (typeof ORDER_SIDES)[number]
/** Accepted side aliases and their canonical form. */
export const ORDER_SIDE_ALIASES: Record<string, OrderSide> = { BUY: 'BUY', SELL: 'SELL', BID: 'BUY', ASK: 'SELL' }
export const WALLET_TYPES = ['SPOT', 'CROSS_MARGIN', 'ISOLATED_MARGIN', 'P2P'] as const
export type WalletType = (typeof WALLET_TYPES)[number]
/** Accepted wallet-type aliases and their canonical form. */
export const WALLET_TYPE_ALIASES: Record<string, WalletType> = {
  SPOT: 'SPOT',
  CROSS_MARGIN: 'CROSS_MARGIN',
  ISOLATED_MARGIN: 'ISOLATED_MARGIN',
  P2P: 'P2P',
  MARGIN_CROSS: 'CROSS_MARGIN',
  MARGIN_ISOLATED: 'ISOLATED_MARGIN',
  FUNDING: 'P2P',
}
export const STOP_OPERATORS = ['GTE', 'LTE'] as const
export type StopOperator = (typeof STOP_OPERATORS)[number]
