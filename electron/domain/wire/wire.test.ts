import { describe, expect, it } from 'vitest'
import {
  accountSchema,
  balanceSchema,
  cancelByIdsResponseSchema,
  candleSchema,
  currencySchema,
  errorBodySchema,
  feeRuleSchema,
  orderBookSchema,
  orderRecordSchema,
  pairSchema,
  pairsResponseSchema,
  placeOrderResponseSchema,
  tickerSchema,
  tradeSchema,
} from './wire'

// Records shaped as docs/exchange-api.md describes them, with the extra fields a
// real server adds, as JSON text: numbers arrive exactly as a server would write them.
const PAIR =
  '{"name":"BTC_USDT","currency1":"BTC","currency2":"USDT","price_precision":2,"amount_precision":6,"minimum_order_size":1e-7,"maximum_order_size":1000,"minimum_order_value":10.5,"id":3,"extra":"x"}'
const BALANCE = '{"balance":0.1,"reserve":0.00000002,"currency":"BTC","wallet_type":"SPOT","last_update_at":"2024-06-15T12:00:00Z","account_id":7,"id":99}'
const FEE_RULE =
  '{"account_id":7,"active_once":["2024-01-01T00:00:00Z",null],"taker_fee_rate":0.002,"maker_fee_rate":0.001,"fee_currency":null,"priority":1,"currency":null,"pair":3,"is_active":true,"id":5}'
const TRADE = '{"id":11,"price":50000.01,"amount":0.00012,"timestamp":1718452800.123,"pair":"BTC_USDT","type":"buy","account_id":7}'

describe('money fields become decimal strings', () => {
  it('turns the numbers of a pair into exact decimal strings and keeps extra fields', () => {
    const pair = pairSchema.parse(JSON.parse(PAIR))
    expect(pair.minimum_order_size).toBe('0.0000001')
    expect(pair.maximum_order_size).toBe('1000')
    expect(pair.minimum_order_value).toBe('10.5')
    expect(pair.id).toBe(3)
    expect((pair as Record<string, unknown>).extra).toBe('x')
  })
  it('turns balances, trades and fee rates into decimal strings', () => {
    const balance = balanceSchema.parse(JSON.parse(BALANCE))
    expect([balance.balance, balance.reserve]).toEqual(['0.1', '0.00000002'])
    const trade = tradeSchema.parse(JSON.parse(TRADE))
    expect([trade.price, trade.amount]).toEqual(['50000.01', '0.00012'])
    const rule = feeRuleSchema.parse(JSON.parse(FEE_RULE))
    expect([rule.taker_fee_rate, rule.maker_fee_rate]).toEqual(['0.002', '0.001'])
    expect(rule.active_once).toEqual(['2024-01-01T00:00:00Z', null])
  })
  it('accepts money already written as decimal strings', () => {
    const book = orderBookSchema.parse({ buy: [{ amount: '0.5', price: '49999.5' }], sell: [{ amount: 1, price: 50001 }] })
    expect(book.buy[0]).toEqual({ amount: '0.5', price: '49999.5' })
    expect(book.sell[0]).toEqual({ amount: '1', price: '50001' })
  })
  it('rejects money that is not a number', () => {
    expect(pairSchema.safeParse({ ...JSON.parse(PAIR), minimum_order_size: 'lots' }).success).toBe(false)
    expect(balanceSchema.safeParse({ ...JSON.parse(BALANCE), balance: null }).success).toBe(false)
  })
})

describe('values only drawn (candles, times) accept the exact text the lossless reader hands over', () => {
  it('turns decimal text into numbers for the chart', () => {
    const candle = candleSchema.parse({ time: 1718452800, open: '43000.123456789012345', close: 2, low: '0.5', high: '1e3', volume: '10' })
    expect([candle.open, candle.low, candle.high, candle.volume]).toEqual([Number('43000.123456789012345'), 0.5, 1000, 10])
    expect(tradeSchema.parse({ ...JSON.parse(TRADE), timestamp: '1718452800.123456' }).timestamp).toBeCloseTo(1718452800.123456, 6)
  })
  it('rejects text that is not a number', () => {
    expect(candleSchema.safeParse({ time: 1, open: 'high', close: 1, low: 1, high: 1, volume: 1 }).success).toBe(false)
    expect(candleSchema.safeParse({ time: 1, open: '', close: 1, low: 1, high: 1, volume: 1 }).success).toBe(false)
    expect(candleSchema.safeParse({ time: 1, open: 'high', close: 1, low: 1, high: 1, volume: 1 }).error?.issues[0]).toMatchObject({ path: ['open'], message: 'not a number' })
  })
  it('rejects a number too large to draw (the text of one past the largest double)', () => {
    const parsed = candleSchema.safeParse({ time: 1, open: 1, close: '1e400', low: 1, high: 1, volume: 1 })
    expect(parsed.error?.issues[0]).toMatchObject({ path: ['close'], message: 'not a finite number' })
  })
})

