// @vitest-environment happy-dom
// The ladder writes prices and sizes as the order book does: grouped by the locale, a price with the
// step's decimals (every row is a multiple of the step, so nothing is rounded), a size with the pair's
// amount decimals and never fewer digits than it has; the screen reader hears the same figures.
import { afterEach, describe, expect, it } from 'vitest'
import { mount } from '@vue/test-utils'
import { setNumberLocale } from '@/lib/format'
import LadderGrid from './LadderGrid.vue'
import type { LadderRow } from './ladder-rows'

afterEach(() => setNumberLocale(undefined))

const row = (price: string, patch: Partial<LadderRow> = {}): LadderRow => ({ price, bid: null, ask: null, ownBuy: null, ownSell: null, volume: null, volumeBar: 0, last: false, ...patch })

function grid(rows: LadderRow[], pricePlaces: number) {
  setNumberLocale('en-US')
  return mount(LadderGrid, { props: { rows, amountPrecision: 6, pricePlaces, cursor: null, carrying: null, label: 'Price ladder' } })
}

describe('LadderGrid figures', () => {
  it('writes a price as the book does: 57,802.49 at the tick', () => {
    const w = grid([row('57802.49', { bid: '0.027348', volume: '1.5' })], 2)
    const cells = w.find('[data-testid="ladder-row-57802.49"]')
    expect(cells.find('.price').text()).toBe('57,802.49')
    expect(cells.find('[data-testid="ladder-bid"]').text()).toBe('0.027348')
    expect(cells.find('.vol').text()).toBe('1.500000')
    expect(cells.find('.price').attributes('aria-label')).toContain('Price 57,802.49, bid 0.027348, ask none')
  })

  it("writes a grouped row with the step's decimals, as the grouped book does: 57,800 at a step of 10", () => {
    const w = grid([row('57800.00', { ask: '1234.5' })], 0)
    expect(w.find('[data-testid="ladder-row-57800.00"] .price').text()).toBe('57,800')
    expect(w.find('[data-testid="ladder-ask"]').text()).toBe('1,234.500000')
  })

  it('never rounds a size away: one with more decimals than the pair keeps them all', () => {
    const w = grid([row('1.00', { bid: '0.0000001' })], 2)
    expect(w.find('[data-testid="ladder-bid"]').text()).toBe('0.0000001')
  })
})
