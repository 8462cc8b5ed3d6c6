// @vitest-environment happy-dom
// A submit that will not send says why, beside the button, whatever keeps it from sending: the order
// typed so far, an order on its way or waiting for confirmation, the session, or the pair.
import { afterEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import type { PlaceOrderResult, SessionState } from '@domain/api/api'
import { ETH_USDT } from '@/stores/test/market-fixtures.test-util'
import { byId, pressEnter, setup, terminal, text, type, unmount } from './test/order-form-harness.test-util'
import { usePairsStore } from '@/stores/market/pairs'

afterEach(unmount)

/** The reason shown beside the button, and that the button is greyed out and described by it. */
function reason(): string {
  const button = byId('order-submit')
  const shown = byId('order-submit-reason')
  expect(button.attributes('aria-disabled')).toBe('true')
  expect(shown.exists()).toBe(true)
  expect(shown.attributes('id')).toBeTruthy()
  expect(button.attributes('aria-describedby')).toBe(shown.attributes('id'))
  return shown.text()
}

function sendable(): void {
  expect(byId('order-submit').attributes('aria-disabled')).toBe('false')
  expect(byId('order-submit-reason').exists()).toBe(false)
  expect(byId('order-submit').attributes('aria-describedby')).toBeUndefined()
}

describe('OrderForm: the order typed so far', () => {
  it('a market buy with no amount says to enter the amount to spend, before any press; typed, it can be sent', async () => {
    setup()
    await byId('order-type-MARKET').trigger('click')
    expect(reason()).toBe('Enter the amount to spend')
    // The field itself says nothing until it is touched or a press was tried.
    expect(byId('order-error-quote_amount').exists()).toBe(false)
    await type('quote-amount', '100')
    sendable()
  })

  it('follows the form top to bottom: the first empty field and how many more, then the next, then nothing', async () => {
    setup()
    expect(reason()).toBe('Enter a price (1 more field to fix)')
    await type('limit-price', '43000')
    expect(reason()).toBe('Enter an amount')
    await type('base-amount', '0.01')
    sendable()
  })

  it('names the field when the message alone does not', async () => {
    setup()
    await type('base-amount', '0.01')
    await type('limit-price', '43000.123')
    expect(reason()).toBe('Price: At most 2 decimal places')
    await type('limit-price', '43000')
    await type('base-amount', '0.0001')
    expect(reason()).toBe('Amount must be at least 0.001 BTC')
    await type('base-amount', '0.01')
    await byId('order-type-STOP_LIMIT').trigger('click')
    expect(reason()).toBe('Enter a stop price')
    await type('stop-price', '44000.5')
    await type('limit-price', '1,5')
    expect(reason()).toBe('Limit price: Use a dot as the decimal separator, with no thousands separator')
  })

  it('a press on the blocked button shows every empty field its message and sends nothing', async () => {
    setup()
    await byId('order-submit').trigger('click')
    await flushPromises()
    expect(text('order-error-limit_price')).toMatch(/Enter a price/)
    expect(text('order-error-base_amount')).toMatch(/Enter an amount/)
    expect(reason()).toBe('Enter a price (1 more field to fix)')
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
  })
})

describe('OrderForm: an order on its way', () => {
  it('while it is sent, and while the confirmation waits, the reason says so', async () => {
    setup({ confirm: true })
    let answer: (value: PlaceOrderResult) => void = () => undefined
    terminal.handle('orders.place', () => new Promise<PlaceOrderResult>((resolve) => (answer = resolve)))
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    await pressEnter('base-amount')
    expect(byId('order-confirm').exists()).toBe(true)
    expect(reason()).toBe('Confirm or cancel the order first')
    await byId('order-confirm-ok').trigger('click')
    await flushPromises()
    expect(reason()).toBe('Waiting for the exchange to answer this order')
    answer({ outcome: 'placed', orderIds: [1], clientOrderId: 'x' })
    await flushPromises()
    expect(reason()).toBe('Enter an amount') // the amount is cleared once placed
  })
})

describe('OrderForm: the session and the pair', () => {
  const offline = { state: 'offline' as const, message: 'Exchange unreachable', since: 0 }
  const sessions: Array<[string, Partial<SessionState>, string | RegExp]> = [
    ['no profile', { profile: null, canTrade: false }, 'Add or activate a profile to trade'],
    ['the exchange unreachable', { connection: offline }, /^The exchange is unreachable/],
    ['the key refused', { canTrade: false, accountId: null, connection: { ...offline, problem: 'auth-failed' } }, /refused this profile’s API key/],
    ['no account yet while connecting', { canTrade: false, accountId: null, connection: { state: 'connecting', message: 'Connecting', since: 0 } }, 'Connecting to the exchange…'],
    ['no account', { canTrade: false, accountId: null }, 'No account selected'],
    [
      'a view-only account',
      { canTrade: false, accounts: [{ id: 7, name: 'Sub', email: 's@x.test', parentId: 1, profileId: null, viewOnlyReason: 'No key for this sub-account' }] },
      'No key for this sub-account',
    ],
  ]
  it.each(sessions)('%s: says why, even with a valid order typed', async (_name, session, words) => {
    setup({ session })
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    expect(reason()).toMatch(words)
    await pressEnter('base-amount')
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
  })

  it('no pair, the pair list still loading or failed, a pair the exchange does not list: each said as such', async () => {
    const { market } = setup()
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    usePairsStore().pairs = [ETH_USDT]
    await flushPromises()
    expect(reason()).toBe('BTC_USDT is not traded on this exchange')
    usePairsStore().pairs = []
    await flushPromises()
    expect(reason()).toBe('Loading the exchange’s pairs…')
    usePairsStore().error = 'Exchange unreachable'
    await flushPromises()
    expect(reason()).toBe('The exchange’s pair list could not be loaded')
    market.pair = ''
    await flushPromises()
    expect(reason()).toBe('Choose a pair')
  })
})
