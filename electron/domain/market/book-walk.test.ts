import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Decimal } from '../decimal'
import { type BookWalk, walkBook } from './book-walk'

const asks = [
  { price: '101', amount: '2' },
  { price: '100', amount: '1' },
  { price: '102', amount: '5' },
]
const bids = [
  { price: '99', amount: '1' },
  { price: '98', amount: '2' },
]

describe('market order book walk', () => {
  it('a BUY spending quote walks the asks: average, worst, slippage', () => {
    // 100 buys 1 @ 100; 202 buys 2 @ 101; 51 buys 0.5 @ 102: 353 for 3.5
    const walk = walkBook({ side: 'BUY', quoteAmount: '353', asks })
    expect(walk).toMatchObject({ base: '3.5', quote: '353', worstPrice: '102', bestPrice: '100', levelsUsed: 3, unfilled: '0', complete: true })
    expect(new Decimal(walk.averagePrice!).toFixed(6)).toBe('100.857143')
    expect(new Decimal(walk.slippagePercent!).toFixed(6)).toBe('0.857143')
  })

  it('within the best level there is no slippage', () => {
    const walk = walkBook({ side: 'BUY', quoteAmount: '50', asks })
    expect(walk).toMatchObject({ base: '0.5', averagePrice: '100', worstPrice: '100', slippagePercent: '0', levelsUsed: 1 })
  })

  it('a SELL of base walks the bids', () => {
    const walk = walkBook({ side: 'SELL', baseAmount: '2', bids })
    // 1 @ 99 + 1 @ 98 = 197
    expect(walk).toMatchObject({ base: '2', quote: '197', averagePrice: '98.5', worstPrice: '98', bestPrice: '99', complete: true })
    expect(walk.slippagePercent).toBe(new Decimal('0.5').div(99).mul(100).toFixed())
  })

  it('gives the same walk for a book in exponent notation (the decimal.js path) as in plain text (the integer path)', () => {
    const plain = [
      { price: '0.00012', amount: '1500.5' },
      { price: '0.000125', amount: '20' },
    ]
    const sci = [
      { price: '1.2e-4', amount: '1.5005e3' },
      { price: '1.25e-4', amount: '2e1' },
    ]
    const pairs: [BookWalk, BookWalk][] = [
      [walkBook({ side: 'BUY', quoteAmount: '0.1825', asks: plain }), walkBook({ side: 'BUY', quoteAmount: '0.1825', asks: sci })],
      [walkBook({ side: 'SELL', baseAmount: '1510.25', bids: plain }), walkBook({ side: 'SELL', baseAmount: '1510.25', bids: sci })],
    ]
    for (const [a, b] of pairs) {
      expect({ ...a, worstPrice: null, bestPrice: null }).toEqual({ ...b, worstPrice: null, bestPrice: null })
      expect(a.levelsUsed).toBe(2)
    }
  })

  it('says what the visible book cannot fill', () => {
    expect(walkBook({ side: 'SELL', baseAmount: '5', bids })).toMatchObject({ base: '3', quote: '295', unfilled: '2', complete: false })
    expect(walkBook({ side: 'BUY', quoteAmount: '1000', asks })).toMatchObject({ base: '8', quote: '812', unfilled: '188', complete: false })
    expect(walkBook({ side: 'BUY', quoteAmount: '10', asks: [] })).toMatchObject({ base: '0', averagePrice: null, worstPrice: null, slippagePercent: null, unfilled: '10', complete: false })
  })

  // Brute force: cut every level into lots of 1 and take them one by one, best first.
  function bruteForce(side: 'BUY' | 'SELL', amount: number, levels: Array<[number, number]>) {
    const lots = levels.flatMap(([price, size]) => Array.from({ length: size }, () => price)).sort((a, b) => (side === 'BUY' ? a - b : b - a))
    let base = new Decimal(0)
    let quote = new Decimal(0)
    let left = new Decimal(amount)
    for (const price of lots) {
      if (left.lte(0)) break
      if (side === 'SELL') {
        base = base.add(1)
        quote = quote.add(price)
        left = left.sub(1)
      } else if (left.gte(price)) {
        base = base.add(1)
        quote = quote.add(price)
        left = left.sub(price)
      } else {
        base = base.add(left.div(price))
        quote = quote.add(left)
        left = new Decimal(0)
      }
    }
    return { base, quote, left }
  }

  it('agrees with a lot-by-lot fill on random books', () => {
    const level = fc.tuple(fc.integer({ min: 1, max: 500 }), fc.integer({ min: 1, max: 6 }))
    fc.assert(
      fc.property(fc.constantFrom('BUY' as const, 'SELL' as const), fc.uniqueArray(level, { selector: (l) => l[0], maxLength: 12 }), fc.integer({ min: 0, max: 3000 }), (side, levels, amount) => {
        const book = levels.map(([price, size]) => ({ price: String(price), amount: String(size) }))
        const walk = side === 'BUY' ? walkBook({ side, quoteAmount: String(amount), asks: book }) : walkBook({ side, baseAmount: String(amount), bids: book })
        const expected = bruteForce(side, amount, levels)
        expect(new Decimal(walk.base).sub(expected.base).abs().lt('1e-30')).toBe(true)
        expect(walk.quote).toBe(expected.quote.toFixed())
        expect(walk.unfilled).toBe(expected.left.toFixed())
        expect(walk.complete).toBe(expected.left.isZero())
        if (walk.averagePrice) {
          // The average lies between the best and the worst price touched.
          const avg = new Decimal(walk.averagePrice)
          const [lo, hi] = side === 'BUY' ? [walk.bestPrice!, walk.worstPrice!] : [walk.worstPrice!, walk.bestPrice!]
          expect(avg.gte(new Decimal(lo).sub('1e-30')) && avg.lte(new Decimal(hi).add('1e-30'))).toBe(true)
          expect(new Decimal(walk.slippagePercent!).gte(-1e-30)).toBe(true)
        }
      }),
      { numRuns: 1000 },
    )
  })
})
