// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { setTerminal } from '@/api'
import { accountSnapshot, balance, fakeTerminal, feeRule, sessionState, type FakeTerminal } from '@/stores/test/fake-terminal.test-util'
import { useSessionStore } from '@/stores/session/session'
import { useAccountStore } from '@/stores/account/account'
import { useMarketStore } from '@/stores/market/market'
import { usePairsStore } from '@/stores/market/pairs'
import { usePrefsStore } from '@/stores/prefs'
import { formatDateTime } from '@/lib/format'
import type { OrderRecord, Pair } from '@domain/wire/wire'
import BalancesTable from '../features/balances/BalancesTable.vue'
import FeeRulesTable from '../features/fee-rules/FeeRulesTable.vue'
import OpenOrdersTable from '../features/open-orders/OpenOrdersTable.vue'

let terminal: FakeTerminal

const btcUsdt: Pair = {
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

function order(over: Partial<OrderRecord> = {}): OrderRecord {
  return { id: 1, pair: 'BTC_USDT', amount: '0.5', price: '60000', side: 'BID', status: 'OPEN', type: 'LIMIT', amount_filled: '0.1', date: '2024-01-02T03:04:05Z', ...over }
}

async function setup(snapshot = accountSnapshot()) {
  terminal = fakeTerminal({
    'session.get': () => sessionState(),
    'profiles.list': () => [],
    'app.info': () => ({ name: 'T', version: '1', host: 'web', platform: 'linux', dataDir: '/d', keychain: { available: true } }),
    'account.snapshot': () => snapshot,
    'prefs.set': (patch) => ({ ...usePrefsStore().prefs, ...patch }) as never,
  })
  setTerminal(terminal)
  const session = useSessionStore()
  const account = useAccountStore()
  account.listen()
  await session.load()
  await flushPromises()
  const market = useMarketStore()
  usePairsStore().pairs = [btcUsdt, { ...btcUsdt, name: 'ETH_USDT', currency1: 'ETH', id: 12 }]
  usePairsStore().currencies = [
    { short_name: 'BTC', sign: '₿', id: 1 },
    { short_name: 'USDT', sign: '$', id: 2 },
  ]
  market.pair = 'BTC_USDT'
  return { session, account, market, prefs: usePrefsStore() }
}

/** Mounts a table and records every component's re-render by name (a mixin's `updated` runs in naive-ui's components too). */
function mountCountingRenders(component: Parameters<typeof mount>[0]) {
  const updated: string[] = []
  const wrapper = mount(component, {
    global: {
      mixins: [
        {
          updated(this: { $options: { name?: string } }) {
            updated.push(this.$options.name ?? '')
          },
        },
      ],
    },
  })
  const rendersOf = (name: string) => updated.filter((n) => n === name).length
  return { wrapper, updated, rendersOf }
}

const cellTexts = (row: { findAll: (s: string) => { text: () => string }[] }) => row.findAll('td').map((td) => td.text())

beforeEach(() => setActivePinia(createPinia()))

describe('BalancesTable', () => {
  it('shows one row per currency and wallet with available = balance − reserve, exactly', async () => {
    await setup(
      accountSnapshot({
        balances: [balance({ currency: 'USDT', wallet_type: 'SPOT', balance: '0.3', reserve: '0.1' }), balance({ currency: 'BTC', wallet_type: 'SPOT', balance: '1.23456789', reserve: '0.00000001' })],
      }),
    )
    const wrapper = mount(BalancesTable)
    await flushPromises()
    const usdt = wrapper.get('[data-testid="balance-row-USDT-SPOT"]')
    expect(usdt.get('[data-col="available"]').text()).toBe('0.20')
    expect(usdt.get('[data-col="balance"]').text()).toBe('0.30')
    const btc = wrapper.get('[data-testid="balance-row-BTC-SPOT"]')
    expect(btc.get('[data-col="available"]').text()).toBe('1.23456788')
  })

  it('hides zero balances when the preference says so, and shows them when toggled off', async () => {
    const { prefs } = await setup(accountSnapshot({ balances: [balance({ currency: 'BTC' }), balance({ currency: 'DOGE', balance: '0', reserve: '0' })] }))
    const wrapper = mount(BalancesTable)
    await flushPromises()
    expect(prefs.prefs.hideZeroBalances).toBe(true)
    expect(wrapper.find('[data-testid="balance-row-DOGE-SPOT"]').exists()).toBe(false)
    expect(wrapper.text()).toContain('1 hidden')
    await wrapper.get('[data-testid="hide-zero"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="balance-row-DOGE-SPOT"]').exists()).toBe(true)
    expect(terminal.callsOf('prefs.set')).toContainEqual({ hideZeroBalances: false })
  })

  it('sorts by a numeric column numerically, not as text', async () => {
    await setup(
      accountSnapshot({
        balances: [balance({ currency: 'A', balance: '9' }), balance({ currency: 'B', balance: '10' }), balance({ currency: 'C', balance: '0.5' })],
      }),
    )
    const wrapper = mount(BalancesTable)
    await flushPromises()
    const order = () => wrapper.findAll('tbody tr').map((tr) => tr.attributes('data-testid'))
    expect(order()).toEqual(['balance-row-A-SPOT', 'balance-row-B-SPOT', 'balance-row-C-SPOT'])
    const header = wrapper.findAll('th').find((th) => th.text().includes('Available'))!
    await header.trigger('click') // naive-ui cycles descending, ascending, off
    await flushPromises()
    expect(order()).toEqual(['balance-row-B-SPOT', 'balance-row-A-SPOT', 'balance-row-C-SPOT'])
    await header.trigger('click')
    await flushPromises()
    expect(order()).toEqual(['balance-row-C-SPOT', 'balance-row-A-SPOT', 'balance-row-B-SPOT'])
  })

  it("renders the cells of the balance a fill changed, not every row's", async () => {
    const balances = ['A', 'B', 'C'].map((currency) => balance({ currency }))
    const { account } = await setup(accountSnapshot({ balances }))
    const { wrapper, updated, rendersOf } = mountCountingRenders(BalancesTable)
    await flushPromises()
    updated.length = 0
    account.apply(accountSnapshot({ balances: [balances[0]!, balance({ currency: 'B', balance: '1.5' }), balances[2]!], fetchedAt: 2 }))
    await flushPromises()
    expect(wrapper.get('[data-testid="balance-row-B-SPOT"] [data-col="available"]').text()).toBe('1.50')
    // B's cells, one a column; none of A's or C's
    expect(rendersOf('DataTableCell')).toBe(wrapper.findAll('th').length)
  })

  it('shows nothing of the previous account after a switch', async () => {
    const { account } = await setup(accountSnapshot({ balances: [balance({ currency: 'MASTERONLY' })] }))
    terminal.handlers['account.snapshot'] = () => new Promise(() => undefined)
    const wrapper = mount(BalancesTable)
    await flushPromises()
    expect(wrapper.text()).toContain('MASTERONLY')
    terminal.emit('session.changed', sessionState({ switchGeneration: 2, accountId: 2 }))
    await flushPromises()
    expect(account.loaded).toBe(false)
    expect(wrapper.text()).not.toContain('MASTERONLY')
  })
})

