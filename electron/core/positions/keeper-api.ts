// What the keeper (keeper.ts) needs and what it offers: its dependencies and its interface.
import type { LevelsChange } from '../../domain/protection/levels'
import type { ExchangeClient } from '../exchange/client'
import type { LiveSource } from '../live/live-link'
import type { OrderDesk } from '../orders/order-desk'
import type { Logger } from '../storage/logger'
import type { HistoryEntry, Position, PositionPlan } from '../../domain/protection/types'
import type { AlgoCommand, PositionStore } from './position-store'
import type { Algo, AlgoPlan } from '../../domain/algos/types'

export interface KeeperDeps {
  client: ExchangeClient
  desk: Pick<OrderDesk, 'place'>
  /**
   * The desk an entry goes through: the account's risk limits checked first (orders/risk-gate.ts).
   * Exits (stops, targets, closes) use `desk`: they reduce the position, and a limit never holds one back.
   */
  entryDesk?: Pick<OrderDesk, 'place'>
  store: PositionStore
  logger?: Logger | undefined
  /**
   * The exchange's live feed (live/live-link.ts), if any: each trade of a kept pair steps `price-moved`
   * at once (live-prices.ts). The polling carries on beside it, for the orders, and for the prices
   * whenever the feed is not live.
   */
  live?: (() => LiveSource | null) | undefined
  /** How often orders and prices are read (and the lock retried). Default 2 s, at least 100 ms. */
  pollMs?: number
  /** A lock not refreshed for this long is a dead keeper's and is taken over. Default 10 s. */
  lockStaleMs?: number
  /** Waits between the reads of a look-up. Default 0, 1 s, 2 s. */
  lookupDelaysMs?: readonly number[]
  /** How old a send must be before a look-up's "not found" gives its leg up (leg-lookup.ts). Default 60 s. */
  lookupGraceMs?: number
  /** A cancel whose order still rests at the next round is sent again, at most this often. Default 10 s. */
  cancelRetryMs?: number
  /** Every change of the execution algorithms (the `algos.changed` event). */
  onAlgosChange?: (algos: Algo[]) => void
  /** Every change of the positions (the `positions.changed` event). */
  onChange?: (positions: Position[]) => void
  /** It took the lock (at start, or over from a keeper that stopped or died) and finished its first round, the reconcile. */
  onActing?: () => void
  /** History lines a trader is told of at once (a stop or target filled, a fallback fired, a position that needs them): notifications. */
  onNews?: (position: Position, lines: HistoryEntry[]) => void
  /** The clock that stamps the history and times the algorithms (tests set it). Default Date.now. */
  now?: () => number
}

export interface Keeper {
  /** Takes the lock if free and starts acting; else keeps trying at every poll. */
  start(): Promise<void>
  /** Whether this process holds the lock and acts for the profile. */
  acting(): boolean
  /** The positions: this keeper's, or the file's when another process keeps them. */
  list(): Promise<Position[]>
  /** Opens a position from a plan (or leaves the request for the acting keeper). */
  open(plan: PositionPlan): Promise<Position | null>
  /** Closes by hand: cancels the entry and the exits, sells what is held at the last price. */
  close(id: string): Promise<Position | null>
  /** Cancels a position nothing of which was bought yet (its entry). */
  cancel(id: string): Promise<Position | null>
  /** The trader saw the `attention` and carries on. */
  acknowledge(id: string): Promise<Position | null>
  /** Moves the stop or waiting targets, checked against the last price (a stop at the exchange: cancel, then place). */
  modify(id: string, change: LevelsChange): Promise<Position | null>
  /** The execution algorithms: this keeper's, or the file's when another process keeps them. */
  algos(): Promise<Algo[]>
  /** Starts an algorithm from its plan, or pauses, resumes or cancels one; null: left for the acting keeper. */
  algo(request: { type: 'algo-start'; plan: AlgoPlan } | { type: AlgoCommand; id: string }): Promise<Algo | null>
  /** The error for an algorithm this keeper does not keep. */
  algoNotFound(id: string): Error
  /** One round of reading orders and prices (also run by the timer). */
  sync(): Promise<void>
  /** Warnings of the start (a damaged file set aside). */
  warnings(): string[]
  stop(): Promise<void>
}
