// @vitest-environment happy-dom
// The Order history and Fills tabs say "not known" where the history could not be read, never "no
// orders", "no fills" or a P&L made of the fills that happened to be read.
import { beforeEach, describe, expect, it } from 'vitest'
import { flushPromises, mount } from '@vue/test-utils'
import { TerminalError } from '@domain/errors'
import type { PlacedFill } from '@domain/account/fill-sides'
import type { OrderRecord } from '@domain/wire/wire'
import type { FakeTerminal } from '@/stores/test/fake-terminal.test-util'
import { freshSession } from '@/stores/test/session-harness.test-util'
import { useHistoryStore } from '@/stores/account/history'
import FillsTable from './FillsTable.vue'
import OrderHistoryTable from './OrderHistoryTable.vue'

const order = (id: number, pair: string): OrderRecord => ({ id, pair, amount: '1', price: '10', side: 'BID', status: 'FILLED', type: 'LIMIT', amount_filled: '1', open_at: id * 1000 }) as OrderRecord
const fill = (pair: string, id: number): PlacedFill => ({
  pair,
  amount: '1',
  price: '10',
  type: 'LIMIT',
  date: id * 1000,
  fee_amount: '0',
  fee_currency: 'USDT',
  placement: { side: 'BUY', from: 'order', orderId: id, note: '' },
})
const noKey = () => {
  throw new TerminalError({ kind: 'auth', code: 'NO_KEY', message: 'The history of the selected account needs its own API key.' })
}

let terminal: FakeTerminal
beforeEach(() => {
  terminal = freshSession()
})

describe('history tabs when the history cannot be read', () => {
  it('the order history says it is not known, not that there are no orders; the fills and P&L say the same', async () => {
    terminal.handlers['account.orders'] = noKey
    await useHistoryStore().load()
    const orders = mount(OrderHistoryTable)
    const fills = mount(FillsTable)
    await flushPromises()
    expect(orders.text()).toContain('Not known: the order history could not be read.')
    expect(orders.text()).not.toContain('No orders in this range')
    expect(fills.text()).toContain('Not known: the fills could not be read.')
    expect(fills.text()).not.toContain('No fills')
    expect(fills.find('[data-testid="pnl-unknown"]').exists()).toBe(true)
  })

  it('shows the P&L of the pairs read and names the pair whose fills failed', async () => {
    terminal.handlers['account.orders'] = () => [order(1, 'BTC_USDT'), order(2, 'DOGE_USDT')]
    terminal.handlers['account.trades'] = ({ pair }) => (pair === 'BTC_USDT' ? noKey() : [fill(pair, 2)])
    await useHistoryStore().load()
    const fills = mount(FillsTable)
    await flushPromises()
    expect(fills.find('[data-testid="pnl-summary"] [data-pair="DOGE_USDT"]').exists()).toBe(true)
    expect(fills.find('[data-testid="pnl-unknown"]').text()).toBe('Not known for BTC/USDT: their fills could not be read.')
    expect(fills.text()).not.toContain('No fills to count')
  })

  it('with everything read, an empty range is said as such', async () => {
    terminal.handlers['account.orders'] = () => []
    await useHistoryStore().load()
    const orders = mount(OrderHistoryTable)
    const fills = mount(FillsTable)
    await flushPromises()
    expect(orders.text()).toContain('No orders in this range.')
    expect(fills.text()).toContain('No fills in this range.')
    expect(fills.text()).toContain('No fills to count.')
    expect(fills.find('[data-testid="pnl-unknown"]').exists()).toBe(false)
  })
})

describe('a fill whose side could not be found', () => {
  // (its side cell, "unplaced" with the reason in its title, is checked in e2e/history-sides.web.spec.ts:
  // the table's virtual rows are not drawn without a layout)
  it('stays out of the P&L, and is counted under it', async () => {
    terminal.handlers['account.orders'] = () => [order(1, 'BTC_USDT')]
    const unplaced: PlacedFill = { ...fill('BTC_USDT', 3), price: '99', placement: { side: null, from: null, orderId: null, note: 'Unplaced: both a buy and a sell could have made it' } }
    // A buy at 10 then an unplaced fill at 99: counted as a sell, it would realise a profit of 89.
    terminal.handlers['account.trades'] = ({ pair }) => [fill(pair, 2), unplaced]
    await useHistoryStore().load()
    const fills = mount(FillsTable)
    await flushPromises()
    expect(fills.find('[data-testid="pnl-unplaced"]').text()).toBe('1 fill is unplaced (side not known) and not counted.')
    expect(fills.find('[data-pair="BTC_USDT"] dd').text()).toBe('0 USDT')
  })
})

describe('a realised P&L with more digits than a price × an amount', () => {
  it('is rounded to those places, marked ≈, with the exact figure in its title', async () => {
    terminal.handlers['account.orders'] = () => [order(1, 'BTC_USDT')]
    // 0.3 bought for 0.31 (fee included); 0.1 of it sold at 2 costs 0.31 / 3 = 0.10333…
    const buy: PlacedFill = { ...fill('BTC_USDT', 1), amount: '0.3', price: '1', fee_amount: '0.01' }
    const sell: PlacedFill = { ...fill('BTC_USDT', 2), amount: '0.1', price: '2', placement: { side: 'SELL', from: 'order', orderId: 2, note: '' } }
    terminal.handlers['account.trades'] = () => [buy, sell]
    await useHistoryStore().load()
    const fills = mount(FillsTable)
    await flushPromises()
    const realised = fills.find('[data-testid="pnl-realised"]')
    expect(realised.text()).toBe('≈ +0.09666667 USDT') // a gain says its sign, not only its colour
    expect(realised.attributes('title')).toBe('Exactly 0.0966666666666666666666666666666666666667')
  })
})
