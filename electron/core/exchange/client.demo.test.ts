// The client against the real demo exchange over HTTP: every endpoint, and every fault mode the demo
// can be switched into. Requests are counted through a recording fetch, so each test can say how many
// tries, re-authentications and order POSTs actually happened.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDemoExchange, type DemoExchange } from '../../demo-exchange/server'
import { TerminalError } from '../../domain/errors'
import type { PlaceOrderBody } from '../../domain/wire'
import { createExchangeClient, type ExchangeClient, type ExchangeClientOptions } from './client'

let demo: DemoExchange
beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 42, live: false, historyDays: 1 })
})
afterAll(async () => {
  await demo.close()
})
afterEach(() => {
  demo.setFaults({})
})

interface Recorded {
  method: string
  path: string
}

function connect(overrides: Partial<ExchangeClientOptions> = {}, accountIndex = 0) {
  const seen: Recorded[] = []
  const sleeps: number[] = []
  const account = demo.accounts[accountIndex]!
  const client = createExchangeClient({
    baseUrl: demo.baseUrl,
    credentials: async () => ({ apiKey: account.apiKey, apiSecret: account.apiSecret }),
    timeoutMs: 3_000,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    fetch: (input, init) => {
      const url = new URL(String(input))
      seen.push({ method: init?.method ?? 'GET', path: url.pathname.replace('/api/v3', '') })
      return fetch(input, init)
    },
    ...overrides,
  })
  const count = (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path).length
  return { client, seen, sleeps, count, account }
}

async function failure(promise: Promise<unknown>): Promise<TerminalError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(TerminalError)
    return error as TerminalError
  }
  throw new Error('expected the call to fail')
}

/** A limit buy far below the market: it rests in the book and changes nothing else. */
async function restingBuy(client: ExchangeClient, clientOrderId: string): Promise<PlaceOrderBody> {
  const [ticker] = await client.ticker({ pair: 'BTC_USDT' })
  const price = (Math.floor(Number(ticker!.buy) * 0.8 * 100) / 100).toFixed(2)
  return { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: price, client_order_id: clientOrderId }
}

