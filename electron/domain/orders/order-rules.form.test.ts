// What the order form shows beside the rules' verdict: the estimated value and fee (in the currency
// it is charged in, rounded up), which fields each type and side asks for, how side and wallet aliases
// read, and the balance presets (a share of what is available, rounded down to amounts the rules take).
import { describe, expect, it } from 'vitest'
import { fieldsFor, normalizeSide, normalizeWalletType, presetAmount, validateOrder } from './order-rules'
import { CTX, LIMIT_BUY, LIMIT_SELL, MARKET_BUY, MARKET_SELL, STOP_BUY } from '../test/order-rules.test-util'

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
  it("uses the rule fee currency when it names one; another currency than the pair's has no amount", () => {
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

describe('normalizeSide, normalizeWalletType, fieldsFor', () => {
  it.each([
    ['BUY', 'BUY'],
    ['buy', 'BUY'],
    [' Bid ', 'BUY'],
    ['SELL', 'SELL'],
    ['ask', 'SELL'],
    ['', null],
    ['B', null],
    ['__proto__', null],
  ])('side %j → %j', (text, side) => expect(normalizeSide(text)).toBe(side))
  it.each([
    ['SPOT', 'SPOT'],
    ['spot', 'SPOT'],
    ['CROSS_MARGIN', 'CROSS_MARGIN'],
    ['MARGIN_CROSS', 'CROSS_MARGIN'],
    ['ISOLATED_MARGIN', 'ISOLATED_MARGIN'],
    ['margin_isolated', 'ISOLATED_MARGIN'],
    ['P2P', 'P2P'],
    [' funding ', 'P2P'],
    ['MARGIN', null],
    ['', null],
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
