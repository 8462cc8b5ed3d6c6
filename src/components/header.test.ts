// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { setTerminal } from '@/api'
import { fakeTerminal, profileView, sessionState, type FakeTerminal } from '@/stores/test/fake-terminal.test-util'
import { describeConnection } from '@/components/connection'
import { matchesHotkey, parseHotkey } from '@/composables/use-hotkey'
import { useSessionStore } from '@/stores/session/session'
import { useMarketStore } from '@/stores/market/market'
import { usePairsStore } from '@/stores/market/pairs'
import type { Pair } from '@domain/wire/wire'
import AccountSwitcher from './AccountSwitcher.vue'
import KeychainStatus from './KeychainStatus.vue'
import PairList from './PairList.vue'

let terminal: FakeTerminal

beforeEach(async () => {
  setActivePinia(createPinia())
  terminal = fakeTerminal({
    'session.get': () => sessionState(),
    'profiles.list': () => [profileView(), profileView({ id: 'p2', name: 'Sub A key' })],
    'app.info': () => ({ name: 'T', version: '1', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
    'market.ticker': () => [
      { pair: 'BTC_USDT', last: '63000.5', buy: null, sell: null, diff_percent: '-2.5' },
      { pair: 'ETH_BTC', last: '0.05', open: '0.04', buy: null, sell: null },
    ],
  })
  setTerminal(terminal)
  await useSessionStore().load()
})
afterEach(() => {
  document.body.innerHTML = ''
})

describe('the header before the session is known', () => {
  it('says the terminal is starting, not that there is no profile, until the session is read; then what it is', async () => {
    setActivePinia(createPinia())
    let answer: (value: ReturnType<typeof sessionState>) => void = () => undefined
    terminal.handlers['session.get'] = () => new Promise<ReturnType<typeof sessionState>>((resolve) => (answer = resolve))
    const session = useSessionStore()
    const loading = session.load()
    const wrapper = mount(AccountSwitcher)
    await flushPromises()
    expect(wrapper.get('.account-name').text()).toBe('Starting…')
    answer(sessionState({ profile: null, accounts: [], accountId: null }))
    await loading
    await flushPromises()
    expect(wrapper.get('.account-name').text()).toBe('No profile')
  })

  it('says the session is unknown when it could not be read', async () => {
    setActivePinia(createPinia())
    terminal.handlers['session.get'] = () => {
      throw new Error('the core could not start')
    }
    const session = useSessionStore()
    await session.load().catch(() => undefined)
    const wrapper = mount(AccountSwitcher)
    await flushPromises()
    expect(wrapper.get('.account-name').text()).toBe('Session unknown')
  })
})

describe('AccountSwitcher', () => {
  async function openMenu() {
    const wrapper = mount(AccountSwitcher, { attachTo: document.body })
    await wrapper.get('[data-testid="account-switcher"]').trigger('click')
    await flushPromises()
    return wrapper
  }
  const item = (id: number) => document.body.querySelector<HTMLElement>(`[data-testid="account-item-${id}"]`)!

  it('shows the tree with sub-accounts indented, marking tradable and view-only accounts with the reason', async () => {
    await openMenu()
    expect(item(1).dataset.tradable).toBe('true')
    expect(item(2).style.paddingLeft).not.toBe(item(1).style.paddingLeft)
    expect(item(3).dataset.tradable).toBe('false')
    expect(item(3).textContent).toContain('view-only')
    expect(item(3).textContent).toContain('No profile holds a key for Sub B.')
    expect(item(2).textContent).toContain('profile Sub A key')
  })

  it('switches to the profile of an account that has its own key', async () => {
    terminal.handlers['profiles.activate'] = () =>
      sessionState({ switchGeneration: 2, profile: profileView({ id: 'p2' }), accounts: [{ id: 2, name: 'Sub A', email: '', parentId: null, profileId: 'p2' }], accountId: 2 })
    await openMenu()
    item(2).click()
    await flushPromises()
    expect(terminal.callsOf('profiles.activate')).toEqual([{ id: 'p2' }])
    expect(terminal.callsOf('accounts.select')).toEqual([])
    expect(useSessionStore().accountId).toBe(2)
  })

  it('selects a view-only account without changing profile', async () => {
    terminal.handlers['accounts.select'] = (input) => sessionState({ switchGeneration: 2, accountId: input.accountId, canTrade: false })
    await openMenu()
    item(3).click()
    await flushPromises()
    expect(terminal.callsOf('accounts.select')).toEqual([{ accountId: 3 }])
    expect(terminal.callsOf('profiles.activate')).toEqual([])
    expect(document.body.querySelector('[data-testid="view-only-badge"]')).not.toBeNull()
  })
})

describe('KeychainStatus', () => {
  it('warns visibly when the keychain is unavailable', async () => {
    terminal.emit('session.changed', sessionState({ keychain: { available: false, reason: 'No Secret Service' } }))
    const wrapper = mount(KeychainStatus)
    expect(wrapper.get('[data-testid="keychain-status"]').text()).toContain('Keychain unavailable: secrets are kept for this session only')
  })
})

describe('PairList', () => {
  const pair = (name: string): Pair => {
    const [base, quote] = name.split('_') as [string, string]
    return { name, currency1: base, currency2: quote, price_precision: 2, amount_precision: 4, minimum_order_size: '0', maximum_order_size: '1', minimum_order_value: '0' }
  }

  async function setup() {
    const market = useMarketStore()
    terminal.handlers['market.pairs'] = () => [pair('BTC_USDT'), pair('ETH_USDT'), pair('ETH_BTC')]
    terminal.handlers['market.currencies'] = () => []
    await usePairsStore().load()
    market.pair = 'BTC_USDT'
    const wrapper = mount(PairList, { attachTo: document.body })
    await flushPromises()
    return { market, wrapper }
  }

  it('shows last price and change from the tickers read once, and highlights the selected pair', async () => {
    const { wrapper } = await setup()
    const btc = wrapper.get('[data-testid="pair-item-BTC_USDT"]')
    expect(btc.text()).toContain('63,000.50')
    expect(btc.text()).toContain('↓ -2.50 %') // an arrow and a sign, not only red
    expect(btc.classes()).toContain('selected')
    expect(wrapper.get('[data-testid="pair-item-ETH_BTC"]').text()).toContain('↑ +25.00 %')
    expect(terminal.callsOf('market.ticker')).toHaveLength(1)
  })

  it("names the shown pair's newest trade price, as the toolbar does, before its once-a-second ticker", async () => {
    const { market, wrapper } = await setup()
    market.trades = [{ id: 9, price: '62990.25', amount: '0.1', timestamp: 1_700_000_000, pair: 'BTC_USDT', type: 'sell' }]
    await flushPromises()
    expect(wrapper.get('[data-testid="pair-item-BTC_USDT"]').text()).toContain('62,990.25')
    expect(wrapper.get('[data-testid="pair-item-ETH_BTC"]').text()).toContain('0.05')
  })

  it('filters by quote currency and by search text', async () => {
    const { wrapper } = await setup()
    await wrapper.get('[data-testid="quote-BTC"]').trigger('click')
    expect(wrapper.findAll('[data-testid^="pair-item-"]').map((r) => r.attributes('data-testid'))).toEqual(['pair-item-ETH_BTC'])
    await wrapper.get('[data-testid="quote-all"]').trigger('click')
    const input = wrapper.get('input')
    await input.setValue('eth/us')
    expect(wrapper.findAll('[data-testid^="pair-item-"]').map((r) => r.attributes('data-testid'))).toEqual(['pair-item-ETH_USDT'])
  })

  it('focuses the search on Ctrl+K, and Enter picks the match', async () => {
    terminal.handlers['market.subscribe'] = ({ pair: name, interval }) => ({ pair: name, interval, candles: [], trades: [], ticker: null, stale: false, fetchedAt: 1 })
    terminal.handlers['prefs.set'] = () => new Promise(() => undefined)
    const { market, wrapper } = await setup()
    window.dispatchEvent(new KeyboardEvent('keydown', { key: 'k', ctrlKey: true }))
    await flushPromises()
    const input = wrapper.get('input')
    expect(document.activeElement).toBe(input.element)
    await input.setValue('eth_btc')
    await input.trigger('keydown', { key: 'Enter' })
    await flushPromises()
    expect(market.pair).toBe('ETH_BTC')
  })
})

describe('helpers', () => {
  it('describes connection states in words, with the retry countdown', () => {
    expect(describeConnection({ state: 'retrying', message: '', retryAt: 10_500, since: 0 }, 6_000).label).toBe('retrying in 5 s')
    expect(describeConnection({ state: 'rate-limited', message: '', retryAt: 12_000, since: 0 }, 0).label).toBe('rate limited, retry in 12 s')
    expect(describeConnection({ state: 'reauthenticating', message: '', since: 0 }, 0).label).toBe('re-authenticating…')
    expect(describeConnection({ state: 'offline', message: '', since: 0 }, 0).tone).toBe('bad')
  })

  it('matches mod+k with Ctrl or Cmd, and not a plain k', () => {
    const combo = parseHotkey('mod+k')
    expect(matchesHotkey(new KeyboardEvent('keydown', { key: 'k', metaKey: true }), combo)).toBe(true)
    expect(matchesHotkey(new KeyboardEvent('keydown', { key: 'K', ctrlKey: true }), combo)).toBe(true)
    expect(matchesHotkey(new KeyboardEvent('keydown', { key: 'k' }), combo)).toBe(false)
  })
})
