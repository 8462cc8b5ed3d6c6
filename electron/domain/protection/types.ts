// The vocabulary of a protected position: the plan a trader sets up, the position as the keeper
// keeps it (plain JSON: decimal strings, no classes, so it can be saved and read back after a
// restart), the events the keeper observes and the actions it must carry out. docs/positions.md
// tells the whole story; step.ts is the reducer over these types.
import type { Dec } from '../wire/wire'

export type Side = 'BUY' | 'SELL'
export type PositionState = 'pending' | 'open' | 'closed' | 'cancelled'
/** Where the stop lives: a STOP_LIMIT resting at the exchange, the terminal watching the price, or nowhere. */
export type Protection = 'exchange' | 'terminal' | 'none'
export type ClosedBy = 'target' | 'stop' | 'manual'
/**
 * What the terminal does when the exchange's stop-limit gaps (triggered, its limit left behind by the
 * market, so it rests unfilled): `market` cancels it and, once the cancel is confirmed, sells what is
 * held at market; `chase` places the limit again at the market less the stop's offset, at most
 * MAX_CHASES times, then goes to market; `hold` keeps the order and asks the trader.
 */
export type StopFallback = 'market' | 'chase' | 'hold'
export const STOP_FALLBACKS: readonly StopFallback[] = ['market', 'chase', 'hold']
/** What an order the fallback sends is: a sale at market, or a chasing limit. */
export type FallbackOrder = Exclude<StopFallback, 'hold'>
export const FALLBACK_ORDERS: readonly FallbackOrder[] = ['market', 'chase']
/** How many times `chase` places its limit again before it sells at market. */
export const MAX_CHASES = 3

/**
 * A stop that gapped: seen when the last price lies beyond a resting stop-limit's limit (a long's
 * below it, a short's above it), which it can only do once the stop has triggered; while so the stop
 * does not protect. `price` is the latest price seen beyond it, `chases` how often `chase` placed
 * its limit again, `sentAt` the price when the fallback's last exit went out. A market sale refused
 * for want of bids (a book the gap emptied) goes on as `chase`: a limit the stop's offset past the
 * market rests until buyers come back.
 */
export interface Gap {
  stopPrice: Dec
  limitPrice: Dec
  price: Dec
  fallback: StopFallback
  chases: number
  sentAt: Dec | null
  /** The exchange refused the fallback's sale for another reason than no bids: nothing more is sent until the trader closes. */
  halted?: string
}

/** What an order is for: buying in, the stop, a take-profit, or closing (by hand, or the terminal's stop). */
export type LegRole = 'entry' | 'stop' | 'target' | 'close'
/**
 * placing: sent, no answer yet; resting: the exchange has it; cancelling: a cancel is out;
 * unknown: a place or a cancel whose answer never came (a look-up is out); done: filled, or
 * cancelled, as far as it went; refused: the exchange said no; lost: looked up and never found.
 */
export type LegStatus = 'placing' | 'resting' | 'cancelling' | 'unknown' | 'done' | 'refused' | 'lost'

export interface Leg {
  role: LegRole
  /** `<position id>-<n>`: the n-th order of the position (see clientOrderIdOf). */
  clientOrderId: string
  orderId: string | null
  side: Side
  type: 'MARKET' | 'LIMIT' | 'STOP_LIMIT'
  /** Base amount asked (a market buy's: the expected amount; it is sent as a quote amount). */
  amount: Dec
  filled: Dec
  limitPrice: Dec | null
  stopPrice: Dec | null
  status: LegStatus
  /** While `unknown`: whether the answer lost was a place's or a cancel's. */
  lost: 'place' | 'cancel' | null
  /** A target leg's index in `targets`. */
  target: number | null
  /** Why the exchange or the terminal refused it (a rule, a risk limit), when it was. */
  refusedWhy?: string
  /** An entry the terminal cancelled because the trader moved its price: once gone with nothing filled, a new entry replaces it. */
  moving?: boolean
  /** A close the stop's fallback sent (its gap): `market` or a `chase` limit. */
  fallback?: FallbackOrder
}

export interface Target {
  price: Dec
  /** Share of the position in percent. */
  share: Dec
  /** waiting: not reached; reached: crossed, its sell not placed yet; done: its sell placed (or nothing to sell). */
  state: 'waiting' | 'reached' | 'done'
}

