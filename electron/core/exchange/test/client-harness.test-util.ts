// The exchange client against a stub HTTP server, for the client's unit tests (client, sign-in and
// request rules): a fixed clock, recorded sleeps and statuses, and the requests the stub received.
import { expect } from 'vitest'
import type { PlaceOrderBody } from '../../../domain/wire/wire'
import { TerminalError } from '../../../domain/errors'
import { createExchangeClient, type ClientStatus, type ExchangeClientOptions } from '../client'
import { fakeJwt, startStub, type StubHandler, type StubServer } from './stub-server.test-util'

export const KEY = 'key-0123456789'
export const SECRET = 'secret-abcdefghij'
export const T0 = 1_700_000_000_000

/** The stub of the test under way; each test file closes it after each test with closeStub. */
export let stub: StubServer | null = null
export async function closeStub(): Promise<void> {
  await stub?.close()
  stub = null
}

export const pairRecord = {
  name: 'BTC_USDT',
  currency1: 'BTC',
  currency2: 'USDT',
  price_precision: 2,
  amount_precision: 6,
  minimum_order_size: 0.0001,
  maximum_order_size: 100,
  minimum_order_value: 10,
}
export const orderBody: PlaceOrderBody = { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.5', limit_price: '25000.1', client_order_id: 'tt-1' }

/** Answers /auth with a token valid 300 s; everything else goes to `rest`. */
export function withAuth(rest: StubHandler, clock: () => number = () => T0): StubHandler {
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

export async function setup(handler: StubHandler, overrides: Partial<ExchangeClientOptions> = {}) {
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

export async function failure(promise: Promise<unknown>): Promise<TerminalError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(TerminalError)
    return error as TerminalError
  }
  throw new Error('expected the call to fail')
}
