// The algorithms' reducer case by case: what each kind sends, when, and for how much; how fills,
// cancels, refusals and lost answers move it; pause, resume and cancel.
import { describe, expect, it } from 'vitest'
import { Decimal } from '../decimal'
import { openAlgo, scaledOrders, twapSlots } from './plan'
import { progressOf } from './progress'
import { places, planOf, runAlgo, market, SPECS, T0 } from '../test/algo-plan.test-util'
import type { AlgoEvent } from './types'

const accepted = (n: number): AlgoEvent => ({ type: 'accepted', clientOrderId: `algo1-${n}`, orderId: `o${n}` })
const filled = (n: number, amount: string, done = false): AlgoEvent => ({ type: 'filled', clientOrderId: `algo1-${n}`, filled: amount, done })
const cancelled = (n: number, amount: string): AlgoEvent => ({ type: 'cancel-confirmed', clientOrderId: `algo1-${n}`, filled: amount })

describe('TWAP', () => {
  const plan = planOf(SPECS.twap)

  it('sends the first slot at the start, taking the touch, and wakes at the next slot', () => {
    const s = runAlgo(plan, market(T0, '99', '100'))
    expect(s.actions).toEqual([{ type: 'place', clientOrderId: 'algo1-1', side: 'BUY', orderType: 'LIMIT', amount: '0.25', limitPrice: '100' }])
    expect(s.wakeAt).toBe(T0 + 15_000)
    expect(runAlgo(plan, market(T0, '99', '100'), accepted(1), market(T0 + 5_000, '99', '100')).actions).toEqual([])
  })

  it('pulls a slice still resting at the next slot, then sends what is due by then with its rest', () => {
    const at15 = runAlgo(plan, market(T0, '99', '100'), accepted(1), filled(1, '0.1'), market(T0 + 15_000, '99', '101'))
    expect(at15.actions).toEqual([{ type: 'cancel', clientOrderId: 'algo1-1', orderId: 'o1' }])
    const next = runAlgo(at15.algo, cancelled(1, '0.1'))
    expect(places(next.actions)).toEqual([expect.objectContaining({ clientOrderId: 'algo1-2', amount: '0.4', limitPrice: '101' })])
    expect(next.algo.state).toBe('running')
  })

  it('never crosses its limit price', () => {
    const s = runAlgo(planOf({ ...SPECS.twap, limitPrice: '99.5' }), market(T0, '99', '100'))
    expect(places(s.actions)[0]?.limitPrice).toBe('99.5')
    const sell = runAlgo(planOf({ ...SPECS.twap, limitPrice: '99.5' }, { side: 'SELL' }), market(T0, '99', '100'))
    expect(places(sell.actions)[0]?.limitPrice).toBe('99.5')
  })

  it('at its end pulls what rests and finishes at market, a buy as a LIMIT 1 % past the ask; done once filled', () => {
    let s = runAlgo(plan, market(T0, '99', '100'))
    for (const n of [1, 2, 3]) s = runAlgo(s.algo, accepted(n), filled(n, '0.25', true), market(T0 + n * 15_000, '99', '100'))
    s = runAlgo(s.algo, accepted(4), market(T0 + 60_000, '99', '100'))
    expect(s.actions).toEqual([{ type: 'cancel', clientOrderId: 'algo1-4', orderId: 'o4' }])
    s = runAlgo(s.algo, cancelled(4, '0'))
    expect(places(s.actions)).toEqual([expect.objectContaining({ clientOrderId: 'algo1-5', orderType: 'LIMIT', amount: '0.25', limitPrice: '101' })])
    s = runAlgo(s.algo, accepted(5), filled(5, '0.25', true))
    expect(s.algo.state).toBe('done')
    expect(progressOf(s.algo)).toMatchObject({ filled: '1', remaining: '0', average: '100.25' })
  })

  it('a sell finishes with a MARKET sell; `leave` ends with the rest unfilled', () => {
    const sell = runAlgo(planOf(SPECS.twap, { side: 'SELL' }), market(T0 + 60_000, '99', '100'))
    expect(places(sell.actions)).toEqual([expect.objectContaining({ orderType: 'MARKET', amount: '1' })])
    const leave = runAlgo(planOf({ ...SPECS.twap, finish: 'leave' }), market(T0, '99', '100'), accepted(1), filled(1, '0.2'), market(T0 + 60_000, '99', '100'), cancelled(1, '0.2'))
    expect(leave.algo.state).toBe('done')
    expect(leave.algo.note).toContain('0.8 BTC left unfilled')
  })

  it('randomises size and time from its seed: the same seed, the same slots, summing to the total within the duration', () => {
    const a = twapSlots(new Decimal(1), 10, 600_000, 30, 42, T0, 6)
    expect(twapSlots(new Decimal(1), 10, 600_000, 30, 42, T0, 6)).toEqual(a)
    expect(twapSlots(new Decimal(1), 10, 600_000, 30, 43, T0, 6)).not.toEqual(a)
    expect(a.at(-1)?.amount).toBe('1')
    const sizes = a.map((s, i) => new Decimal(s.amount).minus(i === 0 ? 0 : a[i - 1]!.amount))
    expect(sizes.some((s) => !s.eq('0.1'))).toBe(true)
    for (const s of sizes) expect(s.gte('0.07') && s.lte('0.13')).toBe(true)
    for (const [i, s] of a.entries()) expect(s.at! >= (a[i - 1]?.at ?? T0) && s.at! < T0 + 600_000).toBe(true)
  })
})

