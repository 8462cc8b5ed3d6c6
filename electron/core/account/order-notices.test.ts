// What a change of an order's status tells the trader: a cancel the keeper made itself (a chase's
// move, a TWAP slice replaced at its slot: the slice is `pulled` in its state) is not news, though what
// that slice filled is; a slice cancelled by someone else is, and says it pauses the algorithm; fills
// and the trader's own orders are told as before.
import { describe, expect, it } from 'vitest'
import type { OrderRecord } from '../../domain/wire/wire'
import { orderNotice, type OrderOwner } from './order-notices'

const order = (status: string, amountFilled?: string): OrderRecord => ({
  id: 7,
  account_id: 1,
  pair: 'BTC_USDT',
  amount: '0.01',
  price: '100',
  side: 'BID',
  status,
  type: 'LIMIT',
  ...(amountFilled !== undefined ? { amount_filled: amountFilled } : {}),
})
const chase = (pulled: boolean): OrderOwner => ({ algo: 'chase', pair: 'BTC_USDT', pulled })

describe('orderNotice', () => {
  it("says nothing of a chase's move: the keeper's own cancel of an unfilled slice", () => {
    expect(orderNotice(order('CANCELLED', '0'), 'OPEN', chase(true))).toBeNull()
    expect(orderNotice(order('CANCELLED'), 'OPEN', { algo: 'twap', pair: 'BTC_USDT', pulled: true })).toBeNull()
  })

  it('tells what a pulled slice filled before its cancel, once', () => {
    expect(orderNotice(order('PARTIAL_CANCELLED', '0.004'), 'OPEN', chase(true))).toEqual({
      kind: 'order-filled',
      title: 'Chase slice partly filled',
      body: 'Buy 0.01 BTC/USDT @ 100 (#7): 0.004 filled — a slice of the Chase on BTC/USDT (see Algos).',
    })
    // the part fill was told when it happened: the cancel after it adds nothing
    expect(orderNotice(order('PARTIAL_CANCELLED', '0.004'), 'PARTIAL_FILLED', chase(true))).toBeNull()
  })

  it('tells a slice cancelled by someone else, and that it pauses the algorithm', () => {
    expect(orderNotice(order('CANCELLED', '0'), 'OPEN', chase(false))).toEqual({
      kind: 'order-cancelled',
      title: 'Chase slice cancelled',
      body: 'Buy 0.01 BTC/USDT @ 100 (#7) — a slice of the Chase on BTC/USDT, cancelled outside the algorithm: this pauses the Chase (see Algos).',
    })
  })

  it("still tells a pulled slice's fill (it filled before the cancel reached it)", () => {
    expect(orderNotice(order('FILLED', '0.01'), 'OPEN', chase(true))).toMatchObject({ kind: 'order-filled', title: 'Chase slice filled' })
  })

  it("tells the trader's own orders and a position's legs as before", () => {
    expect(orderNotice(order('CANCELLED'), 'OPEN', null)).toMatchObject({ kind: 'order-cancelled', title: 'Order cancelled' })
    expect(orderNotice(order('CANCELLED'), 'OPEN', { role: 'stop', pair: 'BTC_USDT' })).toMatchObject({ title: 'Position stop cancelled' })
    expect(orderNotice(order('PARTIAL_FILLED', '0.002'), 'OPEN', null)).toMatchObject({ title: 'Order partly filled', body: 'Buy 0.01 BTC/USDT @ 100 (#7): 0.002 filled' })
  })

  it('says nothing when the status did not change, or of an order first seen part filled', () => {
    expect(orderNotice(order('OPEN'), 'OPEN', null)).toBeNull()
    expect(orderNotice(order('PARTIAL_FILLED', '0.002'), undefined, null)).toBeNull()
  })
})
