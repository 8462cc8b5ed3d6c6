import { describe, expect, it } from 'vitest'
import { keptIfEqual } from '../../lib/same-rows'
import { orderColumnWidths, type OrderRowTexts } from './order-columns'

const row = (over: Partial<OrderRowTexts> = {}): OrderRowTexts => ({
  time: '07:50:24',
  stackedTime: '07:50:24',
  pair: 'BTC/USDT',
  side: 'BUY',
  type: 'LIMIT',
  price: '40,000.12',
  stop: null,
  amount: '0.000100',
  filled: '0.000000',
  status: 'OPEN',
  live: true,
  ...over,
})

const sum = (w: ReturnType<typeof orderColumnWidths>) => (w.time ?? 0) + w.pair + w.side + w.type + w.price + w.amount + w.filled + w.status + w.actions

describe('open orders column widths', () => {
  it('gives the time a column where every column fits the panel, Cancel counted in', () => {
    const wide = orderColumnWidths([row()], 2000)
    expect(wide.time).not.toBeNull()
    expect(wide.total).toBe(sum(wide))
    expect(wide.total).toBeLessThanOrEqual(2000)
  })

  it('puts the time under the pair where the panel is too narrow for its column, and then fits', () => {
    const rows = [row(), row({ type: 'STOP_LIMIT', price: '90,000.55', stop: '90,000.12', status: 'PENDING' })]
    const withTime = orderColumnWidths(rows, Infinity)
    const narrow = orderColumnWidths(rows, withTime.total - 1)
    expect(narrow.time).toBeNull()
    expect(narrow.total).toBe(sum(narrow))
    expect(narrow.total).toBeLessThan(withTime.total)
  })

  it('widens a column for a longer figure, and the price column for a stop price wider than the price', () => {
    const base = orderColumnWidths([row()], Infinity)
    expect(orderColumnWidths([row({ amount: '12,345.000100' })], Infinity).amount).toBeGreaterThan(base.amount)
    expect(orderColumnWidths([row({ stop: '40,000.12' })], Infinity).price).toBeGreaterThan(base.price)
    // An older order's date and time take a wider time column than today's time of day.
    expect(orderColumnWidths([row({ time: '2026-11-22 07:50' })], Infinity).time!).toBeGreaterThan(base.time!)
  })

  it('leaves the pinned column narrow when no row can be cancelled', () => {
    expect(orderColumnWidths([row({ live: false, status: 'FILLED' })], Infinity).actions).toBeLessThan(orderColumnWidths([row()], Infinity).actions)
  })
})

describe('the widths shown, kept while equal (keptIfEqual)', () => {
  it('are kept for a row whose texts fit the columns already shown, replaced once one grows', () => {
    const shown = orderColumnWidths([row()], 2000)
    expect(keptIfEqual(shown, orderColumnWidths([row(), row({ price: '40,000.99' })], 2000))).toBe(shown)
    expect(keptIfEqual(shown, orderColumnWidths([row(), row({ price: '140,000.99' })], 2000))).not.toBe(shown)
    expect(keptIfEqual(shown, orderColumnWidths([row()], 400))).not.toBe(shown)
  })
})
