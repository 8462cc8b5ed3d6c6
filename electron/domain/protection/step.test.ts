// The protected position's reducer, one story at a time: what each observed event makes the keeper do.
import { describe, expect, it } from 'vitest'
import { openPosition, step } from './step'
import type { PositionAction, PositionEvent, PositionPlan } from './types'
import { PLAN, accepted, confirmed, filled, run } from '../test/position-plan.test-util'

/** The position after the events, and the actions of the last one. */

const price = (p: string): PositionEvent => ({ type: 'price-moved', price: p })
const stopOrder = (n: number, amount: string, stop = '95', limit = '94'): PositionAction => ({
  type: 'place',
  role: 'stop',
  clientOrderId: `p1-${n}`,
  side: 'SELL',
  orderType: 'STOP_LIMIT',
  amount,
  limitPrice: limit,
  stopPrice: stop,
  stopOperator: 'LTE',
})

describe('step', () => {
  it('places the entry, then a stop for what fills, resized (cancel, then place) as the entry fills more', () => {
    expect(openPosition(PLAN).actions).toEqual([{ type: 'place', role: 'entry', clientOrderId: 'p1-1', side: 'BUY', orderType: 'LIMIT', amount: '1', limitPrice: '100' }])
    expect(run(PLAN, accepted(1)).actions).toEqual([])
    const partly = run(PLAN, accepted(1), filled(1, '0.4'))
    expect(partly.actions).toEqual([stopOrder(2, '0.4')])
    expect(partly.position.state).toBe('open')
    // the entry fills whole while the stop is still being placed: wait for its answer
    expect(run(PLAN, accepted(1), filled(1, '0.4'), filled(1, '1', true)).actions).toEqual([])
    // once it rests, it no longer covers the position: cancel it, and place the whole stop after the cancel
    const resting = run(PLAN, accepted(1), filled(1, '0.4'), filled(1, '1', true), accepted(2))
    expect(resting.actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-2', orderId: 'x2' }])
    expect(run(PLAN, accepted(1), filled(1, '0.4'), filled(1, '1', true), accepted(2), confirmed(2)).actions).toEqual([stopOrder(3, '1')])
  })

  it('a target reached while the stop rests: cancel the stop first, the target sell only after the cancel is confirmed', () => {
    const plan: PositionPlan = { ...PLAN, targets: [{ price: '110', share: '50' }] }
    const open = [accepted(1), filled(1, '1', true), accepted(2)]
    const crossed = run(plan, ...open, price('110.5'))
    expect(crossed.actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-2', orderId: 'x2' }])
    expect(crossed.position.targets[0]!.state).toBe('reached')
    // prices meanwhile change nothing: the target waits for the cancel
    expect(step(crossed.position, price('111')).actions).toEqual([])
    const after = run(plan, ...open, price('110.5'), confirmed(2))
    expect(after.actions).toEqual([{ type: 'place', role: 'target', clientOrderId: 'p1-3', side: 'SELL', orderType: 'LIMIT', amount: '0.5', limitPrice: '109' }, stopOrder(4, '0.5')])
  })

  it('closes by target when the last share sells, with nothing left over', () => {
    const plan: PositionPlan = { ...PLAN, entry: { type: 'HELD', amount: '2', price: '100' }, targets: [{ price: '110', share: '100' }] }
    const opened = openPosition(plan)
    expect(opened.position.state).toBe('open')
    expect(opened.actions).toEqual([stopOrder(1, '2')]) // an OCO on held coins: the stop goes out at once
    const done = run(plan, accepted(1), price('111'), confirmed(1), accepted(2), filled(2, '2', true))
    expect(done.position).toMatchObject({ state: 'closed', closedBy: 'target', filled: '2', exited: '2' })
  })

  it('a stop that fills ends the trade: the entry still resting is cancelled, and what it bought meanwhile is sold', () => {
    const r = run(PLAN, accepted(1), filled(1, '0.5'), accepted(2), filled(2, '0.5', true))
    expect(r.actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-1', orderId: 'x1' }])
    const sold = run(PLAN, accepted(1), filled(1, '0.5'), accepted(2), filled(2, '0.5', true), confirmed(1, '0.6'))
    expect(sold.actions).toEqual([{ type: 'place', role: 'close', clientOrderId: 'p1-3', side: 'SELL', orderType: 'LIMIT', amount: '0.1', limitPrice: '93' }])
    const closed = run(PLAN, accepted(1), filled(1, '0.5'), accepted(2), filled(2, '0.5', true), confirmed(1, '0.6'), filled(3, '0.1', true))
    expect(closed.position).toMatchObject({ state: 'closed', closedBy: 'stop' })
  })

  it('an unknown outcome is looked up, never sent again; a found order is kept, one never placed is replaced under a new id', () => {
    const lost = run(PLAN, accepted(1), filled(1, '1', true), { type: 'outcome-unknown', clientOrderId: 'p1-2' })
    expect(lost.actions).toEqual([{ type: 'look-up', clientOrderId: 'p1-2' }])
    expect(lost.position.legs[1]!.status).toBe('unknown')
    // more fills and prices meanwhile place nothing for the stop
    expect(step(lost.position, price('96')).actions).toEqual([])
    const found = step(lost.position, { type: 'looked-up', clientOrderId: 'p1-2', found: { orderId: 'x2', status: 'resting', filled: '0' } })
    expect(found.actions).toEqual([])
    expect(found.position.legs[1]).toMatchObject({ status: 'resting', orderId: 'x2' })
    const never = step(lost.position, { type: 'looked-up', clientOrderId: 'p1-2', found: null })
    expect(never.actions).toEqual([stopOrder(3, '1')])
  })

  it('a stop the exchange refuses is kept by the terminal: when the price reaches it, the rest is sold', () => {
    const refused = run(PLAN, accepted(1), filled(1, '1', true), { type: 'refused', clientOrderId: 'p1-2', reason: 'INSUFFICIENT_FUNDS' })
    expect(refused.position.protection).toBe('terminal')
    expect(refused.actions).toEqual([])
    expect(step(refused.position, price('95.01')).actions).toEqual([])
    const hit = step(refused.position, price('94.5'))
    expect(hit.actions).toEqual([{ type: 'place', role: 'close', clientOrderId: 'p1-3', side: 'SELL', orderType: 'LIMIT', amount: '1', limitPrice: '93.5' }])
    const closed = step(step(hit.position, accepted(3)).position, filled(3, '1', true))
    expect(closed.position).toMatchObject({ state: 'closed', closedBy: 'stop' })
  })

  it('trailing follows the price in moves of at least the step and never loosens; breakeven moves the stop to the entry once', () => {
    const plan: PositionPlan = { ...PLAN, trailing: { distance: '5', step: '2' } }
    const base = run(plan, accepted(1), filled(1, '1', true), accepted(2)).position
    expect(step(base, price('101')).actions).toEqual([]) // 96 is only 1 above 95
    const moved = step(base, price('102'))
    expect(moved.position.stop!.price).toBe('97')
    expect(moved.actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-2', orderId: 'x2' }])
    const back = step(moved.position, price('99'))
    expect(back.position.stop!.price).toBe('97') // never loosens
    expect(step(back.position, confirmed(2)).actions).toEqual([stopOrder(3, '1', '97', '96')])

    const even = run({ ...PLAN, breakevenAt: '105' }, accepted(1), filled(1, '1', true), accepted(2), price('105'))
    expect(even.position).toMatchObject({ stop: { price: '100' }, breakevenAt: null })
  })

  it('a close by hand before anything filled cancels the entry, and the position ends cancelled', () => {
    const r = run(PLAN, accepted(1), { type: 'close', price: '100' })
    expect(r.actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-1', orderId: 'x1' }])
    expect(step(r.position, confirmed(1)).position.state).toBe('cancelled')
    // a refused entry ends it too
    expect(run(PLAN, { type: 'refused', clientOrderId: 'p1-1', reason: 'INSUFFICIENT_FUNDS' }).position.state).toBe('cancelled')
  })

  it('a short: exits buy back, the stop above with GTE, the targets below', () => {
    const short: PositionPlan = { ...PLAN, side: 'SELL', stop: { price: '105', limit: '106' }, targets: [{ price: '90', share: '100' }] }
    const r = run(short, accepted(1), filled(1, '1', true))
    expect(r.actions).toEqual([{ type: 'place', role: 'stop', clientOrderId: 'p1-2', side: 'BUY', orderType: 'STOP_LIMIT', amount: '1', limitPrice: '106', stopPrice: '105', stopOperator: 'GTE' }])
    expect(step(step(r.position, accepted(2)).position, price('89')).actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-2', orderId: 'x2' }])
  })

  it('refuses a position id that cannot make client_order_ids', () => {
    expect(() => openPosition({ ...PLAN, id: 'has space' })).toThrow(RangeError)
    expect(() => openPosition({ ...PLAN, id: 'a'.repeat(41) })).toThrow(RangeError)
  })
})

describe('a price seen after nobody watched (a keeper starting)', () => {
  const plan: PositionPlan = { ...PLAN, targets: [{ price: '110', share: '50' }] }
  const open = [accepted(1), filled(1, '1', true), accepted(2)] as const
  const resumed = (p: string): PositionEvent => ({ type: 'resumed', price: p })

  it('past a waiting target: nothing is sold, the position waits for the trader, and prices are not acted on meanwhile', () => {
    const gapped = run(plan, ...open, resumed('112'))
    expect(gapped.actions).toEqual([])
    expect(gapped.position.attention).toEqual({ reason: 'target-crossed-unwatched', price: '112' })
    expect(gapped.position.targets[0]!.state).toBe('waiting')
    expect(run(plan, ...open, resumed('112'), price('113')).actions).toEqual([])
    expect(run(plan, ...open, resumed('112'), { type: 'target-crossed', index: 0 }).actions).toEqual([])
    // fills still count: the exchange's stop went off meanwhile
    const stopped = run(plan, ...open, resumed('112'), filled(2, '1', true))
    expect(stopped.position.state).toBe('closed')
    expect(stopped.position.closedBy).toBe('stop')
  })

  it('the trader carries on (acknowledged): the next price acts as usual; or closes: closing takes over', () => {
    const carried = run(plan, ...open, resumed('112'), { type: 'acknowledged' }, price('112'))
    expect(carried.position.attention).toBeNull()
    expect(carried.actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-2', orderId: 'x2' }])
    const closed = run(plan, ...open, resumed('112'), { type: 'close', price: '112' })
    expect(closed.position.attention).toBeNull()
    expect(closed.actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-2', orderId: 'x2' }])
    expect(closed.position.closing).toEqual({ reason: 'manual', price: '112' })
  })

  it('short of every target: acted on like any price (the trailing stop follows)', () => {
    const trailing = run({ ...plan, trailing: { distance: '5', step: '1' } }, ...open, resumed('105'))
    expect(trailing.position.attention).toBeNull()
    expect(trailing.position.stop!.price).toBe('100')
    expect(trailing.actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-2', orderId: 'x2' }])
  })

  it("past the terminal's stop: waits for the trader too", () => {
    const terminal = run({ ...plan, protection: 'terminal' }, accepted(1), filled(1, '1', true), resumed('94'))
    expect(terminal.position.attention).toEqual({ reason: 'stop-crossed-unwatched', price: '94' })
    expect(terminal.position.closing).toBeNull()
    expect(terminal.actions).toEqual([])
  })
})
