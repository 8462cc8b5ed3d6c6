// The client against the demo exchange switched into each of its fault modes: how many tries,
// re-authentications and order POSTs actually happened, and what the caller is told.
import { describe, expect, it } from 'vitest'
import { startDemoExchange } from '../../demo-exchange/server'
import { createExchangeClient } from './client'
import { connect, demo, failure, restingBuy, useDemoExchange } from './test/demo-client.test-util'

useDemoExchange()

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
