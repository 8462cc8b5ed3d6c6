// Conformance of order placement, the refusals: each mistake in an order (every rule and limit, a
// body that is not JSON) gets 400 and its own code, the earlier field wins when there are several,
// and nothing is placed or reserved. Accepted orders are in orders.test.ts.
import { describe, expect, it } from 'vitest'
import { LIMIT_BUY, MARKET_BUY, MARKET_SELL } from './test/orders.test-util'
import { ex, master, sub2, useExchangeSessions } from './test/sessions.test-util'

useExchangeSessions()

const STOP = { ...LIMIT_BUY, order_type: 'STOP_LIMIT', stop_price: '31000', stop_operator: 'LTE' }

function without<T extends Record<string, unknown>>(body: T, field: keyof T): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...body }
  delete copy[field as string]
  return copy
}

describe('order rules: each mistake gets 400 and its own code', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['pair missing', without(LIMIT_BUY, 'pair'), 'MISSING_FIELD'],
    ['pair unknown', { ...LIMIT_BUY, pair: 'BTCUSDT' }, 'UNKNOWN_PAIR'],
    ['order_type missing', without(LIMIT_BUY, 'order_type'), 'MISSING_FIELD'],
    ['order_type STOP_MARKET', { ...LIMIT_BUY, order_type: 'STOP_MARKET' }, 'INVALID_ORDER_TYPE'],
    ['order_side missing', without(LIMIT_BUY, 'order_side'), 'MISSING_FIELD'],
    ['order_side LONG', { ...LIMIT_BUY, order_side: 'LONG' }, 'INVALID_ORDER_SIDE'],
    ['wallet_type missing', without(LIMIT_BUY, 'wallet_type'), 'MISSING_FIELD'],
    ['wallet_type SAVINGS', { ...LIMIT_BUY, wallet_type: 'SAVINGS' }, 'INVALID_WALLET_TYPE'],
    ['base_amount missing on LIMIT', without(LIMIT_BUY, 'base_amount'), 'MISSING_FIELD'],
    ['base_amount not a number', { ...LIMIT_BUY, base_amount: 'abc' }, 'INVALID_QUANTITY'],
    ['base_amount exponent text', { ...LIMIT_BUY, base_amount: '1e-2' }, 'INVALID_QUANTITY'],
    ['base_amount boolean', { ...LIMIT_BUY, base_amount: true }, 'INVALID_QUANTITY'],
    ['base_amount zero', { ...LIMIT_BUY, base_amount: '0' }, 'INVALID_QUANTITY'],
    ['base_amount negative', { ...LIMIT_BUY, base_amount: '-1' }, 'INVALID_QUANTITY'],
    ['base_amount more decimals than amount_precision', { ...LIMIT_BUY, base_amount: '0.0100001' }, 'INVALID_QUANTITY'],
    ['base_amount below minimum_order_size', { ...LIMIT_BUY, base_amount: '0.000009' }, 'INVALID_QUANTITY'],
    ['base_amount above maximum_order_size', { ...LIMIT_BUY, base_amount: '100.000001' }, 'INVALID_QUANTITY'],
    ['base_amount above maximum_order_size (number)', { ...LIMIT_BUY, base_amount: 101 }, 'INVALID_QUANTITY'],
    ['limit_price missing', without(LIMIT_BUY, 'limit_price'), 'MISSING_FIELD'],
    ['limit_price not a number', { ...LIMIT_BUY, limit_price: 'cheap' }, 'INVALID_PRICE'],
    ['limit_price zero', { ...LIMIT_BUY, limit_price: 0 }, 'INVALID_PRICE'],
    ['limit_price more decimals than price_precision', { ...LIMIT_BUY, limit_price: '30000.001' }, 'INVALID_PRICE'],
    ['stop_price missing', without(STOP, 'stop_price'), 'MISSING_FIELD'],
    ['stop_price negative', { ...STOP, stop_price: '-5' }, 'INVALID_PRICE'],
    ['stop_price too precise', { ...STOP, stop_price: '31000.123' }, 'INVALID_PRICE'],
    ['stop_operator missing', without(STOP, 'stop_operator'), 'MISSING_FIELD'],
    ['stop_operator EQ', { ...STOP, stop_operator: 'EQ' }, 'INVALID_STOP_OPERATOR'],
    ['market buy without quote_amount', { ...without(MARKET_BUY, 'quote_amount'), base_amount: '0.01' }, 'MISSING_FIELD'],
    ['market buy quote_amount zero', { ...MARKET_BUY, quote_amount: '0' }, 'INVALID_QUANTITY'],
    ['market buy quote_amount more decimals than price_precision', { ...MARKET_BUY, quote_amount: '10.001' }, 'INVALID_QUANTITY'],
    ['market sell without base_amount', { ...without(MARKET_SELL, 'base_amount'), quote_amount: '100' }, 'MISSING_FIELD'],
    ['market sell below minimum_order_value at the best bid', { ...MARKET_SELL, base_amount: '0.00002' }, 'MIN_ORDER_VALUE'],
    ['limit buy beyond the quote balance', { ...LIMIT_BUY, base_amount: '99', limit_price: '60000' }, 'INSUFFICIENT_FUNDS'],
    ['market sell beyond the base balance', { ...MARKET_SELL, pair: 'ETH_USDT', base_amount: '41' }, 'INSUFFICIENT_FUNDS'],
    ['market buy beyond the quote balance', { ...MARKET_BUY, quote_amount: '250000.01' }, 'INSUFFICIENT_FUNDS'],
    ['sell from a wallet without the currency', { ...LIMIT_BUY, order_side: 'SELL', wallet_type: 'P2P', limit_price: '90000' }, 'INSUFFICIENT_FUNDS'],
    // several mistakes at once: the earlier field in the fixed order wins
    ['unknown pair before bad type', { ...LIMIT_BUY, pair: 'NOPE', order_type: 'X' }, 'UNKNOWN_PAIR'],
    ['bad type before bad side', { ...LIMIT_BUY, order_type: 'X', order_side: 'Y' }, 'INVALID_ORDER_TYPE'],
    ['bad side before bad wallet', { ...LIMIT_BUY, order_side: 'Y', wallet_type: 'Z' }, 'INVALID_ORDER_SIDE'],
    ['bad wallet before bad amount', { ...LIMIT_BUY, wallet_type: 'Z', base_amount: 'x' }, 'INVALID_WALLET_TYPE'],
    ['bad amount before bad price', { ...LIMIT_BUY, base_amount: 'x', limit_price: 'y' }, 'INVALID_QUANTITY'],
    ['bad price before bad operator', { ...STOP, stop_price: 'y', stop_operator: 'EQ' }, 'INVALID_PRICE'],
    ['bad amount before funds', { ...LIMIT_BUY, base_amount: '100.5', limit_price: '60000' }, 'INVALID_QUANTITY'],
  ]
  it.each(cases)('%s', async (_name, body, code) => {
    const before = ex.stats().ordersPlaced
    const r = await master.order(body)
    expect(r.status, r.text).toBe(400)
    expect(r.json).toMatchObject({ code })
    expect(typeof (r.json as { message: unknown }).message).toBe('string')
    expect(ex.stats().ordersPlaced).toBe(before)
  })

  it('checks the minimum value before funds (an account without BTC still gets MIN_ORDER_VALUE)', async () => {
    const r = await sub2.order({ ...MARKET_SELL, base_amount: '0.00002' })
    expect(r.json).toMatchObject({ code: 'MIN_ORDER_VALUE' })
  })

  it('rejects a body that is not a JSON object with INVALID_BODY', async () => {
    for (const text of ['not json', '[1,2]', '"LIMIT"', 'null']) {
      const r = await master.send('POST', '/trading/order', text)
      expect(r.status).toBe(400)
      expect(r.json).toMatchObject({ code: 'INVALID_BODY' })
    }
  })

  it('leaves balances untouched by a rejected order', async () => {
    const before = await master.get('/accounts/balances')
    await master.order({ ...LIMIT_BUY, base_amount: '99', limit_price: '60000' })
    const after = await master.get('/accounts/balances')
    expect(after.json).toEqual(before.json)
  })
})
