// Link colours as the trader sees them: a pair chosen in a linked chart goes to every chart of its
// colour and no other; joining a colour takes its pair (the main market's where it is a member).
import { describe, expect, it } from 'vitest'
import { DEFAULT_ARRANGEMENT, type ChartPaneState } from '@domain/prefs/workspace'
import { changedPanes, followPair, joinLink, shownPanes, withMainMarket } from './links'
import { slotAt } from './crosshair'

const panes = (...spec: [string, ChartPaneState['link']][]): ChartPaneState[] => spec.map(([pair, link]) => ({ pair, interval: '15', link }))

describe('followPair', () => {
  it('moves every pane of the colour to the pair, and leaves unlinked and other colours alone', () => {
    const before = panes(['BTC_USDT', 'none'], ['ETH_USDT', 'blue'], ['LTC_USDT', 'blue'], ['XRP_USDT', 'green'])
    const after = followPair(before, 2, 'DOGE_USDT')
    expect(after.map((p) => p.pair)).toEqual(['BTC_USDT', 'DOGE_USDT', 'DOGE_USDT', 'XRP_USDT'])
    expect(after[0]).toBe(before[0])
  })

  it('changes only the pane itself when it is not linked', () => {
    const before = panes(['BTC_USDT', 'none'], ['ETH_USDT', 'none'])
    expect(followPair(before, 1, 'LTC_USDT').map((p) => p.pair)).toEqual(['BTC_USDT', 'LTC_USDT'])
  })
})

describe('joinLink', () => {
  it("takes the group's pair, the main market's (pane 0) before any other member's", () => {
    const before = panes(['BTC_USDT', 'orange'], ['ETH_USDT', 'orange'], ['LTC_USDT', 'none'])
    expect(joinLink(before, 2, 'orange')[2]).toEqual({ pair: 'BTC_USDT', interval: '15', link: 'orange' })
    const noMain = panes(['BTC_USDT', 'none'], ['ETH_USDT', 'blue'], ['LTC_USDT', 'none'])
    expect(joinLink(noMain, 2, 'blue')[2]!.pair).toBe('ETH_USDT')
  })

  it('keeps its pair when the colour has no other member, or when unlinked', () => {
    const before = panes(['BTC_USDT', 'none'], ['ETH_USDT', 'blue'])
    expect(joinLink(before, 1, 'green')[1]).toEqual({ pair: 'ETH_USDT', interval: '15', link: 'green' })
    expect(joinLink(before, 1, 'none')[1]).toEqual({ pair: 'ETH_USDT', interval: '15', link: 'none' })
  })
})

describe('the arrangement around the main market', () => {
  it('puts the main market in pane 0, its colour following, and says which panes must subscribe again', () => {
    const a = { ...DEFAULT_ARRANGEMENT, panes: panes(['BTC_USDT', 'blue'], ['ETH_USDT', 'blue'], ['LTC_USDT', 'none'], ['XRP_USDT', 'none']) }
    const next = withMainMarket(a, 'DOGE_USDT', '60')
    expect(next.panes.map((p) => `${p.pair}|${p.interval}`)).toEqual(['DOGE_USDT|60', 'DOGE_USDT|15', 'LTC_USDT|15', 'XRP_USDT|15'])
    expect(changedPanes(a.panes, next.panes)).toEqual([0, 1])
    expect(withMainMarket(next, 'DOGE_USDT', '60')).toBe(next)
    expect(withMainMarket(a, '', '60')).toBe(a)
  })

  it('shows 1, 2, 2 and 4 panes for the four layouts', () => {
    expect((['1', '2h', '2v', '4'] as const).map((l) => shownPanes(l).length)).toEqual([1, 2, 2, 4])
  })
})

describe('slotAt (the crosshair on a chart of another interval)', () => {
  it('finds the candle whose bucket holds the time, none before the first', () => {
    const candles = [{ time: 100 }, { time: 160 }, { time: 220 }]
    expect(slotAt(candles, 160)).toBe(1)
    expect(slotAt(candles, 219)).toBe(1)
    expect(slotAt(candles, 10_000)).toBe(2)
    expect(slotAt(candles, 99)).toBeNull()
    expect(slotAt([], 100)).toBeNull()
  })
})