export interface Position {
  id: string
  pair: string
  /** The entry's side; every exit is the other side. */
  side: Side
  state: PositionState
  protection: Protection
  closedBy: ClosedBy | null
  amountPrecision: number
  pricePrecision: number
  /** The entry's price: the limit, the book's expected average, then the fills' average. */
  entryPrice: Dec
  /** Base bought (sold) by the entry so far; for coins already held, their amount. */
  filled: Dec
  /** Base sold (bought back) by the exits so far. */
  exited: Dec
  /**
   * The share of what a long's entry buys that the exchange keeps as its fee, where it takes the fee in
   * the coins bought (its default): the exits sell what the account received, never the whole fill,
   * which the exchange would refuse. Absent (older files), zero, for a short and for held coins: none.
   */
  entryFeeRate?: Dec
  /** The stop: its trigger, and how far its limit lies beyond it. Null: no stop at all. */
  stop: { price: Dec; limitOffset: Dec } | null
  /** How far a sell the terminal sends (a target, a close) may go past the price that sent it. */
  slippage: Dec
  /** Trailing: the stop follows the price at `distance`, in moves of at least `step`. */
  trailing: { distance: Dec; step: Dec } | null
  /** Move the stop to the entry price once the price reaches `at`; null when not asked or done. */
  breakevenAt: Dec | null
  targets: Target[]
  legs: Leg[]
  /** Orders created so far: the next one is `<id>-<legCount + 1>`. */
  legCount: number
  /** Set by a close by hand or a stop that went off: every exit is cancelled and the rest is sold (by the gap's fallback: `fallback`). */
  closing: { reason: ClosedBy; price: Dec; fallback?: FallbackOrder } | null
  /** The kind of exit that filled last: the position's closedBy when it ends. */
  lastExit: ClosedBy | null
  /**
   * Set when the first price after a time nobody watched (a keeper's start) lies past a waiting
   * target or the terminal's stop: the move happened unseen, so nothing is sold on it until the
   * trader decides (`acknowledged` carries on, `close` closes). Meanwhile prices are not acted on;
   * fills, cancels and the exchange's stop still are.
   */
  attention: { reason: 'target-crossed-unwatched' | 'stop-crossed-unwatched' | 'stop-gapped'; price: Dec } | null
  /** What to do when the exchange's stop gaps; absent (older files): market. */
  stopFallback?: StopFallback
  /** The stop gapped (see Gap); absent or null while it has not. */
  gap?: Gap | null
  /** What the terminal did on its own and what came of it, in words, oldest first (the keeper adds them: history.ts). */
  history?: HistoryEntry[]
  /**
   * What the trader planned when protecting: the first stop (a trailing or a move changes `stop`,
   * never this) and the fee rates the risk was sized with (null: the fee rule was not known). The
   * journal's R is measured against it. Absent in older files and without a stop.
   */
  planned?: { stop: Dec; entryFeeRate: Dec | null; exitFeeRate: Dec | null }
}

/** One line of a position's history: when (ms since the epoch), what, and whether it is news a trader is told of at once. */
export interface HistoryEntry {
  at: number
  text: string
  notify?: boolean
}

/** What a trader sets up. `HELD` protects coins already held (an OCO: a stop and take-profits, no entry). */
export interface PositionPlan {
  id: string
  pair: string
  side: Side
  entry: { type: 'LIMIT' | 'MARKET' | 'HELD'; amount: Dec; price: Dec; quoteAmount?: Dec }
  protection: Protection
  stop: { price: Dec; limit: Dec } | null
  slippage: Dec
  targets: { price: Dec; share: Dec }[]
  trailing: { distance: Dec; step: Dec } | null
  breakevenAt: Dec | null
  amountPrecision: number
  pricePrecision: number
  /** See Position.entryFeeRate. */
  entryFeeRate?: Dec
  /** See Position.stopFallback; absent: market. */
  stopFallback?: StopFallback
  /** The fee rates the risk is planned with (risk/position-size.ts feeRatesOf); absent when unknown. */
  plannedFees?: { entryRate: Dec; exitRate: Dec }
}

/** What the keeper observes, about one order (by client_order_id) or the market. */
export type PositionEvent =
  | { type: 'accepted'; clientOrderId: string; orderId: string }
  | { type: 'refused'; clientOrderId: string; reason: string }
  /** Cumulative fill of an order; `done` when it is finished (filled whole). */
  | { type: 'filled'; clientOrderId: string; filled: Dec; done: boolean; averagePrice?: Dec }
  | { type: 'cancel-confirmed'; clientOrderId: string; filled: Dec }
  | { type: 'outcome-unknown'; clientOrderId: string }
  /** The answer to a look-up: the order as the exchange has it, or null when it never got there. */
  | { type: 'looked-up'; clientOrderId: string; found: { orderId: string; status: 'resting' | 'done'; filled: Dec } | null }
  | { type: 'target-crossed'; index: number }
  /** The last trade price: targets, trailing, breakeven and the terminal's stop follow it. */
  | { type: 'price-moved'; price: Dec }
  /** The trader closes the position (or cancels it before anything filled) at about `price`. */
  | { type: 'close'; price: Dec }
  /** The first last price a keeper sees after nobody watched: acted on like price-moved unless it lies past a target or the terminal's stop (then `attention`). */
  | { type: 'resumed'; price: Dec }
  /** The trader has seen the `attention` and carries on: the next price is acted on as usual. */
  | { type: 'acknowledged' }
  /** The trader moves a pending LIMIT entry, the stop or waiting targets (levels.ts), checked against the last price `last`; a change that fails the check is ignored. */
  | { type: 'levels'; last: Dec; entry?: Dec; stop?: Dec; targets?: { index: number; price: Dec }[] }

export type PositionAction =
  | {
      type: 'place'
      role: LegRole
      clientOrderId: string
      side: Side
      orderType: 'MARKET' | 'LIMIT' | 'STOP_LIMIT'
      amount: Dec
      quoteAmount?: Dec
      limitPrice?: Dec
      stopPrice?: Dec
      stopOperator?: 'GTE' | 'LTE'
    }
  | { type: 'cancel'; clientOrderId: string; orderId: string }
  | { type: 'look-up'; clientOrderId: string }

export interface Step {
  position: Position
  actions: PositionAction[]
}
