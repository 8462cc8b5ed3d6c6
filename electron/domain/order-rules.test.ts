import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Decimal } from './decimal'
import { TerminalError } from './errors'
import type { OrderContext, OrderDraft } from './orders'
import type { Pair } from './wire'
import {
  buildOrderBody,
  clientOrderIdFor,
  fieldsFor,
  newClientOrderId,
  normalizeSide,
  normalizeWalletType,
  presetAmount,
  validateOrder,
} from './order-rules'

const BTC_USDT: Pair = {
  name: 'BTC_USDT',
  currency1: 'BTC',
  currency2: 'USDT',
  price_precision: 2,
  amount_precision: 4,
  minimum_order_size: '0.001',
  maximum_order_size: '100',
  minimum_order_value: '10',
}

const CTX: OrderContext = {
  pair: BTC_USDT,
  bestBid: '50000',
  bestAsk: '50010',
  available: { base: '1', quote: '10000' },
  fee: { makerRate: '0.001', takerRate: '0.002', currency: null },
}

const LIMIT_BUY: OrderDraft = {
  pair: 'BTC_USDT',
  order_type: 'LIMIT',
  order_side: 'BUY',
  wallet_type: 'SPOT',
  base_amount: '0.1',
  limit_price: '50000',
}
const LIMIT_SELL: OrderDraft = { ...LIMIT_BUY, order_side: 'SELL' }
const STOP_BUY: OrderDraft = {
  ...LIMIT_BUY,
  order_type: 'STOP_LIMIT',
  limit_price: '51100',
  stop_price: '51000',
  stop_operator: 'GTE',
}
const MARKET_BUY: OrderDraft = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '100' }
const MARKET_SELL: OrderDraft = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.01' }

type Pairs = [field: string, code: string][]
interface Case {
  name: string
  draft: OrderDraft
  ctx?: Partial<OrderContext>
  errors: Pairs
  /** Exact warnings; omitted = not asserted. */
  warnings?: Pairs
}

const cheapPair = (over: Partial<Pair>): Partial<OrderContext> => ({ pair: { ...BTC_USDT, ...over } })

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
  { name: 'STOP_LIMIT without amount and price', draft: { ...STOP_BUY, base_amount: '', limit_price: '' }, errors: [['base_amount', 'MISSING_FIELD'], ['limit_price', 'MISSING_FIELD']] },
  { name: 'rule 1: MARKET BUY needs quote amount, base does not count', draft: { ...MARKET_BUY, quote_amount: undefined, base_amount: '0.1' }, errors: [['quote_amount', 'MISSING_FIELD']] },
  { name: 'rule 2: MARKET SELL needs base amount, quote does not count', draft: { ...MARKET_SELL, base_amount: undefined, quote_amount: '100' }, errors: [['base_amount', 'MISSING_FIELD']] },
  { name: 'empty draft: one error per basic field, in field order', draft: { pair: '', order_type: '', order_side: '', wallet_type: '' }, errors: [['pair', 'MISSING_FIELD'], ['order_type', 'MISSING_FIELD'], ['order_side', 'MISSING_FIELD'], ['wallet_type', 'MISSING_FIELD']] },
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
  { name: 'bad type and bad side and bad wallet together', draft: { ...LIMIT_BUY, order_type: 'X', order_side: 'Y', wallet_type: 'Z' }, errors: [['order_type', 'INVALID_ORDER_TYPE'], ['order_side', 'INVALID_ORDER_SIDE'], ['wallet_type', 'INVALID_WALLET_TYPE']] },
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
  { name: 'amount 1.5 with precision 0', draft: { ...LIMIT_SELL, base_amount: '1.5' }, ctx: cheapPair({ amount_precision: 0, minimum_order_size: '1' }), errors: [['base_amount', 'INVALID_QUANTITY']] },
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
  // rule 3 / section 8: market sell minimum value at the best bid
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
  { name: 'LTE stop above the market triggers at once', draft: { ...STOP_BUY, order_side: 'SELL', stop_operator: 'LTE', stop_price: '51000', limit_price: '50900' }, errors: [], warnings: [['stop_price', 'STOP_ALREADY_REACHED']] },
  // client order id (optional)
  { name: 'client order id with a space', draft: { ...LIMIT_BUY, client_order_id: 'my order' }, errors: [['client_order_id', 'INVALID_CLIENT_ORDER_ID']] },
  { name: 'client order id of 65 characters', draft: { ...LIMIT_BUY, client_order_id: 'a'.repeat(65) }, errors: [['client_order_id', 'INVALID_CLIENT_ORDER_ID']] },
  { name: 'client order id abc-123', draft: { ...LIMIT_BUY, client_order_id: 'abc-123' }, errors: [] },
  { name: 'client order id empty means "choose one"', draft: { ...LIMIT_BUY, client_order_id: '' }, errors: [] },
]

