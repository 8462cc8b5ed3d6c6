// Conformance of the public endpoints: every field of every record, filters, limits and bad parameters.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoExchange } from './server'
import { raw, startTestExchange } from './test/test-kit.test-util'

let ex: DemoExchange
beforeAll(async () => {
  ex = await startTestExchange()
})
afterAll(() => ex.close())

const isInt = (v: unknown): boolean => Number.isInteger(v)
const isNum = (v: unknown): boolean => typeof v === 'number' && Number.isFinite(v)

async function expectError(path: string, status: number, code: string): Promise<void> {
  const r = await raw(ex, 'GET', path)
  expect(r.status, `${path} -> ${r.text}`).toBe(status)
  expect(r.json).toMatchObject({ code })
  expect(typeof (r.json as { message: unknown }).message).toBe('string')
}

describe('GET /currencies', () => {
  it('lists at least 8 currencies with short_name, sign and an integer id', async () => {
    const r = await raw(ex, 'GET', '/currencies')
    expect(r.status).toBe(200)
    expect(r.headers.get('content-type')).toMatch(/application\/json/)
    const list = r.json as Record<string, unknown>[]
    expect(list.length).toBeGreaterThanOrEqual(8)
    for (const c of list) {
      expect(typeof c.short_name).toBe('string')
      expect(typeof c.sign).toBe('string')
      expect(isInt(c.id)).toBe(true)
    }
    expect(list.map((c) => c.short_name)).toEqual(expect.arrayContaining(['BTC', 'ETH', 'USDT', 'LTC', 'XRP', 'DOGE', 'TRX', 'USDC']))
  })
})

describe('GET /pairs', () => {
  it('lists the 8 pairs with precisions, bounds and ids of the right types', async () => {
    const list = (await raw(ex, 'GET', '/pairs')).json as Record<string, unknown>[]
    expect(list.map((p) => p.name)).toEqual(expect.arrayContaining(['BTC_USDT', 'ETH_USDT', 'ETH_BTC', 'LTC_USDT', 'XRP_USDT', 'DOGE_USDT', 'TRX_USDT', 'USDC_USDT']))
    for (const p of list) {
      expect(p.name).toBe(`${String(p.currency1)}_${String(p.currency2)}`)
      for (const f of ['price_precision', 'amount_precision', 'id']) expect(isInt(p[f]), f).toBe(true)
      for (const f of ['minimum_order_size', 'maximum_order_size', 'minimum_order_value']) expect(isNum(p[f]), f).toBe(true)
      expect(p.minimum_order_size as number).toBeLessThan(p.maximum_order_size as number)
    }
    const btc = list.find((p) => p.name === 'BTC_USDT')!
    expect(btc).toMatchObject({ price_precision: 2, amount_precision: 6, minimum_order_value: 5 })
  })

  it('filters by currency1 and currency2', async () => {
    const quotedInBtc = (await raw(ex, 'GET', '/pairs?currency2=BTC')).json as { name: string }[]
    expect(quotedInBtc.map((p) => p.name)).toEqual(['ETH_BTC'])
    const eth = (await raw(ex, 'GET', '/pairs?currency1=ETH')).json as { name: string }[]
    expect(eth.map((p) => p.name).sort()).toEqual(['ETH_BTC', 'ETH_USDT'])
    const both = (await raw(ex, 'GET', '/pairs?currency1=ETH&currency2=USDT')).json as { name: string }[]
    expect(both.map((p) => p.name)).toEqual(['ETH_USDT'])
    expect((await raw(ex, 'GET', '/pairs?currency1=NOPE')).json).toEqual([])
  })
})

describe('GET /trades', () => {
  it('returns recent trades newest first with the fields of 2.7', async () => {
    const r = await raw(ex, 'GET', '/trades?pair=ETH_USDT')
    expect(r.status).toBe(200)
    const list = r.json as Record<string, unknown>[]
    expect(list.length).toBeGreaterThan(0)
    for (const t of list) {
      expect(isInt(t.id)).toBe(true)
      expect(isNum(t.price)).toBe(true)
      expect(isNum(t.amount)).toBe(true)
      expect(isNum(t.timestamp)).toBe(true)
      expect(t.pair).toBe('ETH_USDT')
      expect(['buy', 'sell']).toContain(t.type)
    }
    const ids = list.map((t) => t.id as number)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(list[0]!.timestamp as number).toBeGreaterThan(Date.now() / 1000 - 3600)
  })

  it('honours limit and rejects bad parameters', async () => {
    expect(((await raw(ex, 'GET', '/trades?pair=BTC_USDT&limit=3')).json as unknown[]).length).toBe(3)
    await expectError('/trades', 400, 'INVALID_PARAMETER')
    await expectError('/trades?pair=BTC_USDT&limit=0', 400, 'INVALID_PARAMETER')
    await expectError('/trades?pair=BTC_USDT&limit=1001', 400, 'INVALID_PARAMETER')
    await expectError('/trades?pair=BTC_USDT&limit=ten', 400, 'INVALID_PARAMETER')
    await expectError('/trades?pair=FOO_BAR', 400, 'UNKNOWN_PAIR')
  })
})

