import { describe, expect, it } from 'vitest'
import { type FeeRule, feeRuleSchema } from '../wire/wire'
import { estimateFee, feeContextOf, isRuleActiveAt, orderFee, resolveFeeRule } from './fee-rules'
import { Decimal } from '../decimal'
import { validateOrder } from './order-rules'

const ACCOUNT = 7
const PAIR = 3 // BTC_USDT
const BTC = 1
const USDT = 2
const AT = new Date('2024-06-15T12:00:00Z')

function rule(over: Partial<FeeRule> & { name: string }): FeeRule & { name: string } {
  return {
    account_id: ACCOUNT,
    active_once: null,
    taker_fee_rate: '0.002',
    maker_fee_rate: '0.001',
    fee_currency: null,
    priority: 0,
    currency: null,
    pair: null,
    is_active: true,
    ...over,
  }
}

const query = { accountId: ACCOUNT, pairId: PAIR, currencyIds: [BTC, USDT], at: AT }
const nameOf = (r: FeeRule | null): string | null => (r === null ? null : (r as FeeRule & { name: string }).name)

describe('resolveFeeRule', () => {
  it('uses the default rule when nothing more specific applies', () => {
    const rules = [rule({ name: 'default' }), rule({ name: 'other pair', pair: 99, priority: 5 })]
    expect(nameOf(resolveFeeRule(rules, query))).toBe('default')
  })

  it('prefers a pair-specific rule with a higher priority', () => {
    const rules = [rule({ name: 'default' }), rule({ name: 'btc_usdt', pair: PAIR, priority: 1, taker_fee_rate: '0.0005' })]
    expect(nameOf(resolveFeeRule(rules, query))).toBe('btc_usdt')
  })

  it('lets a higher priority beat a more specific rule', () => {
    const rules = [rule({ name: 'pair', pair: PAIR, priority: 1 }), rule({ name: 'promo', priority: 10 })]
    expect(nameOf(resolveFeeRule(rules, query))).toBe('promo')
  })

  it('ignores rules of other accounts, inactive rules and rules whose currency is not involved', () => {
    const rules = [
      rule({ name: 'default' }),
      rule({ name: 'other account', account_id: 8, priority: 9 }),
      rule({ name: 'switched off', is_active: false, priority: 9 }),
      rule({ name: 'eth only', currency: 5, priority: 9 }),
    ]
    expect(nameOf(resolveFeeRule(rules, query))).toBe('default')
  })

  it('applies a currency filter that matches the base or the quote', () => {
    expect(nameOf(resolveFeeRule([rule({ name: 'default' }), rule({ name: 'btc', currency: BTC, priority: 1 })], query))).toBe('btc')
    expect(nameOf(resolveFeeRule([rule({ name: 'default' }), rule({ name: 'usdt', currency: USDT, priority: 1 })], query))).toBe('usdt')
  })

  it('never applies a pair rule when the pair id is unknown', () => {
    const rules = [rule({ name: 'default' }), rule({ name: 'pair', pair: PAIR, priority: 5 })]
    expect(nameOf(resolveFeeRule(rules, { ...query, pairId: null }))).toBe('default')
  })

  it('is null when no rule applies', () => {
    expect(resolveFeeRule([], query)).toBeNull()
    expect(resolveFeeRule([rule({ name: 'x', is_active: false })], query)).toBeNull()
  })

  describe('time bounds', () => {
    const windowed = (from: string | null, to: string | null): FeeRule & { name: string } => rule({ name: 'window', active_once: [from, to], priority: 5, taker_fee_rate: '0' })
    const at = (iso: string, r: FeeRule): string | null => nameOf(resolveFeeRule([rule({ name: 'default' }), r], { ...query, at: new Date(iso) }))

    it('applies inside the window, from inclusive, to exclusive', () => {
      const r = windowed('2024-06-01T00:00:00Z', '2024-07-01T00:00:00Z')
      expect(at('2024-05-31T23:59:59.999Z', r)).toBe('default')
      expect(at('2024-06-01T00:00:00Z', r)).toBe('window')
      expect(at('2024-06-30T23:59:59.999Z', r)).toBe('window')
      expect(at('2024-07-01T00:00:00Z', r)).toBe('default')
    })
    it('treats a null bound as open', () => {
      expect(at('1990-01-01T00:00:00Z', windowed(null, '2024-07-01T00:00:00Z'))).toBe('window')
      expect(at('2024-07-01T00:00:00Z', windowed(null, '2024-07-01T00:00:00Z'))).toBe('default')
      expect(at('2999-01-01T00:00:00Z', windowed('2024-06-01T00:00:00Z', null))).toBe('window')
      expect(at('2024-05-01T00:00:00Z', windowed('2024-06-01T00:00:00Z', null))).toBe('default')
      expect(at('2024-05-01T00:00:00Z', windowed(null, null))).toBe('window')
    })
    it('reads a zoneless date-time as UTC, not local time', () => {
      // Run in a zone far from UTC so that reading it as local time would fail this test.
      const saved = process.env.TZ
      process.env.TZ = 'Asia/Tokyo'
      try {
        expect(new Date(2024, 5, 15).getTimezoneOffset()).toBe(-540)
        const r = windowed('2024-06-15T12:00:00', null)
        expect(at('2024-06-15T11:59:59Z', r)).toBe('default')
        expect(at('2024-06-15T12:00:00Z', r)).toBe('window')
      } finally {
        if (saved === undefined) delete process.env.TZ
        else process.env.TZ = saved
      }
    })
    it('honours zone offsets and Python-style spaces', () => {
      expect(at('2024-06-15T09:59:59Z', windowed('2024-06-15T12:00:00+02:00', null))).toBe('default')
      expect(at('2024-06-15T10:00:00Z', windowed('2024-06-15T12:00:00+0200', null))).toBe('window')
      expect(at('2024-06-15T12:00:00Z', windowed('2024-06-15 12:00:00.123456', null))).toBe('default')
      expect(at('2024-06-15T12:00:00.124Z', windowed('2024-06-15 12:00:00.123456', null))).toBe('window')
    })
    it('makes a rule with an unreadable bound inapplicable instead of throwing', () => {
      for (const bad of ['yesterday', '', '2024-13-01T00:00:00Z', '2024-02-30', '2024-06-15T25:00:00Z', '15/06/2024']) {
        expect(at('2024-06-15T12:00:00Z', windowed(bad, null)), bad).toBe('default')
        expect(at('2024-06-15T12:00:00Z', windowed(null, bad)), bad).toBe('default')
      }
    })
    it('reads an unbounded rule as always on, written [null, null] (the specification) or null (leniently)', () => {
      for (const unbounded of [[null, null], null]) {
        const wire = { ...rule({ name: 'x' }), active_once: unbounded, priority: 5, taker_fee_rate: 0 }
        const parsed = { ...feeRuleSchema.parse(wire), name: 'unbounded' }
        expect(at('1990-01-01T00:00:00Z', parsed), JSON.stringify(unbounded)).toBe('unbounded')
        expect(at('2999-01-01T00:00:00Z', parsed), JSON.stringify(unbounded)).toBe('unbounded')
      }
    })
    it('never applies a window that ends before it starts', () => {
      expect(at('2024-06-15T12:00:00Z', windowed('2024-07-01', '2024-06-01'))).toBe('default')
    })
  })

  describe('tie-break on equal priority', () => {
    it('a pair filter beats a currency filter beats no filter, whatever the order in the list', () => {
      const none = rule({ name: 'none', priority: 2 })
      const currency = rule({ name: 'currency', currency: USDT, priority: 2 })
      const pair = rule({ name: 'pair', pair: PAIR, priority: 2 })
      expect(nameOf(resolveFeeRule([none, currency, pair], query))).toBe('pair')
      expect(nameOf(resolveFeeRule([pair, currency, none], query))).toBe('pair')
      expect(nameOf(resolveFeeRule([none, currency], query))).toBe('currency')
      expect(nameOf(resolveFeeRule([currency, none], query))).toBe('currency')
    })
    it('among equally specific rules the earlier one in the server list wins', () => {
      const a = rule({ name: 'first', pair: PAIR, priority: 2 })
      const b = rule({ name: 'second', pair: PAIR, currency: BTC, priority: 2 })
      expect(nameOf(resolveFeeRule([a, b], query))).toBe('first')
      expect(nameOf(resolveFeeRule([b, a], query))).toBe('second')
      expect(nameOf(resolveFeeRule([rule({ name: 'x' }), rule({ name: 'y' })], query))).toBe('x')
    })
  })
})

