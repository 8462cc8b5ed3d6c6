// The protected position plan the reducer's and the keeper's tests start from: a LIMIT buy of 1 at
// 100 on BTC_USDT, its stop at 95 (limit 94), no targets; each test spreads its changes over it. And
// the reducer run over events, with the events its tests use most.
import { openPosition, step } from '../protection/step'
import type { PositionEvent, PositionPlan, Step } from '../protection/types'

export const PLAN: PositionPlan = {
  id: 'p1',
  pair: 'BTC_USDT',
  side: 'BUY',
  entry: { type: 'LIMIT', amount: '1', price: '100' },
  protection: 'exchange',
  stop: { price: '95', limit: '94' },
  slippage: '1',
  targets: [],
  trailing: null,
  breakevenAt: null,
  amountPrecision: 4,
  pricePrecision: 2,
}

/** PLAN's stop over 0.5 BTC already held (an OCO with no target), as position `id`. */
export const heldPlan = (id: string): PositionPlan => ({ ...PLAN, id, entry: { type: 'HELD', amount: '0.5', price: '100' } })

/** The position after opening `plan` and stepping `events`, and the actions of the last step. */
export function run(plan: PositionPlan, ...events: PositionEvent[]): Step {
  let s = openPosition(plan)
  for (const event of events) s = step(s.position, event)
  return s
}

/** The n-th order of position p1 accepted, filled so far (done or not), its cancel confirmed. */
export const accepted = (n: number): PositionEvent => ({ type: 'accepted', clientOrderId: `p1-${n}`, orderId: `x${n}` })
export const filled = (n: number, amount: string, done = false): PositionEvent => ({ type: 'filled', clientOrderId: `p1-${n}`, filled: amount, done })
export const confirmed = (n: number, amount = '0'): PositionEvent => ({ type: 'cancel-confirmed', clientOrderId: `p1-${n}`, filled: amount })
