// A long whose exchange keeps its fee in the coins bought (its default): the exits sell what the
// account received, never the whole fill, which the exchange would refuse for want of coins.
import { describe, expect, it } from 'vitest'
import { openPosition, step } from './step'
import { received, remaining } from './legs'
import type { PositionPlan } from './types'
import { PLAN, accepted, filled, run } from '../test/position-plan.test-util'

describe('a long whose fee is kept in the coins bought', () => {
  const plan: PositionPlan = { ...PLAN, entryFeeRate: '0.002' }

  it('places its stop for what the account received: 1 bought, 0.998 received', () => {
    const { position, actions } = run(plan, accepted(1), filled(1, '1', true))
    expect(actions).toMatchObject([{ role: 'stop', amount: '0.998' }])
    expect(received(position).toFixed()).toBe('0.998')
    expect(position.filled).toBe('1')
  })

  it('rounds what was received down to the pair’s precision: never more than the account holds', () => {
    const { position, actions } = run(plan, accepted(1), filled(1, '0.3333', true))
    // 0.3333 × 0.998 = 0.3326334 → 0.3326
    expect(actions).toMatchObject([{ role: 'stop', amount: '0.3326' }])
    expect(remaining(position).toFixed()).toBe('0.3326')
  })

  it('a target’s share is of what was received; the last target takes the rest', () => {
    const targets = {
      ...plan,
      targets: [
        { price: '110', share: '50' },
        { price: '120', share: '50' },
      ],
    }
    const open = run(targets, accepted(1), filled(1, '1', true), accepted(2))
    // the first target reached: the stop is cancelled, then half of 0.998 is sold and a stop for the rest
    const reached = step(open.position, { type: 'price-moved', price: '110' })
    const cancelled = step(reached.position, { type: 'cancel-confirmed', clientOrderId: 'p1-2', filled: '0' })
    expect(cancelled.actions).toMatchObject([
      { role: 'target', amount: '0.499' },
      { role: 'stop', amount: '0.499' },
    ])
  })

  it('a short, and coins already held, keep nothing back: their entry receives the quote currency, or nothing', () => {
    const short = run({ ...plan, side: 'SELL', stop: { price: '105', limit: '106' } }, accepted(1), filled(1, '1', true))
    expect(short.actions).toMatchObject([{ role: 'stop', amount: '1' }])
    const held = openPosition({ ...plan, entry: { type: 'HELD', amount: '1', price: '100' } })
    expect(held.actions).toMatchObject([{ role: 'stop', amount: '1' }])
  })
})
