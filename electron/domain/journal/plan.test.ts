// R against the plan, MAE and MFE, each checked against figures worked by hand.
import { describe, expect, it } from 'vitest'
import { openPosition } from '../protection/step'
import type { Leg, Position } from '../protection/types'
import { PLAN } from '../test/position-plan.test-util'
import { excursionOf, candlesOf } from './excursion'
import { planOfTrip, plannedStopOf, positionsByOrder } from './plan'
import { roundTrips } from './round-trips'
import type { JournalFill } from './types'

const T0 = Date.UTC(2026, 0, 5, 9, 0, 0)
const fill = (side: 'BUY' | 'SELL', amount: string, price: string, fee: string, at: number, orderId: number | null, orderType = 'LIMIT'): JournalFill => ({
  pair: 'BTC_USDT',
  side,
  amount,
  price,
  feeAmount: fee,
  feeCurrency: 'USDT',
  time: at,
  wallet: 'SPOT',
  orderId,
  orderType,
})

const leg = (role: Leg['role'], orderId: string, extra: Partial<Leg> = {}): Leg => ({
  role,
  clientOrderId: `p1-${orderId}`,
  orderId,
  side: role === 'entry' ? 'BUY' : 'SELL',
  type: 'LIMIT',
  amount: '1',
  filled: '1',
  limitPrice: null,
  stopPrice: null,
  status: 'done',
  lost: null,
  target: null,
  ...extra,
})

/** PLAN (a long, stop 95) planned with 0.1 % at entry and at the stop, closed as `closedBy`, its orders 11 (entry) and 12 (exit). */
function position(closedBy: Position['closedBy'], stop = '90', legs: Leg[] = [leg('entry', '11'), leg(closedBy === 'stop' ? 'stop' : 'target', '12')]): Position {
  const { position: p } = openPosition({ ...PLAN, stop: { price: stop, limit: stop }, plannedFees: { entryRate: '0.001', exitRate: '0.001' } })
  return { ...p, state: 'closed', closedBy, legs }
}

const tripOf = (fills: JournalFill[]) => roundTrips({ fills }).trips[0]!

