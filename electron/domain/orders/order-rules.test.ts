// validateOrder's verdict on a draft: every order rule and limit of the
// API (docs/exchange-api.md, "Orders"), as a table of drafts and the exact [field, code] errors and warnings each gets (number text,
// precision, bounds, minimum value, funds, distance from the market, stops, client order ids); the
// messages a trader reads; and a context it cannot read. What the form shows beside the verdict is in
// order-rules.form.test.ts, the body that is sent in order-rules.body.test.ts, random drafts and
// speed in order-rules.properties.test.ts.
import { describe, expect, it } from 'vitest'
import type { OrderContext, OrderDraft } from './orders'
import { presetAmount, validateOrder } from './order-rules'
import { CTX, LIMIT_BUY, LIMIT_SELL, MARKET_BUY, MARKET_SELL, STOP_BUY, cheapPair, pairsOf, type Pairs } from '../test/order-rules.test-util'

interface Case {
  name: string
  draft: OrderDraft
  ctx?: Partial<OrderContext>
  errors: Pairs
  /** Exact warnings; omitted = not asserted. */
  warnings?: Pairs
}

const CASES: Case[] = [
  // valid orders of every type and side
  { name: 'valid LIMIT BUY', draft: LIMIT_BUY, errors: [], warnings: [] },
  { name: 'valid LIMIT SELL', draft: LIMIT_SELL, errors: [], warnings: [] },
  { name: 'valid STOP_LIMIT BUY', draft: STOP_BUY, errors: [], warnings: [] },
  { name: 'valid STOP_LIMIT SELL LTE', draft: { ...STOP_BUY, order_side: 'SELL', stop_price: '49000', limit_price: '48900', stop_operator: 'LTE' }, errors: [], warnings: [] },
  { name: 'valid MARKET BUY', draft: MARKET_BUY, errors: [], warnings: [] },
  { name: 'valid MARKET SELL', draft: MARKET_SELL, errors: [], warnings: [] },
  // aliases and case
  { name: 'side bid (lowercase alias of BUY)', draft: { ...LIMIT_BUY, order_side: 'bid' }, errors: [], warnings: [] },
  { name: 'side " Ask " (alias of SELL, padded)', draft: { ...LIMIT_SELL, order_side: ' Ask ' }, errors: [], warnings: [] },
  { name: 'side sell lowercase', draft: { ...LIMIT_SELL, order_side: 'sell' }, errors: [] },
  { name: 'wallet MARGIN_CROSS alias', draft: { ...LIMIT_BUY, wallet_type: 'MARGIN_CROSS' }, errors: [] },
  { name: 'wallet margin_isolated alias, lowercase', draft: { ...LIMIT_BUY, wallet_type: 'margin_isolated' }, errors: [] },
  { name: 'wallet FUNDING alias', draft: { ...LIMIT_BUY, wallet_type: 'FUNDING' }, errors: [] },
  { name: 'wallet P2P', draft: { ...LIMIT_BUY, wallet_type: 'P2P' }, errors: [] },
  { name: 'order type in lowercase', draft: { ...LIMIT_BUY, order_type: 'limit' }, errors: [] },
  { name: 'stop operator in lowercase', draft: { ...STOP_BUY, stop_operator: 'gte' }, errors: [] },
  { name: 'pair in lowercase with spaces', draft: { ...LIMIT_BUY, pair: ' btc_usdt ' }, errors: [] },
  // missing fields (empty or whitespace is missing)
  { name: 'pair empty', draft: { ...LIMIT_BUY, pair: '' }, errors: [['pair', 'MISSING_FIELD']] },
  { name: 'order type whitespace', draft: { ...LIMIT_BUY, order_type: '   ' }, errors: [['order_type', 'MISSING_FIELD']] },
  { name: 'side empty', draft: { ...LIMIT_BUY, order_side: '' }, errors: [['order_side', 'MISSING_FIELD']] },
  { name: 'wallet empty', draft: { ...LIMIT_BUY, wallet_type: '' }, errors: [['wallet_type', 'MISSING_FIELD']] },
  { name: 'LIMIT without base amount', draft: { ...LIMIT_BUY, base_amount: undefined }, errors: [['base_amount', 'MISSING_FIELD']] },
  { name: 'LIMIT base amount whitespace', draft: { ...LIMIT_BUY, base_amount: ' \t ' }, errors: [['base_amount', 'MISSING_FIELD']] },
  { name: 'LIMIT without price', draft: { ...LIMIT_BUY, limit_price: undefined }, errors: [['limit_price', 'MISSING_FIELD']] },
  { name: 'STOP_LIMIT without stop price', draft: { ...STOP_BUY, stop_price: '' }, errors: [['stop_price', 'MISSING_FIELD']] },
  { name: 'STOP_LIMIT without stop operator', draft: { ...STOP_BUY, stop_operator: undefined }, errors: [['stop_operator', 'MISSING_FIELD']] },
  {
    name: 'STOP_LIMIT without amount and price',
    draft: { ...STOP_BUY, base_amount: '', limit_price: '' },
    errors: [
      ['base_amount', 'MISSING_FIELD'],
      ['limit_price', 'MISSING_FIELD'],
    ],
  },
  { name: 'rule 1: MARKET BUY needs quote amount, base does not count', draft: { ...MARKET_BUY, quote_amount: undefined, base_amount: '0.1' }, errors: [['quote_amount', 'MISSING_FIELD']] },
  { name: 'rule 2: MARKET SELL needs base amount, quote does not count', draft: { ...MARKET_SELL, base_amount: undefined, quote_amount: '100' }, errors: [['base_amount', 'MISSING_FIELD']] },
  {
    name: 'empty draft: one error per basic field, in field order',
    draft: { pair: '', order_type: '', order_side: '', wallet_type: '' },
    errors: [
      ['pair', 'MISSING_FIELD'],
      ['order_type', 'MISSING_FIELD'],
      ['order_side', 'MISSING_FIELD'],
      ['wallet_type', 'MISSING_FIELD'],
    ],
  },
  // unknown values
  { name: 'pair not the context pair', draft: { ...LIMIT_BUY, pair: 'ETH_USDT' }, errors: [['pair', 'UNKNOWN_PAIR']] },
  { name: 'pair unknown (context pair null): precision and bounds skipped', draft: { ...LIMIT_BUY, base_amount: '0.123456789' }, ctx: { pair: null }, errors: [['pair', 'UNKNOWN_PAIR']] },
  { name: 'order type STOP_MARKET is not offered', draft: { ...LIMIT_BUY, order_type: 'STOP_MARKET' }, errors: [['order_type', 'INVALID_ORDER_TYPE']] },
  { name: 'side LONG', draft: { ...LIMIT_BUY, order_side: 'LONG' }, errors: [['order_side', 'INVALID_ORDER_SIDE']] },
  { name: 'side "constructor" is not an alias', draft: { ...LIMIT_BUY, order_side: 'constructor' }, errors: [['order_side', 'INVALID_ORDER_SIDE']] },
  { name: 'MARKET with bad side: amount fields wait for the side', draft: { ...MARKET_BUY, order_side: 'UP', quote_amount: '' }, errors: [['order_side', 'INVALID_ORDER_SIDE']] },
  { name: 'wallet MARGIN', draft: { ...LIMIT_BUY, wallet_type: 'MARGIN' }, errors: [['wallet_type', 'INVALID_WALLET_TYPE']] },
  { name: 'stop operator GT', draft: { ...STOP_BUY, stop_operator: 'GT' }, errors: [['stop_operator', 'INVALID_STOP_OPERATOR']] },
  { name: 'stop operator >=', draft: { ...STOP_BUY, stop_operator: '>=' }, errors: [['stop_operator', 'INVALID_STOP_OPERATOR']] },
  {
    name: 'bad type and bad side and bad wallet together',
    draft: { ...LIMIT_BUY, order_type: 'X', order_side: 'Y', wallet_type: 'Z' },
    errors: [
      ['order_type', 'INVALID_ORDER_TYPE'],
      ['order_side', 'INVALID_ORDER_SIDE'],
      ['wallet_type', 'INVALID_WALLET_TYPE'],
    ],
  },
  // number text
  { name: 'amount abc', draft: { ...LIMIT_BUY, base_amount: 'abc' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount in exponent notation', draft: { ...LIMIT_BUY, base_amount: '1e-2' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount with decimal comma', draft: { ...LIMIT_BUY, base_amount: '0,5' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount with thousands comma', draft: { ...LIMIT_SELL, base_amount: '1,000' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount negative', draft: { ...LIMIT_BUY, base_amount: '-0.1' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount with plus sign', draft: { ...LIMIT_BUY, base_amount: '+0.1' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount zero', draft: { ...LIMIT_BUY, base_amount: '0' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount 0.00000 (zero with places)', draft: { ...LIMIT_BUY, base_amount: '0.00000' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount with inner space', draft: { ...LIMIT_BUY, base_amount: '0. 1' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount with two dots', draft: { ...LIMIT_BUY, base_amount: '0..1' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount hexadecimal', draft: { ...LIMIT_BUY, base_amount: '0x10' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount Infinity', draft: { ...LIMIT_BUY, base_amount: 'Infinity' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount with 45 digits', draft: { ...LIMIT_BUY, base_amount: '1' + '0'.repeat(44) }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount ".5" accepted', draft: { ...LIMIT_SELL, base_amount: '.5' }, errors: [], warnings: [] },
  { name: 'amount "1." accepted', draft: { ...LIMIT_SELL, base_amount: '1.' }, errors: [], warnings: [] },
  { name: 'amount with surrounding spaces accepted', draft: { ...LIMIT_BUY, base_amount: '  0.1  ' }, errors: [] },
  // precision (counted on the canonical value)
  { name: 'amount with 5 places, precision 4', draft: { ...LIMIT_BUY, base_amount: '0.00101' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount "0.10000": trailing zeros do not count', draft: { ...LIMIT_BUY, base_amount: '0.10000' }, errors: [] },
  { name: 'amount "0.10" with precision 1 is OK', draft: { ...LIMIT_BUY, base_amount: '0.10' }, ctx: cheapPair({ amount_precision: 1 }), errors: [] },
  { name: 'amount "0.12" with precision 1 is not', draft: { ...LIMIT_BUY, base_amount: '0.12' }, ctx: cheapPair({ amount_precision: 1 }), errors: [['base_amount', 'INVALID_QUANTITY']] },
  {
    name: 'amount 1.5 with precision 0',
    draft: { ...LIMIT_SELL, base_amount: '1.5' },
    ctx: cheapPair({ amount_precision: 0, minimum_order_size: '1' }),
    errors: [['base_amount', 'INVALID_QUANTITY']],
  },
  { name: 'amount "1.0" with precision 0 is OK', draft: { ...LIMIT_SELL, base_amount: '1.0' }, ctx: cheapPair({ amount_precision: 0, minimum_order_size: '1' }), errors: [] },
  // bounds
  { name: 'amount at the minimum', draft: { ...LIMIT_BUY, base_amount: '0.001' }, errors: [] },
  { name: 'amount below the minimum', draft: { ...LIMIT_BUY, base_amount: '0.0009' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'amount at the maximum', draft: { ...LIMIT_SELL, base_amount: '100' }, ctx: { available: null }, errors: [] },
  { name: 'amount above the maximum', draft: { ...LIMIT_SELL, base_amount: '100.0001' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'bounds apply to STOP_LIMIT', draft: { ...STOP_BUY, base_amount: '0.0005' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  { name: 'bounds apply to MARKET SELL', draft: { ...MARKET_SELL, base_amount: '101' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  // prices
  { name: 'limit price text', draft: { ...LIMIT_BUY, limit_price: 'fifty' }, errors: [['limit_price', 'INVALID_PRICE']] },
  { name: 'limit price zero', draft: { ...LIMIT_BUY, limit_price: '0' }, errors: [['limit_price', 'INVALID_PRICE']] },
  { name: 'limit price negative', draft: { ...LIMIT_BUY, limit_price: '-50000' }, errors: [['limit_price', 'INVALID_PRICE']] },
  { name: 'limit price with 3 places, precision 2', draft: { ...LIMIT_BUY, limit_price: '50000.001' }, errors: [['limit_price', 'INVALID_PRICE']] },
  { name: 'limit price "50000.10" is OK', draft: { ...LIMIT_BUY, limit_price: '50000.10' }, errors: [] },
  { name: 'stop price negative', draft: { ...STOP_BUY, stop_price: '-1' }, errors: [['stop_price', 'INVALID_PRICE']] },
  { name: 'stop price exponent', draft: { ...STOP_BUY, stop_price: '5.1e4' }, errors: [['stop_price', 'INVALID_PRICE']] },
  { name: 'stop price with 3 places', draft: { ...STOP_BUY, stop_price: '51000.125' }, errors: [['stop_price', 'INVALID_PRICE']] },
  { name: 'quote amount with 3 places (price precision 2)', draft: { ...MARKET_BUY, quote_amount: '100.001' }, errors: [['quote_amount', 'INVALID_QUANTITY']] },
  { name: 'quote amount zero', draft: { ...MARKET_BUY, quote_amount: '0' }, errors: [['quote_amount', 'INVALID_QUANTITY']] },
  { name: 'quote amount not bounded by the base size bounds', draft: { ...MARKET_BUY, quote_amount: '5000' }, errors: [] },
  // fields the type does not use are ignored
  { name: 'MARKET BUY ignores a bad base amount', draft: { ...MARKET_BUY, base_amount: 'garbage' }, errors: [] },
  { name: 'MARKET SELL ignores a bad quote amount', draft: { ...MARKET_SELL, quote_amount: 'garbage' }, errors: [] },
  { name: 'MARKET ignores bad price and stop fields', draft: { ...MARKET_BUY, limit_price: 'x', stop_price: 'y', stop_operator: 'z' }, errors: [] },
  { name: 'LIMIT ignores quote amount and stop fields', draft: { ...LIMIT_BUY, quote_amount: 'x', stop_price: '-1', stop_operator: 'NOPE' }, errors: [] },
  // rule 3, the value floor: market sell minimum value at the best bid
  { name: 'MARKET SELL below the minimum value', draft: { ...MARKET_SELL, base_amount: '0.001' }, ctx: { bestBid: '5000' }, errors: [['base_amount', 'MIN_ORDER_VALUE']] },
  { name: 'MARKET SELL exactly at the minimum value', draft: { ...MARKET_SELL, base_amount: '0.002' }, ctx: { bestBid: '5000' }, errors: [], warnings: [] },
  { name: 'MARKET SELL without best bid: warning only', draft: { ...MARKET_SELL, base_amount: '0.001' }, ctx: { bestBid: null }, errors: [], warnings: [['base_amount', 'MIN_VALUE_UNCHECKED']] },
  { name: 'minimum value not applied to LIMIT SELL', draft: { ...LIMIT_SELL, base_amount: '0.001', limit_price: '5000' }, ctx: { bestBid: '5000', bestAsk: '5001' }, errors: [], warnings: [] },
  { name: 'minimum value not applied to MARKET BUY', draft: { ...MARKET_BUY, quote_amount: '1' }, errors: [], warnings: [] },
  { name: 'size error comes before the value check', draft: { ...MARKET_SELL, base_amount: '0.0001' }, ctx: { bestBid: '5000' }, errors: [['base_amount', 'INVALID_QUANTITY']] },
  // insufficient funds (warnings)
  { name: 'LIMIT BUY needing more quote than available', draft: { ...LIMIT_BUY, base_amount: '1' }, errors: [], warnings: [['base_amount', 'INSUFFICIENT_FUNDS']] },
  { name: 'LIMIT BUY needing exactly the available quote', draft: { ...LIMIT_BUY, base_amount: '0.2' }, errors: [], warnings: [] },
  { name: 'STOP_LIMIT BUY needing more quote than available', draft: { ...STOP_BUY, base_amount: '0.5' }, errors: [], warnings: [['base_amount', 'INSUFFICIENT_FUNDS']] },
  { name: 'MARKET BUY spending more than available', draft: { ...MARKET_BUY, quote_amount: '10000.01' }, errors: [], warnings: [['quote_amount', 'INSUFFICIENT_FUNDS']] },
  { name: 'MARKET BUY spending exactly the available', draft: { ...MARKET_BUY, quote_amount: '10000' }, errors: [], warnings: [] },
  { name: 'SELL more base than available', draft: { ...LIMIT_SELL, base_amount: '1.0001' }, errors: [], warnings: [['base_amount', 'INSUFFICIENT_FUNDS']] },
  { name: 'MARKET SELL more base than available', draft: { ...MARKET_SELL, base_amount: '2' }, errors: [], warnings: [['base_amount', 'INSUFFICIENT_FUNDS']] },
  { name: 'balance unknown: no funds warning', draft: { ...LIMIT_BUY, base_amount: '1' }, ctx: { available: null }, errors: [], warnings: [] },
  // price far from the market (warnings)
  { name: 'LIMIT BUY 12% above the best ask', draft: { ...LIMIT_BUY, limit_price: '56000' }, ctx: { available: null }, errors: [], warnings: [['limit_price', 'PRICE_FAR_FROM_MARKET']] },
  { name: 'LIMIT BUY 9.98% above the best ask', draft: { ...LIMIT_BUY, limit_price: '55000' }, ctx: { available: null }, errors: [], warnings: [] },
  { name: 'LIMIT SELL 12% below the best bid', draft: { ...LIMIT_SELL, limit_price: '44000' }, errors: [], warnings: [['limit_price', 'PRICE_FAR_FROM_MARKET']] },
  { name: 'no book: no distance warning', draft: { ...LIMIT_SELL, limit_price: '44000' }, ctx: { bestBid: null, bestAsk: null }, errors: [], warnings: [] },
  // stop already reached (warning)
  { name: 'GTE stop below the market triggers at once', draft: { ...STOP_BUY, stop_price: '49000', limit_price: '49100' }, errors: [], warnings: [['stop_price', 'STOP_ALREADY_REACHED']] },
  {
    name: 'LTE stop above the market triggers at once',
    draft: { ...STOP_BUY, order_side: 'SELL', stop_operator: 'LTE', stop_price: '51000', limit_price: '50900' },
    errors: [],
    warnings: [['stop_price', 'STOP_ALREADY_REACHED']],
  },
  // client order id (optional)
  { name: 'client order id with a space', draft: { ...LIMIT_BUY, client_order_id: 'my order' }, errors: [['client_order_id', 'INVALID_CLIENT_ORDER_ID']] },
  { name: 'client order id of 65 characters', draft: { ...LIMIT_BUY, client_order_id: 'a'.repeat(65) }, errors: [['client_order_id', 'INVALID_CLIENT_ORDER_ID']] },
  { name: 'client order id abc-123', draft: { ...LIMIT_BUY, client_order_id: 'abc-123' }, errors: [] },
  { name: 'client order id empty means "choose one"', draft: { ...LIMIT_BUY, client_order_id: '' }, errors: [] },
]

describe('validateOrder: every order rule and every limit', () => {
  it('has a case for every code', () => {
    const codes = new Set(CASES.flatMap((c) => [...c.errors, ...(c.warnings ?? [])].map(([, code]) => code)))
    for (const code of [
      'MISSING_FIELD',
      'INVALID_QUANTITY',
      'INVALID_PRICE',
      'UNKNOWN_PAIR',
      'INVALID_ORDER_TYPE',
      'INVALID_ORDER_SIDE',
      'INVALID_WALLET_TYPE',
      'INVALID_STOP_OPERATOR',
      'MIN_ORDER_VALUE',
      'MIN_VALUE_UNCHECKED',
      'INSUFFICIENT_FUNDS',
      'PRICE_FAR_FROM_MARKET',
      'STOP_ALREADY_REACHED',
      'INVALID_CLIENT_ORDER_ID',
    ]) {
      expect(codes, code).toContain(code)
    }
  })

  it.each(CASES.map((c) => [c.name, c] as const))('%s', (_name, c) => {
    const check = validateOrder(c.draft, { ...CTX, ...c.ctx })
    expect(pairsOf(check.errors)).toEqual(c.errors)
    if (c.warnings !== undefined) expect(pairsOf(check.warnings)).toEqual(c.warnings)
    for (const i of [...check.errors, ...check.warnings]) expect(i.message.length).toBeGreaterThan(3)
  })
})

describe('validateOrder messages speak to a trader', () => {
  const message = (draft: OrderDraft, ctx: Partial<OrderContext> = {}): string[] =>
    [...validateOrder(draft, { ...CTX, ...ctx }).errors, ...validateOrder(draft, { ...CTX, ...ctx }).warnings].map((i) => i.message)

  it('names the bound and the currency', () => {
    expect(message({ ...LIMIT_BUY, base_amount: '0.0009' })).toEqual(['Amount must be at least 0.001 BTC'])
    expect(message({ ...LIMIT_SELL, base_amount: '101' })).toEqual(['Amount must be at most 100 BTC'])
  })
  it('says how many places are allowed', () => {
    expect(message({ ...LIMIT_BUY, limit_price: '1.001' })[0]).toBe('At most 2 decimal places')
    expect(message({ ...LIMIT_BUY, base_amount: '0.12' }, cheapPair({ amount_precision: 1 }))[0]).toBe('At most 1 decimal place')
    expect(message({ ...LIMIT_SELL, base_amount: '1.5' }, cheapPair({ amount_precision: 0, minimum_order_size: '1' }))[0]).toBe('Whole numbers only')
  })
  it('asks for what is missing', () => {
    expect(message({ ...LIMIT_BUY, limit_price: '' })).toEqual(['Enter a price'])
    expect(message({ ...LIMIT_BUY, base_amount: '' })).toEqual(['Enter an amount'])
  })
  it('explains malformed numbers', () => {
    expect(message({ ...LIMIT_BUY, base_amount: '0,5' })[0]).toMatch(/dot/)
    expect(message({ ...LIMIT_BUY, base_amount: '1e-3' })[0]).toMatch(/in full/)
    expect(message({ ...LIMIT_BUY, base_amount: '-1' })[0]).toBe('Amount must be greater than 0')
  })
  it('shows the value against the minimum', () => {
    expect(message({ ...MARKET_SELL, base_amount: '0.001' }, { bestBid: '5000' })).toEqual(['Worth 5.00 USDT at the best bid; the minimum is 10.00 USDT'])
  })
  it('names a price tenfold off the market in words, not as a percentage of twenty digits', () => {
    expect(message({ ...LIMIT_SELL, limit_price: '100000000000000000000000' })).toEqual(['Price is over 10× the market (50,000.00): an extra digit?'])
    expect(message({ ...LIMIT_BUY, limit_price: '4000', base_amount: '0.01' })).toEqual(['Price is under a tenth of the market (50,010.00): a missing digit?'])
    expect(message({ ...LIMIT_SELL, limit_price: '56000' })).toEqual(['Price is 12% away from the market (50,000.00)'])
  })
  it('shows what is needed and what is available', () => {
    expect(message({ ...LIMIT_BUY, base_amount: '1' })).toEqual(['Needs 50,000.00 USDT; 10,000.00 USDT available'])
  })
})

describe('validateOrder with a context it cannot read', () => {
  it('skips the checks whose facts are not numbers instead of throwing', () => {
    const bad: OrderContext = { ...CTX, bestBid: 'n/a', bestAsk: '', available: { base: 'x', quote: '1' }, fee: { makerRate: '?', takerRate: '?', currency: null } }
    const sell = validateOrder({ ...MARKET_SELL, base_amount: '0.001' }, bad)
    expect(pairsOf(sell.errors)).toEqual([])
    expect(pairsOf(sell.warnings)).toEqual([['base_amount', 'MIN_VALUE_UNCHECKED']])
    expect(validateOrder({ ...LIMIT_BUY, base_amount: '1' }, bad).estimate).toEqual({ value: '50000', fee: null, feeCurrency: null })
    expect(presetAmount(50, LIMIT_SELL, bad)).toBeNull()
  })
})