describe('GET /time, /ticker, /orderbook', () => {
  it('/time answers the server time in unix seconds', async () => {
    const r = await raw(ex, 'GET', '/time')
    const t = (r.json as { serverTime: number }).serverTime
    expect(isInt(t)).toBe(true)
    expect(Math.abs(t - Date.now() / 1000)).toBeLessThan(5)
  })

  it('/ticker gives one object per pair, or an array of all pairs', async () => {
    const one = (await raw(ex, 'GET', '/ticker?pair=BTC_USDT')).json as Record<string, unknown>
    expect(one.pair).toBe('BTC_USDT')
    for (const f of ['last', 'open', 'vol', 'buy', 'sell', 'high', 'low', 'diff', 'diff_percent', 'timestamp']) expect(isNum(one[f]), f).toBe(true)
    expect(one.price_precision).toBe(2)
    expect(one.amount_precision).toBe(6)
    expect(one.buy as number).toBeLessThan(one.sell as number)
    expect(one.low as number).toBeLessThanOrEqual(one.high as number)
    const book = (await raw(ex, 'GET', '/orderbook?pair=BTC_USDT&limit_buy=1&limit_sell=1')).json as { buy: { price: number }[]; sell: { price: number }[] }
    expect(one.buy).toBe(book.buy[0]!.price)
    expect(one.sell).toBe(book.sell[0]!.price)
    const all = (await raw(ex, 'GET', '/ticker')).json as { pair: string }[]
    expect(all).toHaveLength(8)
    await expectError('/ticker?pair=NOPE', 400, 'UNKNOWN_PAIR')
  })

  it('/orderbook lists bids high to low and asks low to high, limited per side', async () => {
    const r = (await raw(ex, 'GET', '/orderbook?pair=ETH_BTC&limit_buy=5&limit_sell=3')).json as {
      buy: { amount: number; price: number }[]
      sell: { amount: number; price: number }[]
    }
    expect(r.buy).toHaveLength(5)
    expect(r.sell).toHaveLength(3)
    const bids = r.buy.map((l) => l.price)
    const asks = r.sell.map((l) => l.price)
    expect(bids).toEqual([...bids].sort((a, b) => b - a))
    expect(asks).toEqual([...asks].sort((a, b) => a - b))
    expect(bids[0]!).toBeLessThan(asks[0]!)
    for (const l of [...r.buy, ...r.sell]) expect(l.amount).toBeGreaterThan(0)
    await expectError('/orderbook', 400, 'INVALID_PARAMETER')
    await expectError('/orderbook?pair=ETH_BTC&limit_buy=-1', 400, 'INVALID_PARAMETER')
    await expectError('/orderbook?pair=ETH_BTC&limit_sell=x', 400, 'INVALID_PARAMETER')
  })

  it('/orderbook?group merges levels into buckets of the step (asks up, bids down), the limit counting buckets', async () => {
    type Book = { buy: { amount: number; price: number }[]; sell: { amount: number; price: number }[] }
    const whole = (await raw(ex, 'GET', '/orderbook?pair=BTC_USDT&limit_buy=1000&limit_sell=1000')).json as Book
    const grouped = (await raw(ex, 'GET', '/orderbook?pair=BTC_USDT&limit_buy=1000&limit_sell=1000&group=10')).json as Book
    for (const l of [...grouped.buy, ...grouped.sell]) expect(l.price % 10).toBe(0)
    // Hand check of the best bucket each side: the bucket at or above the best ask, at or below the best bid.
    expect(grouped.sell[0]!.price).toBe(Math.ceil(whole.sell[0]!.price / 10) * 10)
    expect(grouped.buy[0]!.price).toBe(Math.floor(whole.buy[0]!.price / 10) * 10)
    const inBucket = (side: Book['sell'], price: number, up: boolean) => side.filter((l) => (up ? Math.ceil(l.price / 10) : Math.floor(l.price / 10)) * 10 === price).reduce((s, l) => s + l.amount, 0)
    expect(grouped.sell[0]!.amount).toBeCloseTo(inBucket(whole.sell, grouped.sell[0]!.price, true), 9)
    expect(grouped.buy[0]!.amount).toBeCloseTo(inBucket(whole.buy, grouped.buy[0]!.price, false), 9)
    const two = (await raw(ex, 'GET', '/orderbook?pair=BTC_USDT&limit_sell=2&group=10')).json as Book
    expect(two.sell.map((l) => l.price)).toEqual(grouped.sell.slice(0, 2).map((l) => l.price))
    await expectError('/orderbook?pair=BTC_USDT&group=0', 400, 'INVALID_PARAMETER')
    await expectError('/orderbook?pair=BTC_USDT&group=-1', 400, 'INVALID_PARAMETER')
    await expectError('/orderbook?pair=BTC_USDT&group=abc', 400, 'INVALID_PARAMETER')
  })
})

describe('unknown paths and methods', () => {
  it('answers 404 NOT_FOUND for an unknown path and 405 for a wrong method', async () => {
    await expectError('/nothing-here', 404, 'NOT_FOUND')
    await expectError('/../currencies', 404, 'NOT_FOUND')
    const r = await raw(ex, 'DELETE', '/currencies')
    expect(r.status).toBe(405)
    expect(r.headers.get('allow')).toBe('GET')
    expect((await raw(ex, 'GET', '/trading/order')).status).toBe(405)
  })
})
