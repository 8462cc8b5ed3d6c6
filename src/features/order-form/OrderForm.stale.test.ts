// @vitest-environment happy-dom
// A stale candle is never traded on: while the chart shows the disk's cached market (the start, before
// the exchange's first answer), the order form takes no price from it, shows no balance or preview it
// would compute with, says that it waits, and sends nothing; the live market lifts all of that.
import { afterEach, describe, expect, it } from 'vitest'
import { mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { setTerminal } from '@/api'
import { setNumberLocale } from '@/lib/format'
import { useAccountStore } from '@/stores/account/account'
import { useMarketStore } from '@/stores/market/market'
import { usePairsStore } from '@/stores/market/pairs'
import { useOrderFormStore } from '@/stores/orders/order-form'
import { usePrefsStore } from '@/stores/prefs'
import { useSessionStore } from '@/stores/session/session'
import { BTC_USDT, PREFS, balance, fakeTerminal, feeRule } from '@/stores/test/market-fixtures.test-util'
import OrderForm from './OrderForm.vue'
import { sessionState } from './test/order-form-harness.test-util'

let wrapper: VueWrapper | null = null
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  setNumberLocale(undefined)
})

/** The form beside a chart showing the cached market: the pair, a cached ticker, marked stale. */
function mountCached() {
  setActivePinia(createPinia())
  const terminal = fakeTerminal()
  setTerminal(terminal)
  setNumberLocale('en-US')
  useSessionStore().applyState(sessionState())
  useAccountStore().apply({ switchGeneration: 1, accountId: 7, balances: [balance('USDT', '100000'), balance('BTC', '5')], feeRules: [feeRule('0.001', '0.0005')], orders: [], fetchedAt: 1 })
  usePairsStore().pairs = [BTC_USDT]
  const market = useMarketStore()
  market.pair = 'BTC_USDT'
  market.ticker = { pair: 'BTC_USDT', last: '43000', buy: '42990', sell: '43010' }
  market.stale = true
  usePrefsStore().prefs = { ...PREFS, confirmOrders: false }
  wrapper = mount(OrderForm, { attachTo: document.body })
  return { market, terminal, form: useOrderFormStore() }
}

const text = (testid: string) => wrapper!.find(`[data-testid="${testid}"]`)

describe('the order form while the chart shows cached data', () => {
  it('takes no price from the chart, the book or the trades, shows no balance, and says it waits', async () => {
    const { form } = mountCached()
    form.fillPrice('43000')
    await wrapper!.vm.$nextTick()
    expect((text('limit-price').element as HTMLInputElement).value).toBe('')
    expect(text('order-available').find('dd').text()).toContain('—')
    expect(text('order-preset-25').attributes('disabled')).toBeDefined()
    expect(text('order-submit-reason').text()).toBe('Waiting for live prices: the chart shows cached data')
    expect(form.canSubmit).toBe(false)
  })

  it('a typed order is not sent', async () => {
    const { terminal } = mountCached()
    await text('limit-price').setValue('43000')
    await text('base-amount').setValue('0.1')
    await text('order-submit').trigger('click')
    expect(terminal.callsOf('orders.place')).toHaveLength(0)
  })

  it('a market order’s preview waits instead of walking the book at cached prices', async () => {
    mountCached()
    await text('order-type-MARKET').trigger('click')
    expect(text('order-preview-waiting').text()).toBe('Waiting for live prices…')
  })

  it('the live market lifts the wait: the price is filled and the balance shown', async () => {
    const { market, form } = mountCached()
    market.stale = false
    await wrapper!.vm.$nextTick()
    form.fillPrice('43000')
    await wrapper!.vm.$nextTick()
    expect((text('limit-price').element as HTMLInputElement).value).toBe('43000.00')
    expect(text('order-available').find('dd').text()).not.toContain('—')
    expect(text('order-submit-reason').exists() && text('order-submit-reason').text()).not.toBe('Waiting for live prices: the chart shows cached data')
  })
})