describe('spec-shaped records with extra fields are accepted', () => {
  it.each([
    ['currency', currencySchema, { short_name: 'BTC', sign: '₿', id: 1, icon: 'btc.svg' }],
    ['account (master, parent_id omitted)', accountSchema, { id: 7, email: '<EMAIL>', name: '<NAME>', created: 'x' }],
    ['account (sub-account)', accountSchema, { id: 8, email: '<EMAIL>', name: '<NAME>', parent_id: 7 }],
    ['candle', candleSchema, { time: 1718452800, open: 1, close: 2, low: 0.5, high: 2.5, volume: 10, quoteVolume: 15, tradesCount: 3, takerBuyBaseVolume: 4, takerBuyQuoteVolume: 6, extra: true }],
    ['fee rule with active_once null', feeRuleSchema, { ...JSON.parse(FEE_RULE), active_once: null }],
    [
      'ticker',
      tickerSchema,
      {
        pair: 'BTC_USDT',
        last: 50000,
        buy: 49999,
        sell: 50001,
        high: 51000,
        low: 49000,
        diff: 10,
        diff_percent: 0.02,
        vol: 12,
        open: 49990,
        price_precision: 2,
        amount_precision: 6,
        timestamp: 1718452800,
      },
    ],
    [
      'order record',
      orderRecordSchema,
      {
        id: 1,
        account_id: 7,
        pair: 'BTC_USDT',
        amount: 0.1,
        price: 50000,
        side: 'BID',
        status: 'OPEN',
        type: 'LIMIT',
        wallet_type: 'SPOT',
        amount_canceled: 0,
        amount_filled: 0,
        date: '2024-06-15T12:00:00Z',
        tif: 'GTC',
        stop_price: null,
        client_order_id: 'tt-1',
        extra: 1,
      },
    ],
  ])('%s', (_name, schema, record) => {
    expect(schema.safeParse(record).success).toBe(true)
  })

  it('parses a whole pairs list', () => {
    expect(pairsResponseSchema.parse([JSON.parse(PAIR)])).toHaveLength(1)
  })
})

describe('missing named fields are rejected', () => {
  it.each([
    ['pair without amount_precision', pairSchema, (({ amount_precision: _a, ...rest }) => rest)(JSON.parse(PAIR))],
    ['pair without name', pairSchema, (({ name: _n, ...rest }) => rest)(JSON.parse(PAIR))],
    ['balance without currency', balanceSchema, (({ currency: _c, ...rest }) => rest)(JSON.parse(BALANCE))],
    ['fee rule without priority', feeRuleSchema, (({ priority: _p, ...rest }) => rest)(JSON.parse(FEE_RULE))],
    ['fee rule without active_once', feeRuleSchema, (({ active_once: _a, ...rest }) => rest)(JSON.parse(FEE_RULE))],
    ['trade without price', tradeSchema, (({ price: _p, ...rest }) => rest)(JSON.parse(TRADE))],
    ['account without id', accountSchema, { email: '<EMAIL>', name: '<NAME>' }],
    ['currency without short_name', currencySchema, { sign: '$' }],
    ['candle without close', candleSchema, { time: 1, open: 1, low: 1, high: 1, volume: 1 }],
    ['ticker without best bid', tickerSchema, { pair: 'BTC_USDT', last: 1, sell: 2 }],
    ['order book without sell side', orderBookSchema, { buy: [] }],
  ])('%s', (_name, schema, record) => {
    expect(schema.safeParse(record).success).toBe(false)
  })
})

describe('answers of the order endpoints and errors', () => {
  it('reads the ids of placed orders', () => {
    expect(placeOrderResponseSchema.parse([12, 13])).toEqual([12, 13])
    expect(placeOrderResponseSchema.safeParse(['12']).success).toBe(false)
  })
  it('reads a cancel-by-ids answer', () => {
    expect(cancelByIdsResponseSchema.parse({ '1': 'CANCELLED', '8': 'order not found' })).toEqual({ '1': 'CANCELLED', '8': 'order not found' })
  })
  it('reads an error body, numeric codes included (the public docs show "1003")', () => {
    expect(errorBodySchema.parse({ code: 'INVALID_QUANTITY', message: 'Bad amount' })).toMatchObject({ code: 'INVALID_QUANTITY' })
    expect(errorBodySchema.parse({ code: 1003, message: 'Bad amount', formErrors: [] }).code).toBe('1003')
    expect(errorBodySchema.safeParse({ message: 'no code' }).success).toBe(false)
  })
})
