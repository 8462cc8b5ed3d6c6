import { describe, expect, it } from 'vitest'
import type { Drawing } from '@domain/drawings/drawings'
import { drawingShapes, hitTest, type DrawMapping, type TimeAxis } from './drawing-scene'

const H = 3_600_000
const T0 = Date.UTC(2026, 0, 1)
const axis: TimeAxis = { times: [T0, T0 + H, T0 + 2 * H, T0 + 3 * H], intervalMs: H }
// Slot 0 at x 100, 10 px a slot; prices 100 (bottom, y 200) to 200 (top, y 0).
const m: DrawMapping = { x0: 100, band: 10, pane: { left: 50, right: 400, top: 0, bottom: 200, valueTop: 200, valueBottom: 100 } }

describe("a drawing's shapes", () => {
  it('a horizontal line spans the pane at its price, labelled exactly', () => {
    const d: Drawing = { id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'hline', points: [{ time: T0, price: '150.25' }] }
    const [lineShape, label] = drawingShapes(d, axis, m, false)
    expect(lineShape).toMatchObject({ type: 'line', x1: 50, x2: 400, y1: expect.closeTo(99.5, 9), y2: expect.closeTo(99.5, 9) })
    expect(label).toMatchObject({ type: 'text', text: '150.25' })
  })

  it("a ray runs on to the pane's edge through its second point", () => {
    const d: Drawing = {
      id: 'r',
      pair: 'BTC_USDT',
      color: '#fff',
      kind: 'ray',
      points: [
        { time: T0, price: '100' },
        { time: T0 + H, price: '110' },
      ],
    }
    expect(drawingShapes(d, axis, m, false)[0]).toMatchObject({ x1: 100, y1: 200, x2: 400, y2: 200 - 30 * 20 })
  })

  it("Fibonacci's seven levels, labelled at the pair's places", () => {
    const d: Drawing = {
      id: 'f',
      pair: 'BTC_USDT',
      color: '#fff',
      kind: 'fib',
      points: [
        { time: T0, price: '100.003' },
        { time: T0 + 2 * H, price: '200' },
      ],
    }
    const labels = drawingShapes(d, axis, m, false, 2).flatMap((s) => (s.type === 'text' ? [s.text] : []))
    expect(labels).toEqual(['0 % 200.00', '23.6 % 176.40', '38.2 % 161.80', '50 % 150.00', '61.8 % 138.20', '78.6 % 121.40', '100 % 100.00'])
  })

  it("a selected position tool has handles on its entry, its box's end, its stop and its target", () => {
    const d: Drawing = {
      id: 'l',
      pair: 'BTC_USDT',
      color: '#fff',
      kind: 'long',
      points: [
        { time: T0, price: '150' },
        { time: T0 + 2 * H, price: '150' },
      ],
      stop: '125',
      target: '200',
    }
    const handles = drawingShapes(d, axis, m, true).flatMap((s) => (s.type === 'handle' ? [[s.index, s.x, s.y]] : []))
    expect(handles).toEqual([
      [0, 100, 100],
      [1, 120, 100],
      [2, 100, 150],
      [3, 100, 0],
    ])
    expect(drawingShapes(d, axis, m, false).some((s) => s.type === 'handle')).toBe(false)
  })
})

describe('what the pointer is over', () => {
  const hline: Drawing = { id: 'h', pair: 'BTC_USDT', color: '#fff', kind: 'hline', points: [{ time: T0, price: '150' }] }
  const trend: Drawing = {
    id: 't',
    pair: 'BTC_USDT',
    color: '#fff',
    kind: 'trendline',
    points: [
      { time: T0, price: '100' },
      { time: T0 + 3 * H, price: '200' },
    ],
  }
  const drawn = (selected: string | null) => [hline, trend].map((d) => ({ id: d.id, shapes: drawingShapes(d, axis, m, d.id === selected) }))

  it('a line within a few pixels, the one drawn last first; nothing off the lines or outside the pane', () => {
    expect(hitTest(drawn(null), m.pane, 300, 102)).toEqual({ id: 'h', handle: null })
    // Where both cross (x 115, y 100) the trend line, drawn last, is on top.
    expect(hitTest(drawn(null), m.pane, 115, 100)).toEqual({ id: 't', handle: null })
    expect(hitTest(drawn(null), m.pane, 300, 160)).toBeNull()
    expect(hitTest(drawn(null), m.pane, 20, 100)).toBeNull()
  })

  it("a selected drawing's handle before any body", () => {
    expect(hitTest(drawn('t'), m.pane, 131, 2)).toEqual({ id: 't', handle: 1 })
    expect(hitTest(drawn(null), m.pane, 131, 2)).toEqual({ id: 't', handle: null })
  })
})
