// The ladder's rows: one per step around the centre, highest first; the book's sizes in the step
// (bids down, asks up, as the book groups them); the trader's own orders by side with count and
// amount; the session's volume at each step and its bar; the last trade's row; and when the price
// has left the rows.
import { describe, expect, it } from 'vitest'
import { buildLadderRows, outsideView, type LadderInput } from './ladder-rows'

const base: LadderInput = { centre: '100.00', step: '0.01', count: 5, places: 2, asks: [], bids: [], own: [], volume: new Map(), last: null }

describe('buildLadderRows', () => {
  it('one row per tick around the centre, highest price first, written with the pair decimals', () => {
    const rows = buildLadderRows(base)
    expect(rows.map((r) => r.price)).toEqual(['100.02', '100.01', '100.00', '99.99', '99.98'])
    expect(rows.every((r) => r.bid === null && r.ask === null && r.ownBuy === null && r.volume === null && !r.last)).toBe(true)
  })

  it('puts each side of the book on its own row, exactly', () => {
    const rows = buildLadderRows({
      ...base,
      asks: [{ price: '100.01', amount: '0.1' }],
      bids: [
        { price: '99.99', amount: '0.2' },
        { price: '100.00', amount: '0.30000001' },
      ],
    })
    const by = Object.fromEntries(rows.map((r) => [r.price, r]))
    expect(by['100.01']!.ask).toBe('0.1')
    expect(by['99.99']!.bid).toBe('0.2')
    expect(by['100.00']!.bid).toBe('0.30000001')
    expect(by['100.00']!.ask).toBeNull()
  })

  it('groups bids and buys down, asks and sells up, so no row shows a better price than the book', () => {
    const rows = buildLadderRows({
      ...base,
      centre: '100',
      step: '1',
      asks: [
        { price: '100.2', amount: '1' },
        { price: '100.9', amount: '2' },
      ],
      bids: [
        { price: '99.1', amount: '0.5' },
        { price: '99.9', amount: '0.25' },
      ],
      own: [
        { id: 1, side: 'BUY', price: '99.5', amount: '0.1' },
        { id: 2, side: 'BUY', price: '99.2', amount: '0.3' },
        { id: 3, side: 'SELL', price: '100.5', amount: '0.2' },
      ],
    })
    const by = Object.fromEntries(rows.map((r) => [r.price, r]))
    expect(by['101.00']!.ask).toBe('3')
    expect(by['99.00']!.bid).toBe('0.75')
    expect(by['99.00']!.ownBuy).toEqual({ count: 2, amount: '0.4', ids: [2, 1] })
    expect(by['101.00']!.ownSell).toEqual({ count: 1, amount: '0.2', ids: [3] })
    expect(by['100.00']!.ownBuy).toBeNull()
  })

  it('adds the session volume of each step, with bars relative to the largest, and marks the last trade', () => {
    const volume = new Map([
      ['100.01', '0.5'],
      ['99.99', '1'],
      ['99.994', '1'],
    ])
    const rows = buildLadderRows({ ...base, centre: '100.00', step: '0.01', volume, last: '100.01' })
    const by = Object.fromEntries(rows.map((r) => [r.price, r]))
    expect(by['100.01']!.volume).toBe('0.5')
    expect(by['100.01']!.volumeBar).toBe(25)
    expect(by['99.99']!.volume).toBe('2')
    expect(by['99.99']!.volumeBar).toBe(100)
    expect(rows.filter((r) => r.last).map((r) => r.price)).toEqual(['100.01'])
  })

  it('leaves out rows at or below zero', () => {
    expect(buildLadderRows({ ...base, centre: '0.01' }).map((r) => r.price)).toEqual(['0.03', '0.02', '0.01'])
  })
})

describe('outsideView', () => {
  const rows = buildLadderRows(base)
  it('is true only for a price above the top row or below the bottom one', () => {
    expect(outsideView('100.02', rows, '0.01')).toBe(false)
    expect(outsideView('100.029', rows, '0.01')).toBe(false)
    expect(outsideView('100.03', rows, '0.01')).toBe(true)
    expect(outsideView('99.97', rows, '0.01')).toBe(true)
    expect(outsideView(null, rows, '0.01')).toBe(false)
  })
})
