// Which fee rule (docs/exchange-api.md, "Accounts") applies to an order, and what it would cost. Pure: the moment is an
// argument, so the form, the order desk and the tests all decide the same way.
//
// A rule applies to (account, pair, currencies, moment) when
//   - is_active is true,
//   - account_id is the account,
//   - the moment lies in active_once = [valid_from, valid_to): from inclusive, to exclusive, a null
//     bound open, so [null, null] (the specification's unbounded rule) means always, and so does
//     active_once null, read leniently; a bound that is not a valid ISO 8601 date makes
//     the rule inapplicable (a rule we cannot read must not silently widen to "always"),
//   - its pair filter is null or the pair's id (a rule with a pair filter never applies when the
//     pair's id is unknown),
//   - its currency filter is null or one of the given currency ids (the pair's base and quote).
//
// Among the applicable rules the highest `priority` wins. The specification does not say how a tie
// is broken; we break it by specificity, then by position:
//   1. the more specific rule wins: a pair filter beats a currency filter, which beats no filter
//      (a rule with both filters counts as the most specific), because a rule written for this very
//      pair is the operator's more deliberate statement about it;
//   2. then the rule that comes first in the server's list, so the answer is stable across calls.
import { Decimal } from '../decimal'
import { parseIsoInstant } from '../time'
import type { OrderContext } from './orders'
import type { Dec, FeeRule } from '../wire/wire'

export interface FeeQuery {
  accountId: number
  /** The pair's id, or null when the server does not give pairs an id. */
  pairId: number | null
  /** Ids of the currencies involved (the pair's base and quote), as far as known. */
  currencyIds: number[]
  at: Date
}

/** True when the rule is switched on and the moment lies inside its active_once window. */
export function isRuleActiveAt(rule: FeeRule, at: Date): boolean {
  if (rule.is_active !== true) return false
  const moment = at.getTime()
  if (!Number.isFinite(moment)) return false
  const window = rule.active_once
  if (window === null || window === undefined) return true
  const [from, to] = window
  if (from !== null && from !== undefined) {
    const start = parseIsoInstant(from)
    if (start === null || moment < start) return false
  }
  if (to !== null && to !== undefined) {
    const end = parseIsoInstant(to)
    if (end === null || moment >= end) return false
  }
  return true
}

function applies(rule: FeeRule, q: FeeQuery): boolean {
  if (rule.account_id !== q.accountId) return false
  if (rule.pair !== null && rule.pair !== q.pairId) return false
  if (rule.currency !== null && !q.currencyIds.includes(rule.currency)) return false
  return isRuleActiveAt(rule, q.at)
}

/** 2 = pair filter (with or without a currency filter), 1 = currency filter only, 0 = no filter. */
function specificity(rule: FeeRule): number {
  if (rule.pair !== null) return 2
  return rule.currency !== null ? 1 : 0
}

/** The rule that sets the fee for this account, pair and moment (see the header); null when none. */
export function resolveFeeRule(rules: FeeRule[], q: FeeQuery): FeeRule | null {
  let best: FeeRule | null = null
  for (const rule of rules) {
    if (!applies(rule, q)) continue
    // Strictly better only: on a full tie the earlier rule stays.
    if (best === null || rule.priority > best.priority || (rule.priority === best.priority && specificity(rule) > specificity(best))) {
      best = rule
    }
  }
  return best
}

/**
 * The fee an order of `value` (in the quote currency) would pay under `rule` in the given role, as
 * an exact decimal string; rounding is the caller's (it knows the pair's precision). Null when there
 * is no rule or the value is not a decimal. A negative rate (a maker rebate) gives a negative fee.
 */
export function estimateFee(rule: FeeRule | null, value: Dec, role: 'maker' | 'taker'): Dec | null {
  if (rule === null) return null
  const rate = role === 'maker' ? rule.maker_fee_rate : rule.taker_fee_rate
  try {
    return new Decimal(value).times(rate).toFixed()
  } catch {
    return null
  }
}

/** The `fee` part of an OrderContext for a resolved rule (null when there is none). */
export function feeContextOf(rule: FeeRule | null): OrderContext['fee'] {
  if (rule === null) return null
  return { makerRate: rule.maker_fee_rate, takerRate: rule.taker_fee_rate, currency: rule.fee_currency }
}

/** What an order's fee preview needs to know; Decimals, already read from the draft and the market. */
export interface OrderFeeInput {
  side: 'BUY' | 'SELL' | null
  pair: { currency1: string; currency2: string; amount_precision: number; price_precision: number } | null
  /** The base amount the order trades, when known (a market buy by quote amount: estimated). */
  base: Decimal | null
  /** The order's value in the quote currency, when known. */
  value: Decimal | null
  takerRate: Decimal | null
  /** The rule's fee_currency; null means the exchange's default. */
  ruleCurrency: string | null
}

/**
 * The fee an order would pay, in the currency it is charged in. The exchange takes the fee out of
 * what the order receives (the demo exchange does so, and the official client's trade records name
 * a fee_currency per fill): a buy pays in the base currency, a sell in the quote currency, unless
 * the rule names a currency. The taker rate is the worst case, and rounding up to the currency's
 * precision keeps it one: the preview never promises less than the exchange may charge. The amount
 * is null when it cannot be known: a rule currency that is neither side of the pair would need a
 * conversion rate the terminal does not have, so only the currency is told.
 */
export function orderFee(input: OrderFeeInput): { fee: Dec | null; feeCurrency: string | null } {
  const { pair, side, takerRate } = input
  // An order that cannot be valued yet (no price) has no fee to preview either.
  if (pair === null || side === null || takerRate === null || input.value === null) return { fee: null, feeCurrency: null }
  const feeCurrency = input.ruleCurrency ?? (side === 'BUY' ? pair.currency1 : pair.currency2)
  const worstCase = (amount: Decimal, places: number): Dec => amount.times(takerRate).toDecimalPlaces(places, Decimal.ROUND_UP).toFixed(places)
  if (feeCurrency === pair.currency1 && input.base !== null) return { fee: worstCase(input.base, pair.amount_precision), feeCurrency }
  if (feeCurrency === pair.currency2 && input.value !== null) return { fee: worstCase(input.value, pair.price_precision), feeCurrency }
  return { fee: null, feeCurrency }
}

/**
 * The first moment after `afterMs` at which a rule's window opens or closes: when the rule in force
 * may change. Null when no window bound lies ahead. A form showing a fee re-evaluates then.
 */
export function nextRuleBoundary(rules: readonly FeeRule[], afterMs: number): number | null {
  let next: number | null = null
  for (const rule of rules) {
    for (const bound of rule.active_once ?? []) {
      const ms = bound === null ? null : parseIsoInstant(bound)
      if (ms !== null && ms > afterMs && (next === null || ms < next)) next = ms
    }
  }
  return next
}
