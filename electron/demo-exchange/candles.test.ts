// Candles: depth of history, aggregation consistency across all 7 intervals, since/until/limit
// semantics, bad parameters, live updates, bounded memory and determinism from the seed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { DemoExchange } from './server'
import { Session, bookOf, raw, startTestExchange, testClock } from './test/test-kit.test-util'

interface Candle {
  time: number
  open: number
  close: number
  low: number
  high: number
  volume: number
  quoteVolume: number
  tradesCount: number
  takerBuyBaseVolume: number
  takerBuyQuoteVolume: number
}

const clock = testClock()
let ex: DemoExchange
beforeAll(async () => {
  ex = await startTestExchange({ now: clock.now })
})
afterAll(() => ex.close())

async function candles(query: string, exchange = ex): Promise<Candle[]> {
  const r = await raw(exchange, 'GET', `/charts?${query}`)
  expect(r.status, r.text).toBe(200)
  return r.json as Candle[]
}

/** 1-minute candles in [from, to] (seconds), fetched 500 at a time. */
async function minutes(pair: string, from: number, to: number): Promise<Candle[]> {
  const out: Candle[] = []
  for (let start = from; start <= to; start += 500 * 60) {
    out.push(...(await candles(`pair=${pair}&interval=1&since=${start}&until=${Math.min(to, start + 499 * 60)}`)))
  }
  return out
}

const nowSec = (): number => Math.floor(clock.now() / 1000)

