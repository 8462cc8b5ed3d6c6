// The risk limits as they travel and are stored: the zod schema the API (limits.set), the CLI and
// the limits file share, and the view the window shows (limits.get): the selected account's limits
// beside what it has open and has realised today, so the trader sees how close each bound is.
import { z } from 'zod'
import type { RiskLimits } from './risk-limits'
import type { Dec } from '../wire/wire'

const money = z
  .string()
  .trim()
  .max(40)
  .regex(/^\d+(\.\d+)?$/, 'A positive decimal number, e.g. 1000 or 250.5')
  .refine((v) => /[1-9]/.test(v), 'Must be more than 0')

export const riskLimitsSchema = z.strictObject({
  currency: z
    .string()
    .trim()
    .regex(/^[A-Z0-9]{1,20}$/, 'A currency looks like USDT'),
  maxOrderValue: money.nullable(),
  maxOpenValue: money.nullable(),
  maxOpenOrders: z.number().int('A whole number').min(0, 'At least 0').max(100_000, 'At most 100000').nullable(),
  dailyLoss: money.nullable(),
}) satisfies z.ZodType<RiskLimits>

/** A figure the limits are checked against: its value, or why it could not be read. */
export type RiskFigure<T> = { ok: true; value: T } | { ok: false; reason: string }

export interface RiskFigures {
  /** The open orders' worth in the limits' currency. */
  openValue: RiskFigure<Dec>
  openOrders: RiskFigure<number>
  /** Realised P&L since 00:00 UTC (FIFO over the last 30 days' fills), in the limits' currency. */
  realisedToday: RiskFigure<Dec>
}

export interface RiskLimitsView {
  /** The exchange's origin: limits are kept per exchange and account id. */
  exchange: string
  accountId: number
  /** The limits set; null when none are. */
  limits: RiskLimits | null
  /** Why the limits are unknown (a damaged file); null when they were read. New entries are refused then. */
  problem: string | null
  /** Null when no limits are set (nothing needs them). */
  figures: RiskFigures | null
}
