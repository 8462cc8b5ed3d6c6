// @vitest-environment happy-dom
// The order form's figures tell the truth: the fee in the currency it is charged in, by the rule in
// force now, and an exchange error's code shown once.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { FeeRule } from '@domain/wire/wire'
import { TerminalError } from '@domain/errors'
import { setTerminal } from '@/api'
import { setNumberLocale } from '@/lib/format'
import { useAccountStore } from '@/stores/account/account'
import { useMarketStore } from '@/stores/market/market'
import { usePairsStore } from '@/stores/market/pairs'
import { usePrefsStore } from '@/stores/prefs'
import { useSessionStore } from '@/stores/session/session'
import { BTC_USDT, PREFS, balance, fakeTerminal, feeRule, type FakeTerminal } from '@/stores/test/market-fixtures.test-util'
import OrderForm from './OrderForm.vue'
import { sessionState } from './test/order-form-harness.test-util'

const SESSION = sessionState()

let wrapper: VueWrapper | null = null
let terminal: FakeTerminal
afterEach(() => {
  wrapper?.unmount()
  wrapper = null
  vi.useRealTimers()
  vi.unstubAllEnvs()
  setNumberLocale(undefined)
})

function mountForm(rules: FeeRule[]) {
  setActivePinia(createPinia())
  terminal = fakeTerminal()
  setTerminal(terminal)
  setNumberLocale('en-US')
  useSessionStore().applyState(SESSION)
  useAccountStore().apply({ switchGeneration: 1, accountId: 7, balances: [balance('USDT', '100000'), balance('BTC', '5')], feeRules: rules, orders: [], fetchedAt: 1 })
  const market = useMarketStore()
  usePairsStore().pairs = [BTC_USDT]
  market.pair = 'BTC_USDT'
  market.ticker = { pair: 'BTC_USDT', last: '43000', buy: '42990', sell: '43010' }
  usePrefsStore().prefs = { ...PREFS, confirmOrders: false }
  wrapper = mount(OrderForm, { attachTo: document.body })
}

const fee = () => wrapper!.get('[data-testid="order-estimate-fee"] dd').text()

async function typeOrder(price: string, amount: string): Promise<void> {
  await wrapper!.get('[data-testid="limit-price"]').setValue(price)
  await wrapper!.get('[data-testid="base-amount"]').setValue(amount)
}

describe('the fee preview', () => {
  it("shows a buy's fee in the base currency and a sell's in the quote currency", async () => {
    mountForm([feeRule('0.001', '0.0005')])
    await typeOrder('43000', '1')
    expect(fee()).toBe('0.0010 BTC') // 1 BTC × 0.1 %, with BTC's 4 places
    await wrapper!.get('[data-testid="order-side-SELL"]').trigger('click')
    expect(fee()).toBe('43.00 USDT') // 43,000 USDT × 0.1 %
  })

  it('follows a rule whose window opens while the form is open (its zone-less time read as UTC)', async () => {
    // In Tokyo a zone-less time read as local would put the window nine hours earlier (long closed).
    vi.stubEnv('TZ', 'Asia/Tokyo')
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    vi.setSystemTime(new Date('2024-06-15T11:59:30Z'))
    const promotion: FeeRule = { ...feeRule('0', '0'), priority: 10, active_once: ['2024-06-15T12:00:00', '2024-06-15T12:10:00'] }
    mountForm([feeRule('0.002', '0.001'), promotion])
    await typeOrder('43000', '1')
    expect(fee()).toBe('0.0020 BTC')
    // Thirty seconds on, the promotion opens: no keystroke, the preview changes by itself.
    await vi.advanceTimersByTimeAsync(30_000)
    await flushPromises()
    expect(fee()).toBe('0.0000 BTC')
    // And when it closes, the default rule is back.
    await vi.advanceTimersByTimeAsync(10 * 60_000)
    await flushPromises()
    expect(fee()).toBe('0.0020 BTC')
  })

  it('names the currency a rule charges in, even when it cannot convert the amount', async () => {
    mountForm([{ ...feeRule('0.001', '0.001'), fee_currency: 'ALP' }])
    await typeOrder('43000', '1')
    expect(fee()).toBe('— (charged in ALP)')
  })
})

describe("an exchange error's code", () => {
  const occurrences = (text: string, code: string) => text.split(code).length - 1
  it('is shown once when the message already carries it (as the core writes exchange rejections)', async () => {
    mountForm([feeRule('0.001', '0.0005')])
    terminal.handle('orders.place', () => {
      throw new TerminalError({ kind: 'rejected', code: 'INVALID_QUANTITY', message: 'Amount too small (INVALID_QUANTITY)', status: 400 })
    })
    await typeOrder('43000', '0.01')
    await wrapper!.get('[data-testid="base-amount"]').trigger('keydown', { key: 'Enter' })
    await flushPromises()
    const shown = wrapper!.get('[data-testid="order-error-base_amount"]').text()
    expect(shown).toContain('Amount too small')
    expect(occurrences(shown, 'INVALID_QUANTITY')).toBe(1)
  })
  it('is added once when the message lacks it, also for errors of the form as a whole', async () => {
    mountForm([feeRule('0.001', '0.0005')])
    terminal.handle('orders.place', () => {
      throw new TerminalError({ kind: 'rejected', code: 'SOMETHING_NEW', message: 'A rule the terminal does not know', status: 400 })
    })
    await typeOrder('43000', '0.01')
    await wrapper!.get('[data-testid="base-amount"]').trigger('keydown', { key: 'Enter' })
    await flushPromises()
    const shown = wrapper!.get('[data-testid="order-error-form"]').text()
    expect(shown).toContain('A rule the terminal does not know')
    expect(occurrences(shown, 'SOMETHING_NEW')).toBe(1)
  })
})
