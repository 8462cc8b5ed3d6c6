import { describe, expect, it } from 'vitest'
import { drawingProblem, drawingSchema, type Drawing } from './drawings'
import { fibLevels, linePriceAt, nearestOhlc, pointPriceText, positionFigures } from './drawing-math'

const T0 = Date.UTC(2026, 0, 1)
const H = 3_600_000
const pt = (time: number, price: string) => ({ time, price })

describe('drawing schemas', () => {
  it('takes every kind with its points', () => {
    const drawings: Drawing[] = [
      { id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'hline', points: [pt(T0, '43000.5')] },
      { id: 'b', pair: 'BTC_USDT', color: '#3b82f6', kind: 'trendline', points: [pt(T0, '1'), pt(T0 + H, '2')] },
      { id: 'c', pair: 'BTC_USDT', color: '#3b82f6', kind: 'text', points: [pt(T0, '1')], text: 'breakout' },
      { id: 'd', pair: 'BTC_USDT', color: '#3b82f6', kind: 'long', points: [pt(T0, '100'), pt(T0 + H, '100')], stop: '95', target: '110', amount: '0.5' },
    ]
    for (const d of drawings) expect(drawingSchema.parse(d)).toEqual(d)
  })

  it('refuses what would draw wrong or nowhere, saying where', () => {
    expect(drawingProblem({ id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'hline', points: [] })).toMatch(/^points: one point/)
    expect(drawingProblem({ id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'hline', points: [pt(T0, '1e5')] })).toMatch(/^points\.0\.price/)
    expect(drawingProblem({ id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'hline', points: [pt(T0, '0')] })).toMatch(/above zero/)
    expect(drawingProblem({ id: 'a', pair: 'BTC_USDT', color: 'red;x', kind: 'hline', points: [pt(T0, '1')] })).toMatch(/^color/)
    expect(drawingProblem({ id: '../x', pair: 'BTC_USDT', color: '#fff', kind: 'hline', points: [pt(T0, '1')] })).toMatch(/^id/)
    expect(drawingProblem({ id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'ray', points: [pt(T0, '1'), pt(T0, '2')] })).toMatch(/different times/)
    expect(drawingProblem({ id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'hline', points: [pt(T0, '1')], extra: 1 })).not.toBeNull()
    expect(drawingProblem({ id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'long', points: [pt(T0, '100'), pt(T0 + H, '100')], stop: '105', target: '110' })).toMatch(/stop below the entry/)
    expect(drawingProblem({ id: 'a', pair: 'BTC_USDT', color: '#fff', kind: 'short', points: [pt(T0, '100'), pt(T0 + H, '100')], stop: '105', target: '90' })).toBeNull()
  })
})

describe("a line's price at a time", () => {
  it('a horizontal line has its price at every time', () => {
    expect(linePriceAt({ kind: 'hline', points: [pt(T0, '0.1')] }, T0 - 99 * H)?.toFixed()).toBe('0.1')
  })

  it('a trend line runs through both points and on beyond them, exactly', () => {
    const line = { kind: 'trendline' as const, points: [pt(T0, '0.1'), pt(T0 + 2 * H, '0.3')] }
    expect(linePriceAt(line, T0 + H)?.toFixed()).toBe('0.2')
    expect(linePriceAt(line, T0 + 4 * H)?.toFixed()).toBe('0.5')
    expect(linePriceAt(line, T0 - H)?.toFixed()).toBe('0')
  })

  it('a ray has no price before its start, and runs on after its second point', () => {
    const ray = { kind: 'ray' as const, points: [pt(T0, '100'), pt(T0 + H, '90')] }
    expect(linePriceAt(ray, T0 - 1)).toBeNull()
    expect(linePriceAt(ray, T0)?.toFixed()).toBe('100')
    expect(linePriceAt(ray, T0 + 3 * H)?.toFixed()).toBe('70')
    const leftward = { kind: 'ray' as const, points: [pt(T0, '100'), pt(T0 - H, '110')] }
    expect(linePriceAt(leftward, T0 + 1)).toBeNull()
    expect(linePriceAt(leftward, T0 - 2 * H)?.toFixed()).toBe('120')
  })

  it('two points at one time have no slope', () => {
    expect(linePriceAt({ kind: 'trendline', points: [pt(T0, '1'), pt(T0, '2')] }, T0)).toBeNull()
  })
})

describe('Fibonacci levels', () => {
  it('0 % at the end of the move, 100 % at its start, exact', () => {
    const levels = fibLevels([pt(T0, '100'), pt(T0 + H, '200')])
    expect(levels).toEqual([
      { percent: '0', price: '200' },
      { percent: '23.6', price: '176.4' },
      { percent: '38.2', price: '161.8' },
      { percent: '50', price: '150' },
      { percent: '61.8', price: '138.2' },
      { percent: '78.6', price: '121.4' },
      { percent: '100', price: '100' },
    ])
    expect(fibLevels([pt(T0, '0.3'), pt(T0, '0.1')])[1]).toEqual({ percent: '23.6', price: '0.1472' })
  })
})

describe('the position tool', () => {
  it('says reward : risk and the amount at risk, exactly', () => {
    const f = positionFigures({ points: [pt(T0, '100.1'), pt(T0 + H, '100.1')], stop: '95.1', target: '112.6', amount: '0.3' })
    expect(f).toEqual({ risk: '5', reward: '12.5', ratio: '2.50', amountAtRisk: '1.5', amountToGain: '3.75' })
    const short = positionFigures({ points: [pt(T0, '100'), pt(T0 + H, '100')], stop: '103', target: '90' })
    expect(short).toMatchObject({ ratio: '3.33', amountAtRisk: null })
  })
})

describe('the magnet and point prices', () => {
  it('snaps to the nearest of open, high, low and close', () => {
    const candle = { open: 10, high: 15, low: 8, close: 12 }
    expect(nearestOhlc(14, candle)).toEqual({ which: 'high', value: 15 })
    expect(nearestOhlc(8.9, candle)).toEqual({ which: 'low', value: 8 })
    expect(nearestOhlc(11.4, candle)).toEqual({ which: 'close', value: 12 })
  })

  it("keeps a pointer's price to the pair's places, no float noise", () => {
    expect(pointPriceText(0.1 + 0.2, 8)).toBe('0.3')
    expect(pointPriceText(43000.123456, 2)).toBe('43000.12')
    expect(pointPriceText(0.004, 2)).toBeNull()
    expect(pointPriceText(-1, 2)).toBeNull()
  })
})
