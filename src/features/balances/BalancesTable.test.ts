// @vitest-environment happy-dom
// The balances table shows every digit the exchange sent, each currency with its own places, the
// decimal points of a column in one line.
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { balanceSchema, type Pair } from '@domain/wire/wire'
import { setTerminal } from '@/api'
import { accountSnapshot, balance, fakeTerminal, sessionState } from '@/stores/test/fake-terminal.test-util'
import { formatDateTime, setNumberLocale } from '@/lib/format'
import { useAccountStore } from '@/stores/account/account'
import { usePairsStore } from '@/stores/market/pairs'
import { usePrefsStore } from '@/stores/prefs'
import { useSessionStore } from '@/stores/session/session'
import BalancesTable from './BalancesTable.vue'

const BTC_USDT: Pair = {
  name: 'BTC_USDT',
  currency1: 'BTC',
  currency2: 'USDT',
  price_precision: 2,
  amount_precision: 6,
  minimum_order_size: '0.0001',
  maximum_order_size: '100',
  minimum_order_value: '10',
  id: 11,
}

async function mountWith(balances: ReturnType<typeof balance>[] | Error) {
  setTerminal(
    fakeTerminal({
      'session.get': () => sessionState(),
      'profiles.list': () => [],
      'app.info': () => ({ name: 'T', version: '1', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
      'account.snapshot': () => {
        if (balances instanceof Error) throw balances
        return accountSnapshot({ balances })
      },
      'prefs.set': (patch) => ({ ...usePrefsStore().prefs, ...patch }) as never,
    }),
  )
  useAccountStore().listen()
  await useSessionStore().load()
  usePairsStore().pairs = [BTC_USDT]
  await flushPromises()
  const wrapper = mount(BalancesTable)
  await flushPromises()
  return wrapper
}

beforeEach(() => {
  setActivePinia(createPinia())
  setNumberLocale('en-US')
})
afterEach(() => setNumberLocale(undefined))

describe('BalancesTable numbers', () => {
  it('shows all 18 decimals of a token balance, as the wire schema keeps them', async () => {
    // What the exchange client hands over for {"balance": 1234.123456789012345678, ...}: the exact text.
    const dai = balanceSchema.parse({ balance: '1234.123456789012345678', reserve: 0, currency: 'DAI', wallet_type: 'SPOT', last_update_at: '2024-01-31T12:00:00', account_id: 7 })
    const wrapper = await mountWith([balance({ ...dai, account_id: 1 }), balance({ currency: 'USDT', balance: '250000', reserve: '12.5' })])
    const row = wrapper.get('[data-testid="balance-row-DAI-SPOT"]')
    expect(row.get('[data-col="balance"]').text()).toBe('1,234.123456789012345678')
    expect(row.get('[data-col="available"]').text()).toBe('1,234.123456789012345678')
  })

  it('gives each currency its own places and pads the shorter ones so the points line up', async () => {
    const wrapper = await mountWith([balance({ currency: 'BTC', balance: '3.5', reserve: '0' }), balance({ currency: 'USDT', balance: '250000', reserve: '12.5' })])
    const btc = wrapper.get('[data-testid="balance-row-BTC-SPOT"] [data-col="balance"]')
    const usdt = wrapper.get('[data-testid="balance-row-USDT-SPOT"] [data-col="balance"]')
    expect(btc.text()).toBe('3.500000') // BTC: the pair's 6 amount places
    expect(usdt.text()).toBe('250,000.00') // USDT: the pair's 2 price places
    // Right-aligned: the USDT figure lacks 4 digits after the point, so it is padded by 4 digit widths.
    expect((btc.element as HTMLElement).style.paddingRight).toBe('0ch')
    expect((usdt.element as HTMLElement).style.paddingRight).toBe('4ch')
  })

  it('names the wallet of each row beside its currency, spot first, with the whole update time in its title', async () => {
    const wrapper = await mountWith([
      balance({ currency: 'BTC', wallet_type: 'CROSS_MARGIN', balance: '0.25', last_update_at: '2024-01-31T12:00:00Z' }),
      balance({ currency: 'BTC', wallet_type: 'SPOT', balance: '3.5', last_update_at: '2024-01-31T12:00:00Z' }),
    ])
    const order = wrapper.findAll('tbody tr').map((tr) => tr.attributes('data-testid'))
    expect(order).toEqual(['balance-row-BTC-SPOT', 'balance-row-BTC-CROSS_MARGIN'])
    const cross = wrapper.get('[data-testid="balance-row-BTC-CROSS_MARGIN"] [data-col="wallet"]')
    expect(cross.text()).toBe('Cross')
    expect(cross.element.parentElement!.getAttribute('title')).toBe(`BTC, CROSS_MARGIN wallet, updated ${formatDateTime('2024-01-31T12:00:00Z')}`)
  })

  it('shows a wallet the exchange writes as FUNDING (the official name) as the P2P wallet', async () => {
    const wrapper = await mountWith([balance({ currency: 'USDT', wallet_type: 'FUNDING', balance: '750', last_update_at: '2024-01-31T12:00:00Z' })])
    expect(wrapper.get('[data-testid="balance-row-USDT-P2P"] [data-col="wallet"]').text()).toBe('P2P')
  })

  it('says the account could not be read, with no spinner under the error', async () => {
    const wrapper = await mountWith(new Error('Exchange unreachable (connect ECONNREFUSED).'))
    expect(wrapper.text()).toContain('Exchange unreachable')
    expect(wrapper.text()).toContain('the account could not be read')
    expect(wrapper.find('.n-base-loading').exists()).toBe(false)
  })
})
