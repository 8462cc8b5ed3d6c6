// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { nextTick } from 'vue'
import OrderBook from './OrderBook.vue'

const asks = [
  { price: '100.5', amount: '1' },
  { price: '100.1', amount: '2' },
]
const bids = [
  { price: '99.9', amount: '3' },
  { price: '99.5', amount: '0.25' },
]

function render(extra: Record<string, unknown> = {}) {
  return mount(OrderBook, { props: { asks, bids, pricePrecision: 1, amountPrecision: 2, ...extra } })
}

describe('OrderBook', () => {
  it('shows asks above with the best ask next to the spread, bids below best first', () => {
    const w = render()
    const askPrices = w.findAll('[data-testid="order-book-asks"] li').map((li) => li.attributes('data-price'))
    const bidPrices = w.findAll('[data-testid="order-book-bids"] li').map((li) => li.attributes('data-price'))
    expect(askPrices).toEqual(['100.5', '100.1'])
    expect(bidPrices).toEqual(['99.9', '99.5'])
    expect(w.get('[data-testid="order-book-spread"]').text()).toContain('Spread 0.2')
    // A narrow column cuts it with an ellipsis: its title says it whole.
    expect(w.get('[data-testid="order-book-spread"]').attributes('title')).toBe(w.get('[data-testid="order-book-spread"]').text())
    // exact decimals, the pair's precision
    expect(w.findAll('[data-testid="order-book-bids"] li')[1]!.text()).toContain('0.25')
    expect(w.findAll('[data-testid="order-book-bids"] li')[1]!.text()).toContain('3.25')
  })

  it('a size with more decimals than the pair says keeps every one, and so does the cumulative amount', () => {
    const w = render({ bids: [...bids, { price: '99.4', amount: '0.123456' }] })
    const row = w.findAll('[data-testid="order-book-bids"] li')[2]!.text()
    expect(row).toContain('0.123456')
    expect(row).toContain('3.373456')
  })

  it('a click picks the price; with Shift the cumulative amount too', async () => {
    const w = render()
    await w.find('[data-price="99.5"]').trigger('click')
    await w.find('[data-price="99.5"]').trigger('click', { shiftKey: true })
    expect(w.emitted('pickPrice')).toEqual([['99.5', 'bid']])
    expect(w.emitted('pickAmount')).toEqual([['99.5', '3.25', 'bid']])
  })

  it('marks the trader own orders at their level', () => {
    const w = render({ own: [{ price: '100.1', side: 'SELL', amount: '0.5' }] })
    expect(w.find('[data-price="100.1"]').classes()).toContain('own')
    expect(w.find('[data-price="100.5"]').classes()).not.toContain('own')
  })

  it('never shows levels it does not trust: it says why instead', () => {
    const w = render({ doubt: 'Resynchronising the book after a gap in the feed…' })
    expect(w.find('[data-testid="order-book-asks"]').exists()).toBe(false)
    expect(w.get('[data-testid="order-book-doubt"]').text()).toContain('gap')
  })

  it('says when one side is empty', () => {
    expect(render({ asks: [] }).get('[data-testid="order-book-spread"]').text()).toContain('one side of the book is empty')
  })

  describe('levels a side follow the height the panel has', () => {
    // happy-dom lays nothing out: a stand-in ResizeObserver reports the heights a window would.
    const observed = new Set<Element>()
    let report: ((entries: { contentRect: { height: number } }[]) => void) | null = null
    class FakeResizeObserver {
      constructor(callback: (entries: { contentRect: { height: number } }[]) => void) {
        report = callback
      }
      observe(el: Element): void {
        observed.add(el)
      }
      unobserve(el: Element): void {
        observed.delete(el)
      }
      disconnect(): void {
        observed.clear()
      }
    }
    afterEach(() => {
      vi.unstubAllGlobals()
      observed.clear()
      report = null
    })
    const ladder = (from: number, step: number) => Array.from({ length: 30 }, (_, i) => ({ price: String(from + step * i), amount: '1' }))
    const deep = { asks: ladder(101, 1), bids: ladder(99, -1) }
    const shown = (w: ReturnType<typeof render>) => ({
      asks: w.findAll('[data-testid="order-book-asks"] li').length,
      bids: w.findAll('[data-testid="order-book-bids"] li').length,
    })
    async function measure(height: number): Promise<void> {
      report!([{ contentRect: { height } }])
      await nextTick()
    }

    it('shows only whole rows: 110 px a side holds 6 levels of 18 px, not a seventh cut in half', async () => {
      vi.stubGlobal('ResizeObserver', FakeResizeObserver)
      const w = render(deep)
      expect(shown(w)).toEqual({ asks: 15, bids: 15 }) // before the panel is measured
      await measure(110)
      expect(shown(w)).toEqual({ asks: 6, bids: 6 })
      // The best levels stay: the best ask next to the spread, the best bid right under it.
      expect(w.findAll('[data-testid="order-book-asks"] li').at(-1)!.attributes('data-price')).toBe('101')
      expect(w.findAll('[data-testid="order-book-bids"] li')[0]!.attributes('data-price')).toBe('99')
      await measure(53.9)
      expect(shown(w)).toEqual({ asks: 2, bids: 2 })
      // A panel squeezed below one row still shows the best level of each side.
      await measure(10)
      expect(shown(w)).toEqual({ asks: 1, bids: 1 })
    })

    it('measures the new lists when the book comes back after a doubt', async () => {
      vi.stubGlobal('ResizeObserver', FakeResizeObserver)
      const w = render(deep)
      await measure(200)
      expect(shown(w).asks).toBe(11)
      await w.setProps({ doubt: 'Resynchronising the book after a gap in the feed…' })
      expect(observed.size).toBe(0)
      await w.setProps({ doubt: null })
      expect(observed.size).toBe(1)
      expect([...observed][0]).toBe(w.get('[data-testid="order-book-asks"]').element)
      await measure(72)
      expect(shown(w)).toEqual({ asks: 4, bids: 4 })
    })
  })
})
