// The trader moves a live position's stop or targets: what is refused and why, and what the keeper
// is asked to do for a move that passes (the exchange's stop: cancel, then place once the cancel is certain).
import { describe, expect, it } from 'vitest'
import { levelsProblem } from './levels'
import { step } from './step'
import type { Position, PositionPlan } from './types'
import { PLAN, accepted, filled, run } from '../test/position-plan.test-util'

const withTarget: PositionPlan = { ...PLAN, targets: [{ price: '110', share: '50' }] }
/** Long 1 at 100, filled, its stop (95, limit 94) resting at the exchange as order x2. */
const OPEN = [accepted(1), filled(1, '1', true), accepted(2)]

describe('moving a position’s levels', () => {
  it('moves the exchange’s stop by cancel, then place at the new price once the cancel is confirmed (its limit keeps its distance)', () => {
    const moved = run(PLAN, ...OPEN, { type: 'levels', last: '101', stop: '97.5' })
    expect(moved.position.stop).toEqual({ price: '97.5', limitOffset: '1' })
    expect(moved.actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-2', orderId: 'x2' }])
    // nothing else is placed while the old stop's cancel is out: never two stops live
    expect(step(moved.position, { type: 'price-moved', price: '102' }).actions).toEqual([])
    const replaced = step(moved.position, { type: 'cancel-confirmed', clientOrderId: 'p1-2', filled: '0' })
    expect(replaced.actions).toEqual([
      { type: 'place', role: 'stop', clientOrderId: 'p1-3', side: 'SELL', orderType: 'STOP_LIMIT', amount: '1', limitPrice: '96.5', stopPrice: '97.5', stopOperator: 'LTE' },
    ])
  })

  it('a stop moved while its place has no answer yet waits for the answer, then is cancelled and replaced', () => {
    const moved = run(PLAN, accepted(1), filled(1, '1', true), { type: 'levels', last: '101', stop: '96' })
    expect(moved.actions).toEqual([])
    expect(step(moved.position, accepted(2)).actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-2', orderId: 'x2' }])
  })

  it('moves a waiting target: nothing is sent, the new price is watched', () => {
    const moved = run(withTarget, ...OPEN, { type: 'levels', last: '101', targets: [{ index: 0, price: '112' }] })
    expect(moved.actions).toEqual([])
    expect(moved.position.targets[0]).toEqual({ price: '112', share: '50', state: 'waiting' })
    expect(step(moved.position, { type: 'price-moved', price: '111' }).position.targets[0]!.state).toBe('waiting')
    expect(step(moved.position, { type: 'price-moved', price: '112' }).actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-2', orderId: 'x2' }])
  })

  it('a terminal-kept stop moves with no order; the terminal sells at the new price', () => {
    const moved = run({ ...PLAN, protection: 'terminal' }, accepted(1), filled(1, '1', true), { type: 'levels', last: '101', stop: '99' })
    expect(moved.actions).toEqual([])
    expect(step(moved.position, { type: 'price-moved', price: '99' }).actions).toMatchObject([{ type: 'place', role: 'close', amount: '1' }])
  })

  it('refuses, saying why, a level that would be crossed at once, one on the wrong side of the entry, a reached target, too many decimals', () => {
    const open = run(withTarget, ...OPEN).position
    expect(levelsProblem(open, { stop: '101' }, '101')).toEqual({ field: 'stop', message: 'A long’s stop must be below the last price (101)' })
    expect(levelsProblem(open, { stop: '96.123' }, '101')).toEqual({ field: 'stop', message: 'The stop has at most 2 decimal places' })
    expect(levelsProblem(open, { targets: [{ index: 0, price: '100.5' }] }, '101')).toEqual({ field: 'targets', message: 'Target 1 must be above the last price (101)' })
    expect(levelsProblem(open, { targets: [{ index: 0, price: '99' }] }, '98')).toEqual({ field: 'targets', message: 'Target 1 must be above the entry (100)' })
    expect(levelsProblem(open, { targets: [{ index: 1, price: '120' }] }, '101')).toEqual({ field: 'targets', message: 'Position p1 has no target 2' })
    expect(levelsProblem(open, {}, '101')?.message).toBe('Say what changes: the entry, the stop or a target')
    // above the entry is fine once filled (locking a gain), but not before: the entry would fill below the stop
    expect(levelsProblem(open, { stop: '100.5' }, '101')).toBeNull()
    const pending = run(withTarget, accepted(1)).position
    expect(levelsProblem(pending, { stop: '100.5' }, '101')).toEqual({ field: 'stop', message: 'A long’s stop must be below the entry (100)' })
    // before it fills, targets only have to lie beyond the entry (a limit buy far under the market)
    expect(levelsProblem(pending, { targets: [{ index: 0, price: '105' }] }, '120')).toBeNull()
    expect(levelsProblem(pending, { targets: [{ index: 0, price: '99' }] }, '120')?.message).toBe('Target 1 must be above the entry (100)')
    const reached: Position = step(open, { type: 'price-moved', price: '110' }).position
    expect(levelsProblem(reached, { targets: [{ index: 0, price: '115' }] }, '110')?.message).toBe('Target 1 is reached already: it no longer moves')
    const short = run({ ...withTarget, side: 'SELL', stop: { price: '105', limit: '106' }, targets: [{ price: '90', share: '50' }] }, ...OPEN).position
    expect(levelsProblem(short, { stop: '99' }, '99')).toEqual({ field: 'stop', message: 'A short’s stop must be above the last price (99)' })
    expect(levelsProblem(short, { stop: '103' }, '99')).toBeNull()
    // a refused change changes nothing, and sends nothing
    const ignored = step(open, { type: 'levels', last: '101', stop: '102' })
    expect([ignored.position.stop, ignored.actions]).toEqual([open.stop, []])
  })

  it('a position being closed, or closed, keeps its levels', () => {
    const closing = run(PLAN, ...OPEN, { type: 'close', price: '101' }).position
    expect(levelsProblem(closing, { stop: '96' }, '101')?.message).toBe('Position p1 is being closed: its levels no longer change')
    expect(levelsProblem({ ...closing, state: 'closed', closing: null }, { stop: '96' }, '101')?.message).toBe('Position p1 is closed: its levels no longer change')
  })
})