describe('FeeRulesTable', () => {
  it('shows rates as percentages, the validity window in words and filters by name', async () => {
    await setup(
      accountSnapshot({
        feeRules: [
          feeRule({ maker_fee_rate: '0.001', taker_fee_rate: '0.0015', priority: 1 }),
          feeRule({ pair: 12, priority: 5, active_once: [null, '2999-01-01T00:00:00Z'] }),
          feeRule({ currency: 99, priority: 3, active_once: ['2020-01-01T00:00:00Z', null] }),
          feeRule({ priority: 0, active_once: [null, null] }),
        ],
      }),
    )
    const wrapper = mount(FeeRulesTable)
    await flushPromises()
    const first = wrapper.get('[data-testid="fee-rule-row-0"]')
    expect(first.get('[data-col="maker"]').text()).toBe('0.100 %')
    expect(first.get('[data-col="taker"]').text()).toBe('0.150 %')
    expect(first.text()).toContain('always')
    expect(first.text()).toContain('all pairs')
    const second = wrapper.get('[data-testid="fee-rule-row-1"]')
    expect(second.text()).toContain('until 2999-01-01')
    expect(second.text()).toContain('pair ETH_USDT')
    const third = wrapper.get('[data-testid="fee-rule-row-2"]')
    expect(third.text()).toContain('from 2020-01-01')
    expect(third.text()).toContain('currency #99')
    // Unbounded as the specification writes it ([null, null]) reads as the first row's null does.
    expect(wrapper.get('[data-testid="fee-rule-row-3"]').text()).toContain('always')
  })

  it('highlights the rule that applies to the selected pair now, and follows a pair change', async () => {
    const { market } = await setup(
      accountSnapshot({
        feeRules: [
          feeRule({ priority: 1 }),
          feeRule({ pair: 11, priority: 5, maker_fee_rate: '0.0005' }),
          feeRule({ pair: 11, priority: 9, is_active: false }),
          feeRule({ pair: 11, priority: 8, active_once: ['2000-01-01T00:00:00Z', '2001-01-01T00:00:00Z'] }),
        ],
      }),
    )
    const wrapper = mount(FeeRulesTable)
    await flushPromises()
    const applies = () => wrapper.findAll('[data-applies="true"]').map((row) => row.attributes('data-testid'))
    expect(applies()).toEqual(['fee-rule-row-1'])
    expect(wrapper.get('[data-testid="fee-rule-row-1"]').classes()).toContain('row-applies')
    expect(wrapper.get('[data-testid="fee-rule-summary"]').text()).toContain('maker 0.050 %')
    market.pair = 'ETH_USDT'
    await flushPromises()
    expect(applies()).toEqual(['fee-rule-row-0'])
  })
})