describe('iceberg', () => {
  it('shows one slice at its price; the next only once it has filled; done at the total', () => {
    let s = runAlgo(planOf(SPECS.iceberg), market(T0, '99', '101'))
    expect(s.actions).toEqual([{ type: 'place', clientOrderId: 'algo1-1', side: 'BUY', orderType: 'LIMIT', amount: '0.25', limitPrice: '100' }])
    s = runAlgo(s.algo, accepted(1), filled(1, '0.2'))
    expect(s.actions).toEqual([])
    s = runAlgo(s.algo, filled(1, '0.25', true))
    expect(places(s.actions)).toEqual([expect.objectContaining({ clientOrderId: 'algo1-2', amount: '0.25' })])
    for (const n of [2, 3]) s = runAlgo(s.algo, accepted(n), filled(n, '0.25', true))
    s = runAlgo(s.algo, accepted(4), filled(4, '0.25', true))
    expect(s.algo.state).toBe('done')
  })

  it('takes a tail under the pair minimum with the last slice rather than strand it', () => {
    const s = runAlgo(planOf(SPECS.iceberg, { amount: '0.500005' }), market(T0, '99', '101'), accepted(1), filled(1, '0.25', true))
    expect(places(s.actions)[0]?.amount).toBe('0.250005')
  })
})

describe('scaled', () => {
  it('places every order at once, prices evenly spaced and amounts even', () => {
    const s = runAlgo(planOf(SPECS.scaled), market(T0, '101', '102'))
    expect(places(s.actions).map((p) => [p.clientOrderId, p.limitPrice, p.amount])).toEqual([
      ['algo1-1', '100', '0.25'],
      ['algo1-2', '98', '0.25'],
      ['algo1-3', '96', '0.25'],
      ['algo1-4', '94', '0.25'],
    ])
  })

  it('geometric: equal percentage steps; the last order takes the rounding rest', () => {
    const steps = scaledOrders({
      ...planOf({ ...SPECS.scaled, orders: 3, fromPrice: '100', toPrice: '50', distribution: 'geometric' }),
      spec: { ...SPECS.scaled, orders: 3, fromPrice: '100', toPrice: '50', distribution: 'geometric' },
    })
    expect(steps.map((x) => [x.price, x.amount])).toEqual([
      ['100', '0.333333'],
      ['70.71', '0.333333'],
      ['50', '0.333334'],
    ])
  })

  it('an order cancelled by someone else pauses it; resume places its unfilled rest again', () => {
    let s = runAlgo(planOf(SPECS.scaled), market(T0, '101', '102'), accepted(1), accepted(2), accepted(3), accepted(4), cancelled(2, '0.05'))
    expect(s.algo.state).toBe('paused')
    expect(s.algo.pause?.reason).toContain('cancelled outside the algorithm')
    s = runAlgo(s.algo, { type: 'resume' })
    expect(places(s.actions)).toEqual([expect.objectContaining({ clientOrderId: 'algo1-5', limitPrice: '98', amount: '0.2' })])
  })

  it('refuses a plan whose orders the pair rules refuse, before anything is sent', () => {
    expect(() => openAlgo(planOf({ ...SPECS.scaled, orders: 200 }, { amount: '0.001' }))).toThrow(/would be refused: Amount must be at least/)
    expect(() => openAlgo(planOf(SPECS.iceberg, { amount: '1.0000001' }))).toThrow(/at most 6 decimals/)
  })
})

