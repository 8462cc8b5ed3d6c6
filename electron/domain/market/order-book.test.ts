import { describe, expect, it } from 'vitest'
import { bookSpread, groupLevels, groupSteps, isCrossed, sortLevels, withCumulative } from './order-book'

const asks = [
  { price: '100.3', amount: '1' },
  { price: '100.05', amount: '0.5' },
  { price: '101', amount: '2' },
  { price: '100.5', amount: '0' },
]
const bids = [
  { price: '99.95', amount: '1.25' },
  { price: '99.1', amount: '3' },
  { price: '99.5', amount: '0.75' },
]

describe('order book', () => {
  it('sorts best first and drops empty levels', () => {
    expect(sortLevels(asks, 'ask').map((l) => l.price)).toEqual(['100.05', '100.3', '101'])
    expect(sortLevels(bids, 'bid').map((l) => l.price)).toEqual(['99.95', '99.5', '99.1'])
  })

  it('groups asks up and bids down, so no bucket shows a better price than the book has', () => {
    expect(groupLevels(asks, 'ask', '0.5')).toEqual([
      { price: '100.5', amount: '1.5' }, // 100.05 and 100.3 both round up to 100.5
      { price: '101', amount: '2' },
    ])
    expect(groupLevels(bids, 'bid', '0.5')).toEqual([
      { price: '99.5', amount: '2' }, // 99.95 and 99.5 round down to 99.5
      { price: '99', amount: '3' },
    ])
    expect(groupLevels(bids, 'bid', '10')).toEqual([{ price: '90', amount: '5' }])
    // Exact decimals: 0.1 + 0.2 is 0.3 here.
    expect(
      groupLevels(
        [
          { price: '1', amount: '0.1' },
          { price: '1.01', amount: '0.2' },
        ],
        'bid',
        '1',
      ),
    ).toEqual([{ price: '1', amount: '0.3' }])
    expect(() => groupLevels(asks, 'ask', '0')).toThrow(RangeError)
  })

  it('sums cumulative base and quote from the best level', () => {
    const rows = withCumulative(sortLevels(asks, 'ask'))
    expect(rows.map((r) => [r.cumulative, r.cumulativeQuote])).toEqual([
      ['0.5', '50.025'],
      ['1.5', '150.325'],
      ['3.5', '352.325'],
    ])
  })

  it('measures the spread and tells a crossed book', () => {
    expect(bookSpread(asks, bids)).toEqual({ absolute: '0.1', mid: '100', percent: '0.1' })
    expect(bookSpread([], bids)).toBeNull()
    expect(isCrossed(asks, bids)).toBe(false)
    expect(isCrossed(asks, [{ price: '100.05', amount: '1' }])).toBe(true)
  })

  it('offers the pair tick and coarser steps', () => {
    expect(groupSteps(2)).toEqual(['0.01', '0.1', '1', '10'])
    expect(groupSteps(0, 2)).toEqual(['1', '10'])
  })
})
