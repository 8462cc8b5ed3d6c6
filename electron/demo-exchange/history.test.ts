// Conformance of the account history endpoints, in raw HTTP: own fills with fee and maker/taker,
// wallet movements that add up to the balances, the filters of /accounts/order, and no null times.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Decimal } from '../domain/decimal'
import type { DemoExchange } from './server'
import { Session, startTestExchange } from './test/test-kit.test-util'

let ex: DemoExchange
let master: Session
let startedAt: string
beforeAll(async () => {
  ex = await startTestExchange()
  master = await Session.open(ex, 0)
  startedAt = new Date(Date.now() - 60_000).toISOString()
  // One taker buy and one taker sell against the simulated book: fills on both sides.
  expect((await master.order({ pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '500' })).status).toBe(200)
  expect((await master.order({ pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.002' })).status).toBe(200)
  // One resting limit order far from the market: open, unfilled.
  expect((await master.order({ pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: '1000' })).status).toBe(200)
})
afterAll(() => ex.close())

type Fill = { pair: string; amount: number; price: number; fee_amount: number; fee_currency: string; is_maker: boolean; date: string; type: string }

describe('GET /accounts/trades', () => {
  it('lists the account own fills, newest first, with fee currency and taker flag', async () => {
    const r = await master.get('/accounts/trades?pair=BTC_USDT')
    expect(r.status).toBe(200)
    const fills = r.json as Fill[]
    expect(fills.length).toBeGreaterThanOrEqual(2)
    // A fill names no side (official-dialect.test.ts); the side filter of the query still works.
    const buys = (await master.get('/accounts/trades?pair=BTC_USDT&side=BID')).json as Fill[]
    const sells = (await master.get('/accounts/trades?pair=BTC_USDT&side=ASK')).json as Fill[]
    expect(buys.length + sells.length).toBe(fills.length)
    expect(buys.length).toBeGreaterThan(0)
    expect(sells.length).toBeGreaterThan(0)
    // A buy pays its fee in the base currency, a sell in the quote currency; both were takers.
    expect(new Set(buys.map((f) => f.fee_currency))).toEqual(new Set(['BTC']))
    expect(new Set(sells.map((f) => f.fee_currency))).toEqual(new Set(['USDT']))
    expect(fills.every((f) => f.is_maker === false)).toBe(true)
    // The sold amount adds up to the order's amount.
    expect(sells.reduce((s, f) => s.add(f.amount), new Decimal(0)).toFixed()).toBe('0.002')
    expect(Date.parse(fills[0]!.date)).toBeGreaterThanOrEqual(Date.parse(fills.at(-1)!.date))
  })

  it('filters by side and time, and requires a pair', async () => {
    const bids = (await master.get('/accounts/trades?pair=BTC_USDT&side=BID')).json as Fill[]
    expect(bids.length).toBeGreaterThan(0)
    // the buy was by quote amount (a market order), the sell too: every bid fill is the market buy's
    expect(bids.every((f) => f.type === 'MARKET' && f.fee_currency === 'BTC')).toBe(true)
    const future = new Date(Date.now() + 3_600_000).toISOString()
    expect((await master.get(`/accounts/trades?pair=BTC_USDT&start_time=${encodeURIComponent(future)}`)).json).toEqual([])
    expect((await master.get('/accounts/trades?pair=ETH_USDT')).json).toEqual([])
    expect((await master.get('/accounts/trades')).status).toBe(400)
    expect((await master.get('/accounts/trades?pair=BTC_USDT&start_time=2024-01-01T00:00:00&end_time=2024-03-01T00:00:00')).status).toBe(400)
    expect((await master.get('/accounts/trades?pair=BTC_USDT&start_time=yesterday')).status).toBe(400)
  })
})

describe('GET /accounts/activity', () => {
  it('each movement ends where the next begins, and the last ends at the balance', async () => {
    const rows = (await master.get('/accounts/activity?currency=USDT')).json as Array<{ balance: number; balance_delta: number; balance_end: number; type: string; wallet_type: string }>
    const spot = rows.filter((r) => r.wallet_type === 'SPOT').reverse() // oldest first
    expect(spot.length).toBeGreaterThan(0)
    for (const row of spot) expect(new Decimal(row.balance).add(row.balance_delta).toFixed()).toBe(new Decimal(row.balance_end).toFixed())
    for (let i = 1; i < spot.length; i++) expect(spot[i]!.balance).toBe(spot[i - 1]!.balance_end)
    expect(spot.at(-1)!.balance_end).toBe((await master.balance('USDT')).balance)
    expect(spot.some((r) => r.type === 'FEE')).toBe(true)
    expect((await master.get('/accounts/activity')).status).toBe(400)
  })
})

describe('GET /accounts/order filters', () => {
  it('open_only, side and a time window; unset times are left out, not null', async () => {
    const open = (await master.get('/accounts/order?pair=BTC_USDT&open_only=1')).json as Array<Record<string, unknown>>
    expect(open).toHaveLength(1)
    expect(open[0]).toMatchObject({ status: 'OPEN', side: 'BID' })
    expect('done_at' in open[0]!).toBe(false)
    expect('expire_after' in open[0]!).toBe(false)
    const asks = (await master.get('/accounts/order?pair=BTC_USDT&side=ASK')).json as Array<Record<string, unknown>>
    expect(asks.length).toBe(1)
    expect(asks.every((o) => o.side === 'ASK')).toBe(true)
    const all = (await master.get(`/accounts/order?pair=BTC_USDT&start_time=${encodeURIComponent(startedAt)}`)).json as unknown[]
    expect(all).toHaveLength(3)
    for (const order of all as Array<Record<string, unknown>>) for (const key of ['date', 'open_at', 'updated_at', 'done_at', 'expire_after']) expect(order[key], key).not.toBeNull()
  })
})
