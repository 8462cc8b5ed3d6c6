// The order desk against the demo exchange: fresh re-validation, one POST per order, and the lookup
// that follows an order whose answer was lost.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDemoExchange, type DemoExchange } from '../../demo-exchange/server'
import { TerminalError } from '../../domain/errors'
import type { OrderDraft } from '../../domain/orders/orders'
import { createExchangeClient, type ExchangeClient } from '../exchange/client'
import { createOrderDesk, type OrderDeskDeps } from './order-desk'

let demo: DemoExchange
beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 11, live: false, historyDays: 1 })
})
afterAll(async () => {
  await demo.close()
})
afterEach(() => {
  demo.setFaults({})
})

let deskCount = 0

function setup(deps: Partial<OrderDeskDeps> = {}, wrap: (client: ExchangeClient) => ExchangeClient = (c) => c) {
  const requests: string[] = []
  const sleeps: number[] = []
  const account = demo.accounts[0]!
  const client = createExchangeClient({
    baseUrl: demo.baseUrl,
    credentials: async () => ({ apiKey: account.apiKey, apiSecret: account.apiSecret }),
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    fetch: (input, init) => {
      requests.push(`${init?.method ?? 'GET'} ${new URL(String(input)).pathname.replace('/api/v3', '')}`)
      return fetch(input, init)
    },
  })
  // A different seeded sequence per desk: ids repeat neither within a test nor across tests.
  let seed = (deskCount++ * 0.137 + 0.1) % 1
  const desk = createOrderDesk({
    client: wrap(client),
    accountId: () => account.id,
    random: () => (seed = (seed * 9301 + 0.49297) % 1),
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    ...deps,
  })
  return { desk, client, requests, sleeps, account, posts: () => requests.filter((r) => r === 'POST /trading/order').length }
}

async function restingBuy(client: ExchangeClient, extra: Partial<OrderDraft> = {}): Promise<OrderDraft> {
  const [ticker] = await client.ticker({ pair: 'BTC_USDT' })
  const price = (Math.floor(Number(ticker!.buy) * 0.95 * 100) / 100).toFixed(2)
  return { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: price, ...extra }
}

async function failure(promise: Promise<unknown>): Promise<TerminalError> {
  try {
    await promise
  } catch (error) {
    expect(error).toBeInstanceOf(TerminalError)
    return error as TerminalError
  }
  throw new Error('expected a failure')
}

