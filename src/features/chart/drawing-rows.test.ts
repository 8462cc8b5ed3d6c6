import { describe, expect, it } from 'vitest'
import type { Drawing } from '@domain/drawings/drawings'
import { applyField, drawingName, rowFields } from './drawing-rows'

const T0 = Date.UTC(2026, 0, 31, 14, 0)
const hline: Drawing = { id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'hline', points: [{ time: T0, price: '43000.5' }] }
const long: Drawing = {
  id: 'b',
  pair: 'BTC_USDT',
  color: '#fff',
  kind: 'long',
  points: [
    { time: T0, price: '100' },
    { time: T0 + 3_600_000, price: '100' },
  ],
  stop: '95',
  target: '110',
}

describe('a drawing in the Drawings list', () => {
  it('names it and shows its points as editable prices and times', () => {
    expect(drawingName(hline)).toBe('Horizontal line at 43000.5')
    expect(rowFields(hline, 'utc')).toEqual([{ key: 'p0.price', label: 'Price', value: '43000.5' }])
    expect(rowFields(long, 'utc').map((f) => [f.label, f.value])).toEqual([
      ['Entry price', '100'],
      ['Entry time', '2026-01-31 14:00:00'],
      ['Box ends at', '2026-01-31 15:00:00'],
      ['Stop', '95'],
      ['Target', '110'],
      ['Amount', ''],
    ])
  })

  it('applies a typed price exactly; refuses one the pair cannot quote, keeping the drawing', () => {
    expect(applyField(hline, 'p0.price', '43100.25', 2, 'utc')).toEqual({ ok: true, value: { ...hline, points: [{ time: T0, price: '43100.25' }] } })
    expect(applyField(hline, 'p0.price', '43100.255', 2, 'utc')).toMatchObject({ ok: false, problem: expect.stringMatching(/more than 2 decimals/) })
  })

  it("moves a position's entry with its box, and refuses a stop on the winning side", () => {
    const moved = applyField(long, 'p0.price', '101', 2, 'utc')
    expect(moved.ok && moved.value.points.map((p) => p.price)).toEqual(['101', '101'])
    expect(applyField(long, 'stop', '105', 2, 'utc')).toEqual({ ok: false, problem: 'A long position has its stop below the entry and its target above it' })
    expect(applyField(long, 'amount', '0.5', 2, 'utc')).toMatchObject({ ok: true, value: { amount: '0.5' } })
  })

  it("sets a point's time in the window's zone", () => {
    const trend: Drawing = { ...hline, kind: 'trendline', points: [hline.points[0]!, { time: T0 + 3_600_000, price: '1' }] }
    expect(applyField(trend, 'p1.time', '2026-02-01 09:30', 2, 'utc')).toMatchObject({ ok: true, value: { points: [{}, { time: Date.UTC(2026, 1, 1, 9, 30) }] } })
    expect(applyField(trend, 'p1.time', '2026-01-31 14:00', 2, 'utc')).toEqual({ ok: false, problem: 'The two points of a line must be at different times' })
  })
})
