// Which fee rule applies to a trade. The exchange's own resolution, written independently of the
// terminal's fee preview so the two cannot share a bug.
import type { Decimal } from '../domain/decimal'
import type { FeeRule } from './accounts'
import type { PairInfo } from './reference'
import { CURRENCIES_BY_CODE } from './reference'

export interface FeeRates {
  taker: Decimal
  maker: Decimal
}

function specificity(rule: FeeRule): number {
  if (rule.pairId !== null) return 2
  if (rule.currencyId !== null) return 1
  return 0
}

function inWindow(rule: FeeRule, nowMs: number): boolean {
  const [from, to] = rule.activeOnce
  return (from === null || nowMs >= from) && (to === null || nowMs < to)
}

/**
 * The rule that applies: active, inside its window, matching the pair and currency filters; highest
 * priority wins, then the more specific rule (pair beats currency beats none), then the earlier one.
 */
export function resolveFeeRule(rules: readonly FeeRule[], accountId: number, pair: PairInfo, nowMs: number): FeeRule | null {
  const baseId = CURRENCIES_BY_CODE.get(pair.base)?.id
  const quoteId = CURRENCIES_BY_CODE.get(pair.quote)?.id
  let best: FeeRule | null = null
  for (const rule of rules) {
    if (rule.accountId !== accountId || !rule.isActive || !inWindow(rule, nowMs)) continue
    if (rule.pairId !== null && rule.pairId !== pair.id) continue
    if (rule.currencyId !== null && rule.currencyId !== baseId && rule.currencyId !== quoteId) continue
    if (best === null || rule.priority > best.priority || (rule.priority === best.priority && specificity(rule) > specificity(best))) {
      best = rule
    }
  }
  return best
}

/** A rule as GET /accounts/feeinfo writes it: an unbounded `active_once` is [null, null], an array as the specification types it. */
export function feeRuleJson(rule: FeeRule): Record<string, unknown> {
  const iso = (ms: number | null): string | null => (ms === null ? null : new Date(ms).toISOString())
  return {
    account_id: rule.accountId,
    active_once: [iso(rule.activeOnce[0]), iso(rule.activeOnce[1])],
    taker_fee_rate: rule.takerRate.toNumber(),
    maker_fee_rate: rule.makerRate.toNumber(),
    fee_currency: rule.feeCurrency,
    priority: rule.priority,
    currency: rule.currencyId,
    pair: rule.pairId,
    is_active: rule.isActive,
  }
}
