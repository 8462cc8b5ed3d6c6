// Prices and amounts arrive as JSON numbers; these tests hold the client to keeping every digit.
import fc from 'fast-check'
import { afterEach, describe, expect, it } from 'vitest'
import { canonicalDecimal } from '../../domain/decimal'
import { money } from '../../domain/wire/wire'
import { createExchangeClient } from './client'
import { fakeJwt, startStub, type StubServer } from './test/stub-server.test-util'
import { parseWireJson } from '../../domain/wire/wire-json'

const EIGHTEEN = '0.123456789012345678'

describe('parseWireJson', () => {
  it('keeps a number a double cannot hold as the exact text the server wrote', () => {
    // The loss this prevents, shown: JSON.parse drops the last digits.
    expect(String(JSON.parse(EIGHTEEN))).not.toBe(EIGHTEEN)
    expect(parseWireJson(`{"balance": ${EIGHTEEN}}`)).toEqual({ balance: EIGHTEEN })
    expect(parseWireJson('[12345678901234567890.5, 1e-8, -0.5]')).toEqual(['12345678901234567890.5', '1e-8', '-0.5'])
  })
  it('keeps exact integers as numbers (ids, precisions, Unix seconds) and big ones as text', () => {
    expect(parseWireJson('{"id": 42, "time": 1700000000, "neg": -3}')).toEqual({ id: 42, time: 1_700_000_000, neg: -3 })
    expect(parseWireJson('[9007199254740993]')).toEqual(['9007199254740993'])
  })
  it('throws a SyntaxError on text that is not JSON, on either path', () => {
    expect(() => parseWireJson('{"a": 1')).toThrow(SyntaxError)
    expect(() => parseWireJson('{"a": 1.1234567890123456')).toThrow(SyntaxError)
  })
  it('reads short numbers natively: every decimal of up to 15 digits is exact as a double', () => {
    const value = parseWireJson('{"price": 63514.6, "amount": 0.012345, "big": 999999999999999, "t": 1700000000.123}') as Record<string, number>
    expect(value).toEqual({ price: 63514.6, amount: 0.012345, big: 999_999_999_999_999, t: 1_700_000_000.123 })
    expect(String(value.price)).toBe('63514.6')
    // One long number anywhere makes the whole answer exact, the short ones included.
    expect(parseWireJson('[63514.6, 0.1234567890123456]')).toEqual(['63514.6', '0.1234567890123456'])
  })
})

describe('any decimal the server writes reaches a money field with its exact value', () => {
  it('holds for 2,000 generated numbers of 1 to 30 digits, on both parsing paths', () => {
    const digits = (min: number, max: number) => fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: min, maxLength: max })
    const decimalText = fc
      .tuple(fc.boolean(), fc.integer({ min: 1, max: 9 }), digits(0, 14), fc.option(digits(1, 15)))
      .map(([negative, lead, rest, fraction]) => `${negative ? '-' : ''}${lead}${rest}${fraction === null ? '' : `.${fraction}`}`)
    fc.assert(
      fc.property(decimalText, (text) => {
        const [value] = parseWireJson(`[${text}]`) as [number | string]
        expect(money.parse(value)).toBe(canonicalDecimal(text))
      }),
      { numRuns: 2000 },
    )
  })
})

describe('the exchange client reads money without loss', () => {
  let stub: StubServer | null = null
  afterEach(async () => {
    await stub?.close()
    stub = null
  })

  it('returns an 18-decimal balance, a long price and trade times exactly as sent', async () => {
    stub = await startStub((req) => {
      if (req.path === '/api/v3/auth') return { status: 200, body: JSON.stringify(fakeJwt({ exp: 4_000_000_000 })), headers: { 'content-type': 'application/json' } }
      if (req.path === '/api/v3/accounts/balances') {
        return {
          status: 200,
          headers: { 'content-type': 'application/json' },
          body: `[{"balance": 1234.123456789012345678, "reserve": ${EIGHTEEN}, "currency": "DAI", "wallet_type": "SPOT", "last_update_at": "2024-01-31T12:00:00", "account_id": 7}]`,
        }
      }
      return {
        status: 200,
        headers: { 'content-type': 'application/json' },
        body: '[{"id": 1, "price": 43000.123456789012345, "amount": 0.000000000000000001, "timestamp": 1700000000.123456, "pair": "BTC_USDT", "type": "buy"}]',
      }
    })
    const client = createExchangeClient({ baseUrl: stub.baseUrl, credentials: async () => ({ apiKey: 'key-0123', apiSecret: 'secret-0123' }) })
    const [balance] = await client.balances()
    expect(balance!.balance).toBe('1234.123456789012345678')
    expect(balance!.reserve).toBe(EIGHTEEN)
    const [trade] = await client.trades({ pair: 'BTC_USDT' })
    expect(trade!.price).toBe('43000.123456789012345')
    expect(trade!.amount).toBe('0.000000000000000001')
    expect(trade!.timestamp).toBeCloseTo(1_700_000_000.123456, 6)
  })
})
