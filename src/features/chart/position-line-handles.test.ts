import { describe, expect, it } from 'vitest'
import { openPosition, step } from '@domain/protection/step'
import type { Position } from '@domain/protection/types'
import { PLAN } from '@domain/test/position-plan.test-util'
import { BTC_USDT } from '@domain/test/order-rules.test-util'
import { levelHandles, positionLegOrderIds } from './position-line-handles'

/** p1: long 1 at 100, stop 95 (resting as order x2), targets 110 and 120. */
const open = (): Position => {
  let { position } = openPosition({
    ...PLAN,
    targets: [
      { price: '110', share: '50' },
      { price: '120', share: '50' },
    ],
  })
  for (const e of [
    { type: 'accepted', clientOrderId: 'p1-1', orderId: '11' },
    { type: 'filled', clientOrderId: 'p1-1', filled: '1', done: true },
    { type: 'accepted', clientOrderId: 'p1-2', orderId: '12' },
  ] as const)
    position = step(position, e).position
  return position
}
// a price axis of 2 px per unit, 100 at y = 200
const yOf = (price: number) => 200 - (price - 100) * 2

describe('the positions’ draggable levels', () => {
  it('a handle on the stop and on each waiting target, at its line, inside the pane only', () => {
    const handles = levelHandles([open()], BTC_USDT, yOf, 0, 400)
    expect(handles.map((h) => [h.key, h.level, h.price, h.y, h.text])).toEqual([
      ['p1-stop', 'stop', '95', 210, 'Stop 95.00'],
      ['p1-target-0', 0, '110', 180, 'Target 1 110.00'],
      ['p1-target-1', 1, '120', 160, 'Target 2 120.00'],
    ])
    // a level beyond the view gets no handle
    expect(levelHandles([open()], BTC_USDT, yOf, 170, 400).map((h) => h.key)).toEqual(['p1-stop', 'p1-target-0'])
  })

  it('none for a reached target, a closing or ended position, or another pair', () => {
    const reached = step(open(), { type: 'price-moved', price: '111' }).position
    expect(levelHandles([reached], BTC_USDT, yOf, 0, 400).map((h) => h.key)).toEqual(['p1-stop', 'p1-target-1'])
    const closing = step(open(), { type: 'close', price: '101' }).position
    expect(levelHandles([closing, { ...open(), state: 'closed' }, { ...open(), pair: 'ETH_USDT' }], BTC_USDT, yOf, 0, 400)).toEqual([])
  })

  it('a pending LIMIT entry nothing of which filled has a handle too; a MARKET or partly filled entry has none', () => {
    const pending = step(openPosition(PLAN).position, { type: 'accepted', clientOrderId: 'p1-1', orderId: '11' }).position
    expect(levelHandles([pending], BTC_USDT, yOf, 0, 400).map((h) => [h.key, h.level, h.price, h.y, h.text])).toEqual([
      ['p1-entry', 'entry', '100', 200, 'Entry 100.00'],
      ['p1-stop', 'stop', '95', 210, 'Stop 95.00'],
    ])
    const partly = step(pending, { type: 'filled', clientOrderId: 'p1-1', filled: '0.5', done: false }).position
    const market = openPosition({ ...PLAN, entry: { type: 'MARKET', amount: '1', price: '100', quoteAmount: '100' } }).position
    expect(levelHandles([partly, market], BTC_USDT, yOf, 0, 400).map((h) => h.key)).toEqual(['p1-stop', 'p1-stop'])
  })

  it('knows which open orders are a live position’s (their own handles are not offered)', () => {
    // the entry filled (done); its stop rests
    expect([...positionLegOrderIds([open()])]).toEqual(['12'])
    expect(positionLegOrderIds([{ ...open(), state: 'closed' }]).size).toBe(0)
  })
})
