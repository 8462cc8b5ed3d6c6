// The chart's order lines are redrawn only when what they show changes.
import { describe, expect, it } from 'vitest'
import type { OrderRecord } from '@domain/wire/wire'
import { ordersToDraw, sameDrawnOrders } from './chart-order-marks'

const order = (over: Partial<OrderRecord>): OrderRecord =>
  ({ id: 1, pair: 'BTC_USDT', side: 'BUY', type: 'LIMIT', status: 'OPEN', amount: '0.5', amount_filled: '0', price: '60000', ...over }) as OrderRecord

describe('sameDrawnOrders', () => {
  it('is true for a fresh list with the same open orders (an account update about something else)', () => {
    const before = ordersToDraw([order({ id: 1 }), order({ id: 2, price: '61000' })], 'BTC_USDT')
    const after = ordersToDraw([order({ id: 1 }), order({ id: 2, price: '61000' }), order({ id: 3, pair: 'ETH_USDT' })], 'BTC_USDT')
    expect(after).not.toBe(before)
    expect(sameDrawnOrders(before, after)).toBe(true)
  })

  it('is false when a line would change: a fill, another price, an order gone or added', () => {
    const base = [order({ id: 1 }), order({ id: 2, price: '61000' })]
    expect(sameDrawnOrders(base, [order({ id: 1, amount_filled: '0.1' }), base[1]!])).toBe(false)
    expect(sameDrawnOrders(base, [order({ id: 1, price: '59000' }), base[1]!])).toBe(false)
    expect(sameDrawnOrders(base, [base[0]!])).toBe(false)
    expect(sameDrawnOrders(base, [...base, order({ id: 4 })])).toBe(false)
    expect(sameDrawnOrders(base, [order({ id: 1, side: 'SELL' }), base[1]!])).toBe(false)
  })
})
