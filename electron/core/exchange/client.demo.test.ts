// The client against the real demo exchange over HTTP: every endpoint (the fault modes are
// client.faults.demo.test.ts).
import { describe, expect, it } from 'vitest'
import { connect, demo, failure, restingBuy, useDemoExchange } from './test/demo-client.test-util'

useDemoExchange()

describe('every endpoint against the demo exchange', () => {
  it('market data: currencies, pairs, candles, trades, time, ticker, orderbook', async () => {
    const { client } = connect()
    const currencies = await client.currencies()
    expect(currencies.map((c) => c.short_name)).toEqual(expect.arrayContaining(['BTC', 'USDT']))

    const pairs = await client.pairs()
    const btc = pairs.find((p) => p.name === 'BTC_USDT')!
    expect(typeof btc.minimum_order_size).toBe('string')
    expect((await client.pairs({ currency2: 'BTC' })).every((p) => p.currency2 === 'BTC')).toBe(true)

    const candles = await client.candles({ pair: 'BTC_USDT', interval: '5', limit: 20 })
    expect(candles.length).toBeGreaterThan(0)
    expect(candles.length).toBeLessThanOrEqual(20)
    for (let i = 1; i < candles.length; i++) expect(candles[i]!.time - candles[i - 1]!.time).toBeGreaterThan(0)

    const trades = await client.trades({ pair: 'BTC_USDT', limit: 5 })
    expect(trades.length).toBeGreaterThan(0)
    expect(trades.length).toBeLessThanOrEqual(5)
    expect(trades[0]!.price).toMatch(/^\d+(\.\d+)?$/)

    const { serverTime } = await client.time()
    expect(Math.abs(serverTime * 1000 - Date.now())).toBeLessThan(5_000)

    const all = await client.ticker()
    expect(all.length).toBe(pairs.length)
    const [one] = await client.ticker({ pair: 'BTC_USDT' })
    expect(one!.pair).toBe('BTC_USDT')
    expect(Number(one!.sell)).toBeGreaterThanOrEqual(Number(one!.buy))

    const book = await client.orderbook({ pair: 'BTC_USDT', limit_buy: 3, limit_sell: 2 })
    expect(book.buy.length).toBeLessThanOrEqual(3)
    expect(book.sell.length).toBeLessThanOrEqual(2)
  })

  it('account data: accounts (with sub-accounts), balances, fee rules, recent orders', async () => {
    const { client, account } = connect()
    expect((await client.accounts()).map((a) => a.id)).toEqual([account.id])
    const family = await client.accounts({ include_subaccounts: true })
    expect(family.map((a) => a.id)).toEqual(demo.accounts.map((a) => a.id))
    expect(family.filter((a) => a.parent_id === account.id)).toHaveLength(2)

    const balances = await client.balances()
    expect(balances.length).toBeGreaterThan(0)
    // The master key sees its whole tree's balances, each row tagged with its account.
    expect(new Set(balances.map((b) => b.account_id))).toEqual(new Set(demo.accounts.map((a) => a.id)))

    const rules = await client.feeInfo()
    expect(rules.length).toBeGreaterThan(0)
    expect(rules.some((r) => r.account_id === account.id)).toBe(true)
    expect(rules.every((r) => demo.accounts.some((a) => a.id === r.account_id))).toBe(true)

    expect(Array.isArray(await client.recentOrders())).toBe(true)
  })

  it('places an order, finds it in the recent orders, cancels it by id, then cancels all', async () => {
    const { client, count } = connect()
    const body = await restingBuy(client, 'it-place-1')
    const before = demo.stats().ordersPlaced
    const ids = await client.placeOrder(body)
    expect(ids).toHaveLength(1)
    expect(demo.stats().ordersPlaced).toBe(before + 1)
    const recent = await client.recentOrders()
    expect(recent.find((o) => o.id === ids[0])).toMatchObject({ client_order_id: 'it-place-1', status: 'OPEN', side: 'BID' })

    const cancelled = await client.cancelOrders({ order_ids: [ids[0]!, 99_999_999] })
    expect(cancelled.kind).toBe('by-ids')
    if (cancelled.kind === 'by-ids') expect(Object.keys(cancelled.results)).toEqual(expect.arrayContaining([String(ids[0])]))
    expect(await client.cancelOrders({ all: true })).toEqual({ kind: 'accepted' })
    expect(await client.cancelOrders({ pair: 'BTC_USDT' })).toEqual({ kind: 'accepted' })
    expect(count('POST', '/auth')).toBe(1)
  })

  it('maps a server rejection onto the order field with the server code', async () => {
    const { client } = connect()
    const body = await restingBuy(client, 'it-reject')
    const error = await failure(client.placeOrder({ ...body, base_amount: '1000000' }))
    expect(error.kind).toBe('rejected')
    expect(error.status).toBe(400)
    expect(error.field).toBe('base_amount')
    expect(error.code).toMatch(/^[A-Z_]+$/)
  })

  it('a wrong secret is an authentication error (exit-code 6 material) after one try', async () => {
    const { client } = connect({ credentials: async () => ({ apiKey: demo.accounts[0]!.apiKey, apiSecret: 'wrong-secret-value' }) })
    const error = await failure(client.balances())
    expect(error).toMatchObject({ kind: 'auth', status: 401 })
    expect(error.message).not.toContain('wrong-secret-value')
  })

  it('one authentication serves 10 concurrent private calls', async () => {
    const { client, count } = connect()
    await Promise.all(Array.from({ length: 10 }, () => client.balances()))
    expect(count('POST', '/auth')).toBe(1)
  })
})
