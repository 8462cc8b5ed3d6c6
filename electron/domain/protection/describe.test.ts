// The protection in words and the legs only the running terminal keeps, through the reducer's own
// positions: a resting exchange stop, a refused one, a position without a stop, the attention, the ends.
import { describe, expect, it } from 'vitest'
import { exitsInWords, heldInWords, protectionWords, terminalKeptLegs } from './describe'
import { openPosition } from './step'
import type { Position, PositionEvent, PositionPlan } from './types'
import { PLAN, run as runPlan } from '../test/position-plan.test-util'

const run = (plan: PositionPlan, ...events: PositionEvent[]): Position => runPlan(plan, ...events).position
const filledWhole: PositionEvent[] = [
  { type: 'accepted', clientOrderId: 'p1-1', orderId: 'x1' },
  { type: 'filled', clientOrderId: 'p1-1', filled: '1', done: true },
]
const withTarget: PositionPlan = { ...PLAN, targets: [{ price: '110', share: '50' }] }

describe('protectionWords', () => {
  it('pending, then protected by the exchange once the stop rests', () => {
    expect(protectionWords(run(PLAN))).toEqual({ kind: 'pending', text: 'waiting for the entry to fill; then protected by the exchange' })
    // the stop is out but not accepted yet: only the terminal watches
    expect(protectionWords(run(PLAN, ...filledWhole)).kind).toBe('terminal')
    expect(protectionWords(run(PLAN, ...filledWhole, { type: 'accepted', clientOrderId: 'p1-2', orderId: 'x2' }))).toEqual({ kind: 'exchange', text: 'protected by the exchange' })
  })

  it('a stop the exchange refused is kept by the terminal, and says why', () => {
    const p = run(PLAN, ...filledWhole, { type: 'refused', clientOrderId: 'p1-2', reason: 'too small' })
    expect(p.protection).toBe('terminal')
    expect(protectionWords(p)).toEqual({ kind: 'terminal', text: 'protected while the terminal runs (the exchange refused the stop)' })
    expect(terminalKeptLegs([p])).toEqual(['BTC_USDT long: the stop at 95'])
  })

  it('no stop, the attention, and the ends', () => {
    expect(protectionWords(run({ ...PLAN, protection: 'none', stop: null }, ...filledWhole)).kind).toBe('unprotected')
    const open = run(withTarget, ...filledWhole, { type: 'accepted', clientOrderId: 'p1-2', orderId: 'x2' })
    // a target crossed unseen: the terminal waits for the trader, the exchange's stop still protects
    expect(protectionWords({ ...open, attention: { reason: 'target-crossed-unwatched', price: '111' } })).toEqual({
      kind: 'exchange',
      text: 'protected by the exchange; a level was crossed while no terminal ran: you decide',
    })
    const kept = run({ ...withTarget, protection: 'terminal' }, ...filledWhole)
    expect(protectionWords({ ...kept, attention: { reason: 'stop-crossed-unwatched', price: '94' } })).toEqual({
      kind: 'unprotected',
      text: 'unprotected until you decide: the price crossed a level while no terminal ran',
    })
    expect(protectionWords({ ...open, state: 'closed', closedBy: 'stop' }).text).toBe('closed by stop')
    expect(protectionWords({ ...open, state: 'closed', closedBy: 'target' }).text).toBe('closed by target')
    expect(protectionWords({ ...open, state: 'cancelled' }).kind).toBe('cancelled')
  })
})

describe('exitsInWords', () => {
  it('says which exits sold how much once the position ended, and nothing while it lives', () => {
    const stopped = run(PLAN, ...filledWhole, { type: 'accepted', clientOrderId: 'p1-2', orderId: 'x2' }, { type: 'filled', clientOrderId: 'p1-2', filled: '1', done: true })
    expect(stopped).toMatchObject({ state: 'closed', closedBy: 'stop' })
    expect(exitsInWords(stopped)).toEqual(['the exchange’s stop (stop 95, limit 94) sold 1 BTC'])
    const open = run(PLAN, ...filledWhole, { type: 'accepted', clientOrderId: 'p1-2', orderId: 'x2' })
    expect(exitsInWords(open)).toEqual([])
    expect(exitsInWords(run(PLAN, { type: 'refused', clientOrderId: 'p1-1', reason: 'no' }))).toEqual([])
  })
})

describe('terminalKeptLegs', () => {
  it('names waiting targets, trailing and breakeven of live positions; an exchange stop and ended positions are not named', () => {
    const open = run({ ...withTarget, trailing: { distance: '5', step: '1' }, breakevenAt: '105' }, ...filledWhole, { type: 'accepted', clientOrderId: 'p1-2', orderId: 'x2' })
    expect(terminalKeptLegs([open])).toEqual(['BTC_USDT long: the target at 110', 'BTC_USDT long: the trailing stop (5 behind)', 'BTC_USDT long: the move to breakeven at 105'])
    expect(terminalKeptLegs([{ ...open, state: 'closed', closedBy: 'manual' }])).toEqual([])
    expect(terminalKeptLegs([run(PLAN, ...filledWhole, { type: 'accepted', clientOrderId: 'p1-2', orderId: 'x2' })])).toEqual([])
  })
})

describe('heldInWords', () => {
  const open = (extra: Partial<Position>): Position => ({ ...openPosition({ ...PLAN, entry: { type: 'HELD', amount: '1', price: '100' } }).position, ...extra })

  it('says what the exits may sell: the fill less the fee the exchange keeps in the coins bought', () => {
    expect(heldInWords(open({ filled: '1', exited: '0', entryFeeRate: '0.001' }))).toEqual({ amount: '0.999', note: "the fill less the exchange's fee (up to 0.1 %), which it keeps in BTC" })
    expect(heldInWords(open({ filled: '1', exited: '0.4995', entryFeeRate: '0.001' })).amount).toBe('0.4995')
  })

  it('without a fee kept in the coins, what filled less what was sold, and no note', () => {
    expect(heldInWords(open({ filled: '1', exited: '0.25' }))).toEqual({ amount: '0.75', note: null })
  })
})