describe('every endpoint against the demo exchange', () => {
  it('market data: currencies, pairs, candles, trades, time, ticker, orderbook', async () => {
    const { client } = connect()
    const currencies = await client.currencies()
    expect(currencies.map((c) => c.short_name)).toEqual(expect.arrayContaining(['BTC', 'USDT']))

    const pairs = await client.pairs()
    const btc = pairs.find((p) => p.name === 'BTC_USDT')!
    expect(typeof btc.minimum_order_size).toBe('string')
    expect((await client.pairs({ currency2: 'BTC' })).every((p) => p.currency2 === 'BTC')).toBe(true)

    const candles = await client.candles({ pair: 'BTC_USDT', interval: '5', limit: 20 })
    expect(candles.length).toBeGreaterThan(0)
    expect(candles.length).toBeLessThanOrEqual(20)
    for (let i = 1; i < candles.length; i++) expect(candles[i]!.time - candles[i - 1]!.time).toBeGreaterThan(0)

    const trades = await client.trades({ pair: 'BTC_USDT', limit: 5 })
    expect(trades.length).toBeGreaterThan(0)
    expect(trades.length).toBeLessThanOrEqual(5)
    expect(trades[0]!.price).toMatch(/^\d+(\.\d+)?$/)

    const { serverTime } = await client.time()
    expect(Math.abs(serverTime * 1000 - Date.now())).toBeLessThan(5_000)

    const all = await client.ticker()
    expect(all.length).toBe(pairs.length)
    const [one] = await client.ticker({ pair: 'BTC_USDT' })
    expect(one!.pair).toBe('BTC_USDT')
    expect(Number(one!.sell)).toBeGreaterThanOrEqual(Number(one!.buy))

    const book = await client.orderbook({ pair: 'BTC_USDT', limit_buy: 3, limit_sell: 2 })
    expect(book.buy.length).toBeLessThanOrEqual(3)
    expect(book.sell.length).toBeLessThanOrEqual(2)
  })

  it('account data: accounts (with sub-accounts), balances, fee rules, recent orders', async () => {
    const { client, account } = connect()
    expect((await client.accounts()).map((a) => a.id)).toEqual([account.id])
    const family = await client.accounts({ include_subaccounts: true })
    expect(family.map((a) => a.id)).toEqual(demo.accounts.map((a) => a.id))
    expect(family.filter((a) => a.parent_id === account.id)).toHaveLength(2)

    const balances = await client.balances()
    expect(balances.length).toBeGreaterThan(0)
    // The master key sees its whole tree's balances, each row tagged with its account.
    expect(new Set(balances.map((b) => b.account_id))).toEqual(new Set(demo.accounts.map((a) => a.id)))

    const rules = await client.feeInfo()
    expect(rules.length).toBeGreaterThan(0)
    expect(rules.some((r) => r.account_id === account.id)).toBe(true)
    expect(rules.every((r) => demo.accounts.some((a) => a.id === r.account_id))).toBe(true)

    expect(Array.isArray(await client.recentOrders())).toBe(true)
  })

  it('places an order, finds it in the recent orders, cancels it by id, then cancels all', async () => {
    const { client, count } = connect()
    const body = await restingBuy(client, 'it-place-1')
    const before = demo.stats().ordersPlaced
    const ids = await client.placeOrder(body)
    expect(ids).toHaveLength(1)
    expect(demo.stats().ordersPlaced).toBe(before + 1)
    const recent = await client.recentOrders()
    expect(recent.find((o) => o.id === ids[0])).toMatchObject({ client_order_id: 'it-place-1', status: 'OPEN', side: 'BID' })

    const cancelled = await client.cancelOrders({ order_ids: [ids[0]!, 99_999_999] })
    expect(cancelled.kind).toBe('by-ids')
    if (cancelled.kind === 'by-ids') expect(Object.keys(cancelled.results)).toEqual(expect.arrayContaining([String(ids[0])]))
    expect(await client.cancelOrders({ all: true })).toEqual({ kind: 'accepted' })
    expect(await client.cancelOrders({ pair: 'BTC_USDT' })).toEqual({ kind: 'accepted' })
    expect(count('POST', '/auth')).toBe(1)
  })

  it('maps a server rejection onto the order field with the server code', async () => {
    const { client } = connect()
    const body = await restingBuy(client, 'it-reject')
    const error = await failure(client.placeOrder({ ...body, base_amount: '1000000' }))
    expect(error.kind).toBe('rejected')
    expect(error.status).toBe(400)
    expect(error.field).toBe('base_amount')
    expect(error.code).toMatch(/^[A-Z_]+$/)
  })

  it('a wrong secret is an authentication error (exit-code 6 material) after one try', async () => {
    const { client } = connect({ credentials: async () => ({ apiKey: demo.accounts[0]!.apiKey, apiSecret: 'wrong-secret-value' }) })
    const error = await failure(client.balances())
    expect(error).toMatchObject({ kind: 'auth', status: 401 })
    expect(error.message).not.toContain('wrong-secret-value')
  })

  it('one authentication serves 10 concurrent private calls', async () => {
    const { client, count } = connect()
    await Promise.all(Array.from({ length: 10 }, () => client.balances()))
    expect(count('POST', '/auth')).toBe(1)
  })
})

