import { describe, expect, it } from 'vitest'
import { openPosition } from '@domain/protection/step'
import type { Position } from '@domain/protection/types'
import { PLAN } from '@domain/test/position-plan.test-util'
import { BTC_USDT } from '@domain/test/order-rules.test-util'
import { positionLevels, positionsToDraw } from './chart-position-marks'

const COLORS = { pointer: 'grey', orderBuy: 'green', orderSell: 'red' }
const position = (over: Partial<Position> = {}): Position => ({
  ...openPosition({
    ...PLAN,
    targets: [
      { price: '110', share: '50' },
      { price: '120', share: '50' },
    ],
  }).position,
  ...over,
})

describe('the protected positions on the chart', () => {
  it('draws the pair’s pending and open positions only', () => {
    const ps = [position(), position({ id: 'eth', pair: 'ETH_USDT' }), position({ id: 'done', state: 'closed', closedBy: 'stop' })]
    expect(positionsToDraw(ps, 'BTC_USDT').map((p) => p.id)).toEqual(['p1'])
  })

  it('an entry, the stop (said when the terminal keeps it) and each target still waiting, labelled in the middle (the handles sit on the right)', () => {
    const p = position({
      protection: 'terminal',
      targets: [
        { price: '110', share: '50', state: 'done' },
        { price: '120', share: '50', state: 'waiting' },
      ],
    })
    const data = positionLevels([p], BTC_USDT, COLORS)
    expect(data.map((d) => [d.value, d.label?.text, d.color, d.type])).toEqual([
      [100, 'Long entry @ 100.00', 'grey', 'dotted'],
      [95, 'Long stop @ 95.00 (terminal)', 'red', 'solid'],
      [120, 'Long target 2 · 50 % @ 120.00', 'green', 'solid'],
    ])
    expect(data.every((d) => d.pane === 0 && d.label?.at === 'middle-top')).toBe(true)
  })
  it('a stop moved to the entry (breakeven) is labelled under its line, so the two labels do not cover each other', () => {
    const p = position({ stop: { price: '100', limitOffset: '1' }, targets: [] })
    const data = positionLevels([p], BTC_USDT, COLORS)
    expect(data.map((d) => [d.value, d.label?.text, d.label?.at])).toEqual([
      [100, 'Long entry @ 100.00', 'middle-top'],
      [100, 'Long stop @ 100.00 (at the entry)', 'middle-bottom'],
    ])
  })
})