describe('placing', () => {
  it('places a valid order once, with a generated client_order_id the exchange keeps', async () => {
    const { desk, client, posts } = setup()
    const result = await desk.place(await restingBuy(client))
    expect(result.outcome).toBe('placed')
    if (result.outcome !== 'placed') return
    expect(result.clientOrderId).toMatch(/^tt-[0-9a-z]{16}$/)
    expect(posts()).toBe(1)
    const recent = await client.recentOrders()
    expect(recent.find((o) => o.id === result.orderIds[0])?.client_order_id).toBe(result.clientOrderId)
  })

  it('keeps a client_order_id the user chose', async () => {
    const { desk, client } = setup()
    const result = await desk.place(await restingBuy(client, { client_order_id: 'my-order-7' }))
    expect(result).toMatchObject({ outcome: 'placed', clientOrderId: 'my-order-7' })
  })

  it('rejects a draft with a missing field before making any request', async () => {
    const { desk, requests } = setup()
    const error = await failure(desk.place({ pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.1' }))
    expect(error).toMatchObject({ kind: 'validation', field: 'limit_price' })
    expect(error.issues).toEqual([expect.objectContaining({ field: 'limit_price', code: 'MISSING_FIELD' })])
    expect(requests).toEqual([])
  })

  it("rejects a draft that breaks the pair's precision after fetching fresh pair data, without a POST", async () => {
    const { desk, client, posts } = setup()
    const before = demo.stats().ordersPlaced
    const error = await failure(desk.place(await restingBuy(client, { base_amount: '0.0000001' })))
    expect(error.kind).toBe('validation')
    expect(error.issues?.[0]).toMatchObject({ field: 'base_amount', code: 'INVALID_QUANTITY' })
    expect(posts()).toBe(0)
    expect(demo.stats().ordersPlaced).toBe(before)
  })

  it('rejects an unknown pair', async () => {
    const { desk, posts } = setup()
    const error = await failure(desk.place({ pair: 'DOGE_EUR', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '10' }))
    expect(error.issues?.[0]).toMatchObject({ field: 'pair', code: 'UNKNOWN_PAIR' })
    expect(posts()).toBe(0)
  })

  it('passes a server rejection through with its field', async () => {
    const { desk, client } = setup()
    // 90 BTC at a price the account cannot pay: the rules only warn, the exchange refuses.
    const draft = await restingBuy(client, { base_amount: '90' })
    const error = await failure(desk.place(draft))
    expect(error.kind).toBe('rejected')
    expect(error.field).toBe('base_amount')
  })
})

describe('validating against fresh data', () => {
  it("warns about insufficient funds and estimates the fee from the account's fee rule", async () => {
    const { desk, client } = setup()
    const check = await desk.validate(await restingBuy(client, { base_amount: '90' }))
    expect(check.errors).toEqual([])
    expect(check.warnings).toEqual(expect.arrayContaining([expect.objectContaining({ field: 'base_amount', code: 'INSUFFICIENT_FUNDS' })]))
    expect(check.estimate.value).not.toBeNull()
    expect(check.estimate.fee).not.toBeNull()
    expect(check.estimate.feeCurrency).toBe('BTC') // a buy pays its fee in the base it receives
  })

  it('checks the market-sell minimum value at the best bid', async () => {
    const { desk } = setup()
    const check = await desk.validate({ pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.00001' })
    expect(check.errors).toEqual([expect.objectContaining({ field: 'base_amount', code: 'MIN_ORDER_VALUE' })])
  })

  it('takes the best bid from the order book when the server has no ticker', async () => {
    const { desk } = setup({}, (c) => ({
      ...c,
      ticker: async () => {
        throw new TerminalError({ kind: 'unsupported', code: 'NOT_SUPPORTED', message: 'no ticker' })
      },
    }))
    const check = await desk.validate({ pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.00001' })
    expect(check.errors.map((e) => e.code)).toEqual(['MIN_ORDER_VALUE'])
  })

  it('still validates when balances and fee rules cannot be read', async () => {
    const { desk, client } = setup()
    const draft = await restingBuy(client)
    demo.setFaults({ serverError: 500, onlyPaths: ['/accounts'] })
    const check = await desk.validate(draft)
    expect(check.errors).toEqual([])
    expect(check.estimate.fee).toBeNull()
  })
})

describe('an order whose answer is lost', () => {
  it('dropOrderResponse: reported unknown, found by the lookup, and the exchange holds exactly one order', async () => {
    const { desk, client, posts } = setup()
    const draft = await restingBuy(client, { client_order_id: 'drop-me-1' })
    const before = demo.stats().ordersPlaced
    demo.setFaults({ dropOrderResponse: true })
    const result = await desk.place(draft)
    expect(result).toMatchObject({ outcome: 'unknown', lookup: 'placed', clientOrderId: 'drop-me-1' })
    if (result.outcome !== 'unknown') return
    expect(result.orderIds).toHaveLength(1)
    expect(result.message).toContain('not sent again')
    expect(demo.stats().ordersPlaced - before).toBe(1)
    expect(posts()).toBe(1)
    const mine = (await client.recentOrders()).filter((o) => o.client_order_id === 'drop-me-1')
    expect(mine.map((o) => o.id)).toEqual(result.orderIds)
  })

  it('a 5xx order that the exchange never executed: not found (never "not placed"), nothing resent', async () => {
    const { desk, client, posts, sleeps } = setup()
    const draft = await restingBuy(client)
    const before = demo.stats().ordersPlaced
    demo.setFaults({ serverError: 503, onlyPaths: ['/trading/order'] })
    const result = await desk.place(draft)
    expect(result).toMatchObject({ outcome: 'unknown', lookup: 'not-found', orderIds: [] })
    if (result.outcome === 'unknown') expect(result.search).toMatchObject({ endpoint: 'GET /accounts/order?pair=BTC_USDT', reads: 3, tries: 3 })
    expect(posts()).toBe(1)
    expect(demo.stats().ordersPlaced).toBe(before)
    expect(sleeps).toEqual([1_000, 2_000]) // three lookups, bounded
  })

  it('an exchange whose records carry no client_order_id: the one order with the same fields is named, probably placed', async () => {
    const { desk, client, posts } = setup()
    const draft = await restingBuy(client, { base_amount: '0.0017' })
    demo.setFaults({ dropOrderResponse: true, omitClientOrderId: true })
    const result = await desk.place(draft)
    expect(result).toMatchObject({ outcome: 'unknown', lookup: 'probably-placed' })
    if (result.outcome !== 'unknown') return
    expect(result.search.matchedBy).toBe('fields')
    expect(result.message).toContain('not certain')
    expect(posts()).toBe(1)
    // the order it names is the one the exchange holds (read with the ids switched back on)
    demo.setFaults({})
    const held = (await client.recentOrders()).filter((o) => o.client_order_id === result.clientOrderId)
    expect(held.map((o) => o.id)).toEqual(result.orderIds)
  })

  it('the same order placed twice within a minute, the second answer lost: both are named as candidates', async () => {
    const { desk, client } = setup()
    const draft = await restingBuy(client, { base_amount: '0.0023' })
    const first = await desk.place(draft)
    expect(first.outcome).toBe('placed')
    demo.setFaults({ dropOrderResponse: true, omitClientOrderId: true })
    const second = await desk.place(draft)
    expect(second).toMatchObject({ outcome: 'unknown', lookup: 'several-candidates' })
    if (second.outcome !== 'unknown') return
    expect(second.orderIds).toHaveLength(2)
    expect(second.orderIds).toContain(first.orderIds[0])
    expect(second.message).toContain('cannot be told')
  })

  it('when the recent orders cannot be read either: still unknown, after at most 3 lookups', async () => {
    const { desk, client, requests } = setup()
    const draft = await restingBuy(client)
    await client.balances() // authenticate before the faults start
    demo.setFaults({ serverError: 500, onlyPaths: ['/trading/order', '/accounts/order'] })
    const result = await desk.place(draft)
    expect(result).toMatchObject({ outcome: 'unknown', lookup: 'still-unknown' })
    if (result.outcome === 'unknown') expect(result.message).toContain('before placing it again')
    expect(requests.filter((r) => r === 'GET /accounts/order').length).toBeLessThanOrEqual(9) // 3 lookups × 3 tries
    expect(requests.filter((r) => r === 'POST /trading/order')).toHaveLength(1)
  })

  it('when the server has no recent-orders endpoint: still unknown, telling the user to check the exchange', async () => {
    const { desk, client } = setup({}, (c) => ({
      ...c,
      placeOrder: async () => {
        throw new TerminalError({ kind: 'outcome-unknown', code: 'OUTCOME_UNKNOWN', message: 'lost.' })
      },
      recentOrders: async () => {
        throw new TerminalError({ kind: 'unsupported', code: 'NOT_SUPPORTED', message: 'no endpoint' })
      },
    }))
    const result = await desk.place(await restingBuy(client, { client_order_id: 'cid-404' }))
    expect(result).toMatchObject({ outcome: 'unknown', lookup: 'still-unknown', clientOrderId: 'cid-404' })
    if (result.outcome === 'unknown') expect(result.message).toMatch(/check the exchange/i)
  })
})