describe('OpenOrdersTable', () => {
  it('lists live orders with the pair precision, and cancels one through orders.cancel', async () => {
    await setup(accountSnapshot({ orders: [order({ id: 7 }), order({ id: 8, status: 'FILLED', side: 'ASK' })] }))
    terminal.handlers['orders.cancel'] = () => ({ kind: 'by-ids', results: { '7': 'CANCELLED' } })
    const wrapper = mount(OpenOrdersTable)
    await flushPromises()
    const row = wrapper.get('[data-testid="order-row-7"]')
    expect(cellTexts(row)).toEqual(expect.arrayContaining(['BTC/USDT', 'BUY', 'LIMIT', '60,000.00', '0.500000', '0.100000', 'OPEN']))
    expect(wrapper.find('[data-testid="order-row-8"]').exists()).toBe(false)
    await row.get('[data-testid="cancel-order-7"]').trigger('click')
    await flushPromises()
    expect(terminal.callsOf('orders.cancel')).toEqual([{ order_ids: [7] }])
  })

  it('shows finished orders on request, without a cancel button', async () => {
    await setup(accountSnapshot({ orders: [order({ id: 8, status: 'FILLED' })] }))
    const wrapper = mount(OpenOrdersTable)
    await flushPromises()
    expect(wrapper.text()).toContain('No open orders')
    await wrapper.get('[data-testid="show-finished"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="order-row-8"]').exists()).toBe(true)
    expect(wrapper.find('[data-testid="cancel-order-8"]').exists()).toBe(false)
  })

  it('shows the time of day of an order placed today, the whole time in its title; while an order is being cancelled, only its spinning Cancel', async () => {
    const now = new Date()
    await setup(accountSnapshot({ orders: [order({ id: 7, date: now.toISOString() })] }))
    terminal.handlers['orders.cancel'] = () => new Promise(() => undefined)
    const wrapper = mount(OpenOrdersTable)
    await flushPromises()
    const time = wrapper.get('[data-testid="order-row-7"] [data-col="time"]')
    expect(time.text()).toMatch(/^\d\d:\d\d:\d\d$/)
    expect(time.attributes('title')).toBe(`Placed ${formatDateTime(now)}`)
    expect(wrapper.find('[data-testid="alert-order-7"]').exists()).toBe(true)
    await wrapper.get('[data-testid="cancel-order-7"]').trigger('click')
    await flushPromises()
    expect(wrapper.find('[data-testid="alert-order-7"]').exists()).toBe(false)
    expect(wrapper.get('[data-testid="cancel-order-7"]').attributes('disabled')).toBeDefined()
  })

  it('disables cancelling on a view-only account and says why', async () => {
    await setup(accountSnapshot({ orders: [order({ id: 7 })] }))
    terminal.emit('session.changed', sessionState({ switchGeneration: 1, accountId: 3, canTrade: false }))
    const wrapper = mount(OpenOrdersTable)
    await flushPromises()
    const button = wrapper.get('[data-testid="cancel-order-7"]')
    expect(button.attributes('disabled')).toBeDefined()
    expect(button.attributes('title')).toMatch(/No profile holds a key/)
  })

  it('is replaced by a note when the server has no orders endpoint', async () => {
    await setup(accountSnapshot({ orders: null }))
    const wrapper = mount(OpenOrdersTable)
    await flushPromises()
    expect(wrapper.find('[data-testid="orders-unsupported"]').exists()).toBe(true)
    expect(wrapper.find('table').exists()).toBe(false)
  })

  it("renders a new order's row without rendering the other rows' buttons and tags again", async () => {
    const orders = [7, 8, 9, 10, 11].map((id) => order({ id, date: `2024-01-02T03:04:0${id - 6}Z` }))
    const { account } = await setup(accountSnapshot({ orders }))
    const { wrapper, updated, rendersOf } = mountCountingRenders(OpenOrdersTable)
    await flushPromises()
    expect(wrapper.findAll('[data-testid^="order-row-"]')).toHaveLength(5)
    updated.length = 0
    account.apply({ ...account.snapshot!, orders: [order({ id: 12, date: '2024-01-02T03:04:09Z' }), ...orders] })
    await flushPromises()
    expect(wrapper.get('[data-testid="order-row-12"]').find('[data-testid="cancel-order-12"]').exists()).toBe(true)
    // The toolbar's "Cancel all BTC_USDT (6)" is the one button drawn again; no row's buttons or tag.
    expect(rendersOf('Button')).toBe(1)
    expect(rendersOf('Tag')).toBe(0)
  })

  it('asks before cancelling every order of the pair', async () => {
    await setup(accountSnapshot({ orders: [order({ id: 7 }), order({ id: 9, pair: 'ETH_USDT' })] }))
    terminal.handlers['orders.cancel'] = () => ({ kind: 'accepted' })
    const wrapper = mount(OpenOrdersTable, { attachTo: document.body })
    await flushPromises()
    const all = wrapper.get('[data-testid="cancel-all-pair"]')
    expect(all.text()).toContain('BTC_USDT (1)')
    await all.trigger('click')
    await flushPromises()
    expect(terminal.callsOf('orders.cancel')).toEqual([])
    const confirm = [...document.body.querySelectorAll('button')].find((b) => b.textContent?.includes('Cancel them'))
    expect(confirm).toBeDefined()
    confirm!.click()
    await flushPromises()
    expect(terminal.callsOf('orders.cancel')).toEqual([{ pair: 'BTC_USDT' }])
    wrapper.unmount()
  })
})
