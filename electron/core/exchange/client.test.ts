import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import type { PlaceOrderBody } from '../../domain/wire'
import { TerminalError } from '../../domain/errors'
import { apiRoot, createExchangeClient, type ClientStatus, type ExchangeClientOptions } from './client'
import { fakeJwt, startStub, type StubHandler, type StubServer } from './stub-server.test-util'

const KEY = 'key-0123456789'
const SECRET = 'secret-abcdefghij'
const T0 = 1_700_000_000_000

let stub: StubServer | null = null
afterEach(async () => {
  await stub?.close()
  stub = null
})

const pairRecord = { name: 'BTC_USDT', currency1: 'BTC', currency2: 'USDT', price_precision: 2, amount_precision: 6, minimum_order_size: 0.0001, maximum_order_size: 100, minimum_order_value: 10 }
const orderBody: PlaceOrderBody = { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.5', limit_price: '25000.1', client_order_id: 'tt-1' }

/** Answers /auth with a token valid 300 s; everything else goes to `rest`. */
function withAuth(rest: StubHandler, clock: () => number = () => T0): StubHandler {
  let issued = 0
  return (req, index) => {
    if (req.path === '/api/v3/auth') {
      issued++
      const nowSec = Math.floor(clock() / 1000)
      return { status: 200, body: JSON.stringify(fakeJwt({ exp: nowSec + 300, iat: nowSec, n: issued })), headers: { 'content-type': 'application/json' } }
    }
    return rest(req, index)
  }
}

async function setup(handler: StubHandler, overrides: Partial<ExchangeClientOptions> = {}) {
  stub = await startStub(handler)
  const sleeps: number[] = []
  const statuses: ClientStatus[] = []
  let clock = T0
  const client = createExchangeClient({
    baseUrl: stub.baseUrl,
    credentials: async () => ({ apiKey: KEY, apiSecret: SECRET }),
    timeoutMs: 2_000,
    now: () => clock,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    random: () => 0.5,
    onStatus: (s) => statuses.push(s),
    ...overrides,
  })
  const server = stub
  const calls = (path: string) => server.requests.filter((r) => r.path === `/api/v3${path}`)
  return { client, stub: server, sleeps, statuses, calls, advance: (ms: number) => (clock += ms) }
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

describe('apiRoot', () => {
  it('keeps a URL that ends in /api/v3 and appends it otherwise', () => {
    expect(apiRoot('https://x.example/api/v3/')).toBe('https://x.example/api/v3')
    expect(apiRoot('http://127.0.0.1:5000')).toBe('http://127.0.0.1:5000/api/v3')
  })
})

describe('public endpoints', () => {
  it('sends the query parameters and no credentials, and parses money as decimal strings', async () => {
    const t = await setup((req) =>
      req.path === '/api/v3/trades' ? { status: 200, body: [{ id: 1, price: 0.1, amount: 1e-7, timestamp: 1.5, pair: 'BTC_USDT', type: 'buy' }] } : { status: 404 },
    )
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

describe('authentication', () => {
  it('POSTs the exact auth body to {base}/auth, then sends Bearer on private requests', async () => {
    const t = await setup(withAuth(() => ({ status: 200, body: [] })))
    await t.client.balances()
    const [auth] = t.calls('/auth')
    expect(auth!.method).toBe('POST')
    expect(auth!.body).toBe(`{"api_key":"${KEY}","api_secret":"${SECRET}"}`)
    const [balances] = t.calls('/accounts/balances')
    expect(balances!.headers.authorization).toMatch(/^Bearer ey/)
    expect(balances!.headers['x-sign']).toBeUndefined() // a GET has no body to sign
  })

  it('accepts a token answered as text/plain', async () => {
    const token = fakeJwt({ exp: T0 / 1000 + 300 })
    const t = await setup((req) => (req.path === '/api/v3/auth' ? { status: 200, body: token } : { status: 200, body: [] }))
    await t.client.feeInfo()
    expect(t.calls('/accounts/feeinfo')[0]!.headers.authorization).toBe(`Bearer ${token}`)
  })

  it('authenticates once for 10 concurrent private calls', async () => {
    const t = await setup(withAuth(() => ({ status: 200, body: [] })))
    await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? t.client.balances() : t.client.recentOrders())))
    expect(t.calls('/auth')).toHaveLength(1)
  })

  it('refreshes the token before it expires, not after a failure', async () => {
    let clock = T0
    const t = await setup(withAuth(() => ({ status: 200, body: [] }), () => clock), { now: () => clock })
    await t.client.balances()
    clock += 200_000
    await t.client.balances()
    expect(t.calls('/auth')).toHaveLength(1)
    clock += 75_000 // 25 s before exp
    await t.client.balances()
    expect(t.calls('/auth')).toHaveLength(2)
    const [first, , third] = t.calls('/accounts/balances')
    expect(third!.headers.authorization).not.toBe(first!.headers.authorization)
  })

  it('on a 401 re-authenticates once and repeats the request once', async () => {
    let refused = 0
    const t = await setup(
      withAuth(() => {
        if (refused++ === 0) return { status: 401, body: { code: 'TOKEN_EXPIRED', message: 'expired' } }
        return { status: 200, body: [] }
      }),
    )
    expect(await t.client.balances()).toEqual([])
    expect(t.calls('/auth')).toHaveLength(2)
    expect(t.calls('/accounts/balances')).toHaveLength(2)
    expect(t.statuses.map((s) => s.state)).toEqual(['reauthenticating', 'online'])
  })

  it('reports kind auth after the one re-authentication also gets a 401', async () => {
    const t = await setup(withAuth(() => ({ status: 401, body: { code: 'UNAUTHORIZED', message: 'bad token' } })))
    const error = await failure(t.client.accounts({ include_subaccounts: true }))
    expect(error).toMatchObject({ kind: 'auth', code: 'UNAUTHORIZED' })
    expect(t.calls('/auth')).toHaveLength(2)
    expect(t.calls('/accounts/accounts')).toHaveLength(2)
    expect(t.calls('/accounts/accounts')[0]!.query.get('include_subaccounts')).toBe('true')
  })

  it('a refused key is kind auth and the secret appears in no message', async () => {
    const t = await setup((req) =>
      req.path === '/api/v3/auth' ? { status: 401, body: { code: 'INVALID_KEY', message: `unknown key ${KEY} with secret ${SECRET}` } } : { status: 200, body: [] },
    )
    const error = await failure(t.client.balances())
    expect(error).toMatchObject({ kind: 'auth', code: 'INVALID_KEY' })
    expect(error.message).not.toContain(SECRET)
    expect(JSON.stringify(error.toData())).not.toContain(SECRET)
  })

  it('without credentials a private call fails with kind auth and sends nothing', async () => {
    const t = await setup(() => ({ status: 200, body: [] }), { credentials: undefined })
    expect(await failure(t.client.balances())).toMatchObject({ kind: 'auth', code: 'NO_CREDENTIALS' })
    expect(t.stub.requests).toHaveLength(0)
  })
})

describe('signed requests', () => {
  it('X-SIGN is the HMAC of the exact bytes that arrived', async () => {
    const t = await setup(withAuth(() => ({ status: 200, body: [42] })))
    expect(await t.client.placeOrder(orderBody)).toEqual([42])
    const [post] = t.calls('/trading/order')
    expect(post!.body).toBe(JSON.stringify(orderBody))
    expect(post!.headers['content-type']).toBe('application/json')
    expect(post!.headers['x-sign']).toBe(createHmac('sha256', SECRET).update(post!.body).digest('hex'))
  })

  it('after a 401 the order is resent once with the same bytes and signature', async () => {
    let n = 0
    const t = await setup(withAuth(() => (n++ === 0 ? { status: 401, body: { code: 'TOKEN_EXPIRED', message: 'x' } } : { status: 200, body: [7] })))
    expect(await t.client.placeOrder(orderBody)).toEqual([7])
    const [first, second] = t.calls('/trading/order')
    expect(second!.body).toBe(first!.body)
    expect(second!.headers['x-sign']).toBe(first!.headers['x-sign'])
    expect(second!.headers.authorization).not.toBe(first!.headers.authorization)
  })

  it('cancel by ids returns the statuses; cancel all accepts a 202 with no body', async () => {
    const t = await setup(
      withAuth((req) => (req.body.includes('order_ids') ? { status: 200, body: { '1': 'CANCELLED', '8': 'order not found' } } : { status: 202 })),
    )
    expect(await t.client.cancelOrders({ order_ids: [1, 8] })).toEqual({ kind: 'by-ids', results: { '1': 'CANCELLED', '8': 'order not found' } })
    expect(await t.client.cancelOrders({ all: true })).toEqual({ kind: 'accepted' })
    const deletes = t.calls('/trading/order')
    expect(deletes.map((r) => r.method)).toEqual(['DELETE', 'DELETE'])
    expect(deletes[1]!.body).toBe('{"all":true}')
    expect(deletes[1]!.headers['x-sign']).toBe(createHmac('sha256', SECRET).update('{"all":true}').digest('hex'))
  })

  it('maps a 400 onto the order field and the server code', async () => {
    const t = await setup(withAuth(() => ({ status: 400, body: { code: 'INVALID_QUANTITY', message: 'Amount too small' } })))
    const error = await failure(t.client.placeOrder(orderBody))
    expect(error).toMatchObject({ kind: 'rejected', code: 'INVALID_QUANTITY', field: 'base_amount', status: 400 })
  })
})

describe('retry policy', () => {
  it('retries a GET on 5xx with backoff, at most 3 tries in total', async () => {
    const t = await setup(() => ({ status: 503, body: 'busy' }))
    expect((await failure(t.client.currencies())).kind).toBe('server')
    expect(t.calls('/currencies')).toHaveLength(3)
    expect(t.sleeps).toEqual([250, 500]) // random 0.5 → no jitter offset
    expect(t.statuses.map((s) => s.state)).toEqual(['retrying', 'retrying'])
  })

  it('succeeds when a later try works', async () => {
    const t = await setup((_req, i) => (i < 2 ? { status: 502, body: '<html><body>Bad Gateway</body></html>', headers: { 'content-type': 'text/html' } } : { status: 200, body: [] }))
    expect(await t.client.currencies()).toEqual([])
    expect(t.calls('/currencies')).toHaveLength(3)
    expect(t.statuses.at(-1)?.state).toBe('online')
  })

  it('keeps the jitter within ±50 % of the step', async () => {
    const low = await setup(() => ({ status: 500 }), { random: () => 0 })
    await failure(low.client.currencies())
    expect(low.sleeps).toEqual([125, 250])
    await stub?.close()
    const high = await setup(() => ({ status: 500 }), { random: () => 0.999 })
    await failure(high.client.currencies())
    expect(high.sleeps[0]).toBeLessThanOrEqual(375)
    expect(high.sleeps[1]).toBeLessThanOrEqual(750)
  })

  it('honours Retry-After in seconds on a 429', async () => {
    const t = await setup((_req, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200, body: [] }))
    expect(await t.client.currencies()).toEqual([])
    expect(t.sleeps).toEqual([2000])
    expect(t.statuses[0]).toMatchObject({ state: 'rate-limited', retryAt: T0 + 2000 })
  })

  it('honours Retry-After as an HTTP date', async () => {
    const date = new Date(T0 + 3000).toUTCString()
    const t = await setup((_req, i) => (i === 0 ? { status: 429, headers: { 'retry-after': date } } : { status: 200, body: [] }))
    await t.client.currencies()
    expect(t.sleeps).toEqual([3000])
  })

  it('gives up at once when Retry-After is beyond the 30 s cap, saying when to come back', async () => {
    const t = await setup(() => ({ status: 429, headers: { 'retry-after': '120' } }))
    const error = await failure(t.client.currencies())
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterMs: 120_000 })
    expect(t.calls('/currencies')).toHaveLength(1)
    expect(t.sleeps).toEqual([])
  })

  it('retries a GET that times out, then reports kind timeout', async () => {
    const t = await setup(() => ({ hangMs: 5_000 }), { timeoutMs: 150 })
    const error = await failure(t.client.currencies())
    expect(error.kind).toBe('timeout')
    expect(t.calls('/currencies')).toHaveLength(3)
    expect(t.statuses.at(-1)?.state).toBe('offline')
  })

  it('never retries a POST: a 5xx order is outcome unknown after one request', async () => {
    const t = await setup(withAuth(() => ({ status: 503, body: 'busy' })))
    const error = await failure(t.client.placeOrder(orderBody))
    expect(error).toMatchObject({ kind: 'outcome-unknown', status: 503 })
    expect(t.calls('/trading/order')).toHaveLength(1)
    expect(t.sleeps).toEqual([])
  })

  it('an order whose connection is cut is outcome unknown, sent once', async () => {
    const t = await setup(withAuth(() => ({ destroy: true })))
    expect((await failure(t.client.placeOrder(orderBody))).kind).toBe('outcome-unknown')
    expect(t.calls('/trading/order')).toHaveLength(1)
  })

  it('an order that times out is outcome unknown, sent once', async () => {
    const t = await setup(withAuth(() => ({ hangMs: 5_000 })), { timeoutMs: 150 })
    expect((await failure(t.client.placeOrder(orderBody))).kind).toBe('outcome-unknown')
    expect(t.calls('/trading/order')).toHaveLength(1)
  })

  it('a 429 on an order is rate-limited (refused, not placed) and not retried', async () => {
    const t = await setup(withAuth(() => ({ status: 429, headers: { 'retry-after': '1' } })))
    expect(await failure(t.client.placeOrder(orderBody))).toMatchObject({ kind: 'rate-limited', retryAfterMs: 1000 })
    expect(t.calls('/trading/order')).toHaveLength(1)
  })

  it('never retries a DELETE', async () => {
    const t = await setup(withAuth(() => ({ status: 500 })))
    expect((await failure(t.client.cancelOrders({ pair: 'BTC_USDT' }))).kind).toBe('server')
    expect(t.calls('/trading/order')).toHaveLength(1)
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
