// The market a window first sees: the warm-up's back-dated trades and the makers' books, for every
// pair and several seeds: two full sides, a minute of trades, and no trade far from the book. What
// the warm-up's cadence (simulation.ts) may change is how long the start takes, never these.
import { describe, expect, it } from 'vitest'
import { raw, startTestExchange, testClock } from './test/test-kit.test-util'

interface Trade {
  price: number
  timestamp: number
}
type Level = [number, number] | { price: number }

const priceOf = (level: Level): number => (Array.isArray(level) ? level[0] : level.price)

describe('the warm-up', () => {
  it.each([1, 2, 42])('leaves every pair a two-sided book and a minute of trades near it (seed %i)', async (seed) => {
    const clock = testClock()
    const ex = await startTestExchange({ seed, now: clock.now })
    try {
      const pairs = ((await raw(ex, 'GET', '/pairs')).json as { name: string }[]).map((p) => p.name)
      expect(pairs.length).toBeGreaterThanOrEqual(8)
      for (const pair of pairs) {
        const book = (await raw(ex, 'GET', `/orderbook?pair=${pair}`)).json as { buy: Level[]; sell: Level[] }
        expect(book.buy.length, pair).toBe(12)
        expect(book.sell.length, pair).toBe(12)
        const bid = priceOf(book.buy[0]!)
        const ask = priceOf(book.sell[0]!)
        expect(bid, pair).toBeLessThan(ask)
        const mid = (bid + ask) / 2
        const trades = (await raw(ex, 'GET', `/trades?pair=${pair}&limit=1000`)).json as Trade[]
        // Every one of the 40 takers traded (a side run dry would leave some without a fill).
        expect(trades.length, pair).toBeGreaterThanOrEqual(40)
        const times = trades.map((t) => t.timestamp)
        const nowSec = clock.now() / 1000
        expect(nowSec - Math.min(...times), pair).toBeGreaterThan(50)
        expect(Math.max(...times), pair).toBeLessThanOrEqual(nowSec)
        // The trades followed the makers' quotes: all within 1% of where the book ended up.
        for (const t of trades) expect(Math.abs(t.price - mid) / mid, `${pair} ${t.price} vs ${mid}`).toBeLessThan(0.01)
      }
    } finally {
      await ex.close()
    }
  })
})

describe('the warm-up, pair by pair', () => {
  const market = async (ex: Awaited<ReturnType<typeof startTestExchange>>, pairs: string[]) => {
    const out: Record<string, unknown> = {}
    for (const pair of pairs) {
      out[`${pair} book`] = (await raw(ex, 'GET', `/orderbook?pair=${pair}`)).json
      out[`${pair} trades`] = (await raw(ex, 'GET', `/trades?pair=${pair}&limit=1000`)).json
    }
    return out
  }

  it('makes the market warming every pair at once made, whichever pair is asked for first', async () => {
    const clock = testClock()
    const later = testClock()
    const allFirst = await startTestExchange({ seed: 7, now: clock.now, live: false })
    const lastFirst = await startTestExchange({ seed: 7, now: later.now, live: false })
    // Asked for later than it started: its trades are still dated back from its start.
    later.advance(5_000)
    try {
      const pairs = ((await raw(allFirst, 'GET', '/pairs')).json as { name: string }[]).map((p) => p.name)
      // Every pair's prices at once, against the last pair's book first and then the others one by one.
      await raw(allFirst, 'GET', '/ticker')
      await raw(lastFirst, 'GET', `/orderbook?pair=${pairs[pairs.length - 1]}`)
      expect(await market(lastFirst, [...pairs].reverse())).toEqual(await market(allFirst, [...pairs].reverse()))
    } finally {
      await allFirst.close()
      await lastFirst.close()
    }
  })
})
