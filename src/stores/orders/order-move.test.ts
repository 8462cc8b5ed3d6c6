// Moving an order from the chart: nothing is sent before the trader confirms; the steps are shown
// even when the answer overtakes them; the no-order outcome places exactly the order it names, once.
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { OrderRecord } from '@domain/wire/wire'
import { setTerminal } from '@/api'
import { accountSnapshot, fakeTerminal, sessionState, type FakeTerminal } from '../test/fake-terminal.test-util'
import { useOrderMoveStore } from './order-move'

let terminal: FakeTerminal
const order: OrderRecord = { id: 7, pair: 'BTC_USDT', amount: '0.5', price: '100', side: 'BID', status: 'OPEN', type: 'LIMIT', wallet_type: 'SPOT' }

beforeEach(() => {
  setActivePinia(createPinia())
  terminal = fakeTerminal({ 'session.get': () => sessionState(), 'account.snapshot': () => accountSnapshot() })
  setTerminal(terminal)
})

describe('order move store', () => {
  it('asks first, then moves, keeping the steps that arrive after the answer', async () => {
    const move = useOrderMoveStore()
    move.listen()
    terminal.handlers['orders.move'] = () => ({ outcome: 'moved', cancelledId: 7, placedId: 8, amount: '0.5', price: '95' })
    move.propose(order, '95')
    expect(move.pending).toMatchObject({ side: 'BUY', oldPrice: '100', newPrice: '95' })
    expect(terminal.callsOf('orders.move')).toEqual([])
    await move.confirm()
    expect(terminal.callsOf('orders.move')).toEqual([{ orderId: 7, pair: 'BTC_USDT', price: '95' }])
    terminal.emit('orders.move-step', { session: { profileId: 'p1', profileGeneration: 1 }, orderId: 7, step: { step: 'placed', orderId: 8 } })
    expect(move.phase).toBe('done')
    expect(move.steps).toEqual([{ step: 'placed', orderId: 8 }])
    expect(move.result?.outcome).toBe('moved')
  })

  it('after "cancelled, not placed" offers the exact order again, placed once per click', async () => {
    const move = useOrderMoveStore()
    terminal.handlers['orders.move'] = () => ({ outcome: 'cancelled-not-placed', cancelledId: 7, reason: 'You have no order now.', retry: { amount: '0.3', price: '95' } })
    terminal.handlers['orders.place'] = () => ({ outcome: 'placed', orderIds: [9], clientOrderId: 'c' })
    move.propose(order, '95')
    await move.confirm()
    await move.placeAgain()
    expect(terminal.callsOf('orders.place')).toEqual([{ pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.3', limit_price: '95' }])
    expect(move.retryResult).toBe('Placed again: order 9.')
  })

  it('a drop at the same price proposes nothing', () => {
    const move = useOrderMoveStore()
    move.propose(order, '100')
    expect(move.open).toBe(false)
  })
})
