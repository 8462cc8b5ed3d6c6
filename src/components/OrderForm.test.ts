// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { PlaceOrderResult, SessionState } from '@domain/api'
import { TerminalError } from '@domain/errors'
import type { Ticker } from '@domain/wire'
import { setTerminal } from '@/api'
import { useAccountStore } from '@/stores/account'
import { useMarketStore } from '@/stores/market'
import { useOrderFormStore } from '@/stores/order-form'
import { usePrefsStore } from '@/stores/prefs'
import { useSessionStore } from '@/stores/session'
import { BTC_USDT, PREFS, balance, fakeTerminal, feeRule, type FakeTerminal } from '@/stores/market-fixtures'
import OrderForm from './OrderForm.vue'

const TICKER: Ticker = { pair: 'BTC_USDT', last: '43000', buy: '42990', sell: '43010' }

function sessionState(overrides: Partial<SessionState> = {}): SessionState {
  return {
    generation: 1,
    profileGeneration: 1,
    profile: {
      id: 'p1',
      name: 'Demo',
      baseUrl: 'http://127.0.0.1:1/api/v3',
      apiKeyHint: 'abcd',
      accountId: 7,
      isDemo: true,
      createdAt: '2024-01-01T00:00:00Z',
      lastUsedAt: null,
      secretStorage: 'keychain',
    },
    accounts: [{ id: 7, name: 'Main', email: 'm@example.test', parentId: null, profileId: 'p1' }],
    accountId: 7,
    canTrade: true,
    connection: { state: 'online', message: 'Online', since: 0 },
    keychain: { available: true },
    storageWarnings: [],
    ...overrides,
  }
}

let terminal: FakeTerminal
let wrapper: VueWrapper | null = null

function setup(options: { session?: Partial<SessionState>; ticker?: Ticker | null; quote?: string; base?: string; confirm?: boolean } = {}) {
  setActivePinia(createPinia())
  terminal = fakeTerminal()
  setTerminal(terminal)
  const session = useSessionStore()
  session.applyState(sessionState(options.session))
  const account = useAccountStore()
  account.apply({
    generation: 1,
    accountId: 7,
    balances: [balance('USDT', options.quote ?? '1000'), balance('BTC', options.base ?? '0.5', '0.1')],
    feeRules: [feeRule('0.001', '0.0005')],
    orders: [],
    fetchedAt: 1,
  })
  const market = useMarketStore()
  market.pairs = [BTC_USDT]
  market.pair = 'BTC_USDT'
  market.ticker = options.ticker === undefined ? TICKER : options.ticker
  usePrefsStore().prefs = { ...PREFS, confirmOrders: options.confirm ?? false }
  const form = useOrderFormStore()
  wrapper = mount(OrderForm, { attachTo: document.body })
  return { form, market, account, session, wrapper }
}

afterEach(() => {
  wrapper?.unmount()
  wrapper = null
})

const byId = (id: string) => wrapper!.find(`[data-testid="${id}"]`)
const text = (id: string) => byId(id).text()

async function type(id: string, value: string): Promise<void> {
  await byId(id).setValue(value)
}

async function pressEnter(id: string): Promise<void> {
  await byId(id).trigger('keydown', { key: 'Enter' })
  await flushPromises()
}

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
      expect(byId('order-submit').attributes('disabled')).toBeDefined()
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
    expect(text('order-error-base_amount')).toMatch(/minimum is 10 USDT/)
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
    expect(text('order-warning-base_amount')).toMatch(/Needs 43000 USDT; 1000 USDT available/)
    expect(byId('order-submit').attributes('disabled')).toBeUndefined()
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
    useMarketStore().pairs = []
    await flushPromises()
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    await pressEnter('base-amount')
    expect(text('order-error-form')).toMatch(/Unknown pair BTC_USDT/)
    expect(text('order-submit-reason')).toMatch(/Choose a pair/)
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
  })

  it('errors of untouched fields wait for a submit attempt, which sends nothing', async () => {
    expect(byId('order-error-base_amount').exists()).toBe(false)
    expect(byId('order-submit').attributes('disabled')).toBeDefined()
    await pressEnter('limit-price')
    expect(text('order-error-base_amount')).toMatch(/Enter an amount/)
    expect(text('order-error-limit_price')).toMatch(/Enter a price/)
    await byId('order-submit').trigger('click')
    await flushPromises()
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
  })
})

describe('OrderForm: sending', () => {
  it('Enter sends a valid limit order with a client order id, shows the ids and clears the amount', async () => {
    setup()
    terminal.handle('orders.place', (draft: { client_order_id: string }) => ({ outcome: 'placed', orderIds: [123], clientOrderId: draft.client_order_id }))
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    expect(text('order-estimate-value')).toContain('430.00 USDT')
    expect(text('order-estimate-fee')).toContain('0.43 USDT')
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

  it('the submit button is disabled while sending', async () => {
    setup()
    let answer: (value: PlaceOrderResult) => void = () => undefined
    terminal.handle('orders.place', () => new Promise<PlaceOrderResult>((resolve) => (answer = resolve)))
    await type('limit-price', '43000')
    await type('base-amount', '0.01')
    await byId('order-submit').trigger('click')
    await flushPromises()
    expect(text('order-submit')).toBe('Sending…')
    expect(byId('order-submit').attributes('disabled')).toBeDefined()
    await pressEnter('base-amount')
    expect(terminal.callsOf('orders.place')).toHaveLength(1)
    answer({ outcome: 'placed', orderIds: [1], clientOrderId: 'x' })
    await flushPromises()
    expect(text('order-submit')).toBe('Buy BTC')
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

  const lookups: [PlaceOrderResult & { outcome: 'unknown' }, RegExp][] = [
    [{ outcome: 'unknown', clientOrderId: 'tt-a', lookup: 'placed', orderIds: [123], message: 'Timed out' }, /WAS placed \(#123\)/],
    [{ outcome: 'unknown', clientOrderId: 'tt-a', lookup: 'not-placed', orderIds: [], message: 'Timed out' }, /was NOT placed/],
    [{ outcome: 'unknown', clientOrderId: 'tt-a', lookup: 'still-unknown', orderIds: [], message: 'Timed out' }, /check open orders before retrying/],
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
    expect(byId('order-submit').attributes('disabled')).toBeDefined()
    expect(text('order-submit-reason')).toContain('No key for this sub-account')
    await pressEnter('base-amount')
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
  })

  it('without a profile it asks for one', async () => {
    setup({ session: { profile: null, canTrade: false } })
    expect(text('order-submit-reason')).toMatch(/profile/)
  })
})

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
