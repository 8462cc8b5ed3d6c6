// @vitest-environment happy-dom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import { flushPromises, mount, type VueWrapper } from '@vue/test-utils'
import { createPinia, setActivePinia } from 'pinia'
import { setTerminal } from '@/api'
import { useMarketStore } from '@/stores/market/market'
import { usePairsStore } from '@/stores/market/pairs'
import { useOrderFormStore } from '@/stores/orders/order-form'
import { BTC_USDT, fakeTerminal, trade, type FakeTerminal } from '@/stores/test/market-fixtures.test-util'
import RecentTrades from './RecentTrades.vue'

let terminal: FakeTerminal
let wrapper: VueWrapper

beforeEach(async () => {
  setActivePinia(createPinia())
  terminal = fakeTerminal()
  setTerminal(terminal)
  terminal.handle('market.subscribe', () => ({
    pair: 'BTC_USDT',
    interval: '60',
    candles: [],
    trades: [trade(2, '43000.5', '0.1', 'sell'), trade(1, '42999', '0.00005', 'buy')],
    ticker: null,
    stale: false,
    fetchedAt: 1,
  }))
  const market = useMarketStore()
  usePairsStore().pairs = [BTC_USDT]
  await market.subscribe('BTC_USDT', '60')
  wrapper = mount(RecentTrades)
})

afterEach(() => wrapper.unmount())

/** The figures of each row's cells (the side's arrow and its word for screen readers left out). */
const rowTexts = () =>
  wrapper.findAll('[role="row"][data-testid^="trade-"]').map((r) =>
    r.findAll('[role="cell"]').map((cell) =>
      [...cell.element.childNodes]
        .filter((n) => !(n instanceof Element))
        .map((n) => n.textContent)
        .join('')
        .trim(),
    ),
  )

describe('RecentTrades', () => {
  it('shows trades newest first with the pair precision, side colour and local time', () => {
    const rows = rowTexts()
    expect(rows).toHaveLength(2)
    const local = new Date((1_700_000_000 + 2) * 1000)
    const hhmmss = [local.getHours(), local.getMinutes(), local.getSeconds()].map((n) => String(n).padStart(2, '0')).join(':')
    expect(rows[0]).toEqual(['43,000.50', '0.1000', hhmmss])
    // 0.00005 rounds half up to the 4 amount places of BTC_USDT
    expect(rows[1]![0]).toBe('42,999.00')
    expect(rows[1]![1]).toBe('0.0001')
    expect(wrapper.find('[data-testid="trade-2"] .price').classes()).toContain('sell')
    expect(wrapper.find('[data-testid="trade-1"] .price').classes()).toContain('buy')
  })

  it('says each side by an arrow and a word, not by its colour alone', () => {
    // what a screen reader reads out of the price cell: the side's word, then the price (the arrow is hidden from it)
    const spoken = (id: number) => {
      const cell = wrapper.get(`[data-testid="trade-${id}"] .price`)
      return [...cell.element.childNodes]
        .filter((n) => !(n instanceof Element && n.getAttribute('aria-hidden') === 'true'))
        .map((n) => n.textContent)
        .join('')
        .trim()
    }
    expect(spoken(2)).toBe('sell 43,000.50')
    expect(spoken(1)).toBe('buy 42,999.00')
    expect(wrapper.get('[data-testid="trade-2"] .mark').text()).toBe('↓')
    expect(wrapper.get('[data-testid="trade-1"] .mark').text()).toBe('↑')
  })

  it('adds pushed trades on top once, however often they are repeated', async () => {
    terminal.emit('market.trades', { pair: 'BTC_USDT', trades: [trade(3, '43001'), trade(2, '43000.5', '0.1', 'sell')] })
    terminal.emit('market.trades', { pair: 'BTC_USDT', trades: [trade(3, '43001')] })
    useMarketStore().flushLive()
    await flushPromises()
    expect(rowTexts().map((r) => r[0])).toEqual(['43,001.00', '43,000.50', '42,999.00'])
  })

  it('renders only the rows in view of a long list', async () => {
    const many = Array.from({ length: 400 }, (_, i) => trade(1000 + i))
    terminal.emit('market.trades', { pair: 'BTC_USDT', trades: many.reverse() })
    useMarketStore().flushLive()
    await flushPromises()
    expect(useMarketStore().trades).toHaveLength(402)
    expect(rowTexts().length).toBeLessThan(60)
    expect(wrapper.find('.spacer').attributes('style')).toContain(`height: ${402 * 20}px`)
  })

  it('keeps its rows and changes their text as trades arrive; a burst shows at most every 25 ms, ending with the newest', async () => {
    vi.useFakeTimers()
    try {
      const push = async (id: number) => {
        terminal.emit('market.trades', { pair: 'BTC_USDT', trades: [trade(id, `4300${id}`)] })
        useMarketStore().flushLive()
        await nextTick()
      }
      const firstRow = wrapper.get('[role="row"][data-testid^="trade-"]').element
      await push(3) // after a quiet spell: at once
      expect(rowTexts()[0]![0]).toBe('43,003.00')
      expect(wrapper.get('[role="row"][data-testid^="trade-"]').element).toBe(firstRow) // the same row, new text
      await push(4)
      await push(5)
      expect(rowTexts()[0]![0]).toBe('43,003.00') // held: within 25 ms of the last change
      vi.advanceTimersByTime(25)
      await nextTick()
      expect(
        rowTexts()
          .map((r) => r[0])
          .slice(0, 3),
      ).toEqual(['43,005.00', '43,004.00', '43,003.00'])
    } finally {
      vi.useRealTimers()
    }
  })

  it('a click on a row fills the limit price of the order form', async () => {
    await wrapper.find('[data-testid="trade-1"]').trigger('click')
    expect(useOrderFormStore().values.limit_price).toBe('42999.00')
  })
})
