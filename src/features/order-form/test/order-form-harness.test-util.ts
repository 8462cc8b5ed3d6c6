// The order form mounted on a fake terminal with one pair, a ticker, balances and a fee rule: what
// the form's tests share. `terminal` is the fake of the form mounted last.
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { SessionState } from '@domain/api/api'
import type { Ticker } from '@domain/wire/wire'
import { setTerminal } from '@/api'
import { useAccountStore } from '@/stores/account/account'
import { useMarketStore } from '@/stores/market/market'
import { usePairsStore } from '@/stores/market/pairs'
import { useOrderFormStore } from '@/stores/orders/order-form'
import { usePrefsStore } from '@/stores/prefs'
import { useSessionStore } from '@/stores/session/session'
import { BTC_USDT, PREFS, balance, fakeTerminal, feeRule, type FakeTerminal } from '@/stores/test/market-fixtures.test-util'
import OrderForm from '../OrderForm.vue'

export const TICKER: Ticker = { pair: 'BTC_USDT', last: '43000', buy: '42990', sell: '43010' }

export function sessionState(overrides: Partial<SessionState> = {}): SessionState {
  return {
    switchGeneration: 1,
    profileGeneration: 1,
    profile: {
      id: 'p1',
      name: 'Demo',
      baseUrl: 'http://127.0.0.1:1/api/v3',
      feedUrl: null,
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

export let terminal: FakeTerminal
let wrapper: VueWrapper | null = null

export interface FormOptions {
  session?: Partial<SessionState>
  ticker?: Ticker | null
  quote?: string
  base?: string
  confirm?: boolean
}

/** The order form's stores on a fake terminal with the pair, ticker, balances and fee rule, not mounted. */
export function setupStores(options: FormOptions = {}) {
  setActivePinia(createPinia())
  terminal = fakeTerminal()
  setTerminal(terminal)
  const session = useSessionStore()
  session.applyState(sessionState(options.session))
  const account = useAccountStore()
  account.apply({
    switchGeneration: 1,
    accountId: 7,
    balances: [balance('USDT', options.quote ?? '1000'), balance('BTC', options.base ?? '0.5', '0.1')],
    feeRules: [feeRule('0.001', '0.0005')],
    orders: [],
    fetchedAt: 1,
  })
  const market = useMarketStore()
  usePairsStore().pairs = [BTC_USDT]
  market.pair = 'BTC_USDT'
  market.ticker = options.ticker === undefined ? TICKER : options.ticker
  usePrefsStore().prefs = { ...PREFS, confirmOrders: options.confirm ?? false }
  return { form: useOrderFormStore(), market, account, session }
}

export function setup(options: FormOptions = {}) {
  const stores = setupStores(options)
  wrapper = mount(OrderForm, { attachTo: document.body })
  return { ...stores, wrapper }
}

/** Unmounts the form mounted last (for afterEach). */
export function unmount(): void {
  wrapper?.unmount()
  wrapper = null
}

export const byId = (id: string) => wrapper!.find(`[data-testid="${id}"]`)
export const text = (id: string) => byId(id).text()

export async function type(id: string, value: string): Promise<void> {
  await byId(id).setValue(value)
}

/** One press of Enter on an element: down, then up, as a finger does. */
export async function pressEnter(id: string): Promise<void> {
  await byId(id).trigger('keydown', { key: 'Enter' })
  await byId(id).trigger('keyup', { key: 'Enter' })
  await flushPromises()
}
