// The journal put together: fills, positions, candles and notes to entries and statistics; its CSV.
import { describe, expect, it } from 'vitest'
import { openPosition } from '../protection/step'
import { PLAN } from '../test/position-plan.test-util'
import { journalReport } from './journal'
import { roundTrips } from './round-trips'
import { journalCsv } from './journal-csv'
import type { JournalFill } from './types'

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)
const fill = (side: 'BUY' | 'SELL', price: string, at: number, orderId: number | null): JournalFill => ({
  pair: 'BTC_USDT',
  side,
  amount: '1',
  price,
  feeAmount: '0',
  feeCurrency: 'USDT',
  time: at,
  wallet: 'SPOT',
  orderId,
  orderType: 'LIMIT',
})

describe('the journal report', () => {
  const { position } = openPosition({ ...PLAN, stop: { price: '95', limit: '94' }, plannedFees: { entryRate: '0', exitRate: '0' } })
  const p1 = { ...position, state: 'closed' as const, closedBy: 'target' as const, legs: [{ ...position.legs[0]!, orderId: '7' }] }
  const fills = [
    fill('BUY', '100', T0, 7),
    fill('SELL', '110', T0 + 120_000, 8),
    fill('BUY', '100', T0 + 200_000, null),
    fill('SELL', '98', T0 + 260_000, null),
    fill('SELL', '50', T0 + 300_000, null),
  ]
  const report = journalReport({
    ...roundTrips({ fills }),
    positions: [p1],
    candles: (trip) => (trip.openedAt === T0 ? { candles: [{ time: T0 / 1000 + 60, low: 97, high: 112 }], label: '1-minute candles' } : { problem: 'the candles could not be read' }),
    notes: { [`BTC_USDT|SPOT|${T0}`]: { tags: ['breakout'], note: 'waited for the retest' } },
    problems: ['the fills of ETH_USDT could not be read'],
  })

  it('every closed trade an entry: the protected one with its R and excursions, the other without a stop, the sell while flat incomplete', () => {
    // first: net 10; risk |100 − 95| × 1 = 5 (no fees planned) → R 2; MAE 100 − 97 = 3 (0.6 R); MFE 12 (2.4 R)
    expect(report.trades[0]).toMatchObject({
      positionId: 'p1',
      net: '10',
      r: '2',
      mae: '3',
      maeR: '0.6',
      mfe: '12',
      mfeR: '2.4',
      exitReason: 'target',
      tags: ['breakout'],
      note: 'waited for the retest',
    })
    expect(report.trades[1]).toMatchObject({
      positionId: null,
      net: '-2',
      r: null,
      rNote: 'no planned stop',
      mae: null,
      excursionNote: 'the candles could not be read',
      exitReason: 'manual',
      tags: [],
    })
    expect(report.trades[2]!.incomplete).toMatch(/a sell with nothing bought/)
    // the statistics leave the incomplete one out
    expect(report.stats).toMatchObject({ count: 2, excluded: 1, expectancy: '4', expectancyR: '2', rCount: 1 })
    expect(report.problems).toEqual(['the fills of ETH_USDT could not be read'])
    expect(report.open).toBe(0)
  })

  it('the filter applies before the statistics', () => {
    const tagged = journalReport({
      ...roundTrips({ fills }),
      positions: [p1],
      candles: () => ({ problem: 'none' }),
      notes: { [`BTC_USDT|SPOT|${T0}`]: { tags: ['breakout'], note: '' } },
      filter: { tag: 'breakout' },
    })
    expect(tagged.trades).toHaveLength(1)
    expect(tagged.stats.count).toBe(1)
  })

  it('the CSV: one row per trade, exact decimals, UTC times, a note with a comma quoted', () => {
    const lines = journalCsv(report.trades).split('\r\n')
    expect(lines[0]).toBe('id,pair,wallet,side,opened_at,closed_at,duration_s,amount,entry,exit,fees,net,stop,risk,r,mae,mfe,mae_r,mfe_r,exit_reason,position_id,incomplete,tags,note')
    expect(lines[1]).toBe(`BTC_USDT|SPOT|${T0},BTC_USDT,SPOT,BUY,2026-01-05T09:00:00.000Z,2026-01-05T09:02:00.000Z,120,1,100,110,0,10,95,5,2,3,12,0.6,2.4,target,p1,,breakout,waited for the retest`)
    expect(lines).toHaveLength(5) // header, three trades, the final empty line
  })
})
