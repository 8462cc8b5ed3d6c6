// @vitest-environment happy-dom
// The tabs under the chart: each tab's count follows its store (the open orders' live orders), and a
// new order redraws that tab's label alone (the labels are made once; each tab reads its own count).
import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import type { OrderRecord } from '@domain/wire/wire'
import { setTerminal } from '@/api'
import { useAccountStore } from '@/stores/account/account'
import { fakeTerminal } from '@/stores/test/market-fixtures.test-util'
import BottomTabs from './BottomTabs.vue'

const order = (id: number, status = 'OPEN'): OrderRecord => ({ id, pair: 'BTC_USDT', amount: '0.5', price: '43000', side: 'BID', status, type: 'LIMIT' })
const snapshot = (orders: OrderRecord[], fetchedAt: number) => ({ switchGeneration: 0, accountId: 7, balances: [], feeRules: [], orders, fetchedAt })

beforeEach(() => {
  setActivePinia(createPinia())
  setTerminal(fakeTerminal())
})

describe('BottomTabs', () => {
  it("counts the account's live orders on the open orders' tab, as they come and go", async () => {
    const wrapper = mount(BottomTabs, { attachTo: document.body })
    const account = useAccountStore()
    const ordersTab = () => wrapper.get('[data-testid="tab-orders"]').text()
    expect(ordersTab()).toBe('Open orders')
    account.apply(snapshot([order(1), order(2, 'FILLED')], 1))
    await flushPromises()
    expect(ordersTab()).toBe('Open orders1')
    account.apply(snapshot([order(1), order(3), order(2, 'FILLED')], 2))
    await flushPromises()
    expect(ordersTab()).toBe('Open orders2')
    expect(wrapper.get('[data-testid="tab-orders"] .tab-count').text()).toBe('2')
    account.apply(snapshot([], 3))
    await flushPromises()
    expect(wrapper.find('[data-testid="tab-orders"] .tab-count').exists()).toBe(false)
    wrapper.unmount()
  })
})
