// ECharts' server-side rendering in this Node, with no DOM: the trade's chart as an SVG with its
// entry, exit and stop labelled, and no script in it.
import { describe, expect, it } from 'vitest'
import { renderTradePicture, thinned } from './trade-picture'

const openedAt = Date.UTC(2026, 0, 5, 10, 0)
const trade = { pair: 'BTC_USDT', entry: '100', exit: '105', stop: '90', net: '5', openedAt, closedAt: openedAt + 30 * 60_000, low: '99', high: '106' }
const candles = Array.from({ length: 30 }, (_, i) => ({ time: openedAt / 1000 + i * 60, close: 100 + (i % 7) }))

describe('renderTradePicture', () => {
  it('renders the trade chart to an SVG without a DOM, its entry, exit and stop labelled', async () => {
    expect(typeof (globalThis as { document?: unknown }).document).toBe('undefined')
    const svg = await renderTradePicture(trade, candles)
    expect(svg.startsWith('<svg')).toBe(true)
    expect(svg).toContain('width="480"')
    for (const label of ['Entry 100', 'Exit 105', 'Stop 90', 'In', 'Out']) expect(svg).toContain(label)
    expect(svg).not.toMatch(/<script|on\w+=/i)
  })

  it('draws a trade without a stop or candles too', async () => {
    const svg = await renderTradePicture({ ...trade, stop: null }, [])
    expect(svg).toContain('Entry 100')
    expect(svg).not.toContain('Stop')
  })

  it('thins a long trade’s candles to the most it draws, keeping the first and last', () => {
    const many = Array.from({ length: 1501 }, (_, i) => i)
    const few = thinned(many, 600)
    expect(few.length).toBeLessThanOrEqual(600)
    expect(few[0]).toBe(0)
    expect(few.at(-1)).toBe(1500)
    expect(thinned([1, 2, 3], 600)).toEqual([1, 2, 3])
  })
})
