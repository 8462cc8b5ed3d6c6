// The journal's statistics and filters, against figures worked by hand.
import { describe, expect, it } from 'vitest'
import { Decimal } from '../decimal'
import { equityCurveR, filterEntries, histogramR, journalStats, maxDrawdown, whenOpened } from './stats'
import { journalEntry as entry } from '../test/journal-entry.test-util'

describe('journal statistics', () => {
  it('five trades by hand: win rate, averages, expectancy in money and R, profit factor, extremes, drawdown, MAE of the winners', () => {
    const entries = [entry('20', '2', '0.3'), entry('-10', '-1', '1'), entry('5', '0.5', '0.5'), entry('-15', '-1.5', '0.9'), entry('10', '1', '0.1')]
    // wins 20, 5, 10 (sum 35); losses −10, −15 (sum −25)
    // win rate 3 ÷ 5 = 0.6; average win 35 ÷ 3 = 11.66666667; average loss −25 ÷ 2 = −12.5
    // expectancy (35 − 25) ÷ 5 = 2; in R (2 − 1 + 0.5 − 1.5 + 1) ÷ 5 = 0.2
    // profit factor 35 ÷ 25 = 1.4; largest win 20, largest loss −15
    // equity 20, 10, 15, 0, 10: peak 20, trough 0 → drawdown 20; in R 2, 1, 1.5, 0, 1 → 2
    // MAE of the winners in R: (0.3 + 0.5 + 0.1) ÷ 3 = 0.3
    expect(journalStats(entries)).toEqual({
      count: 5,
      wins: 3,
      losses: 2,
      winRate: '0.6',
      averageWin: '11.66666667',
      averageLoss: '-12.5',
      averageWinR: '1.16666667',
      averageLossR: '-1.25',
      expectancy: '2',
      expectancyR: '0.2',
      rCount: 5,
      profitFactor: '1.4',
      largestWin: '20',
      largestLoss: '-15',
      maxDrawdown: '20',
      maxDrawdownR: '2',
      averageMaeWinnersR: '0.3',
      excluded: 0,
    })
  })

  it('leaves incomplete trades out and says how many; counts R only where there is one; nothing to count is null, not 0', () => {
    const stats = journalStats([entry('10', null, null), entry('-4', '-1', null), entry('100', '5', null, { incomplete: 'a gap' })])
    expect(stats).toMatchObject({ count: 2, excluded: 1, expectancy: '3', expectancyR: '-1', rCount: 1, profitFactor: '2.5', averageMaeWinnersR: null })
    expect(journalStats([])).toMatchObject({ count: 0, winRate: null, expectancy: null, profitFactor: null, largestWin: null, maxDrawdown: '0' })
    expect(journalStats([entry('3', '1', null)]).profitFactor).toBeNull() // no loss: no factor
  })

  it('the drawdown is measured from the peak of the curve, which starts at 0', () => {
    const d = (...xs: string[]) => maxDrawdown(xs.map((x) => new Decimal(x))).toFixed()
    expect(d('-5', '-5', '20', '-3')).toBe('10') // 0 → −10: 10 below the starting peak; later 20 → 17 is only 3
    expect(d('1', '2', '3')).toBe('0')
    expect(d('10', '-4', '5', '-12', '1')).toBe('12') // peak 11, trough −1
  })

  it('filters by period (closing time), pair, tag, side, and the opening’s weekday and hour in a zone', () => {
    const a = entry('1', null, null, { tags: ['breakout'] })
    const b = entry('1', null, null, { pair: 'ETH_USDT' })
    const ids = (f: Parameters<typeof filterEntries>[1]) => filterEntries([a, b], f).map((e) => e.pair + (e.tags[0] ?? ''))
    expect(ids({ pair: 'ETH_USDT' })).toEqual(['ETH_USDT'])
    expect(ids({ tag: 'breakout' })).toEqual(['BTC_USDTbreakout'])
    expect(ids({ side: 'SELL' })).toEqual([])
    expect(ids({ from: b.closedAt })).toEqual(['ETH_USDT'])
    expect(ids({ to: b.closedAt })).toEqual(['BTC_USDTbreakout'])
    expect(whenOpened(a.openedAt)).toEqual({ weekday: 1, hour: new Date(a.openedAt).getUTCHours() })
    expect(ids({ hour: new Date(a.openedAt).getUTCHours() })).toEqual(['BTC_USDTbreakout'])
    // 23:30 UTC on a Sunday is 01:30 on Monday two hours east
    expect(whenOpened(Date.UTC(2026, 0, 4, 23, 30), 120)).toEqual({ weekday: 1, hour: 1 })
    expect(ids({ weekday: 0 })).toEqual([])
  })

  it('the R equity curve and the R histogram count the complete trades with an R', () => {
    const entries = [entry('1', '1.2', null), entry('1', '-0.7', null), entry('1', null, null), entry('1', '0.3', null), entry('9', '9', null, { incomplete: 'x' })]
    expect(equityCurveR(entries).map((p) => p.total)).toEqual(['1.2', '0.5', '0.8'])
    // bins of 0.5 R: −0.7 in [−1, −0.5), 0.3 in [0, 0.5), 1.2 in [1, 1.5)
    expect(histogramR(entries)).toEqual([
      { from: '-1', to: '-0.5', count: 1 },
      { from: '-0.5', to: '0', count: 0 },
      { from: '0', to: '0.5', count: 1 },
      { from: '0.5', to: '1', count: 0 },
      { from: '1', to: '1.5', count: 1 },
    ])
    expect(histogramR([])).toEqual([])
  })
})
