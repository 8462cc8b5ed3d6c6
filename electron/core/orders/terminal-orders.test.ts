// The terminal's orders against the real demo exchange: placed, seen in the account feed, cancelled;
// an invalid one refused before anything is sent.
import { describe, expect, it } from 'vitest'
import { createDispatch } from '../../host/dispatch'
import { next, useTerminalHarness } from '../test/terminal-harness.test-util'

describe('terminal orders', () => {
  const h = useTerminalHarness()

  it('places an order that shows in the account feed, and cancels it', async () => {
    const core = await h.open()
    const pairs = await core.call('market.pairs', undefined)
    const btc = pairs.find((p) => p.name === 'BTC_USDT')!
    const result = await core.call('orders.place', {
      pair: 'BTC_USDT',
      order_type: 'LIMIT',
      order_side: 'BUY',
      wallet_type: 'SPOT',
      base_amount: btc.minimum_order_size,
      limit_price: '1000',
    })
    expect(result.outcome).toBe('placed')
    const id = result.outcome === 'placed' ? result.orderIds[0] : -1
    const account = await next(core, 'account.changed', (s) => (s.orders ?? []).some((o) => o.id === id))
    expect(account.orders!.find((o) => o.id === id)).toMatchObject({ status: 'OPEN', pair: 'BTC_USDT' })
    const cancel = await core.call('orders.cancel', { order_ids: [id!] })
    expect(cancel).toEqual({ kind: 'by-ids', results: { [String(id)]: 'CANCELLED' } })
  })

  it('refuses an invalid order before sending it', async () => {
    const core = await h.open()
    const before = h.demo.stats().ordersPlaced
    const dispatch = createDispatch(core)
    const answer = await dispatch('orders.place', { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT' })
    expect(answer).toMatchObject({ ok: false, error: { kind: 'validation' } })
    expect(JSON.stringify(answer)).toContain('quote_amount')
    expect(h.demo.stats().ordersPlaced).toBe(before)
  })
})
