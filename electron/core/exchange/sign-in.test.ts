// The sign-in (sign-in.ts) and signed requests, through the client: the token, the one
// re-authentication a 401 allows, and X-SIGN over the exact bytes sent.
import { createHmac } from 'node:crypto'
import { afterEach, describe, expect, it } from 'vitest'
import { KEY, SECRET, T0, closeStub, failure, orderBody, setup, withAuth } from './test/client-harness.test-util'
import { fakeJwt } from './test/stub-server.test-util'

afterEach(closeStub)

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
    const t = await setup(
      withAuth(
        () => ({ status: 200, body: [] }),
        () => clock,
      ),
      { now: () => clock },
    )
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
    const t = await setup((req) => (req.path === '/api/v3/auth' ? { status: 401, body: { code: 'INVALID_KEY', message: `unknown key ${KEY} with secret ${SECRET}` } } : { status: 200, body: [] }))
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
    const t = await setup(withAuth((req) => (req.body.includes('order_ids') ? { status: 200, body: { '1': 'CANCELLED', '8': 'order not found' } } : { status: 202 })))
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
