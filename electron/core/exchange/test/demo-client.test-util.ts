// The exchange client against the real demo exchange over HTTP, for the demo tests (every endpoint,
// every fault mode). Requests are counted through a recording fetch, so each test can say how many
// tries, re-authentications and order POSTs actually happened.
import { afterAll, afterEach, beforeAll } from 'vitest'
import { startDemoExchange, type DemoExchange } from '../../../demo-exchange/server'
import type { PlaceOrderBody } from '../../../domain/wire/wire'
import { createExchangeClient, type ExchangeClient, type ExchangeClientOptions } from '../client'

export { failure } from './client-harness.test-util'

/** The demo exchange of the test file; started once per file by useDemoExchange(). */
export let demo: DemoExchange

/** Starts a demo exchange for the calling test file, and clears its faults after each test. */
export function useDemoExchange(): void {
  beforeAll(async () => {
    demo = await startDemoExchange({ port: 0, seed: 42, live: false, historyDays: 1 })
  })
  afterAll(async () => {
    await demo.close()
  })
  afterEach(() => {
    demo.setFaults({})
  })
}

interface Recorded {
  method: string
  path: string
}

export function connect(overrides: Partial<ExchangeClientOptions> = {}, accountIndex = 0) {
  const seen: Recorded[] = []
  const sleeps: number[] = []
  const account = demo.accounts[accountIndex]!
  const client = createExchangeClient({
    baseUrl: demo.baseUrl,
    credentials: async () => ({ apiKey: account.apiKey, apiSecret: account.apiSecret }),
    timeoutMs: 3_000,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    fetch: (input, init) => {
      const url = new URL(String(input))
      seen.push({ method: init?.method ?? 'GET', path: url.pathname.replace('/api/v3', '') })
      return fetch(input, init)
    },
    ...overrides,
  })
  const count = (method: string, path: string) => seen.filter((r) => r.method === method && r.path === path).length
  return { client, seen, sleeps, count, account }
}

/** A limit buy far below the market: it rests in the book and changes nothing else. */
export async function restingBuy(client: ExchangeClient, clientOrderId: string): Promise<PlaceOrderBody> {
  const [ticker] = await client.ticker({ pair: 'BTC_USDT' })
  const price = (Math.floor(Number(ticker!.buy) * 0.8 * 100) / 100).toFixed(2)
  return { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: price, client_order_id: clientOrderId }
}
