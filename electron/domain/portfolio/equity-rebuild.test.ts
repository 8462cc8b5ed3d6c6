import { describe, expect, it } from 'vitest'
import { DAY_MS, HOUR_MS, MINUTE_MS } from './equity-series'
import { gridTimes, rebuildEquity, stepFor, type RebuildInput } from './equity-rebuild'

const T0 = Date.UTC(2026, 10, 20, 10) // 10:00 UTC, on the hour
const at = (hours: number, minutes = 0) => T0 + hours * HOUR_MS + minutes * MINUTE_MS
const iso = (ms: number) => new Date(ms).toISOString()
const closes = (pairs: Array<[number, string]>) => new Map(pairs)

// The account today: 1 BTC and 500 USDT. An hour grid; the BTC candles end at 11:00, 12:00 and 13:00.
// Movements: at 10:30 a buy of 1 BTC for 40000 USDT (+1 BTC, −40000 USDT) and its fee (−40 USDT);
// at 12:15 a deposit of 300 USDT. The first recorded point is at 13:20.
function input(over: Partial<RebuildInput> = {}): RebuildInput {
  return {
    quote: 'USDT',
    balances: { BTC: '1', USDT: '500' },
    motions: [
      { currency: 'BTC', balance_delta: '1', date: iso(at(0, 30)) },
      { currency: 'USDT', balance_delta: '-40000', date: iso(at(0, 30)) },
      { currency: 'USDT', balance_delta: '-40', date: iso(at(0, 30)) },
      { currency: 'USDT', balance_delta: '300', date: Math.floor(at(2, 15) / 1000) }, // Unix seconds, as some servers write
    ],
    closes: {
      BTC: closes([
        [at(0), '41000'], // the 10:00–11:00 candle, closing at 11:00
        [at(1), '42000'], // closing at 12:00
        [at(2), '40500.5'], // closing at 13:00
      ]),
    },
    until: at(3, 20), // the first recorded point: 13:20
    step: HOUR_MS,
    ...over,
  }
}

describe('equity rebuilt from wallet activity', () => {
  it('walks back from today’s balances through each movement, valued at the close ending at each point', () => {
    const out = rebuildEquity(input())
    // 11:00: after the buy, before the deposit: 1 BTC, 500 − 300 = 200 USDT → 41000 + 200 = 41200
    // 12:00: the same holdings → 42000 + 200 = 42200
    // 13:00: after the deposit: 1 BTC, 500 USDT → 40500.5 + 500 = 41000.5
    // (10:00 is before the first movement at 10:30: nothing known there, no point)
    expect(out.points).toEqual([
      { t: at(1), value: '41200', rebuilt: true },
      { t: at(2), value: '42200', rebuilt: true },
      { t: at(3), value: '41000.5', rebuilt: true },
    ])
    expect(out).toMatchObject({ unpriced: 0, inconsistent: 0, unreadable: 0 })
  })

  it('a point where a held currency has no candle is left out, never valued at 0', () => {
    const out = rebuildEquity(
      input({
        closes: {
          BTC: closes([
            [at(0), '41000'],
            [at(2), '40500.5'],
          ]),
        },
      }),
    )
    expect(out.points.map((p) => p.t)).toEqual([at(1), at(3)])
    expect(out.unpriced).toBe(1)
  })

  it('a currency with no pair to the quote at all is left out of every point, and each point counts it, as a recorded one does', () => {
    // 3 DAI held throughout (no movement), no DAI pair: the points are the BTC and USDT alone.
    const out = rebuildEquity(input({ balances: { BTC: '1', USDT: '500', DAI: '3' } }))
    expect(out.points).toEqual([
      { t: at(1), value: '41200', rebuilt: true, unpriced: 1 },
      { t: at(2), value: '42200', rebuilt: true, unpriced: 1 },
      { t: at(3), value: '41000.5', rebuilt: true, unpriced: 1 },
    ])
    expect(out.unpriced).toBe(0)
  })

  it('a currency not held at a point needs no price there; a movement counts at its own minute', () => {
    // A deposit of 100 USDT at 10:05 comes first. Before the buy the account held no BTC and
    // 500 − 300 + 40 + 40000 = 40240 USDT. At 10:30 the buy is counted (it is not after 10:30), and the
    // candle ending at 10:30 is missing: no point. At 10:31: 1 BTC × 41000 + 200 USDT.
    const deposit = { currency: 'USDT', balance_delta: '100', date: iso(at(0, 5)) }
    const out = rebuildEquity(input({ motions: [...input().motions, deposit], step: MINUTE_MS, until: at(0, 32), closes: { BTC: closes([[at(0, 30), '41000']]) } }))
    expect(out.points).toHaveLength(26) // 10:05 … 10:29, and 10:31
    expect(out.points[0]).toEqual({ t: at(0, 5), value: '40240', rebuilt: true })
    expect(out.points[24]).toEqual({ t: at(0, 29), value: '40240', rebuilt: true })
    expect(out.points[25]).toEqual({ t: at(0, 31), value: '41200', rebuilt: true })
    expect(out.unpriced).toBe(1)
  })

  it('activity that does not add up to today’s balances (a negative balance) makes no point', () => {
    const out = rebuildEquity(input({ balances: { BTC: '0.5', USDT: '500' } }))
    // 0.5 BTC held from 11:00 on (no BTC movement after 10:30): 0.5 × 41000 + 200, 0.5 × 42000 + 200,
    // 0.5 × 40500.5 + 500. (Before 10:30 it would be −0.5 BTC, but no point is made there.)
    expect(out.points.map((p) => p.value)).toEqual(['20700', '21200', '20750.25'])
    const wrong = rebuildEquity(input({ balances: { BTC: '1', USDT: '100' } })) // 100 − 300 < 0 before 12:15
    expect(wrong.points.map((p) => p.t)).toEqual([at(3)])
    expect(wrong.inconsistent).toBe(2)
  })

  it('a movement whose time cannot be read stops the rebuild, said by its count', () => {
    const out = rebuildEquity(input({ motions: [...input().motions, { currency: 'BTC', balance_delta: '1', date: 'yesterday' }] }))
    expect(out).toEqual({ points: [], unpriced: 0, inconsistent: 0, unreadable: 1 })
  })

  it('no activity: nothing rebuilt', () => {
    expect(rebuildEquity(input({ motions: [] })).points).toEqual([])
  })

  it('a minute grid for a day of activity or less, an hour grid beyond; at most 90 days of hours', () => {
    expect(stepFor(T0, T0 + DAY_MS)).toBe(MINUTE_MS)
    expect(stepFor(T0, T0 + DAY_MS + 1)).toBe(HOUR_MS)
    expect(gridTimes(at(0, 30), at(3), HOUR_MS)).toEqual([at(1), at(2)])
    const long = gridTimes(T0 - 400 * DAY_MS, T0, HOUR_MS)
    expect(long).toHaveLength(90 * 24)
    expect(long.at(-1)).toBe(T0 - HOUR_MS)
  })
})