const pairsOf = (issues: { field: string; code: string }[]): Pairs => issues.map((i) => [i.field, i.code])

describe('validateOrder: every rule of 2.1 and every limit of section 8', () => {
  it('has a case for every code', () => {
    const codes = new Set(CASES.flatMap((c) => [...c.errors, ...(c.warnings ?? [])].map(([, code]) => code)))
    for (const code of ['MISSING_FIELD', 'INVALID_QUANTITY', 'INVALID_PRICE', 'UNKNOWN_PAIR', 'INVALID_ORDER_TYPE', 'INVALID_ORDER_SIDE', 'INVALID_WALLET_TYPE', 'INVALID_STOP_OPERATOR', 'MIN_ORDER_VALUE', 'MIN_VALUE_UNCHECKED', 'INSUFFICIENT_FUNDS', 'PRICE_FAR_FROM_MARKET', 'STOP_ALREADY_REACHED', 'INVALID_CLIENT_ORDER_ID']) {
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
    expect(message({ ...MARKET_SELL, base_amount: '0.001' }, { bestBid: '5000' })).toEqual([
      'Worth 5.00 USDT at the best bid; the minimum is 10.00 USDT',
    ])
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

describe('validateOrder estimates', () => {
  it('values a LIMIT order at base × limit price; a buy pays the taker fee in the base currency it receives', () => {
    expect(validateOrder(LIMIT_BUY, CTX).estimate).toEqual({ value: '5000', fee: '0.0002', feeCurrency: 'BTC' })
  })
  it('a sell pays the fee in the quote currency it receives', () => {
    expect(validateOrder(LIMIT_SELL, CTX).estimate).toMatchObject({ fee: expect.stringMatching(/^\d+\.\d{2}$/), feeCurrency: 'USDT' })
    expect(validateOrder(MARKET_SELL, CTX).estimate).toEqual({ value: '500', fee: '1.00', feeCurrency: 'USDT' })
  })
  it('rounds the fee up to the precision of the currency it is paid in (worst case)', () => {
    const buy = validateOrder({ ...LIMIT_BUY, base_amount: '0.0123', limit_price: '50000.07' }, CTX).estimate
    expect(buy.value).toBe('615.000861')
    expect(buy.fee).toBe('0.0001') // 0.0000246 BTC rounded up to 4 places
    const sell = validateOrder({ ...LIMIT_SELL, base_amount: '0.0123', limit_price: '50000.07' }, CTX).estimate
    expect(sell.fee).toBe('1.24') // 1.230001722 USDT rounded up to 2 places
  })
  it('values a MARKET BUY at its quote amount and charges its fee on the base it buys at the best ask', () => {
    expect(validateOrder(MARKET_BUY, CTX).estimate).toEqual({ value: '100', fee: '0.0001', feeCurrency: 'BTC' })
    expect(validateOrder(MARKET_BUY, { ...CTX, bestAsk: null }).estimate).toEqual({ value: '100', fee: null, feeCurrency: 'BTC' })
    expect(validateOrder(MARKET_SELL, { ...CTX, bestBid: null }).estimate.value).toBeNull()
  })
  it('uses the rule fee currency when it names one; another currency than the pair\'s has no amount', () => {
    const quote = validateOrder(LIMIT_BUY, { ...CTX, fee: { makerRate: '0', takerRate: '0.001', currency: 'USDT' } }).estimate
    expect(quote).toEqual({ value: '5000', fee: '5.00', feeCurrency: 'USDT' })
    const other = validateOrder(LIMIT_BUY, { ...CTX, fee: { makerRate: '0', takerRate: '0.001', currency: 'ALP' } }).estimate
    expect(other).toEqual({ value: '5000', fee: null, feeCurrency: 'ALP' })
  })
  it('leaves the fee out when the fee rate is unknown, and everything out when the price is invalid', () => {
    expect(validateOrder(LIMIT_BUY, { ...CTX, fee: null }).estimate).toEqual({ value: '5000', fee: null, feeCurrency: null })
    expect(validateOrder({ ...LIMIT_BUY, limit_price: 'x' }, CTX).estimate).toEqual({ value: null, fee: null, feeCurrency: null })
  })
})

describe('buildOrderBody', () => {
  it('writes a LIMIT body with canonical decimals and normalised aliases', () => {
    const body = buildOrderBody(
      { ...LIMIT_BUY, pair: 'btc_usdt', order_type: ' limit', order_side: 'bid', wallet_type: 'margin_cross', base_amount: '0.10', limit_price: '50000.00', quote_amount: '5', stop_price: '1' },
      CTX,
      'tt-abc',
    )
    expect(JSON.stringify(body)).toBe(
      '{"pair":"BTC_USDT","order_type":"LIMIT","order_side":"BUY","wallet_type":"CROSS_MARGIN","base_amount":"0.1","limit_price":"50000","client_order_id":"tt-abc"}',
    )
  })
  it('writes a STOP_LIMIT body with every field in the fixed order', () => {
    const body = buildOrderBody({ ...STOP_BUY, order_side: 'ASK', wallet_type: 'FUNDING', stop_operator: 'gte', base_amount: '.5' }, { ...CTX, available: null }, 'x1')
    expect(JSON.stringify(body)).toBe(
      '{"pair":"BTC_USDT","order_type":"STOP_LIMIT","order_side":"SELL","wallet_type":"P2P","base_amount":"0.5","limit_price":"51100","stop_price":"51000","stop_operator":"GTE","client_order_id":"x1"}',
    )
  })
  it('writes a MARKET BUY body with the quote amount only', () => {
    const body = buildOrderBody({ ...MARKET_BUY, base_amount: '3', quote_amount: '100.50', limit_price: '9' }, CTX, 'tt-1')
    expect(JSON.stringify(body)).toBe(
      '{"pair":"BTC_USDT","order_type":"MARKET","order_side":"BUY","wallet_type":"SPOT","quote_amount":"100.5","client_order_id":"tt-1"}',
    )
  })
  it('writes a MARKET SELL body with the base amount only, never in exponent notation', () => {
    const body = buildOrderBody({ ...MARKET_SELL, base_amount: '0.0010000', wallet_type: 'MARGIN_ISOLATED', quote_amount: '1' }, { ...CTX, pair: { ...BTC_USDT, amount_precision: 8 } }, 'tt-2')
    expect(JSON.stringify(body)).toBe(
      '{"pair":"BTC_USDT","order_type":"MARKET","order_side":"SELL","wallet_type":"ISOLATED_MARGIN","base_amount":"0.001","client_order_id":"tt-2"}',
    )
    const tiny = buildOrderBody({ ...LIMIT_SELL, base_amount: '0.00000001' }, { ...CTX, pair: { ...BTC_USDT, amount_precision: 8, minimum_order_size: '0.00000001' } }, 'tt-3')
    expect(tiny.base_amount).toBe('0.00000001')
  })
  it('builds despite warnings', () => {
    expect(() => buildOrderBody({ ...LIMIT_BUY, base_amount: '1' }, CTX, 'tt-4')).not.toThrow()
  })
  it('refuses an invalid draft with a validation error carrying every field issue', () => {
    let thrown: unknown
    try {
      buildOrderBody({ ...LIMIT_BUY, base_amount: '0', limit_price: '' }, CTX, 'tt-5')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(TerminalError)
    const error = thrown as TerminalError
    expect(error.kind).toBe('validation')
    expect(error.field).toBe('base_amount')
    expect(error.issues?.map((i) => [i.field, i.code])).toEqual([
      ['base_amount', 'INVALID_QUANTITY'],
      ['limit_price', 'MISSING_FIELD'],
    ])
    expect(error.message).toContain('and 1 more')
  })
  it('refuses a client order id the exchange could not take', () => {
    expect(() => buildOrderBody(LIMIT_BUY, CTX, '')).toThrow(TerminalError)
    expect(() => buildOrderBody(LIMIT_BUY, CTX, 'has space')).toThrow(/not valid/)
  })
})

describe('normalizeSide, normalizeWalletType, fieldsFor', () => {
  it.each([
    ['BUY', 'BUY'], ['buy', 'BUY'], [' Bid ', 'BUY'], ['SELL', 'SELL'], ['ask', 'SELL'], ['', null], ['B', null], ['__proto__', null],
  ])('side %j → %j', (text, side) => expect(normalizeSide(text)).toBe(side))
  it.each([
    ['SPOT', 'SPOT'], ['spot', 'SPOT'], ['CROSS_MARGIN', 'CROSS_MARGIN'], ['MARGIN_CROSS', 'CROSS_MARGIN'], ['ISOLATED_MARGIN', 'ISOLATED_MARGIN'],
    ['margin_isolated', 'ISOLATED_MARGIN'], ['P2P', 'P2P'], [' funding ', 'P2P'], ['MARGIN', null], ['', null],
  ])('wallet %j → %j', (text, wallet) => expect(normalizeWalletType(text)).toBe(wallet))
  it('lists the fields each type and side shows', () => {
    expect(fieldsFor('LIMIT', 'BUY')).toEqual(['base_amount', 'limit_price'])
    expect(fieldsFor('limit', 'ask')).toEqual(['base_amount', 'limit_price'])
    expect(fieldsFor('STOP_LIMIT', 'SELL')).toEqual(['base_amount', 'limit_price', 'stop_price', 'stop_operator'])
    expect(fieldsFor('MARKET', 'BUY')).toEqual(['quote_amount'])
    expect(fieldsFor('MARKET', 'bid')).toEqual(['quote_amount'])
    expect(fieldsFor('MARKET', 'SELL')).toEqual(['base_amount'])
    expect(fieldsFor('MARKET', '')).toEqual([])
    expect(fieldsFor('STOP_MARKET', 'BUY')).toEqual([])
  })
})

describe('presetAmount', () => {
  it('turns a share of the quote balance into a base amount at the limit price, rounded down', () => {
    expect(presetAmount(25, { ...LIMIT_BUY, limit_price: '30000' }, CTX)).toEqual({ field: 'base_amount', value: '0.0833' })
    expect(presetAmount(100, { ...STOP_BUY, limit_price: '30000' }, CTX)).toEqual({ field: 'base_amount', value: '0.3333' })
  })
  it('spends a share of the quote balance on a market buy, rounded down to the price precision', () => {
    expect(presetAmount(100, MARKET_BUY, { ...CTX, available: { base: '0', quote: '1234.5678' } })).toEqual({ field: 'quote_amount', value: '1234.56' })
    expect(presetAmount(75, MARKET_BUY, { ...CTX, available: { base: '0', quote: '0.03' } })).toEqual({ field: 'quote_amount', value: '0.02' })
  })
  it('sells a share of the base balance, rounded down to the amount precision', () => {
    expect(presetAmount(50, LIMIT_SELL, { ...CTX, available: { base: '0.12345', quote: '0' } })).toEqual({ field: 'base_amount', value: '0.0617' })
    expect(presetAmount(75, MARKET_SELL, CTX)).toEqual({ field: 'base_amount', value: '0.75' })
    expect(presetAmount(100, { ...MARKET_SELL, order_side: 'ask' }, { ...CTX, available: { base: '0.99999', quote: '0' } })).toEqual({ field: 'base_amount', value: '0.9999' })
  })
  it('gives 0 for a negative balance rather than a negative amount', () => {
    expect(presetAmount(50, LIMIT_SELL, { ...CTX, available: { base: '-1', quote: '0' } })).toEqual({ field: 'base_amount', value: '0' })
  })
  it('is null when a fact it needs is unknown', () => {
    expect(presetAmount(25, { ...LIMIT_BUY, limit_price: '' }, CTX)).toBeNull()
    expect(presetAmount(25, { ...LIMIT_BUY, limit_price: '0' }, CTX)).toBeNull()
    expect(presetAmount(25, { ...LIMIT_BUY, order_side: 'X' }, CTX)).toBeNull()
    expect(presetAmount(25, { ...LIMIT_BUY, order_type: 'X' }, CTX)).toBeNull()
    expect(presetAmount(25, LIMIT_BUY, { ...CTX, available: null })).toBeNull()
    expect(presetAmount(25, LIMIT_BUY, { ...CTX, pair: null })).toBeNull()
  })
  it('gives amounts the rules accept (up to the balance)', () => {
    for (const percent of [25, 50, 75, 100] as const) {
      const preset = presetAmount(percent, { ...LIMIT_BUY, limit_price: '30000.01' }, CTX)!
      const check = validateOrder({ ...LIMIT_BUY, limit_price: '30000.01', [preset.field]: preset.value }, CTX)
      expect(check.errors).toEqual([])
      expect(check.warnings.map((w) => w.code)).not.toContain('INSUFFICIENT_FUNDS')
    }
  })
})

describe('newClientOrderId', () => {
  it('is "tt-" and 16 base-36 characters drawn from the given source', () => {
    let i = 0
    const seq = (): number => [0, 0.5, 0.999999][i++ % 3]!
    expect(newClientOrderId(seq)).toBe('tt-0i' + 'z0iz0iz0iz0iz0'.slice(0, 14))
  })
  it('stays valid when the source misbehaves', () => {
    for (const r of [1, -1, Number.NaN, Infinity]) {
      const id = newClientOrderId(() => r)
      expect(id).toMatch(/^tt-[0-9a-z]{16}$/)
    }
  })
  it('makes ids the order rules accept, distinct in practice', () => {
    const ids = new Set(Array.from({ length: 1000 }, () => newClientOrderId(Math.random)))
    expect(ids.size).toBe(1000)
    for (const id of [...ids].slice(0, 20)) {
      expect(id.length).toBeLessThanOrEqual(32)
      expect(() => buildOrderBody(LIMIT_BUY, CTX, id)).not.toThrow()
    }
  })
})

describe('clientOrderIdFor', () => {
  it('keeps the id the user chose, trimmed, and makes one otherwise', () => {
    expect(clientOrderIdFor({ ...LIMIT_BUY, client_order_id: ' my-id ' }, () => 0)).toBe('my-id')
    expect(clientOrderIdFor({ ...LIMIT_BUY, client_order_id: '  ' }, () => 0)).toBe('tt-0000000000000000')
    expect(clientOrderIdFor(LIMIT_BUY, () => 0)).toBe('tt-0000000000000000')
    const draft = { ...LIMIT_BUY, client_order_id: ' my-id ' }
    expect(buildOrderBody(draft, CTX, clientOrderIdFor(draft, Math.random)).client_order_id).toBe('my-id')
  })
})

describe('properties', () => {
  // Mostly plausible values, so that many drafts pass and the round-trip half of the property has
  // something to say; arbitrary strings for the never-throws half.
  const mostly = <T,>(likely: fc.Arbitrary<T>, other: fc.Arbitrary<T>): fc.Arbitrary<T> =>
    fc.oneof({ arbitrary: likely, weight: 6 }, { arbitrary: other, weight: 1 })
  const numberText = mostly(
    fc.oneof(
      fc.constantFrom('0', '.5', '1.', '0.10', '100', '0.001', '0.0010', '50000.5'),
      fc.tuple(fc.nat({ max: 60_000 }), fc.nat({ max: 99 }), fc.nat({ max: 3 })).map(([i, f, z]) => `${i}.${'0'.repeat(z)}${f}`),
      fc.nat({ max: 100 }).map(String),
    ),
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', ' ', '1e5', '-1', '+1', '1,5', '100.0001', '__proto__')),
  )
  const draftArb = fc.record(
    {
      pair: mostly(fc.constantFrom('BTC_USDT', 'btc_usdt'), fc.oneof(fc.constantFrom('ETH_USDT', ''), fc.string({ maxLength: 10 }))),
      order_type: mostly(fc.constantFrom('MARKET', 'LIMIT', 'STOP_LIMIT', 'limit'), fc.string({ maxLength: 10 })),
      order_side: mostly(fc.constantFrom('BUY', 'SELL', 'bid', 'ASK'), fc.string({ maxLength: 6 })),
      wallet_type: mostly(fc.constantFrom('SPOT', 'FUNDING', 'MARGIN_CROSS', 'P2P'), fc.string({ maxLength: 8 })),
      base_amount: numberText,
      quote_amount: numberText,
      limit_price: numberText,
      stop_price: numberText,
      stop_operator: mostly(fc.constantFrom('GTE', 'LTE', 'lte'), fc.string({ maxLength: 4 })),
      client_order_id: mostly(fc.constantFrom('', 'abc-1'), fc.string({ maxLength: 70 })),
    },
    { requiredKeys: ['pair', 'order_type', 'order_side', 'wallet_type'] },
  )
  const ctxArb = fc.record({
    pair: fc.constantFrom<Pair | null>(BTC_USDT, null, { ...BTC_USDT, amount_precision: 0, price_precision: 8 }),
    bestBid: fc.constantFrom<string | null>(null, '50000', '0.5'),
    bestAsk: fc.constantFrom<string | null>(null, '50010'),
    available: fc.constantFrom<OrderContext['available']>(null, { base: '1', quote: '10000' }),
    fee: fc.constantFrom<OrderContext['fee']>(null, { makerRate: '0.001', takerRate: '0.002', currency: null }),
  })

  it('validateOrder never throws, and an accepted draft builds a body whose numbers round-trip', () => {
    let accepted = 0
    fc.assert(
      fc.property(draftArb, ctxArb, (draft, ctx) => {
        const check = validateOrder(draft, ctx)
        if (check.errors.length > 0) {
          expect(() => buildOrderBody(draft, ctx, 'tt-prop')).toThrow(TerminalError)
          return
        }
        accepted += 1
        const body = buildOrderBody(draft, ctx, 'tt-prop')
        const text = JSON.stringify(body)
        expect(text).not.toMatch(/\d[eE][+-]?\d/)
        for (const key of ['base_amount', 'quote_amount', 'limit_price', 'stop_price'] as const) {
          const value = body[key]
          if (value === undefined) continue
          expect(new Decimal(value).toFixed()).toBe(value) // canonical
          expect(new Decimal(value).eq(new Decimal((draft[key] ?? '').trim()))).toBe(true) // what the user typed
        }
        // The body, read back as a draft, passes the same rules and builds the same body.
        const again: OrderDraft = JSON.parse(text)
        expect(validateOrder(again, ctx).errors).toEqual([])
        expect(JSON.stringify(buildOrderBody(again, ctx, 'tt-prop'))).toBe(text)
      }),
      { numRuns: 3000, seed: 4242 },
    )
    expect(accepted).toBeGreaterThan(100) // the generator reaches valid drafts, so the property says something
  })

  it('validateOrder never throws on drafts of any shape', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 15 }), fc.oneof(fc.string(), fc.integer(), fc.constant(null))), ctxArb, (draft, ctx) => {
        const check = validateOrder(draft as unknown as OrderDraft, ctx)
        expect(Array.isArray(check.errors)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})

describe('speed', () => {
  it('validates an order well under a millisecond (budget 0.05 ms; asserted with room for a busy machine)', () => {
    const drafts = [LIMIT_BUY, STOP_BUY, MARKET_BUY, MARKET_SELL, { ...LIMIT_BUY, base_amount: '1,5' }]
    for (let i = 0; i < 500; i += 1) validateOrder(drafts[i % drafts.length]!, CTX) // warm up
    const n = 5000
    const start = performance.now()
    for (let i = 0; i < n; i += 1) validateOrder(drafts[i % drafts.length]!, CTX)
    const perCall = (performance.now() - start) / n
    expect(perCall).toBeLessThan(0.25)
  })
})
