// Fee-rule resolution: which rule the engine charges when several could apply.
import { describe, expect, it } from 'vitest'
import { Decimal } from '../domain/decimal'
import type { FeeRule } from './accounts'
import { resolveFeeRule } from './fees'
import { PAIRS_BY_NAME } from './reference'

const BTC_USDT = PAIRS_BY_NAME.get('BTC_USDT')!
const NOW = Date.UTC(2025, 5, 1)

function rule(taker: string, priority: number, extra: Partial<FeeRule> = {}): FeeRule {
  return {
    accountId: 1,
    activeOnce: [null, null],
    takerRate: new Decimal(taker),
    makerRate: new Decimal(taker).div(2),
    feeCurrency: null,
    priority,
    currencyId: null,
    pairId: null,
    isActive: true,
    ...extra,
  }
}

const pick = (rules: FeeRule[]): string | undefined => resolveFeeRule(rules, 1, BTC_USDT, NOW)?.takerRate.toFixed()

describe('resolveFeeRule', () => {
  it('takes the highest priority among rules that apply', () => {
    expect(pick([rule('0.002', 0), rule('0.001', 5), rule('0.003', 3)])).toBe('0.001')
  })

  it('skips inactive rules, rules of other accounts and rules outside their window (open ends allowed)', () => {
    expect(
      pick([
        rule('0.002', 0),
        rule('0.0001', 9, { isActive: false }),
        rule('0.0002', 9, { accountId: 2 }),
        rule('0.0003', 9, { activeOnce: [NOW + 1, null] }),
        rule('0.0004', 9, { activeOnce: [null, NOW] }),
      ]),
    ).toBe('0.002')
    expect(pick([rule('0.002', 0), rule('0.0005', 9, { activeOnce: [NOW - 1, null] })])).toBe('0.0005')
    expect(pick([rule('0.002', 0), rule('0.0006', 9, { activeOnce: [null, null] })])).toBe('0.0006')
  })

  it('skips rules filtered to another pair or currency', () => {
    expect(pick([rule('0.002', 0), rule('0.0001', 9, { pairId: 2 }), rule('0.0002', 9, { currencyId: 2 })])).toBe('0.002')
    // BTC (id 1) and USDT (id 3) are the currencies of BTC_USDT
    expect(pick([rule('0.002', 0), rule('0.0003', 9, { currencyId: 3 })])).toBe('0.0003')
  })

  it('breaks a priority tie by specificity (pair, then currency, then none), then by order', () => {
    expect(pick([rule('0.003', 4), rule('0.002', 4, { currencyId: 1 }), rule('0.001', 4, { pairId: 1 })])).toBe('0.001')
    expect(pick([rule('0.003', 4), rule('0.002', 4, { currencyId: 1 })])).toBe('0.002')
    expect(pick([rule('0.003', 4), rule('0.004', 4)])).toBe('0.003')
  })

  it('answers null when no rule applies (no fee)', () => {
    expect(resolveFeeRule([rule('0.002', 0, { isActive: false })], 1, BTC_USDT, NOW)).toBeNull()
  })
})
