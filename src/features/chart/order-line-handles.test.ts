// Where order handles sit and the price a dragged one stands for.
import { describe, expect, it } from 'vitest'
import type { OrderRecord, Pair } from '@domain/wire/wire'
import { orderHandles, priceAt } from './order-line-handles'

const pair = { name: 'BTC_USDT', currency1: 'BTC', currency2: 'USDT', price_precision: 2, amount_precision: 6 } as Pair
const order = (over: Partial<OrderRecord>): OrderRecord => ({ id: 1, pair: 'BTC_USDT', amount: '0.5', price: '100', side: 'BID', status: 'OPEN', type: 'LIMIT', ...over })

describe('order line handles', () => {
  it("rounds a dragged price to the pair's precision, and refuses none or below zero", () => {
    expect(priceAt(63109.8049, pair)).toBe('63109.8')
    expect(priceAt(63109.805, pair)).toBe('63109.81')
    expect(priceAt(-3, pair)).toBeNull()
    expect(priceAt(0.001, pair)).toBeNull()
    expect(priceAt(Number.NaN, pair)).toBeNull()
  })

  it('shows side and what is left to fill, and only orders inside the pane', () => {
    const y = (price: number) => 1000 - price
    const handles = orderHandles([order({ id: 1, amount_filled: '0.2' }), order({ id: 2, side: 'ASK', price: '990' }), order({ id: 3, price: null })], pair, y, 30, 950)
    expect(handles.map((h) => [h.order.id, h.text, h.buy, h.y])).toEqual([[1, 'BUY 0.300000', true, 900]])
  })
})
