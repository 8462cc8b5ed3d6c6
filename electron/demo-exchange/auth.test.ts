// Every way authentication can fail, checked with tokens and signatures computed by hand.
import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoExchange } from './server'
import { Session, hmacHex, login, raw, startTestExchange, testClock } from './test/test-kit.test-util'

const clock = testClock()
let ex: DemoExchange
beforeAll(async () => {
  ex = await startTestExchange({ now: clock.now, tokenLifetimeSec: 120 })
})
afterAll(() => ex.close())

function decodePart(part: string): Record<string, unknown> {
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>
}

function forgeJwt(payload: Record<string, unknown>, key: string): string {
  const body = `${Buffer.from(JSON.stringify({ alg: 'HS256', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}`
  return `${body}.${createHmac('sha256', key).update(body).digest('base64url')}`
}

async function expect401(r: Promise<{ status: number; json: unknown }>, code: string): Promise<void> {
  const res = await r
  expect(res.status).toBe(401)
  expect(res.json).toMatchObject({ code })
  expect(typeof (res.json as { message: unknown }).message).toBe('string')
}

const bearer = (token: string): Record<string, string> => ({ authorization: `Bearer ${token}` })

describe('POST /auth', () => {
  it('answers a JSON string holding an HS256 JWT with exp = iat + the configured lifetime', async () => {
    const token = await login(ex, ex.accounts[0]!)
    const [header, payload, signature] = token.split('.')
    expect(decodePart(header!)).toMatchObject({ alg: 'HS256' })
    const claims = decodePart(payload!)
    expect(claims.exp).toBe(Math.floor(clock.now() / 1000) + 120)
    expect(Number.isInteger(claims.exp)).toBe(true)
    expect(signature!.length).toBeGreaterThan(20)
  })

  it('refuses a wrong secret, an unknown key and an incomplete body', async () => {
    const a = ex.accounts[0]!
    await expect401(raw(ex, 'POST', '/auth', { body: JSON.stringify({ api_key: a.apiKey, api_secret: ex.accounts[1]!.apiSecret }) }), 'INVALID_CREDENTIALS')
    await expect401(raw(ex, 'POST', '/auth', { body: JSON.stringify({ api_key: 'demo_nope', api_secret: a.apiSecret }) }), 'INVALID_CREDENTIALS')
    const missing = await raw(ex, 'POST', '/auth', { body: JSON.stringify({ api_key: a.apiKey }) })
    expect(missing.status).toBe(400)
    expect(missing.json).toMatchObject({ code: 'MISSING_FIELD' })
    const notJson = await raw(ex, 'POST', '/auth', { body: 'api_key=x' })
    expect(notJson.json).toMatchObject({ code: 'INVALID_BODY' })
  })
})