describe('the plan of a trade: planned risk and R', () => {
  it('a target reached: +R by hand', () => {
    // buy 0.5 @ 100 (fee 0.05), sell 0.5 @ 120 (fee 0.06): net = 60 − 0.06 − 50.05 = 9.89
    // risk = |100 − 90| × 0.5 + 100 × 0.5 × 0.001 + 90 × 0.5 × 0.001 = 5 + 0.05 + 0.045 = 5.095
    // R = 9.89 ÷ 5.095 = 1.94111874(3…) → 1.94111874
    const trip = tripOf([fill('BUY', '0.5', '100', '0.05', T0, 11), fill('SELL', '0.5', '120', '0.06', T0 + 60_000, 12)])
    const plan = planOfTrip(trip, positionsByOrder([position('target')]))
    expect(plan).toEqual({ positionId: 'p1', stop: '90', risk: '5.095', r: '1.94111874', rNote: null, exitReason: 'target' })
  })

  it('stopped out at the planned stop with the planned fees: exactly −1 R', () => {
    // buy 1 @ 100 (fee 0.1), sell 1 @ 90 (fee 0.09): net = 90 − 0.09 − 100.1 = −10.19
    // risk = 10 + 0.1 + 0.09 = 10.19 → R = −1
    const trip = tripOf([fill('BUY', '1', '100', '0.1', T0, 11), fill('SELL', '1', '90', '0.09', T0 + 60_000, 12)])
    expect(planOfTrip(trip, positionsByOrder([position('stop')]))).toMatchObject({ risk: '10.19', r: '-1', exitReason: 'stop' })
  })

  it('the planned stop is the first one: a trailed or moved stop does not change the risk taken', () => {
    const moved = { ...position('stop'), stop: { price: '99', limitOffset: '1' } }
    expect(plannedStopOf(moved)).toBe('90')
    // an older file without `planned`: the first stop order's price, else the stop
    const { planned: _, ...older } = moved
    expect(plannedStopOf({ ...older, legs: [leg('stop', '5', { stopPrice: '93' }), leg('stop', '6', { stopPrice: '97' })] })).toBe('93')
    expect(plannedStopOf({ ...older, legs: [] })).toBe('99')
  })

  it('an older position without its planned rates uses the rate its entry paid, for both fees', () => {
    // paid 0.1 on 100: 0.1 %; risk = 10 + 0.1 + 0.09 = 10.19, as planned above
    const { planned: _, ...older } = position('stop')
    const trip = tripOf([fill('BUY', '1', '100', '0.1', T0, 11), fill('SELL', '1', '90', '0.09', T0 + 60_000, 12)])
    expect(planOfTrip(trip, positionsByOrder([{ ...older, legs: [leg('entry', '11'), leg('stop', '12', { stopPrice: '90' })] }])).risk).toBe('10.19')
  })

  it('no protected position, or one without a stop: no R, "no planned stop"; the exit read from its last order', () => {
    const trip = tripOf([fill('BUY', '1', '100', '0', T0, null), fill('SELL', '1', '90', '0', T0 + 1, null, 'MARKET')])
    expect(planOfTrip(trip, new Map())).toEqual({ positionId: null, stop: null, risk: null, r: null, rNote: 'no planned stop', exitReason: 'manual' })
    const stopped = tripOf([fill('BUY', '1', '100', '0', T0, null), fill('SELL', '1', '90', '0', T0 + 1, null, 'STOP_LIMIT')])
    expect(planOfTrip(stopped, new Map()).exitReason).toBe('stop')
    const unknown = tripOf([fill('BUY', '1', '100', '0', T0, null), fill('SELL', '1', '90', '0', T0 + 1, null, 'sell')])
    expect(planOfTrip(unknown, new Map()).exitReason).toBe('unknown')
  })

  it('a stop that gapped and was sold by the fallback ends as `fallback`; a close by hand as `manual`', () => {
    const trip = tripOf([fill('BUY', '1', '100', '0', T0, 11), fill('SELL', '1', '80', '0', T0 + 1, 12)])
    const gapped = position('stop', '90', [leg('entry', '11'), leg('close', '12', { fallback: 'market' })])
    expect(planOfTrip(trip, positionsByOrder([gapped])).exitReason).toBe('fallback')
    const manual = position('manual', '90', [leg('entry', '11'), leg('close', '12')])
    expect(planOfTrip(trip, positionsByOrder([manual])).exitReason).toBe('manual')
  })

  it('two protected positions in one FIFO trade: no one plan, said so', () => {
    const trip = tripOf([fill('BUY', '1', '100', '0', T0, 11), fill('BUY', '1', '100', '0', T0 + 1, 21), fill('SELL', '2', '110', '0', T0 + 2, 12)])
    const other = { ...position('target', '90', [leg('entry', '21')]), id: 'p2' }
    expect(planOfTrip(trip, positionsByOrder([position('target'), other]))).toMatchObject({ r: null, rNote: '2 protected positions in one trade: no one plan' })
  })
})

describe('MAE and MFE', () => {
  it('from the candles wholly inside its time and its own fills, in price and in R, by hand', () => {
    // a long bought at 100 (at 09:00:30), sold at 110 (at 09:03:30), amount 1, risk 10.19 (as above)
    const trip = tripOf([fill('BUY', '1', '100', '0.1', T0 + 30_000, 11), fill('SELL', '1', '110', '0.11', T0 + 210_000, 12)])
    const candles = [
      { time: T0 / 1000, low: 80, high: 130 }, // 09:00, begun before the entry: left out
      { time: (T0 + 60_000) / 1000, low: 95, high: 108 },
      { time: (T0 + 120_000) / 1000, low: 104, high: 112 },
      { time: (T0 + 180_000) / 1000, low: 60, high: 150 }, // 09:03, ended after the exit: left out
    ]
    const inside = candlesOf(trip, candles, 60_000)
    expect(inside.map((c) => c.low)).toEqual([95, 104])
    // lowest 95, highest 112: MAE = 100 − 95 = 5, MFE = 112 − 100 = 12
    // in R: 5 × 1 ÷ 10.19 = 0.49067713(4…), 12 ÷ 10.19 = 1.17762512(2…)
    expect(excursionOf(trip, inside, '10.19')).toEqual({ low: '95', high: '112', mae: '5', mfe: '12', maeR: '0.49067713', mfeR: '1.17762512' })
  })

  it('never less than what its own fills saw; no R without a risk; candles as the server wrote them', () => {
    const trip = tripOf([fill('BUY', '1', '100', '0', T0, 11), fill('SELL', '1', '90', '0', T0 + 1, 12)])
    // no candles: the fills alone; the sell at 90 was 10 against
    expect(excursionOf(trip, [], null)).toEqual({ low: '90', high: '100', mae: '10', mfe: '0', maeR: null, mfeR: null })
    expect(excursionOf(trip, [{ time: T0 / 1000, low: 0.30000000000000004, high: 100.1 }], null).low).toBe('0.30000000000000004')
  })
})
