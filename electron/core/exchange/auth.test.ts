import { createHmac } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { authRequestBody, createTokenKeeper, decodeJwtClaims, signBody } from './auth'
import { fakeJwt } from './test/stub-server.test-util'

describe('X-SIGN', () => {
  it('matches the RFC 4231 HMAC-SHA256 test vector (lowercase hex)', () => {
    expect(signBody('Jefe', 'what do ya want for nothing?')).toBe('5bdcc146bf60754e6a042426089575c75a003f089d2739839dec58b964ec3843')
  })

  it('signs the exact order body bytes: golden value', () => {
    const body = '{"pair":"BTC_USDT","order_type":"LIMIT","order_side":"BUY","wallet_type":"SPOT","base_amount":"0.5","limit_price":"25000.1","client_order_id":"tt-golden"}'
    const expected = createHmac('sha256', Buffer.from('demo-secret-0001', 'utf8')).update(Buffer.from(body, 'utf8')).digest('hex')
    expect(expected).toBe('390521ed1b27b99f92bba3c8dbba97654b9bbc4ecbdc30bf3ac0e5be384f4f00')
    expect(signBody('demo-secret-0001', body)).toBe(expected)
  })

  it('changes when a single byte of the body changes (a re-serialisation would not verify)', () => {
    expect(signBody('demo-secret-0001', '{"order_ids":[1,5]}')).toBe('09f77f8b035dff59416eab49c4ad90abe0a311aef2148a52640d8ef28609a94a')
    expect(signBody('demo-secret-0001', '{"order_ids": [1, 5]}')).not.toBe('09f77f8b035dff59416eab49c4ad90abe0a311aef2148a52640d8ef28609a94a')
  })

  it('hashes non-ASCII text as UTF-8', () => {
    const expected = createHmac('sha256', 'k').update(Buffer.from('{"n":"Zoë"}', 'utf8')).digest('hex')
    expect(signBody('k', '{"n":"Zoë"}')).toBe(expected)
  })
})

describe('auth request body', () => {
  it('is the exact JSON the exchange expects: api_key then api_secret, no spaces', () => {
    expect(authRequestBody({ apiKey: 'key-123', apiSecret: 'secret-456' })).toBe('{"api_key":"key-123","api_secret":"secret-456"}')
  })

  it('escapes quotes in a key rather than breaking the JSON', () => {
    expect(JSON.parse(authRequestBody({ apiKey: 'a"b', apiSecret: 's\\t' }))).toEqual({ api_key: 'a"b', api_secret: 's\\t' })
  })
})

describe('decodeJwtClaims', () => {
  it('reads exp and iat from the payload without verifying', () => {
    expect(decodeJwtClaims(fakeJwt({ exp: 1_700_000_060, iat: 1_700_000_000, sub: 'x' }))).toEqual({ exp: 1_700_000_060, iat: 1_700_000_000 })
  })
  it('gives nothing for a token that is not a JWT', () => {
    expect(decodeJwtClaims('opaque-token')).toEqual({})
    expect(decodeJwtClaims('a.!!!.c')).toEqual({})
  })
})

describe('token keeper', () => {
  function setup(lifetimeSec: number, options: { iat?: boolean } = {}) {
    let clock = 1_700_000_000_000
    let issued = 0
    let release: (() => void) | null = null
    let gate: Promise<void> | null = null
    const keeper = createTokenKeeper({
      now: () => clock,
      skewMs: () => 0,
      issue: async () => {
        issued++
        if (gate) await gate
        const nowSec = Math.floor(clock / 1000)
        return { token: fakeJwt({ exp: nowSec + lifetimeSec, ...(options.iat === false ? {} : { iat: nowSec }), n: issued }) }
      },
    })
    return {
      keeper,
      issued: () => issued,
      advance: (ms: number) => (clock += ms),
      hold: () => {
        gate = new Promise<void>((resolve) => (release = resolve))
      },
      release: () => {
        gate = null
        release?.()
      },
    }
  }

  it('runs one refresh for 10 concurrent callers, who all get the same token', async () => {
    const t = setup(300)
    t.hold()
    const pending = Array.from({ length: 10 }, () => t.keeper.token())
    t.release()
    const tokens = await Promise.all(pending)
    expect(t.issued()).toBe(1)
    expect(new Set(tokens).size).toBe(1)
  })

  it('reuses the token until 30 s before exp, then refreshes once', async () => {
    const t = setup(300)
    const first = await t.keeper.token()
    t.advance(269_000)
    expect(await t.keeper.token()).toBe(first)
    t.advance(2_000) // 29 s left
    const pending = Array.from({ length: 10 }, () => t.keeper.token())
    const second = await Promise.all(pending)
    expect(t.issued()).toBe(2)
    expect(second[0]).not.toBe(first)
    expect(new Set(second).size).toBe(1)
  })

  it('refreshes a short-lived token halfway instead of on every call', async () => {
    const t = setup(20)
    await t.keeper.token()
    await t.keeper.token()
    expect(t.issued()).toBe(1)
    t.advance(11_000)
    await t.keeper.token()
    expect(t.issued()).toBe(2)
  })

  it('measures the lifetime on the server clock: a local clock far ahead causes no refresh loop', async () => {
    // The server's clock is one hour behind: exp looks long past locally, but iat says 300 s of life.
    let clock = 1_700_003_600_000
    let issued = 0
    const keeper = createTokenKeeper({
      now: () => clock,
      skewMs: () => 0,
      issue: async () => {
        issued++
        const serverSec = Math.floor(clock / 1000) - 3600
        return { token: fakeJwt({ exp: serverSec + 300, iat: serverSec }) }
      },
    })
    await keeper.token()
    clock += 60_000
    await keeper.token()
    expect(issued).toBe(1)
  })

  it('uses the Date of the auth answer when the token has no iat', async () => {
    let clock = 1_700_003_600_000
    let issued = 0
    const keeper = createTokenKeeper({
      now: () => clock,
      skewMs: () => 0,
      issue: async () => {
        issued++
        const serverMs = clock - 3_600_000
        return { token: fakeJwt({ exp: Math.floor(serverMs / 1000) + 300 }), serverNowMs: serverMs }
      },
    })
    await keeper.token()
    clock += 200_000
    await keeper.token()
    expect(issued).toBe(1)
    clock += 80_000 // 20 s left
    await keeper.token()
    expect(issued).toBe(2)
  })

  it('invalidate drops only the token that failed, so concurrent 401s cause one re-auth', async () => {
    const t = setup(300)
    const stale = await t.keeper.token()
    t.keeper.invalidate(stale)
    const fresh = await t.keeper.token()
    t.keeper.invalidate(stale) // a second request that failed with the old token
    expect(await t.keeper.token()).toBe(fresh)
    expect(t.issued()).toBe(2)
  })

  it('keeps using a still-valid token when an early refresh fails', async () => {
    let clock = 0
    let fail = false
    const keeper = createTokenKeeper({
      now: () => clock,
      skewMs: () => 0,
      issue: async () => {
        if (fail) throw new Error('offline')
        return { token: fakeJwt({ exp: 300, iat: 0 }) }
      },
    })
    const token = await keeper.token()
    clock = 280_000
    fail = true
    expect(await keeper.token()).toBe(token)
    clock = 301_000
    await expect(keeper.token()).rejects.toThrow('offline')
  })
})
