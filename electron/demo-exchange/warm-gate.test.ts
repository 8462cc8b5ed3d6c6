// What a request needs warmed up before it is served: nothing for what reads no market, its pair for
// a market read, every pair for anything that may trade.
import { describe, expect, it } from 'vitest'
import { warmUpFor } from './warm-gate'

describe('the warm-up a request needs', () => {
  it.each([
    ['GET', '/api/v3/pairs', null],
    ['GET', '/api/v3/currencies', null],
    ['GET', '/api/v3/time', null],
    ['POST', '/api/v3/auth', null],
    ['GET', '/api/v3/accounts/balances', null],
    ['GET', '/api/v3/accounts/order?pair=ETH_USDT', null],
    ['GET', '/api/v3/charts?pair=BTC_USDT&interval=15&limit=500', { pair: 'BTC_USDT' }],
    ['GET', '/api/v3/trades?pair=eth_usdt', { pair: 'ETH_USDT' }],
    ['GET', '/api/v3/orderbook?pair=LTC_USDT', { pair: 'LTC_USDT' }],
    ['GET', '/api/v3/ticker?pair=XRP_USDT', { pair: 'XRP_USDT' }],
    ['GET', '/api/v3/ticker', {}],
    ['POST', '/api/v3/trading/order', {}],
    ['DELETE', '/api/v3/trading/order', {}],
    ['POST', '/__admin/price', {}],
    ['GET', '/api/v3/nowhere', {}],
  ] as const)('%s %s', (method, url, need) => {
    expect(warmUpFor(method, url)).toEqual(need)
  })
})
