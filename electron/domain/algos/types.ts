// The vocabulary of an execution algorithm: the plan a trader starts (TWAP, iceberg, scaled, chase),
// the algorithm as the keeper keeps it (plain JSON, decimal strings, saved after every step and read
// back after a restart), the events the keeper observes and the actions it must carry out.
// docs/algos.md tells the whole story; step.ts is the reducer over these types.
import type { LegStatus, PositionEvent, Side } from '../protection/types'
import type { Dec } from '../wire/wire'

export type { Side } from '../protection/types'

export const ALGO_KINDS = ['twap', 'iceberg', 'scaled', 'chase'] as const
export type AlgoKind = (typeof ALGO_KINDS)[number]
export const ALGO_STATES = ['running', 'paused', 'done', 'cancelled'] as const
export type AlgoState = (typeof ALGO_STATES)[number]
/** At its end (TWAP's duration over, chase's moves or distance used up): leave the rest, or take it at market. */
export type AlgoFinish = 'market' | 'leave'
/** Scaled: the prices evenly spaced (equal steps) or geometrically (equal percentage steps). */
export type Distribution = 'even' | 'geometric'

export type AlgoSpec =
  /** `slices` slices over `durationMs`; a slice never crosses `limitPrice`; size and time each randomised by ±`randomizePct` %. */
  | { kind: 'twap'; slices: number; durationMs: number; limitPrice: Dec | null; randomizePct: number; finish: AlgoFinish }
  /** One visible `slice` at a time at `price`; the next once the current one has filled. */
  | { kind: 'iceberg'; slice: Dec; price: Dec }
  /** `orders` LIMIT orders from `fromPrice` to `toPrice`, all resting at once. */
  | { kind: 'scaled'; orders: number; fromPrice: Dec; toPrice: Dec; distribution: Distribution }
  /** A LIMIT at the touch, placed again when the touch leaves it, at most `maxMoves` times and `maxDistance` from the arrival touch. */
  | { kind: 'chase'; maxDistance: Dec | null; maxMoves: number | null; finish: AlgoFinish }

/** The pair's order rules a slice must pass (its record from the exchange: wire.ts Pair). */
export interface AlgoRules {
  name: string
  currency1: string
  currency2: string
  price_precision: number
  amount_precision: number
  minimum_order_size: Dec
  maximum_order_size: Dec
  minimum_order_value: Dec
}

/** What a trader starts. `seed` makes TWAP's randomising reproducible; `startAt` is when it starts (ms). */
export interface AlgoPlan {
  id: string
  side: Side
  amount: Dec
  spec: AlgoSpec
  rules: AlgoRules
  startAt: number
  seed: number
}

/** One step of the algorithm's plan: TWAP's slot (when, and how much should have filled by then) or scaled's order (price and amount). */
export interface PlanStep {
  at: number | null
  price: Dec | null
  /** TWAP: the cumulative amount due by `at`; scaled: this order's amount. */
  amount: Dec
}

/** One order the algorithm sent (see protection's Leg: the same statuses, the same look-ups). */
export interface Slice {
  /** `<algo id>-<n>`: the algorithm's n-th order. */
  clientOrderId: string
  orderId: string | null
  side: Side
  type: 'LIMIT' | 'MARKET'
  amount: Dec
  filled: Dec
  limitPrice: Dec | null
  /** The price its fills count at in the average: the limit, or the touch a market slice went out at. */
  price: Dec
  status: LegStatus
  lost: 'place' | 'cancel' | null
  /** TWAP's slot or scaled's order it serves; null for iceberg's and chase's. */
  step: number | null
  /** The algorithm cancelled it (a new slot, a chase move, its end, a cancel): not someone else. */
  pulled?: boolean
  /** The order that finishes at market. */
  finish?: boolean
  refusedWhy?: string
}

export interface Algo {
  id: string
  kind: AlgoKind
  pair: string
  side: Side
  /** The total to buy or sell (base). */
  amount: Dec
  state: AlgoState
  spec: AlgoSpec
  rules: AlgoRules
  startAt: number
  seed: number
  /** TWAP's slots, scaled's orders; empty for the others. */
  plan: PlanStep[]
  /** The touch on the algorithm's side of the book when it first saw the market: slippage is measured from it. */
  arrivalPrice: Dec | null
  slices: Slice[]
  /** Orders created so far: the next is `<id>-<orderCount + 1>`. */
  orderCount: number
  /** Why it is paused: the trader, a slice refused (a risk limit, a rule), a slice cancelled by someone else. */
  pause: { reason: string } | null
  /** cancel: pulling what rests, then `cancelled`. finish: the end is under way (the rest at market, or left). */
  ending: 'cancel' | 'finish' | null
  /** Chase: how often the order was placed again; the touch it is measured from; whether its moves or distance are used up. */
  chase?: { moves: number; anchor: Dec | null; exhausted: boolean }
  /** The latest market seen: the time (ms) and the touch. */
  market: { at: number; bid: Dec | null; ask: Dec | null; last: Dec | null } | null
  /** Why it ended as it did, in words (left unfilled, dust under the pair's minimum). */
  note: string | null
  endedAt: number | null
}

/** An order's facts, as for a position's leg. */
export type OrderEvent = Extract<PositionEvent, { type: 'accepted' | 'refused' | 'filled' | 'cancel-confirmed' | 'outcome-unknown' | 'looked-up' }>

export type AlgoEvent =
  | OrderEvent
  /** The time and the touch: TWAP's clock, chase's touch, the arrival price. */
  | { type: 'market'; at: number; bid: Dec | null; ask: Dec | null; last: Dec | null }
  | { type: 'pause'; reason?: string }
  | { type: 'resume' }
  | { type: 'cancel' }

export type AlgoAction =
  | { type: 'place'; clientOrderId: string; side: Side; orderType: 'LIMIT' | 'MARKET'; amount: Dec; limitPrice?: Dec }
  | { type: 'cancel'; clientOrderId: string; orderId: string }
  | { type: 'look-up'; clientOrderId: string }

export interface AlgoStep {
  algo: Algo
  actions: AlgoAction[]
  /** When the algorithm next wants a `market` event even if nothing moves (TWAP's next slot); null: none. */
  wakeAt: number | null
}
