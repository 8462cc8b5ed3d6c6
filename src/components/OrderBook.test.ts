// @vitest-environment happy-dom
import { mount } from '@vue/test-utils'
import { describe, expect, it } from 'vitest'
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
    // exact decimals, the pair's precision
    expect(w.findAll('[data-testid="order-book-bids"] li')[1]!.text()).toContain('0.25')
    expect(w.findAll('[data-testid="order-book-bids"] li')[1]!.text()).toContain('3.25')
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
})