describe('chase', () => {
  it('rests at its own touch and follows it when it moves away: cancel, confirmed, then place', () => {
    let s = runAlgo(planOf(SPECS.chase), market(T0, '99', '100'))
    expect(places(s.actions)).toEqual([expect.objectContaining({ clientOrderId: 'algo1-1', limitPrice: '99', amount: '1' })])
    s = runAlgo(s.algo, accepted(1), market(T0 + 1, '98.5', '100'))
    expect(s.actions).toEqual([])
    s = runAlgo(s.algo, market(T0 + 2, '99.5', '100'))
    expect(s.actions).toEqual([{ type: 'cancel', clientOrderId: 'algo1-1', orderId: 'o1' }])
    expect(runAlgo(s.algo, market(T0 + 3, '99.6', '100')).actions).toEqual([])
    s = runAlgo(s.algo, cancelled(1, '0.3'), market(T0 + 4, '99.6', '100'))
    expect(s.algo.slices.at(-1)).toMatchObject({ clientOrderId: 'algo1-2', limitPrice: '99.5', amount: '0.7' })
    expect(s.algo.chase?.moves).toBe(1)
  })

  it('after its moves are used up, finishes at market or leaves the order', () => {
    const moved = (finish: 'market' | 'leave') =>
      runAlgo(planOf({ ...SPECS.chase, maxMoves: 1, finish }), market(T0, '99', '100'), accepted(1), market(T0 + 1, '99.5', '100'), cancelled(1, '0'), accepted(2), market(T0 + 2, '99.8', '100.2'))
    const market1 = moved('market')
    expect(market1.actions).toEqual([{ type: 'cancel', clientOrderId: 'algo1-2', orderId: 'o2' }])
    expect(places(runAlgo(market1.algo, cancelled(2, '0')).actions)).toEqual([expect.objectContaining({ clientOrderId: 'algo1-3', limitPrice: '101.21', amount: '1' })])
    const leave = moved('leave')
    expect(leave.actions).toEqual([])
    expect(runAlgo(leave.algo, filled(2, '1', true)).algo.state).toBe('done')
  })

  it('stops chasing beyond its distance from the arrival touch', () => {
    const s = runAlgo(planOf({ ...SPECS.chase, maxMoves: null, maxDistance: '1', finish: 'leave' }), market(T0, '99', '100'), accepted(1), market(T0 + 1, '100.5', '101'))
    expect(s.actions).toEqual([])
    expect(s.algo.chase?.exhausted).toBe(true)
  })
})

describe('every kind', () => {
  it('a refused slice pauses it with the reason; nothing is sent until resumed', () => {
    let s = runAlgo(planOf(SPECS.iceberg), market(T0, '99', '101'), { type: 'refused', clientOrderId: 'algo1-1', reason: 'The order was not sent: over the open value limit.' })
    expect(s.algo.state).toBe('paused')
    expect(s.algo.pause?.reason).toBe('Order 1 was refused: The order was not sent: over the open value limit.')
    expect(runAlgo(s.algo, market(T0 + 1, '99', '101')).actions).toEqual([])
    s = runAlgo(s.algo, { type: 'resume' })
    expect(places(s.actions)).toEqual([expect.objectContaining({ clientOrderId: 'algo1-2' })])
  })

  it('a lost answer is looked up, never sent again; nothing of the same purpose meanwhile', () => {
    let s = runAlgo(planOf(SPECS.twap), market(T0, '99', '100'), { type: 'outcome-unknown', clientOrderId: 'algo1-1' })
    expect(s.actions).toEqual([{ type: 'look-up', clientOrderId: 'algo1-1' }])
    expect(runAlgo(s.algo, market(T0 + 15_000, '99', '100')).actions).toEqual([])
    s = runAlgo(s.algo, { type: 'looked-up', clientOrderId: 'algo1-1', found: { orderId: 'o1', status: 'resting', filled: '0' } }, market(T0 + 15_000, '99', '100'))
    expect(s.actions).toEqual([{ type: 'cancel', clientOrderId: 'algo1-1', orderId: 'o1' }])
  })

  it('pause leaves what rests and sends nothing; cancel pulls it and ends cancelled', () => {
    let s = runAlgo(planOf(SPECS.twap), market(T0, '99', '100'), accepted(1), { type: 'pause' }, market(T0 + 15_000, '99', '100'))
    expect(s.algo.state).toBe('paused')
    expect(s.actions).toEqual([])
    s = runAlgo(s.algo, { type: 'cancel' })
    expect(s.actions).toEqual([{ type: 'cancel', clientOrderId: 'algo1-1', orderId: 'o1' }])
    s = runAlgo(s.algo, cancelled(1, '0.1'))
    expect(s.algo.state).toBe('cancelled')
    expect(s.algo.note).toBe('Cancelled by the trader with 0.9 BTC not filled')
  })

  it('measures slippage against the arrival touch: positive when a buy paid more', () => {
    const s = runAlgo(planOf(SPECS.iceberg, { spec: { ...SPECS.iceberg, price: '101' } }), market(T0, '99', '100'), accepted(1), filled(1, '0.25', true))
    expect(s.algo.arrivalPrice).toBe('100')
    expect(progressOf(s.algo)).toMatchObject({ filled: '0.25', average: '101', slippagePct: '1', remaining: '0.75' })
  })
})
