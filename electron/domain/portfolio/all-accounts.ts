// What the views over every account exchange with the core: the blotter (every account's open orders,
// each with the profile that can cancel it) and the result of "cancel all", account by account. A key
// reads and cancels only its own account's orders, so an account no profile holds a key for is listed
// with the reason, never with an empty list that would look like "no orders".
import type { OrderRecord } from '../wire/wire'
import type { EquityPoint } from './equity-series'

/** One account the view covers. */
export interface AccountRef {
  id: number
  name: string
  /** The exchange's origin ('demo' for the embedded demo exchange). */
  exchange: string
  /** The profile holding this account's own key; null: none does. */
  profileId: string | null
  profileName: string | null
}

export interface BlotterAccount extends AccountRef {
  /** Its open orders; null when they could not be read (see `problem`). */
  open: number | null
  /** Why its orders are not listed: no profile holds its key, or the exchange could not be read. */
  problem?: string
}

export interface BlotterOrder {
  account: AccountRef
  order: OrderRecord
}

export interface BlotterReport {
  accounts: BlotterAccount[]
  orders: BlotterOrder[]
  /** Newest first, at most this many per account (the exchange's recent-orders list). */
  perAccountLimit: number
}

export type CancelAllResult = 'cancelled' | 'nothing' | 'failed' | 'unknown' | 'no-key'

export interface CancelAllOutcome {
  account: AccountRef
  result: CancelAllResult
  /** Open orders before the cancel (null: not known). */
  before: number | null
  /** Open orders read back after it (null: could not be read). */
  remaining: number | null
  /** What happened, in words: the exchange's own words when it refused. */
  message: string
}

/** One account's recorded equity (domain/portfolio/equity-series.ts), for the Portfolio tab's chart. */
export interface EquitySeries {
  accountId: number
  name: string
  exchange: string
  quote: string
  /** Oldest first; `unpriced` counts holdings left out of a point for want of a price; `rebuilt` marks a point rebuilt from wallet activity. */
  points: (EquityPoint & { unpriced?: number })[]
  /** The file was damaged and set aside: the history starts again. */
  warning: string | null
  /**
   * What became of the history before the first record, in words: rebuilt from wallet activity (how
   * many points, what was left out), or why it is as recorded (no such endpoint, no key, not readable).
   * Null when there was nothing to rebuild.
   */
  rebuilt: string | null
}