describe('GET /charts', () => {
  it('serves candles with integer times and numeric fields, low <= open/close <= high', async () => {
    const list = await candles('pair=BTC_USDT&interval=15&limit=50')
    expect(list).toHaveLength(50)
    for (const c of list) {
      expect(Number.isInteger(c.time)).toBe(true)
      expect(c.time % 900).toBe(0)
      expect(Number.isInteger(c.tradesCount)).toBe(true)
      for (const f of ['open', 'close', 'low', 'high', 'volume', 'quoteVolume', 'takerBuyBaseVolume', 'takerBuyQuoteVolume'] as const) {
        expect(typeof c[f]).toBe('number')
      }
      expect(c.low).toBeLessThanOrEqual(Math.min(c.open, c.close))
      expect(c.high).toBeGreaterThanOrEqual(Math.max(c.open, c.close))
      expect(c.takerBuyBaseVolume).toBeLessThanOrEqual(c.volume + 1e-9)
    }
    const times = list.map((c) => c.time)
    expect(times).toEqual([...times].sort((a, b) => a - b))
    expect(times.at(-1)).toBe(Math.floor(nowSec() / 900) * 900)
  })

  it('holds at least 30 days of 1-minute history', async () => {
    const daily = await candles('pair=ETH_USDT&interval=1D')
    expect(daily.length).toBeGreaterThanOrEqual(30)
    const oldest = await candles(`pair=ETH_USDT&interval=1&since=0&until=${nowSec() - 30 * 86400 + 120}`)
    expect(oldest.length).toBeGreaterThan(0)
    expect(oldest[0]!.time).toBeLessThanOrEqual(nowSec() - 30 * 86400)
  })

  it.each([
    ['5', 300],
    ['15', 900],
    ['30', 1800],
    ['60', 3600],
    ['240', 14400],
    ['1D', 86400],
  ])('a complete %s candle equals the aggregate of its 1-minute candles', async (interval, len) => {
    const bucket = (Math.floor(nowSec() / len) - 2) * len
    const [agg] = await candles(`pair=BTC_USDT&interval=${interval}&since=${bucket}&until=${bucket}`)
    expect(agg!.time).toBe(bucket)
    const parts = await minutes('BTC_USDT', bucket, bucket + len - 60)
    expect(parts).toHaveLength(len / 60)
    expect(agg!.open).toBe(parts[0]!.open)
    expect(agg!.close).toBe(parts.at(-1)!.close)
    expect(agg!.high).toBe(Math.max(...parts.map((c) => c.high)))
    expect(agg!.low).toBe(Math.min(...parts.map((c) => c.low)))
    expect(agg!.tradesCount).toBe(parts.reduce((s, c) => s + c.tradesCount, 0))
    const sum = (f: keyof Candle): number => parts.reduce((s, c) => s + c[f], 0)
    expect(agg!.volume).toBeCloseTo(sum('volume'), 5)
    expect(agg!.takerBuyBaseVolume).toBeCloseTo(sum('takerBuyBaseVolume'), 5)
    expect(agg!.quoteVolume / sum('quoteVolume')).toBeCloseTo(1, 8)
    expect(agg!.takerBuyQuoteVolume / sum('takerBuyQuoteVolume')).toBeCloseTo(1, 8)
  })

  it('agrees between coarse intervals too (a 240 candle is four 60 candles)', async () => {
    const bucket = (Math.floor(nowSec() / 14400) - 3) * 14400
    const [four] = await candles(`pair=LTC_USDT&interval=240&since=${bucket}&until=${bucket}`)
    const hours = await candles(`pair=LTC_USDT&interval=60&since=${bucket}&until=${bucket + 3 * 3600}`)
    expect(hours).toHaveLength(4)
    expect(four!.open).toBe(hours[0]!.open)
    expect(four!.close).toBe(hours[3]!.close)
    expect(four!.high).toBe(Math.max(...hours.map((h) => h.high)))
    expect(four!.tradesCount).toBe(hours.reduce((s, h) => s + h.tradesCount, 0))
  })

  it('defaults limit to 500, allows 500, and returns the most recent candles in [since, until]', async () => {
    expect(await candles('pair=BTC_USDT&interval=1')).toHaveLength(500)
    expect(await candles('pair=BTC_USDT&interval=5&limit=500')).toHaveLength(500)
    const t = Math.floor(nowSec() / 60) * 60 - 1000 * 60
    const window = await candles(`pair=BTC_USDT&interval=1&since=${t}&until=${t + 9 * 60}`)
    expect(window.map((c) => c.time)).toEqual(Array.from({ length: 10 }, (_, i) => t + i * 60))
    const limited = await candles(`pair=BTC_USDT&interval=1&since=${t}&until=${t + 9 * 60}&limit=3`)
    expect(limited.map((c) => c.time)).toEqual([t + 7 * 60, t + 8 * 60, t + 9 * 60])
    const sinceOnly = await candles(`pair=BTC_USDT&interval=60&since=${nowSec() - 5 * 3600}`)
    expect(sinceOnly[0]!.time).toBe(Math.ceil((nowSec() - 5 * 3600) / 3600) * 3600)
    expect(sinceOnly.at(-1)!.time).toBe(Math.floor(nowSec() / 3600) * 3600)
    const untilOnly = await candles(`pair=BTC_USDT&interval=30&until=${t}&limit=4`)
    expect(untilOnly).toHaveLength(4)
    expect(untilOnly.at(-1)!.time).toBe(Math.floor(t / 1800) * 1800)
    expect(await candles(`pair=BTC_USDT&interval=1&since=0&until=1000`)).toEqual([])
  })

  it('leaves out the candle that began before since (the lower bound is on time), keeps one starting at it', async () => {
    const hour = Math.floor(nowSec() / 3600) * 3600 - 3 * 3600
    const inside = await candles(`pair=BTC_USDT&interval=60&since=${hour + 1}&until=${hour + 2 * 3600}`)
    expect(inside.map((c) => c.time)).toEqual([hour + 3600, hour + 2 * 3600])
    const atStart = await candles(`pair=BTC_USDT&interval=60&since=${hour}&until=${hour + 2 * 3600}`)
    expect(atStart.map((c) => c.time)).toEqual([hour, hour + 3600, hour + 2 * 3600])
    const day = await candles(`pair=BTC_USDT&interval=1D&since=${nowSec() - 86400}`)
    expect(day.every((c) => c.time >= nowSec() - 86400)).toBe(true)
    expect(day).toHaveLength(1)
  })

  it.each([
    ['interval=60', 'INVALID_PARAMETER'],
    ['pair=BTC_USDT', 'INVALID_PARAMETER'],
    ['pair=BTC_USDT&interval=2', 'INVALID_PARAMETER'],
    ['pair=BTC_USDT&interval=1h', 'INVALID_PARAMETER'],
    ['pair=BTC_USDT&interval=1&limit=0', 'INVALID_PARAMETER'],
    ['pair=BTC_USDT&interval=1&limit=501', 'INVALID_PARAMETER'],
    ['pair=BTC_USDT&interval=1&limit=-5', 'INVALID_PARAMETER'],
    ['pair=BTC_USDT&interval=1&limit=ten', 'INVALID_PARAMETER'],
    ['pair=BTC_USDT&interval=1&since=yesterday', 'INVALID_PARAMETER'],
    ['pair=BTC_USDT&interval=1&until=1.5', 'INVALID_PARAMETER'],
    ['pair=BTC_USDT&interval=1&since=2000&until=1000', 'INVALID_PARAMETER'],
    ['pair=DOT_USDT&interval=1', 'UNKNOWN_PAIR'],
  ])('rejects %s with 400 %s', async (query, code) => {
    const r = await raw(ex, 'GET', `/charts?${query}`)
    expect(r.status).toBe(400)
    expect(r.json).toMatchObject({ code })
  })

  it('updates the current candle with trades and rolls quiet minutes forward at the last close', async () => {
    const s = await Session.open(ex, 0)
    const [before] = await candles('pair=XRP_USDT&interval=1&limit=1')
    const ask = (await bookOf(ex, 'XRP_USDT')).sell[0]!
    expect((await s.order({ pair: 'XRP_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '1' })).status).toBe(200)
    const [after] = await candles('pair=XRP_USDT&interval=1&limit=1')
    expect(after!.time).toBe(before!.time)
    expect(after!.tradesCount).toBe(before!.tradesCount + 1)
    expect(after!.close).toBe(ask.price)
    expect(after!.volume).toBeGreaterThan(before!.volume)
    clock.advance(3 * 60_000)
    const rolled = await candles('pair=XRP_USDT&interval=1&limit=4')
    expect(rolled.map((c) => c.time)).toEqual([0, 1, 2, 3].map((i) => after!.time + i * 60))
    for (const c of rolled.slice(1)) expect(c).toMatchObject({ open: ask.price, close: ask.price, high: ask.price, low: ask.price, volume: 0, tradesCount: 0 })
  })
})

describe('bounded memory', () => {
  it('keeps at most the history depth plus a day of minutes however long it runs', async () => {
    const own = testClock()
    const small = await startTestExchange({ now: own.now, historyDays: 2 })
    try {
      own.advance(10 * 86_400_000)
      const hours = await candles('pair=BTC_USDT&interval=60&limit=500', small)
      const oldestAllowed = Math.floor(own.now() / 1000) - 3 * 86400 - 3600
      expect(hours[0]!.time).toBeGreaterThanOrEqual(oldestAllowed)
      expect(hours.length).toBeLessThanOrEqual(3 * 24 + 1)
    } finally {
      await small.close()
    }
  })

  it('keeps at most 1000 trades per pair', async () => {
    const s = await Session.open(ex, 0)
    const body = { pair: 'TRX_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '2' }
    for (let round = 0; round < 100; round++) {
      await Promise.all(Array.from({ length: 10 }, () => s.order(body)))
    }
    const trades = (await raw(ex, 'GET', '/trades?pair=TRX_USDT&limit=1000')).json as { id: number }[]
    expect(trades).toHaveLength(1000)
    expect(new Set(trades.map((t) => t.id)).size).toBe(1000)
  })
})

describe('determinism', () => {
  it('the same seed and clock give the same market and keys; another seed gives another', async () => {
    const start = Date.UTC(2025, 2, 1, 8, 30, 0)
    const a = await startTestExchange({ seed: 9, now: () => start })
    const b = await startTestExchange({ seed: 9, now: () => start })
    const c = await startTestExchange({ seed: 10, now: () => start })
    try {
      for (const path of ['/charts?pair=ETH_BTC&interval=240', '/charts?pair=DOGE_USDT&interval=1&limit=100', '/trades?pair=BTC_USDT&limit=50', '/orderbook?pair=ETH_USDT', '/ticker']) {
        const [ra, rb, rc] = await Promise.all([raw(a, 'GET', path), raw(b, 'GET', path), raw(c, 'GET', path)])
        expect(ra.text, path).toBe(rb.text)
        expect(ra.text, path).not.toBe(rc.text)
      }
      expect(a.accounts).toEqual(b.accounts)
      expect(a.accounts[0]!.apiSecret).not.toBe(c.accounts[0]!.apiSecret)
    } finally {
      await Promise.all([a.close(), b.close(), c.close()])
    }
  })
})

describe('live market', () => {
  it('produces new trades by itself within a couple of seconds', async () => {
    const live = await startTestExchange({ live: true, seed: 3 })
    try {
      const first = ((await raw(live, 'GET', '/trades?pair=BTC_USDT&limit=1')).json as { id: number }[])[0]!.id
      const deadline = Date.now() + 4000
      let latest = first
      while (latest === first && Date.now() < deadline) {
        await new Promise((r) => setTimeout(r, 200))
        latest = ((await raw(live, 'GET', '/trades?pair=BTC_USDT&limit=1')).json as { id: number }[])[0]!.id
      }
      expect(latest).toBeGreaterThan(first)
      const book = await bookOf(live, 'BTC_USDT')
      expect(book.buy.length).toBeGreaterThan(5)
      expect(book.sell.length).toBeGreaterThan(5)
    } finally {
      await live.close()
    }
  })
})