describe('isRuleActiveAt', () => {
  it('is false for an inactive rule even inside its window', () => {
    expect(isRuleActiveAt(rule({ name: 'r', is_active: false }), AT)).toBe(false)
    expect(isRuleActiveAt(rule({ name: 'r' }), AT)).toBe(true)
  })
  it('is false for an invalid moment', () => {
    expect(isRuleActiveAt(rule({ name: 'r' }), new Date(Number.NaN))).toBe(false)
  })
})

describe('estimateFee', () => {
  const r = rule({ name: 'r', taker_fee_rate: '0.002', maker_fee_rate: '-0.0001' })
  it('multiplies the value by the rate of the role, exactly', () => {
    expect(estimateFee(r, '5000', 'taker')).toBe('10')
    expect(estimateFee(r, '0.1', 'taker')).toBe('0.0002')
    expect(estimateFee(r, '123.456789', 'taker')).toBe('0.246913578')
  })
  it('gives a negative fee for a maker rebate', () => {
    expect(estimateFee(r, '5000', 'maker')).toBe('-0.5')
  })
  it('is null without a rule or with a value that is not a number', () => {
    expect(estimateFee(null, '5000', 'taker')).toBeNull()
    expect(estimateFee(r, 'abc', 'taker')).toBeNull()
  })
  it('feeds the order form: the resolved rule becomes the fee of the estimate', () => {
    const resolved = resolveFeeRule([rule({ name: 'd' }), rule({ name: 'p', pair: PAIR, priority: 1, taker_fee_rate: '0.0005', fee_currency: 'USDT' })], query)
    const check = validateOrder(
      { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.1', limit_price: '50000' },
      {
        pair: { name: 'BTC_USDT', currency1: 'BTC', currency2: 'USDT', price_precision: 2, amount_precision: 4, minimum_order_size: '0.001', maximum_order_size: '100', minimum_order_value: '10' },
        bestBid: null,
        bestAsk: null,
        available: null,
        fee: feeContextOf(resolved),
      },
    )
    expect(check.estimate).toEqual({ value: '5000', fee: '2.50', feeCurrency: 'USDT' })
    expect(feeContextOf(null)).toBeNull()
  })
})

describe('orderFee: the currency the fee is charged in', () => {
  const pair = { currency1: 'ETH', currency2: 'BTC', amount_precision: 4, price_precision: 6 }
  const base = new Decimal('2')
  const value = new Decimal('0.1')
  const takerRate = new Decimal('0.0015')
  it('charges a buy in the base currency it receives and a sell in the quote currency', () => {
    expect(orderFee({ side: 'BUY', pair, base, value, takerRate, ruleCurrency: null })).toEqual({ fee: '0.0030', feeCurrency: 'ETH' })
    expect(orderFee({ side: 'SELL', pair, base, value, takerRate, ruleCurrency: null })).toEqual({ fee: '0.000150', feeCurrency: 'BTC' })
  })
  it('follows a rule that names the fee currency', () => {
    expect(orderFee({ side: 'BUY', pair, base, value, takerRate, ruleCurrency: 'BTC' })).toEqual({ fee: '0.000150', feeCurrency: 'BTC' })
    expect(orderFee({ side: 'SELL', pair, base, value, takerRate, ruleCurrency: 'USDT' })).toEqual({ fee: null, feeCurrency: 'USDT' })
  })
  it('says nothing before the order has a side, a pair, a rate and a value', () => {
    expect(orderFee({ side: null, pair, base, value, takerRate, ruleCurrency: null })).toEqual({ fee: null, feeCurrency: null })
    expect(orderFee({ side: 'BUY', pair, base, value: null, takerRate, ruleCurrency: null })).toEqual({ fee: null, feeCurrency: null })
    expect(orderFee({ side: 'BUY', pair, base, value, takerRate: null, ruleCurrency: null })).toEqual({ fee: null, feeCurrency: null })
  })
})
