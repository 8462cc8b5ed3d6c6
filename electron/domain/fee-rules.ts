// Which fee rule (section 2.5) applies to an order, and what it would cost. Pure: the moment is an
// argument, so the form, the order desk and the tests all decide the same way.
//
// A rule applies to (account, pair, currencies, moment) when
//   - is_active is true,
//   - account_id is the account,
//   - the moment lies in active_once = [valid_from, valid_to): from inclusive, to exclusive, a null
//     bound open, active_once null meaning always; a bound that is not a valid ISO 8601 date makes
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
import { Decimal } from './decimal'
import { parseIsoInstant } from './time'
import type { OrderContext } from './orders'
import type { Dec, FeeRule } from './wire'

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
    if (
      best === null ||
      rule.priority > best.priority ||
      (rule.priority === best.priority && specificity(rule) > specificity(best))
    ) {
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
