// A position's history says what the terminal did on its own, in its own words, and marks what a
// trader is told of at once.
import { describe, expect, it } from 'vitest'
import { narrate } from './history'
import { step } from './step'
import type { PositionEvent, PositionPlan, Step } from './types'
import { PLAN, accepted, confirmed, filled, run } from '../test/position-plan.test-util'

const price = (p: string): PositionEvent => ({ type: 'price-moved', price: p })
const OPEN = [accepted(1), filled(1, '1', true), accepted(2)]

/** The lines the last of `events` adds. */
function linesOf(plan: PositionPlan, ...events: PositionEvent[]) {
  const before: Step = run(plan, ...events.slice(0, -1))
  const last = events.at(-1)!
  const after = step(before.position, last)
  return narrate(before.position, after.position, last, after.actions)
}

describe('a position’s history', () => {
  it('says a gap, the stop’s cancel and the market sale in the terminal’s own words, and flags them', () => {
    expect(linesOf(PLAN, ...OPEN, price('92.5'))).toEqual([
      { text: 'The stop gapped: the market (92.5) is 1.6 % below its limit 94; the terminal sells what is held at market once the stop’s cancel is confirmed', notify: true },
      { text: 'The terminal cancelled the stop (stop 95, limit 94) to sell at market' },
    ])
    expect(linesOf(PLAN, ...OPEN, price('92.5'), confirmed(2))).toEqual([{ text: 'The stop gapped: the terminal sells 1 BTC at market' }])
    expect(linesOf(PLAN, ...OPEN, price('92.5'), confirmed(2), accepted(3), filled(3, '1', true))).toEqual([
      { text: 'The fallback’s order filled: 1 BTC' },
      { text: 'Ended: closed by stop, by the fallback: market, sent at 92.5 (2.6 % below the stop)', notify: true },
    ])
  })

  it('says why the terminal cancelled a stop: to move it (trailing), never a plain “Order cancelled”', () => {
    const trailing: PositionPlan = { ...PLAN, trailing: { distance: '5', step: '1' } }
    expect(linesOf(trailing, ...OPEN, price('102'))).toEqual([{ text: 'The terminal cancelled the stop (stop 95, limit 94) to move it to 97' }])
    expect(linesOf(trailing, ...OPEN, price('102'), confirmed(2))).toEqual([{ text: 'The stop went to the exchange: sells 1 BTC, stop 97, limit 96' }])
  })

  it('a stop or a target that fills is news; an entry’s fill is not', () => {
    expect(linesOf(PLAN, ...OPEN, filled(2, '1', true))).toContainEqual({ text: 'The stop filled: 1 BTC', notify: true })
    expect(linesOf(PLAN, accepted(1), filled(1, '0.4'))).toEqual([{ text: 'The entry bought 0.4 BTC (0.4 of 1 so far)' }, { text: 'The stop went to the exchange: sells 0.4 BTC, stop 95, limit 94' }])
  })

  it('hold: the gap asks the trader, and nothing is sent', () => {
    expect(linesOf({ ...PLAN, stopFallback: 'hold' }, ...OPEN, price('92.5'))).toEqual([
      { text: 'The stop gapped: the market (92.5) is 1.6 % below its limit 94; the order stays, as you chose: you decide', notify: true },
    ])
  })
})
