// What the rules around one request (request.ts) tell the rest of the terminal, through the client:
// the connection's state for the status light, each message word for word, the headers every
// request carries, and the secret struck from every error.
import { afterEach, describe, expect, it } from 'vitest'
import { createExchangeClient } from './client'
import { KEY, SECRET, T0, closeStub, failure, setup, withAuth } from './test/client-harness.test-util'
import { startStub } from './test/stub-server.test-util'

afterEach(closeStub)

describe('the connection state', () => {
  it('is reported online once, not on every answer', async () => {
    const t = await setup(() => ({ status: 200, body: [] }))
    await t.client.currencies()
    await t.client.currencies()
    expect(t.statuses).toEqual([{ state: 'online', message: 'Connected to the exchange.' }])
  })

  it('goes from online to retrying and offline when the exchange stops answering', async () => {
    let up = true
    const t = await setup(() => (up ? { status: 200, body: [] } : { destroy: true }))
    await t.client.currencies()
    up = false
    await failure(t.client.currencies())
    expect(t.statuses.map((s) => s.state)).toEqual(['online', 'retrying', 'retrying', 'offline'])
  })

  it('says so while it signs in again after a refused token', async () => {
    let refused = 0
    const t = await setup(withAuth(() => (refused++ === 0 ? { status: 401, body: { code: 'TOKEN_EXPIRED', message: 'expired' } } : { status: 200, body: [] })))
    await t.client.balances()
    expect(t.statuses[0]).toEqual({ state: 'reauthenticating', message: 'The session token was refused; signing in again.' })
  })

  it('says when a GET is tried again, and which try is next', async () => {
    const t = await setup(() => ({ status: 503, body: 'busy' }))
    const error = await failure(t.client.currencies())
    expect(t.statuses).toEqual([
      { state: 'retrying', message: `${error.message} Trying again (2 of 3).`, retryAt: T0 + 250 },
      { state: 'retrying', message: `${error.message} Trying again (3 of 3).`, retryAt: T0 + 500 },
    ])
  })

  it('says in whole seconds when the exchange limits requests', async () => {
    const t = await setup((_req, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '2' } } : { status: 200, body: [] }))
    await t.client.currencies()
    expect(t.statuses[0]).toEqual({ state: 'rate-limited', message: 'The exchange is limiting requests; trying again in 2 s.', retryAt: T0 + 2000 })
  })

  it('is offline when the exchange cannot be reached, and not when the terminal itself cancelled the call', async () => {
    const dead = await startStub(() => ({ status: 200 }))
    const baseUrl = dead.baseUrl
    await dead.close()
    const statuses: string[] = []
    const client = createExchangeClient({ baseUrl, sleep: async () => undefined, onStatus: (s) => statuses.push(s.state), credentials: async () => ({ apiKey: KEY, apiSecret: SECRET }) })
    await failure(client.currencies())
    expect(statuses.at(-1)).toBe('offline')

    const t = await setup(() => ({ hangMs: 1_000 }))
    const controller = new AbortController()
    const pending = t.client.currencies({ signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await failure(pending)
    expect(t.statuses).toEqual([])
  })
})

describe('every request', () => {
  it('asks for JSON, and says it sends JSON only when it sends a body', async () => {
    const t = await setup(withAuth(() => ({ status: 200, body: [] })))
    await t.client.currencies()
    await t.client.cancelOrders({ pair: 'BTC_USDT' }).catch(() => undefined)
    const [get] = t.calls('/currencies')
    expect(get!.headers).toMatchObject({ accept: 'application/json' })
    expect(get!.headers['content-type']).toBeUndefined()
    const auth = t.stub.requests.find((r) => r.path === '/api/v3/auth')!
    expect(auth.headers).toMatchObject({ accept: 'application/json', 'content-type': 'application/json' })
  })

  it('a 3xx answer is no success: its body is not read as data', async () => {
    const t = await setup(() => ({ status: 300, body: [] }))
    expect(await failure(t.client.currencies())).toMatchObject({ status: 300 })
  })
})

describe('waiting before the next try', () => {
  it('a 429 without Retry-After backs off as any failure does', async () => {
    const t = await setup((_req, i) => (i === 0 ? { status: 429 } : { status: 200, body: [] }))
    expect(await t.client.currencies()).toEqual([])
    expect(t.sleeps).toEqual([250])
  })

  it('a Retry-After of exactly the 30 s cap is waited for', async () => {
    const t = await setup((_req, i) => (i === 0 ? { status: 429, headers: { 'retry-after': '30' } } : { status: 200, body: [] }))
    expect(await t.client.currencies()).toEqual([])
    expect(t.sleeps).toEqual([30_000])
  })
})

describe('the secret and the token', () => {
  it('are struck from an error the server words with them, which keeps its kind, code and status', async () => {
    const t = await setup(withAuth(() => ({ status: 400, body: { code: 'BAD_REQUEST', message: `signature made with ${SECRET} refused` } })))
    const error = await failure(t.client.balances())
    expect(error).toMatchObject({ kind: 'rejected', code: 'BAD_REQUEST', status: 400 })
    expect(error.message).toContain('signature made with [redacted] refused')
  })

  it('too short to strike safely (under 4 characters) are left, rather than every such letter pair', async () => {
    const t = await setup(
      withAuth(() => ({ status: 400, body: { code: 'BAD', message: 'abc refused' } })),
      { credentials: async () => ({ apiKey: 'k1', apiSecret: 'abc' }) },
    )
    expect((await failure(t.client.balances())).message).toContain('abc refused')
    await closeStub()
    const four = await setup(
      withAuth(() => ({ status: 400, body: { code: 'BAD', message: 'abcd refused' } })),
      { credentials: async () => ({ apiKey: 'k1', apiSecret: 'abcd' }) },
    )
    expect((await failure(four.client.balances())).message).toContain('[redacted] refused')
  })
})
