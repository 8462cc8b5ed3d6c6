// Each fault mode, switched on and off per server instance, as a client would experience it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DemoExchange } from './server'
import { Session, hmacHex, raw, startTestExchange } from './test/test-kit.test-util'

let ex: DemoExchange
let master: Session
beforeAll(async () => {
  ex = await startTestExchange()
  master = await Session.open(ex, 0)
})
afterEach(() => ex.setFaults({}))
afterAll(() => ex.close())

const ORDER = { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: '20000' }

describe('fault modes', () => {
  it('latencyMs delays every answer', async () => {
    ex.setFaults({ latencyMs: 150 })
    const t0 = Date.now()
    expect((await raw(ex, 'GET', '/time')).status).toBe(200)
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140)
  })

  it("latencyMs past the client's patience: the client gives up, the order still executes when the delay ends", async () => {
    ex.setFaults({ latencyMs: 400, onlyPaths: ['/trading/order'] })
    const before = ex.stats().ordersPlaced
    const bodyText = JSON.stringify({ ...ORDER, client_order_id: 'late-order' })
    const headers = { authorization: `Bearer ${master.token}`, 'x-sign': hmacHex(master.account.apiSecret, bodyText), 'content-type': 'application/json' }
    const gaveUp = fetch(`${ex.baseUrl}/trading/order`, { method: 'POST', headers, body: bodyText, signal: AbortSignal.timeout(100) })
    await expect(gaveUp).rejects.toThrow()
    expect(ex.stats().ordersPlaced).toBe(before) // not yet
    await new Promise((r) => setTimeout(r, 500))
    expect(ex.stats().ordersPlaced).toBe(before + 1)
    expect((await master.orders()).filter((o) => o.client_order_id === 'late-order')).toHaveLength(1)
    await master.cancel({ all: true })
  })

  it('dropOrderResponse executes the order exactly once and closes the socket unanswered', async () => {
    ex.setFaults({ dropOrderResponse: true })
    const before = ex.stats().ordersPlaced
    await expect(master.order({ ...ORDER, client_order_id: 'lost-answer' })).rejects.toThrow()
    expect(ex.stats().ordersPlaced).toBe(before + 1)
    // other requests are answered normally, and the order can be found by its client_order_id
    const found = (await master.orders()).filter((o) => o.client_order_id === 'lost-answer')
    expect(found).toHaveLength(1)
    expect(found[0]!.status).toBe('OPEN')
    await master.cancel({ all: true })
  })

  it('dropCancelResponse executes the cancel once and closes the socket unanswered; orders are still answered', async () => {
    const placed = await master.order({ ...ORDER, client_order_id: 'cancel-lost' })
    const id = (placed.json as number[])[0]!
    ex.setFaults({ dropCancelResponse: true, failTimes: 1 })
    const before = ex.stats()
    await expect(master.cancel({ order_ids: [id] })).rejects.toThrow()
    expect(ex.stats().cancelRequests).toBe(before.cancelRequests + 1)
    // the cancel happened: the order's record says so
    expect((await master.orders()).find((o) => o.client_order_id === 'cancel-lost')?.status).toBe('CANCELLED')
    // the one counted failure is used up: the next cancel is answered
    const again = await master.cancel({ order_ids: [id] })
    expect(again.status).toBe(200)
    // and an order's answer was never dropped by it
    ex.setFaults({ dropCancelResponse: true })
    expect((await master.order(ORDER)).status).toBe(200)
    await master.cancel({ all: true }).catch(() => undefined)
  })

  it('serverError answers that status to every request, without executing anything', async () => {
    ex.setFaults({ serverError: 503 })
    expect((await raw(ex, 'GET', '/currencies')).status).toBe(503)
    const before = ex.stats().ordersPlaced
    const r = await master.order(ORDER).catch(() => null)
    expect(r?.status).toBe(503)
    expect(ex.stats().ordersPlaced).toBe(before)
  })

  it('failTimes limits a failure to the next N requests', async () => {
    ex.setFaults({ serverError: 500, failTimes: 2 })
    const statuses: number[] = []
    for (let i = 0; i < 4; i++) statuses.push((await raw(ex, 'GET', '/time')).status)
    expect(statuses).toEqual([500, 500, 200, 200])
  })

  it('rateLimit answers 429 with Retry-After', async () => {
    ex.setFaults({ rateLimit: { retryAfterSec: 7 } })
    const r = await raw(ex, 'GET', '/trades?pair=BTC_USDT')
    expect(r.status).toBe(429)
    expect(r.headers.get('retry-after')).toBe('7')
    expect(r.json).toMatchObject({ code: 'RATE_LIMITED' })
  })

  it('expiredToken rejects every bearer token with TOKEN_EXPIRED while public data still works', async () => {
    ex.setFaults({ expiredToken: true })
    const r = await master.get('/accounts/balances')
    expect(r.status).toBe(401)
    expect(r.json).toMatchObject({ code: 'TOKEN_EXPIRED' })
    expect((await raw(ex, 'GET', '/pairs')).status).toBe(200)
    const fresh = await Session.open(ex, 0)
    expect((await fresh.get('/accounts/balances')).status).toBe(401)
    ex.setFaults({})
    expect((await master.get('/accounts/balances')).status).toBe(200)
  })

  it('malformedJson answers 200 with a truncated JSON body', async () => {
    ex.setFaults({ malformedJson: true })
    for (const path of ['/currencies', '/time', '/trades?pair=ETH_USDT']) {
      const r = await raw(ex, 'GET', path)
      expect(r.status).toBe(200)
      expect(r.headers.get('content-type')).toMatch(/application\/json/)
      expect(r.text.length).toBeGreaterThan(0)
      expect(() => JSON.parse(r.text)).toThrow()
    }
  })

  it('htmlGateway answers a 502 HTML page', async () => {
    ex.setFaults({ htmlGateway: true })
    const r = await master.get('/accounts/balances')
    expect(r.status).toBe(502)
    expect(r.headers.get('content-type')).toMatch(/text\/html/)
    expect(r.text).toMatch(/<html>[\s\S]*502 Bad Gateway/)
  })

  it('clockSkewSec shifts /time and the token times consistently', async () => {
    ex.setFaults({ clockSkewSec: 3600 })
    const serverTime = ((await raw(ex, 'GET', '/time')).json as { serverTime: number }).serverTime
    expect(Math.abs(serverTime - (Date.now() / 1000 + 3600))).toBeLessThan(3)
    const token = (await Session.open(ex, 0)).token
    const claims = JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString('utf8')) as { iat: number; exp: number }
    expect(Math.abs(claims.iat - serverTime)).toBeLessThan(3)
    // the skewed server still accepts its own tokens
    expect((await new Session(ex, ex.accounts[0]!, token).get('/accounts/balances')).status).toBe(200)
  })

  it('onlyPaths confines faults to matching paths', async () => {
    ex.setFaults({ serverError: 502, onlyPaths: ['/trading/order'] })
    expect((await raw(ex, 'GET', '/trades?pair=BTC_USDT')).status).toBe(200)
    expect((await master.get('/accounts/order')).status).toBe(200)
    const before = ex.stats().ordersPlaced
    expect((await master.order(ORDER)).status).toBe(502)
    expect(ex.stats().ordersPlaced).toBe(before)
  })

  it('setFaults({}) clears everything and stats count requests', async () => {
    ex.setFaults({ htmlGateway: true, latencyMs: 50 })
    ex.setFaults({})
    const before = ex.stats().requests
    expect((await raw(ex, 'GET', '/time')).status).toBe(200)
    expect((await raw(ex, 'GET', '/nope')).status).toBe(404)
    expect(ex.stats().requests).toBe(before + 2)
  })
})