describe('fault modes of the demo exchange', () => {
  it('latencyMs beyond the timeout: a GET times out after 3 tries', async () => {
    demo.setFaults({ latencyMs: 400 })
    const { client, count } = connect({ timeoutMs: 100 })
    expect((await failure(client.currencies())).kind).toBe('timeout')
    expect(count('GET', '/currencies')).toBe(3)
  })

  it('latencyMs within the timeout: answers arrive, late', async () => {
    demo.setFaults({ latencyMs: 60 })
    const { client } = connect()
    const started = Date.now()
    expect((await client.currencies()).length).toBeGreaterThan(0)
    expect(Date.now() - started).toBeGreaterThanOrEqual(55)
  })

  it('latencyMs on an order beyond the timeout: outcome unknown, one POST', async () => {
    const { client, count } = connect({ timeoutMs: 250 })
    const body = await restingBuy(client, 'it-slow-order')
    demo.setFaults({ latencyMs: 600, onlyPaths: ['/trading'] })
    expect((await failure(client.placeOrder(body))).kind).toBe('outcome-unknown')
    expect(count('POST', '/trading/order')).toBe(1)
  })

  it('dropOrderResponse: the order is executed, the client reports outcome unknown and sent it once', async () => {
    const { client, count } = connect()
    const body = await restingBuy(client, 'it-drop-1')
    const before = demo.stats().ordersPlaced
    demo.setFaults({ dropOrderResponse: true })
    const error = await failure(client.placeOrder(body))
    expect(error.kind).toBe('outcome-unknown')
    expect(count('POST', '/trading/order')).toBe(1)
    expect(demo.stats().ordersPlaced).toBe(before + 1)
    demo.setFaults({})
    expect((await client.recentOrders()).filter((o) => o.client_order_id === 'it-drop-1')).toHaveLength(1)
  })

  it('serverError: a GET is tried 3 times, then kind server', async () => {
    const { client, count, sleeps } = connect()
    demo.setFaults({ serverError: 503 })
    expect(await failure(client.pairs())).toMatchObject({ kind: 'server', status: 503 })
    expect(count('GET', '/pairs')).toBe(3)
    expect(sleeps).toHaveLength(2)
  })

  it('serverError with failTimes 2: the third try of a GET succeeds', async () => {
    const { client, count } = connect()
    demo.setFaults({ serverError: 500, failTimes: 2 })
    expect((await client.pairs()).length).toBeGreaterThan(0)
    expect(count('GET', '/pairs')).toBe(3)
  })

  it('serverError on an order: outcome unknown, one POST, and the exchange holds no order', async () => {
    const { client, count } = connect()
    const body = await restingBuy(client, 'it-5xx-order')
    const before = demo.stats().ordersPlaced
    demo.setFaults({ serverError: 502, onlyPaths: ['/trading/order'] })
    expect(await failure(client.placeOrder(body))).toMatchObject({ kind: 'outcome-unknown', status: 502 })
    expect(count('POST', '/trading/order')).toBe(1)
    expect(demo.stats().ordersPlaced).toBe(before)
  })

  it('rateLimit with a short Retry-After: the GET waits exactly that long and succeeds', async () => {
    const { client, sleeps } = connect()
    demo.setFaults({ rateLimit: { retryAfterSec: 2 }, failTimes: 1 })
    expect((await client.currencies()).length).toBeGreaterThan(0)
    expect(sleeps).toEqual([2000])
  })

  it('rateLimit with a Retry-After beyond the cap: kind rate-limited at once, with retryAfterMs', async () => {
    const { client, count } = connect()
    demo.setFaults({ rateLimit: { retryAfterSec: 120 } })
    expect(await failure(client.currencies())).toMatchObject({ kind: 'rate-limited', retryAfterMs: 120_000 })
    expect(count('GET', '/currencies')).toBe(1)
  })

  it('rateLimit on an order: refused, not retried, nothing placed', async () => {
    const { client, count } = connect()
    const body = await restingBuy(client, 'it-429-order')
    const before = demo.stats().ordersPlaced
    demo.setFaults({ rateLimit: { retryAfterSec: 1 }, onlyPaths: ['/trading'] })
    expect((await failure(client.placeOrder(body))).kind).toBe('rate-limited')
    expect(count('POST', '/trading/order')).toBe(1)
    expect(demo.stats().ordersPlaced).toBe(before)
  })

  it('expiredToken: one re-authentication, then kind auth; public data still works', async () => {
    const { client, count } = connect()
    demo.setFaults({ expiredToken: true })
    expect(await failure(client.balances())).toMatchObject({ kind: 'auth', code: 'TOKEN_EXPIRED' })
    expect(count('POST', '/auth')).toBe(2)
    expect(count('GET', '/accounts/balances')).toBe(2)
    expect((await client.currencies()).length).toBeGreaterThan(0)
  })

  it('expiredToken on an order: re-authenticated once, resent once, never placed', async () => {
    const { client, count } = connect()
    const body = await restingBuy(client, 'it-expired-order')
    const before = demo.stats().ordersPlaced
    demo.setFaults({ expiredToken: true })
    expect((await failure(client.placeOrder(body))).kind).toBe('auth')
    expect(count('POST', '/trading/order')).toBe(2)
    expect(demo.stats().ordersPlaced).toBe(before)
  })

  it('a token that expires between calls is refreshed by one re-auth and the call succeeds', async () => {
    const shortLived = await startDemoExchange({ port: 0, seed: 43, live: false, historyDays: 1, tokenLifetimeSec: 1 })
    try {
      const account = shortLived.accounts[0]!
      let auths = 0
      const client = createExchangeClient({
        baseUrl: shortLived.baseUrl,
        credentials: async () => ({ apiKey: account.apiKey, apiSecret: account.apiSecret }),
        fetch: (input, init) => {
          if (String(input).endsWith('/auth')) auths++
          return fetch(input, init)
        },
      })
      await client.balances()
      await new Promise((resolve) => setTimeout(resolve, 1_100))
      expect((await client.balances()).length).toBeGreaterThan(0)
      expect(auths).toBe(2)
    } finally {
      await shortLived.close()
    }
  })

  it('malformedJson: a GET answer cut in half is kind malformed, naming the endpoint', async () => {
    const { client } = connect()
    demo.setFaults({ malformedJson: true })
    const error = await failure(client.pairs())
    expect(error.kind).toBe('malformed')
    expect(error.message).toContain('GET /pairs')
  })

  it('malformedJson on an order: executed but unreadable, so outcome unknown', async () => {
    const { client } = connect()
    const body = await restingBuy(client, 'it-malformed-order')
    const before = demo.stats().ordersPlaced
    demo.setFaults({ malformedJson: true, onlyPaths: ['/trading/order'] })
    expect((await failure(client.placeOrder(body))).kind).toBe('outcome-unknown')
    expect(demo.stats().ordersPlaced).toBe(before + 1)
  })

  it('htmlGateway: a GET is retried, then kind server saying it was a gateway page', async () => {
    const { client, count } = connect()
    demo.setFaults({ htmlGateway: true })
    const error = await failure(client.trades({ pair: 'BTC_USDT' }))
    expect(error).toMatchObject({ kind: 'server', status: 502 })
    expect(error.message).toContain('gateway')
    expect(error.message).not.toContain('nginx')
    expect(count('GET', '/trades')).toBe(3)
  })

  it('htmlGateway with failTimes 1: the retry succeeds', async () => {
    const { client } = connect()
    demo.setFaults({ htmlGateway: true, failTimes: 1 })
    expect((await client.trades({ pair: 'BTC_USDT' })).length).toBeGreaterThan(0)
  })

  it('htmlGateway on an order: outcome unknown', async () => {
    const { client } = connect()
    const body = await restingBuy(client, 'it-html-order')
    demo.setFaults({ htmlGateway: true, onlyPaths: ['/trading/order'] })
    expect((await failure(client.placeOrder(body))).kind).toBe('outcome-unknown')
  })

  it.each([-3600, 3600])('clockSkewSec %i: time() measures the skew and the token is not refreshed on every call', async (skew) => {
    demo.setFaults({ clockSkewSec: skew })
    const { client, count } = connect()
    await client.time()
    expect(Math.abs(client.serverSkewMs()! - skew * 1000)).toBeLessThan(2_000)
    await client.balances()
    await client.feeInfo()
    await client.recentOrders()
    expect(count('POST', '/auth')).toBe(1)
  })

  it('onlyPaths: a fault on the private group leaves market data working', async () => {
    const { client } = connect()
    demo.setFaults({ serverError: 500, onlyPaths: ['/accounts'] })
    expect((await client.currencies()).length).toBeGreaterThan(0)
    expect((await failure(client.balances())).kind).toBe('server')
  })
})
