// @vitest-environment happy-dom
// The order form's helpers around the fields: the confirmation dialog (what it shows, Esc and Enter,
// its switch remembered), the balance presets, a price clicked elsewhere, and a pair switch that
// empties prices and amounts.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { SessionState } from '@domain/api/api'
import { usePrefsStore } from '@/stores/prefs'
import { byId, pressEnter, sessionState, setup, terminal, text, type, unmount } from './test/order-form-harness.test-util'

afterEach(unmount)

describe('OrderForm: confirmation, presets, prices', () => {
  it('shows every field that will be sent; Esc cancels, Enter confirms', async () => {
    setup({ confirm: true })
    terminal.handle('orders.place', (draft: { client_order_id: string }) => ({ outcome: 'placed', orderIds: [9], clientOrderId: draft.client_order_id }))
    await byId('order-type-STOP_LIMIT').trigger('click')
    await byId('order-side-SELL').trigger('click')
    await type('stop-price', '42000')
    await byId('stop-operator').setValue('LTE')
    await type('limit-price', '41900.5')
    await type('base-amount', '0.0100')
    await pressEnter('base-amount')
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
    const dialog = byId('order-confirm')
    expect(dialog.exists()).toBe(true)
    const rows = dialog.findAll('tr').map((row) => row.text())
    expect(rows).toEqual([
      expect.stringMatching(/^pair\s*BTC_USDT$/),
      expect.stringMatching(/^order_type\s*STOP_LIMIT$/),
      expect.stringMatching(/^order_side\s*SELL$/),
      expect.stringMatching(/^wallet_type\s*SPOT$/),
      expect.stringMatching(/^base_amount\s*0\.01$/),
      expect.stringMatching(/^limit_price\s*41900\.5$/),
      expect.stringMatching(/^stop_price\s*42000$/),
      expect.stringMatching(/^stop_operator\s*LTE$/),
      expect.stringMatching(/^client_order_id\s*tt-[0-9a-z]{16}$/),
    ])
    // A limit order's value is exact (41900.5 × 0.01), not rounded to the price's two places.
    expect(text('confirm-value')).toBe('419.005 USDT')
    expect(text('order-estimate-value')).toBe('Value419.005 USDT')
    // Whose money: the account and the profile (its exchange) the order is sent for.
    expect(text('order-confirm-destination')).toBe('For Main #7 · profile Demo (127.0.0.1:1)')
    await dialog.trigger('keydown', { key: 'Escape' })
    expect(byId('order-confirm').exists()).toBe(false)
    expect(terminal.callsOf('orders.place')).toHaveLength(0)

    await pressEnter('base-amount')
    await byId('order-confirm').trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(byId('order-confirm').exists()).toBe(false)
    expect(terminal.callsOf('orders.place')).toHaveLength(1)
    expect(terminal.callsOf('orders.place')[0]).toMatchObject({ stop_operator: 'LTE', stop_price: '42000', order_side: 'SELL' })
    expect(text('order-result')).toContain('#9')
  })

  // The dialog names the account and profile the order was built for; after a switch the same Enter
  // would send it from another one.
  const switches: [string, Partial<SessionState>][] = [
    [
      'an account switch',
      {
        switchGeneration: 2,
        accounts: [
          { id: 7, name: 'Main', email: 'm@example.test', parentId: null, profileId: 'p1' },
          { id: 8, name: 'Second', email: 's@example.test', parentId: null, profileId: 'p1' },
        ],
        accountId: 8,
      },
    ],
    ['a profile switch', { switchGeneration: 3, profileGeneration: 3, profile: { ...sessionState().profile!, id: 'p2', name: 'Other' } }],
  ]
  for (const [what, next] of switches) {
    it(`${what} closes the confirmation, and nothing is sent from the new session`, async () => {
      const { form, session } = setup({ confirm: true })
      terminal.handle('orders.place', (draft: { client_order_id: string }) => ({ outcome: 'placed', orderIds: [9], clientOrderId: draft.client_order_id }))
      await type('limit-price', '43000')
      await type('base-amount', '0.01')
      await pressEnter('base-amount')
      expect(byId('order-confirm').exists()).toBe(true)
      session.applyState(sessionState(next))
      await flushPromises()
      expect(session.canTrade).toBe(true) // the new session could trade: only the switch stops the order
      expect(byId('order-confirm').exists()).toBe(false)
      expect(await form.confirm()).toBe(false)
      await flushPromises()
      expect(terminal.callsOf('orders.place')).toHaveLength(0)
    })
  }

  it('presets fill a share of the available balance, rounded down', async () => {
    setup({ quote: '1000' })
    await type('limit-price', '40000')
    await byId('order-preset-50').trigger('click')
    // 500 USDT / 40000 = 0.0125 BTC
    expect((byId('base-amount').element as HTMLInputElement).value).toBe('0.0125')
    await byId('order-side-SELL').trigger('click')
    await byId('order-preset-100').trigger('click')
    // 0.5 BTC balance − 0.1 reserve
    expect((byId('base-amount').element as HTMLInputElement).value).toBe('0.4')
    expect(text('order-available')).toContain('0.4000 BTC')
  })

  it('a clicked price fills the limit price, or the stop price while that field has focus', async () => {
    const { form } = setup()
    form.fillPrice('43000.456')
    await flushPromises()
    expect((byId('limit-price').element as HTMLInputElement).value).toBe('43000.46')
    await byId('order-type-STOP_LIMIT').trigger('click')
    await byId('stop-price').trigger('focus')
    form.fillPrice(42000)
    await flushPromises()
    expect((byId('stop-price').element as HTMLInputElement).value).toBe('42000.00')
    expect((byId('limit-price').element as HTMLInputElement).value).toBe('43000.46')
  })

  it('switching the pair empties prices and amounts, so no price of the old pair is ever sent', async () => {
    const { market } = setup()
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    market.pair = 'ETH_USDT'
    await flushPromises()
    expect((byId('limit-price').element as HTMLInputElement).value).toBe('')
    expect((byId('base-amount').element as HTMLInputElement).value).toBe('')
    expect(byId('order-error-base_amount').exists()).toBe(false)
  })

  it('the confirmation can be switched on from the form and is remembered', async () => {
    setup({ confirm: false })
    await byId('order-confirm-toggle').setValue(true)
    expect(terminal.callsOf('prefs.set')).toContainEqual({ confirmOrders: true })
    expect(usePrefsStore().prefs.confirmOrders).toBe(true)
  })

  it('a clicked price turns a market order into a limit order', async () => {
    const { form } = setup()
    await byId('order-type-MARKET').trigger('click')
    form.fillPrice('42000')
    await flushPromises()
    expect(form.orderType).toBe('LIMIT')
    expect((byId('limit-price').element as HTMLInputElement).value).toBe('42000.00')
  })
})
