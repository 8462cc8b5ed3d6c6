// The trader moves a pending LIMIT entry: the old order is cancelled, and only once that cancel is
// confirmed with nothing filled does one new LIMIT go out at the new price, so two entries never rest
// at once; a fill that raced in opens the position for what filled, and nothing more is bought.
import { describe, expect, it } from 'vitest'
import { levelsProblem } from './levels'
import { openPosition, step } from './step'
import type { PositionEvent } from './types'
import { PLAN, accepted, confirmed, run } from '../test/position-plan.test-util'

const moveTo = (entry: string, last = '101'): PositionEvent => ({ type: 'levels', last, entry })
const newEntry = (n: number, price: string) => ({ type: 'place', role: 'entry', clientOrderId: `p1-${n}`, side: 'BUY', orderType: 'LIMIT', amount: '1', limitPrice: price })

describe('moving a pending LIMIT entry', () => {
  it('cancels the resting entry, and places one new LIMIT at the new price only once the cancel is confirmed with nothing filled', () => {
    const moved = run(PLAN, accepted(1), moveTo('98'))
    expect(moved.position.entryPrice).toBe('98')
    expect(moved.actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-1', orderId: 'x1' }])
    // nothing more while the cancel is out: never two entries live
    expect(step(moved.position, { type: 'price-moved', price: '100.5' }).actions).toEqual([])
    const replaced = step(moved.position, confirmed(1, '0'))
    expect(replaced.actions).toEqual([newEntry(2, '98')])
    expect(replaced.position.state).toBe('pending')
    // the new entry fills: the stop covers it, as for any entry
    const filled = run(PLAN, accepted(1), moveTo('98'), confirmed(1, '0'), accepted(2), { type: 'filled', clientOrderId: 'p1-2', filled: '1', done: true, averagePrice: '98' })
    expect(filled.position).toMatchObject({ state: 'open', filled: '1', entryPrice: '98' })
    expect(filled.actions).toEqual([expect.objectContaining({ role: 'stop', clientOrderId: 'p1-3', amount: '1', stopPrice: '95' })])
  })

  it('a fill that raced the cancel opens the position for what filled, at the old price: no new entry, the stop follows', () => {
    const raced = run(PLAN, accepted(1), moveTo('98'), confirmed(1, '0.4'))
    expect(raced.position).toMatchObject({ state: 'open', filled: '0.4', entryPrice: '100' })
    expect(raced.actions).toEqual([expect.objectContaining({ role: 'stop', clientOrderId: 'p1-2', amount: '0.4', stopPrice: '95' })])
    expect(raced.position.legs.filter((l) => l.role === 'entry')).toHaveLength(1)
  })

  it('a cancel whose answer was lost is looked up, never sent again; found gone with nothing filled, the new entry goes out', () => {
    const lost = run(PLAN, accepted(1), moveTo('98'), { type: 'outcome-unknown', clientOrderId: 'p1-1' })
    expect(lost.actions).toEqual([{ type: 'look-up', clientOrderId: 'p1-1' }])
    const found = step(lost.position, { type: 'looked-up', clientOrderId: 'p1-1', found: { orderId: 'x1', status: 'done', filled: '0' } })
    expect(found.actions).toEqual([newEntry(2, '98')])
    // still resting: cancelled again, nothing placed
    const resting = step(lost.position, { type: 'looked-up', clientOrderId: 'p1-1', found: { orderId: 'x1', status: 'resting', filled: '0' } })
    expect(resting.actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-1', orderId: 'x1' }])
  })

  it('an entry moved before the exchange answered its place waits for the answer, then is cancelled', () => {
    const moved = run(PLAN, moveTo('98'))
    expect(moved.actions).toEqual([])
    expect(step(moved.position, accepted(1)).actions).toEqual([{ type: 'cancel', clientOrderId: 'p1-1', orderId: 'x1' }])
  })

  it('moved twice while the cancel is out, the new entry goes out once, at the latest price (back at the first one too)', () => {
    expect(run(PLAN, accepted(1), moveTo('98'), moveTo('97'), confirmed(1, '0')).actions).toEqual([newEntry(2, '97')])
    expect(run(PLAN, accepted(1), moveTo('98'), moveTo('100'), confirmed(1, '0')).actions).toEqual([newEntry(2, '100')])
  })

  it('closed while moving: the cancel ends the position, nothing is placed again; an entry cancelled by someone else is not replaced', () => {
    const closed = run(PLAN, accepted(1), moveTo('98'), { type: 'close', price: '101' }, confirmed(1, '0'))
    expect([closed.actions, closed.position.state]).toEqual([[], 'cancelled'])
    const gone = run(PLAN, accepted(1), confirmed(1, '0'))
    expect([gone.actions, gone.position.state]).toEqual([[], 'cancelled'])
  })

  it('refuses a move that would break the plan, fill at once, or come too late, saying why', () => {
    const pending = run(PLAN, accepted(1)).position
    const why = (entry: string, last = '101', p = pending) => levelsProblem(p, { entry }, last)?.message
    expect(why('98')).toBeUndefined()
    expect(why('101')).toBe('A long’s LIMIT entry must be below the last price (101): at or above it, it would fill at once as a taker')
    expect(why('95')).toBe('A long’s entry must be above its stop (95)')
    expect(why('100.5', '102', run({ ...PLAN, targets: [{ price: '100.5', share: '50' }] }, accepted(1)).position)).toBe('A long’s entry must be below its targets (target 1 at 100.5)')
    expect(why('98.123')).toBe('The entry has at most 2 decimal places')
    const partly = run(PLAN, accepted(1), { type: 'filled', clientOrderId: 'p1-1', filled: '0.3', done: false }).position
    expect(why('98', '101', partly)).toBe('The entry has partly filled: it can no longer move; close or cancel instead')
    const market = openPosition({ ...PLAN, entry: { type: 'MARKET', amount: '1', price: '100', quoteAmount: '100' } }).position
    expect(why('98', '101', market)).toBe('Only a LIMIT entry moves; this one is MARKET')
    // a short's the other way; a stop moved at the same time is checked against the new entry
    const short = run({ ...PLAN, side: 'SELL', stop: { price: '105', limit: '106' } }, accepted(1)).position
    expect(why('99', '98', short)).toBeUndefined()
    expect(why('97.5', '98', short)).toBe('A short’s LIMIT entry must be above the last price (98): at or below it, it would fill at once as a taker')
    expect(levelsProblem(pending, { entry: '97', stop: '97' }, '101')?.message).toBe('A long’s stop must be below the entry (97)')
    // a refused move changes nothing
    expect(step(pending, moveTo('101')).actions).toEqual([])
    expect(step(pending, moveTo('101')).position.entryPrice).toBe('100')
  })
})
