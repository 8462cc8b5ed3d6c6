import { describe, expect, it } from 'vitest'
import { bookView } from './book-view'

const asks = [
  { price: '100.2', amount: '1' },
  { price: '100.1', amount: '2' },
  { price: '100.7', amount: '1' },
]
const bids = [
  { price: '99.9', amount: '4' },
  { price: '99.4', amount: '1' },
]

describe('book view', () => {
  it('keeps the best N levels a side with cumulative sums and depth bars against the larger side', () => {
    const view = bookView({ asks, bids, step: null, depth: 2 })
    expect(view.asks.map((r) => [r.price, r.amount, r.cumulative, r.depth])).toEqual([
      ['100.1', '2', '2', 40],
      ['100.2', '1', '3', 60],
    ])
    expect(view.bids.map((r) => [r.price, r.cumulative, r.depth])).toEqual([
      ['99.9', '4', 80],
      ['99.4', '5', 100],
    ])
    expect(view.spread).toMatchObject({ absolute: '0.2' })
  })

  it('marks the levels that hold the trader own orders, in the grouped bucket too', () => {
    const own = [
      { price: '100.2', side: 'SELL' as const, amount: '0.5' },
      { price: '99.4', side: 'BUY' as const, amount: '1' },
      { price: '99.4', side: 'SELL' as const, amount: '9' }, // a sell cannot sit among bids
    ]
    const plain = bookView({ asks, bids, step: null, depth: 5, own })
    expect(plain.asks.find((r) => r.price === '100.2')!.own).toBe('0.5')
    expect(plain.bids.find((r) => r.price === '99.4')!.own).toBe('1')
    expect(plain.bids.find((r) => r.price === '99.9')!.own).toBeNull()
    const grouped = bookView({ asks, bids, step: '1', depth: 5, own })
    expect(grouped.asks).toMatchObject([{ price: '101', amount: '4', own: '0.5' }])
    expect(grouped.bids).toMatchObject([{ price: '99', amount: '5', own: '1' }])
  })

  it('an empty book draws nothing and has no spread', () => {
    expect(bookView({ asks: [], bids: [], step: null, depth: 10 })).toEqual({ asks: [], bids: [], spread: null })
  })
})
