// @vitest-environment happy-dom
// The order form's verdict on what is typed: each rule of the exchange shows its message on its own
// field (errors block, warnings do not), and errors of untouched fields wait for a submit attempt.
// Sending is in OrderForm.sending.test.ts; confirmation, presets and clicked prices in
// OrderForm.confirm-presets.test.ts.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises } from '@vue/test-utils'
import { useMarketStore } from '@/stores/market/market'
import { usePairsStore } from '@/stores/market/pairs'
import { ETH_USDT } from '@/stores/test/market-fixtures.test-util'
import { useOrderFormStore } from '@/stores/orders/order-form'
import { TICKER, byId, pressEnter, setup, terminal, text, type, unmount } from './test/order-form-harness.test-util'

afterEach(unmount)

describe('OrderForm: each rule shows its message on its field', () => {
  beforeEach(() => {
    setup()
  })

  const amountCases: [string, string, RegExp][] = [
    ['not a number', 'abc', /Enter a number like 0\.5/],
    ['negative', '-1', /greater than 0/],
    ['zero', '0', /greater than 0/],
    ['exponent notation', '1e5', /Write the number out in full/],
    ['a comma', '1,5', /Use a dot/],
    ['too many decimal places', '0.12345', /At most 4 decimal places/],
    ['below the minimum order size', '0.0001', /at least 0\.001 BTC/],
    ['above the maximum order size', '101', /at most 100 BTC/],
  ]
  for (const [name, value, message] of amountCases) {
    it(`amount ${name} (INVALID_QUANTITY) → order-error-base_amount`, async () => {
      await type('limit-price', '43000')
      await type('base-amount', value)
      expect(text('order-error-base_amount')).toMatch(message)
      expect(byId('order-error-limit_price').exists()).toBe(false)
      expect(byId('order-submit').attributes('aria-disabled')).toBe('true')
    })
  }

  it('an emptied amount (MISSING_FIELD) says to enter one', async () => {
    await type('base-amount', '1')
    await type('base-amount', '')
    expect(text('order-error-base_amount')).toMatch(/Enter an amount/)
  })

  it('limit price zero or too precise (INVALID_PRICE) → order-error-limit_price', async () => {
    await type('limit-price', '0')
    expect(text('order-error-limit_price')).toMatch(/Price must be greater than 0/)
    await type('limit-price', '43000.123')
    expect(text('order-error-limit_price')).toMatch(/At most 2 decimal places/)
  })

  it('stop limit: missing stop price and a bad stop operator land on their fields', async () => {
    const form = useOrderFormStore()
    await byId('order-type-STOP_LIMIT').trigger('click')
    expect(byId('stop-price').exists()).toBe(true)
    expect(byId('stop-operator').exists()).toBe(true)
    await type('stop-price', '1')
    await type('stop-price', '')
    expect(text('order-error-stop_price')).toMatch(/Enter a stop price/)
    // The select offers only GTE and LTE; a value from elsewhere (a draft restored, a bug) is caught.
    form.stopOperator = 'SOMETIMES' as never
    form.touch('stop_operator')
    await flushPromises()
    expect(text('order-error-stop_operator')).toMatch(/GTE or LTE/)
  })

  it('market buy asks for the amount to spend (quote_amount) with the price precision', async () => {
    await byId('order-type-MARKET').trigger('click')
    expect(byId('base-amount').exists()).toBe(false)
    expect(byId('limit-price').exists()).toBe(false)
    await type('quote-amount', '1')
    await type('quote-amount', '')
    expect(text('order-error-quote_amount')).toMatch(/Enter the amount to spend/)
    await type('quote-amount', '10.123')
    expect(text('order-error-quote_amount')).toMatch(/At most 2 decimal places/)
  })

  it('market sell below the minimum order value at the best bid (MIN_ORDER_VALUE)', async () => {
    await byId('order-type-MARKET').trigger('click')
    await byId('order-side-SELL').trigger('click')
    // 0.001 BTC at a best bid of 5000 is worth 5 USDT; the pair's minimum value is 10.
    useMarketStore().ticker = { ...TICKER, buy: '5000' }
    await type('base-amount', '0.001')
    expect(text('order-error-base_amount')).toMatch(/minimum is 10.00 USDT/)
  })

  it('market sell without a best bid warns that the minimum value is unchecked (MIN_VALUE_UNCHECKED)', async () => {
    useMarketStore().ticker = null
    await byId('order-type-MARKET').trigger('click')
    await byId('order-side-SELL').trigger('click')
    await type('base-amount', '0.01')
    expect(byId('order-error-base_amount').exists()).toBe(false)
    expect(text('order-warning-base_amount')).toMatch(/No best bid yet/)
  })

  it('more than is available is a warning in amber, not an error (INSUFFICIENT_FUNDS)', async () => {
    await type('limit-price', '43000')
    await type('base-amount', '1')
    expect(byId('order-error-base_amount').exists()).toBe(false)
    expect(text('order-warning-base_amount')).toMatch(/Needs 43,000.00 USDT; 1,000.00 USDT available/)
    expect(byId('order-submit').attributes('aria-disabled')).toBe('false')
  })

  it('wallet, order type and side from elsewhere than the controls are caught on their fields', async () => {
    const form = useOrderFormStore()
    form.setWallet('PIGGY_BANK' as never)
    form.setType('ICEBERG' as never)
    form.setSide('HOLD' as never)
    await flushPromises()
    expect(text('order-error-wallet_type')).toMatch(/Wallet must be SPOT, CROSS_MARGIN, ISOLATED_MARGIN or P2P/)
    expect(text('order-error-order_type')).toMatch(/MARKET, LIMIT or STOP_LIMIT/)
    expect(text('order-error-order_side')).toMatch(/BUY or SELL/)
  })

  it('an unknown pair (UNKNOWN_PAIR) blocks the form and shows on the form after a submit attempt', async () => {
    usePairsStore().pairs = [ETH_USDT]
    await flushPromises()
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    await pressEnter('base-amount')
    expect(text('order-error-form')).toMatch(/Unknown pair BTC_USDT/)
    expect(text('order-submit-reason')).toBe('BTC_USDT is not traded on this exchange')
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
  })

  it('errors of untouched fields wait for a submit attempt, which sends nothing', async () => {
    expect(byId('order-error-base_amount').exists()).toBe(false)
    expect(byId('order-submit').attributes('aria-disabled')).toBe('true')
    await pressEnter('limit-price')
    expect(text('order-error-base_amount')).toMatch(/Enter an amount/)
    expect(text('order-error-limit_price')).toMatch(/Enter a price/)
    await byId('order-submit').trigger('click')
    await flushPromises()
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
  })
})
