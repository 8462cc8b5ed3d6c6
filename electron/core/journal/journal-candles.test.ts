// Which candles a journal reads for its trades: runs of close trades share requests, a long trade is
// read hourly, a request budget, and a failure said per trade.
import { describe, expect, it } from 'vitest'
import type { CandlesQuery, ExchangeClient } from '../exchange/client'
import type { RoundTrip } from '../../domain/journal/types'
import { LONG_TRADE_MS, MAX_PAGES, candlesForTrips, spansOf } from './journal-candles'

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)
const MIN = 60_000
const trip = (id: string, openedAt: number, closedAt: number, pair = 'BTC_USDT'): RoundTrip => ({
  id,
  pair,
  wallet: 'SPOT',
  side: 'BUY',
  openedAt,
  closedAt,
  durationMs: closedAt - openedAt,
  amount: '1',
  entry: '100',
  exit: '100',
  fees: '0',
  net: '0',
  fills: [],
  incomplete: null,
})

describe('the journal’s candles', () => {
  it('trades of a pair less than a page apart share one span; a far one, another pair and a long trade each have their own', () => {
    const spans = spansOf([
      trip('a', T0, T0 + 10 * MIN),
      trip('b', T0 + 400 * MIN, T0 + 420 * MIN),
      trip('c', T0 + 2000 * MIN, T0 + 2001 * MIN),
      trip('d', T0, T0 + MIN, 'ETH_USDT'),
      trip('e', T0, T0 + LONG_TRADE_MS + 1),
    ])
    expect(spans.map((s) => [s.pair, s.interval, s.trips.map((t) => t.id).join('')])).toEqual([
      ['BTC_USDT', '1', 'ab'],
      ['BTC_USDT', '60', 'e'],
      ['BTC_USDT', '1', 'c'],
      ['ETH_USDT', '1', 'd'],
    ])
  })

  it('reads a span page by page (500 candles), gives each trade the candles of its own time', async () => {
    const asked: CandlesQuery[] = []
    const client = {
      candles: async (q: CandlesQuery) => {
        asked.push(q)
        return [
          { time: q.since!, low: 1, high: 2 },
          { time: q.until!, low: 3, high: 4 },
        ]
      },
    } as unknown as ExchangeClient
    const got = await candlesForTrips(client, [trip('a', T0, T0 + 10 * MIN), trip('b', T0 + 400 * MIN, T0 + 600 * MIN)])
    // minutes T0 … T0 + 600: 601 candles, two pages
    expect(asked.map((q) => [q.since, q.until])).toEqual([
      [T0 / 1000, (T0 + 499 * MIN) / 1000],
      [(T0 + 500 * MIN) / 1000, (T0 + 600 * MIN) / 1000],
    ])
    expect(got.get('a')).toEqual({ candles: [{ time: T0 / 1000, low: 1, high: 2 }], label: '1-minute candles' })
    // b (minutes 400 … 600): 499 and 500 lie wholly inside; 600 starts at its close and is left out
    expect(got.get('b')).toMatchObject({ candles: [{ low: 3 }, { low: 1 }] })
  })

  it('stops at its budget and says which trades it did not read; a failed request is said for its trades', async () => {
    let calls = 0
    const client = {
      candles: async () => {
        calls += 1
        if (calls === 1) throw new Error('refused')
        return []
      },
    } as unknown as ExchangeClient
    const far = Array.from({ length: MAX_PAGES + 2 }, (_, i) => trip(`t${i}`, T0 + i * 1000 * MIN, T0 + i * 1000 * MIN + MIN))
    const got = await candlesForTrips(client, far)
    expect(calls).toBe(MAX_PAGES)
    expect(got.get('t0')).toEqual({ problem: 'the candles could not be read (Unexpected error: refused)' })
    expect(got.get('t1')).toEqual({ candles: [], label: '1-minute candles' })
    expect(got.get(`t${MAX_PAGES}`)).toEqual({ problem: 'not read: a journal reads at most 40000 candles at a time; choose a shorter period' })
  })
})
