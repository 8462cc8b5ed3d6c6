// The rules around one request (request.ts), through the client: which requests are retried, how
// long it waits, and which are sent once whatever happens.
import { afterEach, describe, expect, it } from 'vitest'
import { T0, closeStub, failure, orderBody, setup, stub, withAuth } from './test/client-harness.test-util'

afterEach(closeStub)

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
    const t = await setup(
      withAuth(() => ({ hangMs: 5_000 })),
      { timeoutMs: 150 },
    )
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
