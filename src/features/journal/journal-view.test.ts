// The Journal tab's words and figures, and its charts' options and words.
import { describe, expect, it } from 'vitest'
import { journalStats } from '@domain/journal/stats'
import { journalEntry } from '@domain/test/journal-entry.test-util'
import { compareNullableDecimal, durationText, moneyText, quoteOf, rText, statLines, tradeWords } from './journal-view'
import { tradeChartOption, tradeChartText } from '@domain/journal/trade-chart'
import { chartData, equityROption, equityRText, histogramOption, histogramText, tradeChartColors } from './journal-charts'

describe('journal view', () => {
  it('R signed to two places, money exact or marked ≈ with the exact figure in its title, durations in words', () => {
    expect(rText('1.94111874')).toBe('+1.94 R')
    expect(rText('-1')).toMatch(/^[-−]1\.00 R$/)
    expect(rText(null)).toBe('—')
    expect(moneyText('9.79', 2, true)).toEqual({ text: '+9.79', title: undefined })
    expect(moneyText('-5.2824731357762864', 2, true)).toEqual({ text: expect.stringMatching(/^≈ [-−]5\.28$/), title: 'Exactly -5.2824731357762864' })
    expect([45_000, 12 * 60_000, 3 * 3_600_000 + 5 * 60_000, 52 * 3_600_000].map(durationText)).toEqual(['45 s', '12 min', '3 h 05 min', '2 d 4 h'])
  })

  it('sorts trades without an R after those with one, whichever the order', () => {
    expect(['1', null, '-2'].sort(compareNullableDecimal)).toEqual(['-2', '1', null])
  })

  it('the statistics as label and value, money in the trades’ one quote currency', () => {
    const trades = [journalEntry('20', '2', '0.3'), journalEntry('-10', '-1', '1')]
    const lines = Object.fromEntries(statLines(journalStats(trades), quoteOf(trades)).map((l) => [l.key, l.value]))
    expect(lines.count).toBe('2')
    expect(lines.winRate).toBe('50.0 % (1 won, 1 lost)')
    expect(lines.expectancyR).toBe('+0.50 R · +5.00 USDT')
    expect(lines.profitFactor).toBe('2.00')
    expect(lines.maxDrawdown).toMatch(/^[-−]10\.00 USDT · [-−]1\.00 R$/)
    expect(quoteOf([journalEntry('1', null, null, { pair: 'ETH_BTC' }), ...trades])).toBe('')
  })

  it('a trade in a sentence, for its row’s name', () => {
    const e = journalEntry('1', null, null, { exitReason: 'target', rNote: 'no planned stop' })
    expect(tradeWords(e, () => 'Monday 10:00')).toBe('BTC/USDT long, opened Monday 10:00, at its target, no R: no planned stop')
  })
})

describe('journal charts', () => {
  const trades = [journalEntry('1', '1.2', null), journalEntry('-1', '-0.7', null), journalEntry('1', null, null)]

  it('the equity in R and the histogram of R, with their words', () => {
    const { points, bins } = chartData(trades)
    const equity = equityROption(points, '#ccc', false) as { series: { data: number[] }[] }
    expect(equity.series[0]!.data).toEqual([1.2, 0.5])
    expect(equityRText(points)).toBe('Equity in R over 2 trades: ends at +0.50 R, lowest 0.00 R, highest +1.20 R.')
    const histogram = histogramOption(bins, '#ccc', false) as { series: { data: { value: number }[] }[] }
    expect(histogram.series[0]!.data.map((d) => d.value)).toEqual([1, 0, 0, 0, 1])
    expect(histogramText(bins)).toBe('Trades by R, in steps of 0.5 R: 1 from -1 to -0.5 R; 1 from 1 to 1.5 R.')
    expect(equityRText([])).toMatch(/^No trade with a planned stop/)
  })

  it('a trade’s chart marks its entry, exit and planned stop, and its axis holds them all', () => {
    const trade = journalEntry('5', '1', '0', { entry: '100', exit: '105', stop: '90', low: '99', high: '106' })
    const option = tradeChartOption(trade, [{ time: trade.openedAt / 1000, close: 101 }], tradeChartColors('#ccc')) as {
      yAxis: { min: (v: { min: number; max: number }) => number }
      series: { markLine: { data: { name: string; yAxis: number }[] } }[]
    }
    expect(option.series[0]!.markLine.data.map((m) => [m.name, m.yAxis])).toEqual([
      ['Entry', 100],
      ['Exit', 105],
      ['Stop', 90],
    ])
    expect(option.yAxis.min({ min: 99, max: 102 })).toBeLessThan(90)
    expect(tradeChartText(trade, [])).toBe('BTC/USDT: no candles around the trade; bought at 100 on average, out at 105, the planned stop at 90; lowest 99, highest 106 while open.')
  })

  it('a trade of under a second is drawn on an axis of a minute around it, not of milliseconds', () => {
    const quick = journalEntry('1', '0.5', '0', { openedAt: 1_765_000_000_100, closedAt: 1_765_000_000_400 })
    const option = tradeChartOption(quick, [], tradeChartColors('#ccc')) as { xAxis: Record<'min' | 'max', (v: { min: number; max: number }) => number> }
    // no candles: ECharts hands the axis an empty extent
    const [lo, hi] = (['min', 'max'] as const).map((k) => option.xAxis[k]({ min: Infinity, max: -Infinity }))
    expect(hi! - lo!).toBe(60_000)
    expect(lo! + hi!).toBe(quick.openedAt + quick.closedAt)
    // a long trade keeps its own ends and its candles'
    const long = journalEntry('1', '0.5', '0', { openedAt: 1_765_000_000_000, closedAt: 1_765_000_600_000 })
    const wide = tradeChartOption(long, [], tradeChartColors('#ccc')) as typeof option
    expect(wide.xAxis.min({ min: 1_764_999_940_000, max: 1_765_000_660_000 })).toBe(1_764_999_940_000)
    expect(wide.xAxis.max({ min: 1_764_999_940_000, max: 1_765_000_660_000 })).toBe(1_765_000_660_000)
  })
})
