// Sending the order form's draft, in the stores alone (the form's own tests click through the
// component): why nothing can be sent, what submit and confirm resolve to, which failures are an
// unknown outcome, and what a switch during a send leaves of the new session's form.
import { describe, expect, it } from 'vitest'
import type { PlaceOrderResult } from '@domain/api/api'
import { TerminalError } from '@domain/errors'
import { sessionState, setupStores, terminal } from '@/features/order-form/test/order-form-harness.test-util'

const placed = (draft: { client_order_id: string }): PlaceOrderResult => ({ outcome: 'placed', orderIds: [11], clientOrderId: draft.client_order_id })
const settle = () => new Promise((resolve) => setTimeout(resolve, 0))

/** The stores with a valid limit buy typed: 0.01 BTC at 43 000. */
function ready(options: Parameters<typeof setupStores>[0] = {}) {
  const stores = setupStores(options)
  stores.form.setField('limit_price', '43000')
  stores.form.setField('base_amount', '0.01')
  return stores
}

describe('why nothing can be sent', () => {
  const reasons: [string, Parameters<typeof setupStores>[0], string][] = [
    ['no session yet', {}, 'The terminal is starting: nothing can be sent yet'],
    ['no profile', { session: { profile: null, canTrade: false } }, 'Add or activate a profile to trade'],
    [
      'an unreachable exchange',
      { session: { connection: { state: 'offline', message: 'Exchange unreachable', since: 0 } } },
      'The exchange is unreachable: nothing can be sent until it answers again',
    ],
    [
      'a view-only account',
      { session: { canTrade: false, accounts: [{ id: 7, name: 'Sub', email: 's@example.test', parentId: 1, profileId: null, viewOnlyReason: 'No key for Sub' }] } },
      'No key for Sub',
    ],
    ['no key for an account not in the tree', { session: { canTrade: false, accountId: 99 } }, 'This account is view-only: the active profile holds no key for it'],
  ]
  for (const [what, options, reason] of reasons) {
    it(`${what}: "${reason}", and submit sends nothing`, async () => {
      const { form, session } = ready(options)
      if (what === 'no session yet') session.state = null
      expect(form.submitReason).toBe(reason)
      expect(await form.submit()).toBe(false)
      expect(terminal.callsOf('orders.place')).toEqual([])
    })
  }

  it('a session that could not be read: says so, not that there is no profile, and submit sends nothing', async () => {
    const { form, session } = ready()
    session.state = null
    session.loadError = 'The terminal could not start: the keychain is locked'
    expect(form.submitReason).toBe('The session could not be read: nothing can be sent')
    expect(await form.submit()).toBe(false)
    expect(terminal.callsOf('orders.place')).toEqual([])
  })
})

describe('submit and confirm', () => {
  it('resolve to true when the order went out and was placed, and clear the amount', async () => {
    const { form } = ready()
    terminal.handle('orders.place', placed)
    expect(await form.submit()).toBe(true)
    expect(form.values.base_amount).toBe('')
    expect(form.values.limit_price).toBe('43000')
  })

  it('an answer of unknown outcome resolves to false and keeps the amount: the trader decides', async () => {
    const { form } = ready()
    terminal.handle(
      'orders.place',
      (draft: { client_order_id: string }) => ({ outcome: 'unknown', clientOrderId: draft.client_order_id, lookup: 'not-found', orderIds: [], message: 'Not found' }) as never,
    )
    expect(await form.submit()).toBe(false)
    expect(form.lastResult).toMatchObject({ kind: 'unknown', lookup: 'not-found' })
    expect(form.values.base_amount).toBe('0.01')
  })

  it('with confirmations on: submit sends nothing and resolves to false; no second order can be queued behind the dialog', async () => {
    const { form } = ready({ confirm: true })
    terminal.handle('orders.place', placed)
    expect(await form.submit()).toBe(false)
    expect(form.pendingConfirm).not.toBeNull()
    expect(form.canSubmit).toBe(false)
    expect(await form.submit()).toBe(false)
    expect(await form.confirm()).toBe(true)
    expect(terminal.callsOf('orders.place')).toHaveLength(1)
  })

  it("a rejection resolves to false with the server's issues; the next order sent clears them", async () => {
    const { form } = ready()
    terminal.handle('orders.place', () => {
      throw new TerminalError({ kind: 'rejected', code: 'INSUFFICIENT_FUNDS', message: 'Not enough USDT', field: 'base_amount' })
    })
    expect(await form.submit()).toBe(false)
    expect(form.serverIssues).toEqual([{ field: 'base_amount', code: 'INSUFFICIENT_FUNDS', message: 'Not enough USDT' }])
    terminal.handle('orders.place', () => new Promise(() => undefined))
    void form.submit()
    await settle()
    expect(form.serverIssues).toEqual([])
  })
})

describe('an answer that may have been placed', () => {
  const unknowns = [
    new TerminalError({ kind: 'outcome-unknown', code: 'OUTCOME_UNKNOWN', message: 'No usable answer' }),
    new TerminalError({ kind: 'timeout', code: 'TIMEOUT', message: 'No answer in 10 s' }),
    new TerminalError({ kind: 'network', code: 'HOST_UNREACHABLE', message: "The terminal's host is unreachable" }),
  ]
  for (const error of unknowns) {
    it(`${error.code}: an unknown outcome with its client order id, never an error to retry`, async () => {
      const { form } = ready()
      terminal.handle('orders.place', () => {
        throw error
      })
      expect(await form.submit()).toBe(false)
      const sent = terminal.callsOf('orders.place')[0] as { client_order_id: string }
      expect(form.lastResult).toEqual({ kind: 'unknown', clientOrderId: sent.client_order_id, lookup: 'still-unknown', orderIds: [], message: error.message })
      expect(form.serverIssues).toEqual([])
    })
  }
})

describe('a switch while an order is on its way', () => {
  it("leaves what the trader typed for the new account: the old order's answer clears nothing", async () => {
    const { form, session } = ready()
    let answer: (result: PlaceOrderResult) => void = () => undefined
    terminal.handle('orders.place', () => new Promise<PlaceOrderResult>((resolve) => (answer = resolve)))
    const sending = form.submit()
    await settle()
    session.applyState(sessionState({ switchGeneration: 2 }))
    form.setField('base_amount', '0.02')
    answer({ outcome: 'placed', orderIds: [12], clientOrderId: 'tt-x' })
    expect(await sending).toBe(true)
    expect(form.values.base_amount).toBe('0.02')
  })
})
