// The engine's vocabulary: orders, balances and what the engine tells its listeners, plus the pure helpers
// on an order that the engine's parts share (engine.ts, wallets.ts, pair-markets.ts).
import { Decimal } from '../domain/decimal'
import type { FeeRule, InitialBalance } from './accounts'
import type { PairInfo } from './reference'

export type Side = 'BUY' | 'SELL'
export type OrderType = 'MARKET' | 'LIMIT' | 'STOP_LIMIT'
export type OrderStatus = 'PENDING' | 'OPEN' | 'FILLED' | 'CANCELLED' | 'PARTIAL_FILLED' | 'PARTIAL_CANCELLED' | 'FAILED'

/** A validated order request (see validation.ts). */
export interface OrderRequest {
  pair: PairInfo
  type: OrderType
  side: Side
  wallet: string
  baseAmount: Decimal | null
  quoteAmount: Decimal | null
  limitPrice: Decimal | null
  stopPrice: Decimal | null
  stopOperator: 'GTE' | 'LTE' | null
  clientOrderId: string | null
}

export interface Order {
  id: number
  accountId: number
  /** Market makers and takers of the simulation: no balances, no history. */
  system: boolean
  pair: PairInfo
  side: Side
  type: OrderType
  wallet: string
  /** Base amount; for a market buy by quote amount, the amount bought so far. */
  amount: Decimal
  quoteAmount: Decimal | null
  price: Decimal | null
  stopPrice: Decimal | null
  stopOperator: 'GTE' | 'LTE' | null
  filled: Decimal
  canceled: Decimal
  quoteSpent: Decimal
  /** What this order still holds in reserve (quote for buys, base for sells). */
  reserved: Decimal
  status: OrderStatus
  clientOrderId: string | null
  createdAt: number
  openAt: number | null
  updatedAt: number
  doneAt: number | null
  inHistory: boolean
}

export interface BalanceEntry {
  accountId: number
  wallet: string
  currency: string
  balance: Decimal
  reserve: Decimal
  updatedAt: number
}

export type PlaceResult = { ok: true; id: number } | { ok: false; code: string; message: string }

export interface EngineOptions {
  pairs: readonly PairInfo[]
  lastPrices: ReadonlyMap<string, number>
  balances: readonly InitialBalance[]
  feeRules: readonly FeeRule[]
  now: () => number
  onTrade: (pair: PairInfo, tsMs: number, price: Decimal, amount: Decimal, takerSide: Side, tradeId: number) => void
  /** Told once per engine call what it changed, so a live feed can push it at that moment (feed/). */
  events?: EngineEvents
  /** Each settlement of a user's order (one per match and side): the account history (ledger.ts). */
  onFill?: (fill: SettledFill) => void
}

export interface EngineEvents {
  /** A user's order was placed, filled, triggered or cancelled. */
  onOrder(order: Order): void
  /** A user's balance or reserve moved. */
  onBalance(entry: BalanceEntry): void
  /** Resting orders of the pair were added, filled or removed. */
  onBook(pairName: string): void
}

/** One match as one user's order saw it, with the balances after it. */
export interface SettledFill {
  order: Order
  maker: boolean
  qty: Decimal
  price: Decimal
  quote: Decimal
  fee: Decimal
  feeRate: Decimal
  feeCurrency: string
  atMs: number
  base: BalanceEntry
  quoteEntry: BalanceEntry
  /** What the match moved, fee included: base and quote balance deltas. */
  baseDelta: Decimal
  quoteDelta: Decimal
}

export const ZERO = new Decimal(0)
const LIVE: ReadonlySet<OrderStatus> = new Set(['PENDING', 'OPEN', 'PARTIAL_FILLED'])

export function isLiveOrder(o: Order): boolean {
  return LIVE.has(o.status)
}

/** What is neither filled nor cancelled. */
export function remaining(o: Order): Decimal {
  return o.amount.minus(o.filled).minus(o.canceled)
}

/** A fresh order from a request: `OPEN`, nothing filled or reserved yet. */
export function newOrder(id: number, accountId: number, system: boolean, r: OrderRequest, now: number): Order {
  return {
    id,
    accountId,
    system,
    pair: r.pair,
    side: r.side,
    type: r.type,
    wallet: r.wallet,
    amount: r.type === 'MARKET' && r.side === 'BUY' && r.quoteAmount !== null ? ZERO : r.baseAmount!,
    quoteAmount: r.type === 'MARKET' && r.side === 'BUY' ? r.quoteAmount : null,
    price: r.type === 'MARKET' ? null : r.limitPrice,
    stopPrice: r.type === 'STOP_LIMIT' ? r.stopPrice : null,
    stopOperator: r.type === 'STOP_LIMIT' ? r.stopOperator : null,
    filled: ZERO,
    canceled: ZERO,
    quoteSpent: ZERO,
    reserved: ZERO,
    status: 'OPEN',
    clientOrderId: r.clientOrderId,
    createdAt: now,
    openAt: null,
    updatedAt: now,
    doneAt: null,
    inHistory: false,
  }
}

/** The simulation's orders (market makers and takers) trade by base amount in SPOT, with no stop. */
export function systemRequest(pair: PairInfo, type: 'LIMIT' | 'MARKET', side: Side, amount: Decimal, price: Decimal | null): OrderRequest {
  return { pair, type, side, wallet: 'SPOT', baseAmount: amount, quoteAmount: null, limitPrice: price, stopPrice: null, stopOperator: null, clientOrderId: null }
}