describe('Bearer token on private endpoints', () => {
  it('needs an Authorization header of the Bearer kind', async () => {
    await expect401(raw(ex, 'GET', '/accounts/balances'), 'UNAUTHORIZED')
    await expect401(raw(ex, 'GET', '/accounts/balances', { headers: { authorization: 'Basic dXNlcjpwYXNz' } }), 'UNAUTHORIZED')
    await expect401(raw(ex, 'GET', '/accounts/feeinfo', { headers: { authorization: 'Bearer ' } }), 'UNAUTHORIZED')
  })

  it('refuses garbage, a token signed with another key and a tampered payload', async () => {
    await expect401(raw(ex, 'GET', '/accounts/balances', { headers: bearer('not.a.jwt') }), 'INVALID_TOKEN')
    await expect401(raw(ex, 'GET', '/accounts/balances', { headers: bearer('abc') }), 'INVALID_TOKEN')
    const nowSec = Math.floor(clock.now() / 1000)
    const forged = forgeJwt({ sub: ex.accounts[0]!.id, iat: nowSec, exp: nowSec + 60 }, 'guessed-key')
    await expect401(raw(ex, 'GET', '/accounts/balances', { headers: bearer(forged) }), 'INVALID_TOKEN')
    const real = await login(ex, ex.accounts[1]!)
    const [h, , s] = real.split('.')
    const otherPayload = Buffer.from(JSON.stringify({ sub: ex.accounts[0]!.id, iat: nowSec, exp: nowSec + 60 })).toString('base64url')
    await expect401(raw(ex, 'GET', '/accounts/balances', { headers: bearer(`${h}.${otherPayload}.${s}`) }), 'INVALID_TOKEN')
  })

  it('expires the token at exp, and a fresh /auth works again', async () => {
    const token = await login(ex, ex.accounts[0]!)
    expect((await raw(ex, 'GET', '/accounts/balances', { headers: bearer(token) })).status).toBe(200)
    clock.advance(119_000)
    expect((await raw(ex, 'GET', '/accounts/balances', { headers: bearer(token) })).status).toBe(200)
    clock.advance(1_000)
    await expect401(raw(ex, 'GET', '/accounts/balances', { headers: bearer(token) }), 'TOKEN_EXPIRED')
    const fresh = await login(ex, ex.accounts[0]!)
    expect((await raw(ex, 'GET', '/accounts/balances', { headers: bearer(fresh) })).status).toBe(200)
  })

  it("lets a sub-account token see only its own data, and the master's its whole tree", async () => {
    for (const [index, account] of ex.accounts.entries()) {
      const session = await Session.open(ex, index)
      const rows = (await session.get('/accounts/balances')).json as { account_id: number }[]
      const ids = new Set(rows.map((r) => r.account_id))
      if (account.parentId === null) expect([...ids].sort()).toEqual(ex.accounts.map((a) => a.id).sort())
      else expect([...ids]).toEqual([account.id])
    }
  })
})

describe('X-SIGN on POST and DELETE', () => {
  const order = { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: '20000' }

  it('accepts the HMAC-SHA256 of the exact bytes sent', async () => {
    const s = await Session.open(ex, 0)
    // unusual spacing: the server must sign the bytes, not a re-serialisation
    const text = `{ "pair" : "BTC_USDT", "order_type":"LIMIT","order_side":"BUY","wallet_type":"SPOT","base_amount":"0.001","limit_price":"20000" }`
    const r = await s.send('POST', '/trading/order', text)
    expect(r.status, r.text).toBe(200)
    expect((await s.send('DELETE', '/trading/order', '{"all":true}')).status).toBe(202)
  })

  it('refuses a missing, wrong, re-serialised or other-account signature', async () => {
    const s = await Session.open(ex, 0)
    const text = JSON.stringify(order)
    const post = (headers: Record<string, string>, body = text): Promise<{ status: number; json: unknown }> => raw(ex, 'POST', '/trading/order', { headers: { ...bearer(s.token), ...headers }, body })
    const before = ex.stats().ordersPlaced
    await expect401(post({}), 'INVALID_SIGNATURE')
    await expect401(post({ 'x-sign': 'deadbeef' }), 'INVALID_SIGNATURE')
    await expect401(post({ 'x-sign': hmacHex(s.account.apiSecret, text) }, JSON.stringify(order, null, 1)), 'INVALID_SIGNATURE')
    await expect401(post({ 'x-sign': hmacHex(ex.accounts[1]!.apiSecret, text) }), 'INVALID_SIGNATURE')
    await expect401(raw(ex, 'DELETE', '/trading/order', { headers: bearer(s.token), body: '{"all":true}' }), 'INVALID_SIGNATURE')
    expect(ex.stats().ordersPlaced).toBe(before)
  })

  it('checks the token before the signature', async () => {
    const text = JSON.stringify(order)
    await expect401(raw(ex, 'POST', '/trading/order', { headers: { 'x-sign': hmacHex(ex.accounts[0]!.apiSecret, text) }, body: text }), 'UNAUTHORIZED')
  })
})
