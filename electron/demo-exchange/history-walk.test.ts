// The demo's history is generated newest first and only as far back as it is read. What a user (and
// every test that compares two exchanges of one seed) relies on: the candles do not depend on which
// requests came first, they join up minute to minute, and they look like a market.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Market } from './market'
import { createRng } from './prng'
import { PAIRS, PAIRS_BY_NAME } from './reference'

const END = Math.floor(Date.UTC(2025, 2, 1, 8, 30) / 60_000)
const DAYS = 3
const MINUTES = DAYS * 1440

function plannedMarket(seed: number): Market {
  const market = new Market(PAIRS, (DAYS + 1) * 1440)
  for (const pair of PAIRS) market.planHistory(pair, createRng(seed, `history:${pair.name}`), END, MINUTES)
  return market
}

/** Every stored minute of a pair as rows, oldest first (reading them all generates them all). */
function allMinutes(market: Market, pair: string): number[][] {
  return market.candles(pair, { intervalSec: 60, since: null, until: null, limit: MINUTES }, END * 60 - 60).map((c) => [c.time, c.open, c.high, c.low, c.close, c.volume, c.tradesCount])
}

describe('the generated history', () => {
  it('is the same whatever order and size of reads generated it', () => {
    const eager = plannedMarket(5)
    const expected = allMinutes(eager, 'ETH_USDT')
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.constantFrom(1, 5, 60, 240), fc.integer({ min: 1, max: 500 }), fc.integer({ min: 0, max: MINUTES * 60 })), { maxLength: 6 }), (reads) => {
        const lazy = plannedMarket(5)
        // Piecemeal reads first (another pair's ticker, a chart at some interval and range) ...
        lazy.stats24h('BTC_USDT', END * 60 - 60)
        for (const [minutesPer, limit, back] of reads) {
          lazy.candles('ETH_USDT', { intervalSec: minutesPer * 60, since: null, until: END * 60 - 60 - back, limit }, END * 60 - 60)
        }
        // ... then the whole series: identical to one generated in a single read.
        expect(allMinutes(lazy, 'ETH_USDT')).toEqual(expected)
      }),
      { numRuns: 25 },
    )
  })

  it('knows the last price before generating any minute, and the newest candle closes at it', () => {
    const market = plannedMarket(2)
    const last = market.lastClose('BTC_USDT')
    const [newest] = market.candles('BTC_USDT', { intervalSec: 60, since: null, until: null, limit: 1 }, END * 60 - 60)
    expect(newest!.time).toBe((END - 1) * 60)
    expect(newest!.close).toBe(last)
  })

  it('takes a pair its month of memory only once a minute of it is read or traded', () => {
    const market = plannedMarket(2)
    const held = (pair: string) => market.series.get(pair)!.close.length
    for (const pair of PAIRS) market.lastClose(pair.name)
    expect(PAIRS.map((p) => held(p.name))).toEqual(PAIRS.map(() => 0))
    market.candles('BTC_USDT', { intervalSec: 60, since: null, until: null, limit: 1 }, END * 60 - 60)
    market.applyTrade('ETH_USDT', END * 60 + 5, 3000, 1, true)
    expect(PAIRS.filter((p) => held(p.name) > 0).map((p) => p.name)).toEqual(['BTC_USDT', 'ETH_USDT'])
    expect(held('BTC_USDT')).toBe((DAYS + 1) * 1440)
  })

  it('joins minute to minute, keeps every wick around its body and stays near the base price', () => {
    const market = plannedMarket(11)
    for (const pair of PAIRS) {
      const rows = allMinutes(market, pair.name)
      expect(rows).toHaveLength(MINUTES)
      const base = PAIRS_BY_NAME.get(pair.name)!.basePrice
      const problems: string[] = []
      for (let i = 0; i < rows.length; i++) {
        const [time, open, high, low, close, volume, trades] = rows[i] as [number, number, number, number, number, number, number]
        const wrong = (what: string) => problems.push(`${pair.name} minute ${i}: ${what} (${rows[i]!.join(', ')})`)
        if (time !== (END - MINUTES + i) * 60) wrong('time')
        if (i > 0 && open !== rows[i - 1]![4]) wrong('open is not the previous close')
        if (low > Math.min(open, close) || high < Math.max(open, close) || low <= 0) wrong('wick outside the body')
        if (volume < 0 || trades < 1) wrong('volume or trade count')
        // A mean-reverting walk: within a factor of two of where the pair's market sits.
        if (close / base < 0.5 || close / base > 2) wrong('far from the base price')
      }
      expect(problems.slice(0, 5)).toEqual([])
    }
  })

  it('gives another seed another market', () => {
    expect(plannedMarket(1).lastClose('BTC_USDT')).not.toBe(plannedMarket(7).lastClose('BTC_USDT'))
    expect(allMinutes(plannedMarket(1), 'XRP_USDT')).not.toEqual(allMinutes(plannedMarket(7), 'XRP_USDT'))
  })
})
