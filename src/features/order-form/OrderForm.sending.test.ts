// @vitest-environment happy-dom
// The order form, sending: the order that goes out, the button while it goes, a server's rejection on
// the field it concerns, an unknown outcome told as exactly what is known (never resent), and who may
// not send at all (a view-only account, no profile).
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { OrderLookupVerdict, PlaceOrderResult } from '@domain/api/api'
import { TerminalError } from '@domain/errors'
import { byId, pressEnter, setup, terminal, text, type, unmount } from './test/order-form-harness.test-util'

afterEach(unmount)

describe('OrderForm: sending', () => {
  it('Enter sends a valid limit order with a client order id, shows the ids and clears the amount', async () => {
    setup()
    terminal.handle('orders.place', (draft: { client_order_id: string }) => ({ outcome: 'placed', orderIds: [123], clientOrderId: draft.client_order_id }))
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    expect(text('order-estimate-value')).toContain('430.00 USDT')
    expect(text('order-estimate-fee')).toContain('0.0001 BTC') // a buy pays its fee in the base it receives, rounded up
    expect(text('order-submit')).toBe('Buy BTC')
    await pressEnter('base-amount')
    const sent = terminal.callsOf('orders.place') as Record<string, string>[]
    expect(sent).toHaveLength(1)
    expect(sent[0]).toMatchObject({ pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.01', limit_price: '43000' })
    expect(sent[0]!.client_order_id).toMatch(/^tt-[0-9a-z]{16}$/)
    expect(sent[0]).not.toHaveProperty('stop_price')
    expect(text('order-result')).toContain('#123')
    expect(text('order-result')).toContain(sent[0]!.client_order_id)
    expect((byId('base-amount').element as HTMLInputElement).value).toBe('')
    expect((byId('limit-price').element as HTMLInputElement).value).toBe('43000')
  })

  it('the submit button is disabled while sending, and the order on its way is said where its result will be', async () => {
    setup()
    let answer: (value: PlaceOrderResult) => void = () => undefined
    terminal.handle('orders.place', () => new Promise<PlaceOrderResult>((resolve) => (answer = resolve)))
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    await byId('order-submit').trigger('click')
    await flushPromises()
    expect(text('order-submit')).toBe('Sending…')
    expect(byId('order-submit').attributes('disabled')).toBeDefined()
    const clientOrderId = (terminal.callsOf('orders.place')[0] as { client_order_id: string }).client_order_id
    // Not a result: nothing is said placed before the exchange has answered.
    expect(byId('order-result').exists()).toBe(false)
    expect(
      byId('order-in-flight')
        .findAll('strong, span')
        .map((part) => part.text()),
    ).toEqual(['Sending…', 'buy limit 0.01 BTC/USDT at 43000', `client id ${clientOrderId}`])
    await pressEnter('base-amount')
    expect(terminal.callsOf('orders.place')).toHaveLength(1)
    answer({ outcome: 'placed', orderIds: [1], clientOrderId })
    await flushPromises()
    expect(text('order-submit')).toBe('Buy BTC')
    expect(byId('order-in-flight').exists()).toBe(false)
    expect(text('order-result')).toMatch(/^Order placed\s*#1/)
  })

  it('a server INVALID_QUANTITY lands on the amount field until the amount changes', async () => {
    setup()
    terminal.handle('orders.place', () => {
      throw new TerminalError({ kind: 'rejected', code: 'INVALID_QUANTITY', message: 'Quantity is not valid', status: 400 })
    })
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    await pressEnter('base-amount')
    expect(text('order-error-base_amount')).toContain('Quantity is not valid')
    expect(text('order-error-base_amount')).toContain('INVALID_QUANTITY')
    expect(byId('order-result').exists()).toBe(false)
    await type('base-amount', '0.02')
    expect(byId('order-error-base_amount').exists()).toBe(false)
  })

  it('a server INVALID_QUANTITY on a market buy lands on the spend field', async () => {
    setup()
    terminal.handle('orders.place', () => {
      throw new TerminalError({ kind: 'rejected', code: 'INVALID_QUANTITY', message: 'Bad amount', status: 400 })
    })
    await byId('order-type-MARKET').trigger('click')
    await type('quote-amount', '100')
    await pressEnter('quote-amount')
    expect(text('order-error-quote_amount')).toContain('Bad amount')
  })

  it("the order desk's validation issues land on their fields, unknown codes on the form", async () => {
    setup()
    terminal.handle('orders.place', () => {
      throw new TerminalError({
        kind: 'validation',
        code: 'INVALID_ORDER',
        message: 'The order is not valid',
        issues: [
          { field: 'limit_price', code: 'INVALID_PRICE', message: 'Price moved out of the band' },
          { field: 'client_order_id', code: 'DUPLICATE', message: 'Client order id already used' },
        ],
      })
    })
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    await pressEnter('base-amount')
    expect(text('order-error-limit_price')).toContain('Price moved out of the band')
    expect(text('order-error-form')).toContain('Client order id already used')
  })

  const search = { endpoint: 'GET /accounts/order?pair=BTC_USDT', reads: 3, tries: 3, records: 4, window: { from: 0, to: 1 }, elapsedMs: 3000, matchedBy: null }
  const unknown = (lookup: OrderLookupVerdict, orderIds: number[]): PlaceOrderResult & { outcome: 'unknown' } => ({
    outcome: 'unknown',
    clientOrderId: 'tt-a',
    lookup,
    orderIds,
    search,
    message: 'Timed out',
  })
  const lookups: [PlaceOrderResult & { outcome: 'unknown' }, RegExp][] = [
    [unknown('placed', [123]), /WAS placed \(#123\) — found by its client id/],
    [unknown('probably-placed', [124]), /probably placed — #124 matches it/],
    [unknown('several-candidates', [124, 125]), /several orders match it \(#124, #125\)/],
    [unknown('not-found', []), /not found among the recent orders — that does not prove it was not placed/],
    [unknown('still-unknown', []), /check open orders before retrying/],
  ]
  for (const [result, words] of lookups) {
    it(`an unknown outcome is shown as such with the lookup (${result.lookup}) and never resent`, async () => {
      setup()
      terminal.handle('orders.place', () => result)
      await type('limit-price', '43000')
      await type('base-amount', '0.01')
      await pressEnter('base-amount')
      await flushPromises()
      expect(text('order-result')).toMatch(/Outcome unknown — the exchange gave no usable answer/)
      expect(text('order-result')).toMatch(words)
      // A lookup that only failed to find the order never reads as "not placed".
      expect(text('order-result')).not.toMatch(/was NOT placed|You may place it again/)
      expect(text('order-result')).toContain('tt-a')
      expect(terminal.callsOf('orders.place')).toHaveLength(1)
    })
  }

  it('a timeout thrown by the host is an unknown outcome, not an error to retry', async () => {
    setup()
    terminal.handle('orders.place', () => {
      throw new TerminalError({ kind: 'timeout', code: 'TIMEOUT', message: 'No answer in 10 s' })
    })
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    await pressEnter('base-amount')
    expect(text('order-result')).toMatch(/Outcome unknown/)
    expect(text('order-result')).toMatch(/still unknown/)
  })

  it('a view-only account cannot submit and says why', async () => {
    setup({ session: { canTrade: false, accounts: [{ id: 7, name: 'Sub', email: 's@example.test', parentId: 1, profileId: null, viewOnlyReason: 'No key for this sub-account' }] } })
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    expect(byId('order-submit').attributes('aria-disabled')).toBe('true')
    expect(text('order-submit-reason')).toContain('No key for this sub-account')
    await pressEnter('base-amount')
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
  })

  it('without a profile it asks for one', async () => {
    setup({ session: { profile: null, canTrade: false } })
    expect(text('order-submit-reason')).toMatch(/profile/)
  })
})
