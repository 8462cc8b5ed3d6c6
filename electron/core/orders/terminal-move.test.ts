// orders.move against the real demo exchange: the core's own cancel, read-back and place. A move
// leaves exactly one order, at the new price, for the rest of the old one; a new price the exchange
// refuses leaves none, and says so with the order to place again.
import { describe, expect, it } from 'vitest'
import type { MoveStep, TerminalCore } from '../../domain/api/api'
import { LIVE_ORDER_STATUSES } from '../../domain/wire/constants'
import { useTerminalHarness } from '../test/terminal-harness.test-util'

async function placeBuy(core: TerminalCore, price: string): Promise<{ id: number; amount: string }> {
  const btc = (await core.call('market.pairs', undefined)).find((p) => p.name === 'BTC_USDT')!
  const placed = await core.call('orders.place', { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: btc.minimum_order_size, limit_price: price })
  if (placed.outcome !== 'placed') throw new Error('not placed')
  return { id: placed.orderIds[0]!, amount: btc.minimum_order_size }
}

async function liveOrders(core: TerminalCore) {
  const snapshot = await core.call('account.snapshot', undefined)
  return (snapshot.orders ?? []).filter((o) => o.pair === 'BTC_USDT' && LIVE_ORDER_STATUSES.includes(o.status))
}

describe('orders.move', () => {
  const h = useTerminalHarness(23)

  it('moves an open order: the old one cancelled, exactly one order at the new price', async () => {
    const core = await h.open()
    const order = await placeBuy(core, '1000')
    const steps: MoveStep['step'][] = []
    const stop = core.on('orders.move-step', (e) => e.orderId === order.id && steps.push(e.step.step))
    const result = await core.call('orders.move', { orderId: order.id, pair: 'BTC_USDT', price: '1100' })
    stop()
    expect(result).toMatchObject({ outcome: 'moved', cancelledId: order.id, price: '1100', amount: order.amount })
    expect(steps).toEqual(['cancelling', 'cancel-confirmed', 'placing', 'placed'])
    const live = await liveOrders(core)
    expect(live.map((o) => [Number(o.price), o.amount])).toEqual([[1100, order.amount]])
    expect(live[0]!.id).toBe(result.outcome === 'moved' ? result.placedId : -1)
    await core.call('orders.cancel', { order_ids: [live[0]!.id] })
  })

  it('a new price the exchange refuses leaves no order, and says so with the order to place again', async () => {
    const core = await h.open()
    const order = await placeBuy(core, '1000')
    // More decimals than BTC_USDT's price precision: the desk refuses it after the cancel went through.
    const result = await core.call('orders.move', { orderId: order.id, pair: 'BTC_USDT', price: '1100.123456789' })
    expect(result).toMatchObject({ outcome: 'cancelled-not-placed', cancelledId: order.id, retry: { amount: order.amount, price: '1100.123456789' } })
    expect(result.outcome === 'cancelled-not-placed' && result.reason).toContain('You have no order now')
    expect(await liveOrders(core)).toEqual([])
  })

  it('refuses to move an order that is not open, and changes nothing', async () => {
    const core = await h.open()
    const order = await placeBuy(core, '1000')
    await core.call('orders.cancel', { order_ids: [order.id] })
    const placedBefore = h.demo.stats().ordersPlaced
    await expect(core.call('orders.move', { orderId: order.id, pair: 'BTC_USDT', price: '1100' })).rejects.toMatchObject({ code: 'ORDER_NOT_OPEN' })
    expect(h.demo.stats().ordersPlaced).toBe(placedBefore)
  })
})
