import { afterEach, describe, expect, it } from 'vitest'
import { apiRoot, createExchangeClient } from './client'
import { KEY, SECRET, T0, closeStub, failure, orderBody, pairRecord, setup } from './test/client-harness.test-util'
import { startStub } from './test/stub-server.test-util'

afterEach(closeStub)

describe('apiRoot', () => {
  it('keeps a URL that ends in /api/v3 and appends it otherwise', () => {
    expect(apiRoot('https://x.example/api/v3/')).toBe('https://x.example/api/v3')
    expect(apiRoot('http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000/api/v3')
  })
})

describe('public endpoints', () => {
  it('sends the query parameters and no credentials, and parses money as decimal strings', async () => {
    const t = await setup((req) => (req.path === '/api/v3/trades' ? { status: 200, body: [{ id: 1, price: 0.1, amount: 1e-7, timestamp: 1.5, pair: 'BTC_USDT', type: 'buy' }] } : { status: 404 }))
    const trades = await t.client.trades({ pair: 'BTC_USDT', limit: 5 })
    expect(trades).toEqual([expect.objectContaining({ price: '0.1', amount: '0.0000001' })])
    const [req] = t.calls('/trades')
    expect(req!.query.get('pair')).toBe('BTC_USDT')
    expect(req!.query.get('limit')).toBe('5')
    expect(req!.headers.authorization).toBeUndefined()
    expect(t.calls('/auth')).toHaveLength(0)
  })

  it('wraps the single ticker object of one pair into an array', async () => {
    const ticker = { pair: 'BTC_USDT', last: 1, buy: 0.9, sell: 1.1 }
    const t = await setup(() => ({ status: 200, body: ticker }))
    expect(await t.client.ticker({ pair: 'BTC_USDT' })).toEqual([expect.objectContaining({ pair: 'BTC_USDT', buy: '0.9', sell: '1.1' })])
  })

  it('turns a schema mismatch into kind malformed naming the endpoint and path, and does not retry it', async () => {
    const t = await setup(() => ({ status: 200, body: [pairRecord, { ...pairRecord, price_precision: 'two' }] }))
    const error = await failure(t.client.pairs())
    expect(error.kind).toBe('malformed')
    expect(error.message).toContain('GET /pairs')
    expect(error.message).toContain('1.price_precision')
    expect(t.calls('/pairs')).toHaveLength(1)
  })

  it('reports a body that is not JSON as malformed', async () => {
    const t = await setup(() => ({ status: 200, body: '{"truncated": [', headers: { 'content-type': 'application/json' } }))
    expect((await failure(t.client.currencies())).kind).toBe('malformed')
  })

  it('measures the server clock skew with time()', async () => {
    const t = await setup(() => ({ status: 200, body: { serverTime: T0 / 1000 + 120 } }))
    await t.client.time()
    expect(t.client.serverSkewMs()).toBe(120_000)
  })
})

describe('transport', () => {
  it('a refused connection is kind network; an order that could not be sent is not outcome unknown', async () => {
    const dead = await startStub(() => ({ status: 200 }))
    const baseUrl = dead.baseUrl
    await dead.close()
    const client = createExchangeClient({ baseUrl, sleep: async () => {}, credentials: async () => ({ apiKey: KEY, apiSecret: SECRET }) })
    expect(await failure(client.currencies())).toMatchObject({ kind: 'network', code: 'NETWORK_ECONNREFUSED' })
    // The auth request fails first: the order never left.
    expect((await failure(client.placeOrder(orderBody))).kind).toBe('network')
  })

  it('an aborted call rejects with ABORTED and is not retried', async () => {
    const t = await setup(() => ({ hangMs: 1_000 }))
    const controller = new AbortController()
    const pending = t.client.currencies({ signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    expect(await failure(pending)).toMatchObject({ code: 'ABORTED' })
    expect(t.calls('/currencies')).toHaveLength(1)
  })
})
