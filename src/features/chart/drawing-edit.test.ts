import { describe, expect, it } from 'vitest'
import type { Drawing } from '@domain/drawings/drawings'
import { keyboardDrawing, movedDrawing, newDrawing, withHandle } from './drawing-edit'
import { pixelOf, slotOfTime, timeOfSlot, type TimeAxis } from './drawing-scene'

const H = 3_600_000
const T0 = Date.UTC(2026, 0, 1)
const hourly: TimeAxis = { times: [T0, T0 + H, T0 + 2 * H, T0 + 3 * H], intervalMs: H }
const facts = { id: 'n1', pair: 'BTC_USDT', color: '#3b82f6', places: 2, intervalMs: H }

describe('time and slots', () => {
  it('a time stands at its candle, between candles in proportion, and past both ends at the interval', () => {
    expect(slotOfTime(hourly, T0 + 2 * H)).toBe(2)
    expect(slotOfTime(hourly, T0 + H / 2)).toBe(0.5)
    expect(slotOfTime(hourly, T0 + 5 * H)).toBe(5)
    expect(slotOfTime(hourly, T0 - 2 * H)).toBe(-2)
    for (const slot of [-3, 0, 1.25, 3, 7]) expect(slotOfTime(hourly, timeOfSlot(hourly, slot)!)).toBeCloseTo(slot, 9)
  })

  it('a drawing keeps its time through an interval change: the 15-minute axis puts it at the same moment', () => {
    const quarter: TimeAxis = { times: Array.from({ length: 13 }, (_, i) => T0 + (i * H) / 4), intervalMs: H / 4 }
    const m = { x0: 100, band: 10, pane: { left: 0, right: 1000, top: 0, bottom: 100, valueTop: 200, valueBottom: 100 } }
    const point = { time: T0 + 2 * H, price: '150' }
    expect(pixelOf(point, hourly, m)).toEqual([120, 50])
    expect(pixelOf(point, quarter, m)).toEqual([180, 50])
  })
})

describe('making and changing drawings', () => {
  it("a long position puts its stop 2 % under and its target 4 % over the entry, at the pair's places", () => {
    const d = newDrawing('long', { time: T0, price: '100.33' }, null, facts)
    expect(d).toMatchObject({
      kind: 'long',
      stop: '98.32',
      target: '104.34',
      points: [
        { time: T0, price: '100.33' },
        { time: T0 + 20 * H, price: '100.33' },
      ],
    })
    expect(newDrawing('short', { time: T0, price: '100' }, null, facts)).toMatchObject({ stop: '102', target: '96' })
  })

  it('a line drawn with both clicks at one time still has a slope', () => {
    expect(newDrawing('trendline', { time: T0, price: '1' }, { time: T0, price: '2' }, facts)?.points[1]!.time).toBe(T0 + H)
  })

  it('from the keyboard a trend line runs from thirty candles back to the last price', () => {
    expect(keyboardDrawing('trendline', T0, '100.50', facts)?.points).toEqual([
      { time: T0 - 30 * H, price: '99.5' },
      { time: T0, price: '100.5' },
    ])
    expect(keyboardDrawing('long', T0, '100', facts)?.points.map((p) => p.time)).toEqual([T0 - 20 * H, T0])
  })

  it('moves whole by slots and an exact price difference; never under zero', () => {
    const d: Drawing = {
      id: 'a',
      pair: 'BTC_USDT',
      color: '#fff',
      kind: 'trendline',
      points: [
        { time: T0, price: '0.1' },
        { time: T0 + H, price: '0.3' },
      ],
    }
    expect(movedDrawing(d, hourly, 2, '0.2')?.points).toEqual([
      { time: T0 + 2 * H, price: '0.3' },
      { time: T0 + 3 * H, price: '0.5' },
    ])
    expect(movedDrawing(d, hourly, 0, '-0.1')).toBeNull()
  })

  it("a position's stop cannot be dragged past its entry", () => {
    const d = newDrawing('long', { time: T0, price: '100' }, null, facts)!
    expect(withHandle(d, 2, { time: T0, price: '97' })).toMatchObject({ stop: '97' })
    expect(withHandle(d, 2, { time: T0, price: '101' })).toBeNull()
    expect(withHandle(d, 0, { time: T0 + H, price: '99' })?.points).toEqual([
      { time: T0 + H, price: '99' },
      { time: T0 + 20 * H, price: '99' },
    ])
  })
})
