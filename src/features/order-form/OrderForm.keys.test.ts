// @vitest-environment happy-dom
// One keypress, one action; the same order twice is asked about. (A blocked submit saying why is in
// OrderForm.reason.test.ts.)
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { PlaceOrderResult } from '@domain/api/api'
import { TerminalError } from '@domain/errors'
import { byId, pressEnter, setup, terminal, text, type, unmount } from './test/order-form-harness.test-util'

afterEach(unmount)

const placed = (draft: { client_order_id: string }): PlaceOrderResult => ({ outcome: 'placed', orderIds: [41], clientOrderId: draft.client_order_id })

async function fillValidLimitBuy(): Promise<void> {
  await type('limit-price', '43000')
  await type('base-amount', '0.01')
}

describe('OrderForm: a held Enter', () => {
  it('opens the confirmation once and never answers it; a fresh press after release does', async () => {
    setup({ confirm: true })
    terminal.handle('orders.place', placed)
    await fillValidLimitBuy()
    const input = byId('base-amount')
    await input.trigger('keydown', { key: 'Enter', code: 'Enter' })
    await flushPromises()
    const ok = byId('order-confirm-ok')
    expect(ok.exists()).toBe(true)
    expect(document.activeElement).toBe(ok.element)
    // The key stays down: auto-repeat lands on the focused Buy button, some platforms without the flag.
    for (let i = 0; i < 5; i++) await ok.trigger('keydown', { key: 'Enter', code: 'Enter', repeat: true })
    await ok.trigger('keydown', { key: 'Enter', code: 'Enter' })
    await flushPromises()
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
    expect(byId('order-confirm').exists()).toBe(true)

    await ok.trigger('keyup', { key: 'Enter', code: 'Enter' })
    await ok.trigger('keydown', { key: 'Enter', code: 'Enter' })
    await flushPromises()
    expect(terminal.callsOf('orders.place')).toHaveLength(1)
    expect(text('order-result')).toContain('#41')
  })

  it('with confirmations off sends one order, not one per repeat', async () => {
    setup({ confirm: false })
    terminal.handle('orders.place', (draft: { client_order_id: string }) => new Promise<PlaceOrderResult>((r) => setTimeout(() => r(placed(draft)), 5)))
    await fillValidLimitBuy()
    const input = byId('base-amount')
    await input.trigger('keydown', { key: 'Enter', code: 'Enter' })
    for (let i = 0; i < 5; i++) await input.trigger('keydown', { key: 'Enter', code: 'Enter', repeat: true })
    await new Promise((r) => setTimeout(r, 20))
    await flushPromises()
    expect(terminal.callsOf('orders.place')).toHaveLength(1)
  })

  it('Enter on the focused Cancel button cancels', async () => {
    setup({ confirm: true })
    await fillValidLimitBuy()
    await pressEnter('base-amount')
    await byId('order-confirm-cancel').trigger('keydown', { key: 'Enter', code: 'Enter' })
    expect(byId('order-confirm').exists()).toBe(false)
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
  })
})

describe('OrderForm: the same order again', () => {
  it('after a placed order, the identical order by Enter asks first; a fresh Enter on the question sends it', async () => {
    setup({ confirm: false })
    terminal.handle('orders.place', placed)
    await fillValidLimitBuy()
    await pressEnter('base-amount')
    expect(terminal.callsOf('orders.place')).toHaveLength(1)
    await type('base-amount', '0.01') // the amount was cleared; typed again, the order is the same
    await pressEnter('base-amount')
    expect(terminal.callsOf('orders.place')).toHaveLength(1)
    expect(text('order-confirm-warning')).toContain('You just placed this order — send another identical one?')
    await byId('order-confirm-ok').trigger('keydown', { key: 'Enter', code: 'Enter' })
    await flushPromises()
    expect(terminal.callsOf('orders.place')).toHaveLength(2)
  })

  it('after an unknown outcome, Enter asks instead of sending; another amount is a new order and goes', async () => {
    setup({ confirm: false })
    terminal.handle('orders.place', () => {
      throw new TerminalError({ kind: 'timeout', code: 'TIMEOUT', message: 'No answer in 10 s' })
    })
    await fillValidLimitBuy()
    await pressEnter('base-amount')
    expect(text('order-result')).toMatch(/Outcome unknown/)
    await pressEnter('base-amount')
    expect(terminal.callsOf('orders.place')).toHaveLength(1)
    expect(text('order-confirm-warning')).toMatch(/unknown: it may have been placed/)
    await byId('order-confirm').trigger('keydown', { key: 'Escape' })
    await type('base-amount', '0.02')
    await pressEnter('base-amount')
    expect(byId('order-confirm').exists()).toBe(false)
    expect(terminal.callsOf('orders.place')).toHaveLength(2)
  })

  it('after an unknown outcome that the lookup did not find, the question says just that', async () => {
    setup({ confirm: false })
    terminal.handle('orders.place', (draft: { client_order_id: string }): PlaceOrderResult => ({
      outcome: 'unknown',
      clientOrderId: draft.client_order_id,
      lookup: 'not-found',
      orderIds: [],
      search: { endpoint: 'GET /accounts/order?pair=BTC_USDT', reads: 3, tries: 3, records: 4, window: { from: 0, to: 1 }, elapsedMs: 3000, matchedBy: null },
      message: 'No answer',
    }))
    await fillValidLimitBuy()
    await pressEnter('base-amount')
    await pressEnter('base-amount')
    expect(terminal.callsOf('orders.place')).toHaveLength(1)
    expect(text('order-confirm-warning')).toBe('The lookup did not find this same order among the recent orders — that does not prove it was not placed. Send it again?')
  })

  it('a click on the button is aimed: the same order by click goes without the question', async () => {
    setup({ confirm: false })
    terminal.handle('orders.place', placed)
    await fillValidLimitBuy()
    await pressEnter('base-amount')
    await type('base-amount', '0.01')
    await byId('order-submit').trigger('click')
    await flushPromises()
    expect(byId('order-confirm').exists()).toBe(false)
    expect(terminal.callsOf('orders.place')).toHaveLength(2)
  })

  it('once the result is dismissed, the same order goes without asking', async () => {
    setup({ confirm: false })
    terminal.handle('orders.place', placed)
    await fillValidLimitBuy()
    await pressEnter('base-amount')
    await byId('order-result').find('.dismiss').trigger('click')
    await type('base-amount', '0.01')
    await pressEnter('base-amount')
    expect(terminal.callsOf('orders.place')).toHaveLength(2)
  })
})

describe('OrderForm: the confirmation gives focus back', () => {
  it('Esc closes it and the cursor is back in the field Enter was pressed in', async () => {
    setup({ confirm: true })
    await fillValidLimitBuy()
    const input = byId('base-amount')
    ;(input.element as HTMLInputElement).focus()
    await input.trigger('keydown', { key: 'Enter', code: 'Enter' })
    await flushPromises()
    const ok = byId('order-confirm-ok')
    expect(document.activeElement).toBe(ok.element)
    await ok.trigger('keydown', { key: 'Escape', code: 'Escape' })
    await flushPromises()
    expect(byId('order-confirm').exists()).toBe(false)
    expect(document.activeElement).toBe(byId('base-amount').element)
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
  })
})
