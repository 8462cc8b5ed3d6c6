// Prices and amounts arrive as JSON numbers; these tests hold the client to keeping every digit.
import { afterEach, describe, expect, it } from 'vitest'
import { createExchangeClient } from './client'
import { fakeJwt, startStub, type StubServer } from './stub-server.test-util'
import { parseWireJson } from './wire-json'

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
  it('throws a SyntaxError on text that is not JSON', () => {
    expect(() => parseWireJson('{"a": 1')).toThrow(SyntaxError)
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
