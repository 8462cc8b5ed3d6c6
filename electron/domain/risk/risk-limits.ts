// Risk limits per account, checked before anything is sent, whatever sends it (the form, the chart,
// the CLI, a protected position's entry): the most one order may be worth, the most the open orders
// may be worth together, the most open orders at once, and a daily loss limit on realised P&L after
// which new entries are refused until the next UTC day. An order that only reduces a position (an
// exit: a stop, a target, a close) is always allowed: refusing it would leave the trader with more
// risk, not less. A bound is inclusive: an order worth exactly the limit passes, one step over it does
// not. Values are in the limits' own currency (the caller converts through price-routes.ts).
import { Decimal } from '../decimal'
import { formatExact } from '../number-format'
import type { Dec } from '../wire/wire'

export interface RiskLimits {
  /** The currency every value below is in, e.g. USDT. */
  currency: string
  /** The most a single order may be worth; null: no limit. */
  maxOrderValue: Dec | null
  /** The most the open orders may be worth together, this order included if it rests. */
  maxOpenValue: Dec | null
  /** The most orders open at once, this one included if it rests. */
  maxOpenOrders: number | null
  /** The most realised loss in one UTC day (a positive amount); past it new entries are refused. */
  dailyLoss: Dec | null
}

export type RiskLimitName = 'maxOrderValue' | 'maxOpenValue' | 'maxOpenOrders' | 'dailyLoss'

/** What the account has open and has realised today, in the limits' currency. */
export interface RiskState {
  openValue: Dec
  openOrders: number
  /** Realised P&L since 00:00 UTC today; a loss is negative. */
  realisedToday: Dec
}

export interface RiskOrder {
  /** What the order is worth, in the limits' currency. */
  value: Dec
  /** LIMIT and STOP_LIMIT rest on the book; a MARKET order does not. */
  rests: boolean
  /** Only reduces a position (an exit): always allowed. */
  reducesPosition: boolean
}

export type RiskVerdict = { ok: true } | { ok: false; limit: RiskLimitName; message: string }

export const NO_LIMITS = (currency: string): RiskLimits => ({ currency, maxOrderValue: null, maxOpenValue: null, maxOpenOrders: null, dailyLoss: null })

/** The first limit the order would break, with the figures, or ok. */
export function checkRiskLimits(limits: RiskLimits, state: RiskState, order: RiskOrder): RiskVerdict {
  if (order.reducesPosition) return { ok: true }
  const q = limits.currency
  const money = (value: Decimal.Value) => `${formatExact(new Decimal(value).toFixed())} ${q}`
  const value = new Decimal(order.value)
  if (limits.dailyLoss !== null) {
    const loss = new Decimal(state.realisedToday).negated()
    if (loss.gte(limits.dailyLoss)) {
      return {
        ok: false,
        limit: 'dailyLoss',
        message: `Today's realised loss is ${money(loss)}, at or past this account's daily loss limit of ${money(limits.dailyLoss)}: new entries are refused until 00:00 UTC; exits are still allowed`,
      }
    }
  }
  if (limits.maxOrderValue !== null && value.gt(limits.maxOrderValue)) {
    return { ok: false, limit: 'maxOrderValue', message: `This order is worth ${money(value)}, over this account's limit of ${money(limits.maxOrderValue)} for one order` }
  }
  if (order.rests && limits.maxOpenValue !== null) {
    const together = value.plus(state.openValue)
    if (together.gt(limits.maxOpenValue)) {
      return {
        ok: false,
        limit: 'maxOpenValue',
        message: `With this order the open orders would be worth ${money(together)} (${money(state.openValue)} open now), over this account's limit of ${money(limits.maxOpenValue)}`,
      }
    }
  }
  if (order.rests && limits.maxOpenOrders !== null && state.openOrders + 1 > limits.maxOpenOrders) {
    return { ok: false, limit: 'maxOpenOrders', message: `This account has ${state.openOrders} open orders, and its limit is ${limits.maxOpenOrders}` }
  }
  return { ok: true }
}

/** 00:00 UTC of the day `now` (ms) falls in: where the daily loss limit starts counting again. */
export function utcDayStart(now: number): number {
  const d = new Date(now)
  return Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate())
}
