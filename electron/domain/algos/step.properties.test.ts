// The algorithms' guarantees over random event sequences (fast-check). Each move picks something
// that could happen next to the algorithm as it stands — an order accepted, refused, filled in part
// or whole, cancelled (by the algorithm's cancel or by someone else), an answer lost and looked up,
// time passing and the touch moving, the trader pausing, resuming or cancelling — so every sequence
// is one a keeper could observe. Then the sequence is drained (everything accepted and filled, time
// run past the end) to see each algorithm end.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Decimal } from '../decimal'
import { filledOf, isLive, outstandingOf } from './slices'
import { openAlgo } from './plan'
import { stepAlgo } from './step'
import { RULES, T0, planOf } from '../test/algo-plan.test-util'
import { moreFilled, pick } from '../test/moves.test-util'
import type { Algo, AlgoAction, AlgoEvent, AlgoPlan, AlgoSpec, Slice } from './types'

const specArb: fc.Arbitrary<AlgoSpec> = fc.oneof(
  fc.record({
    kind: fc.constant('twap' as const),
    slices: fc.integer({ min: 1, max: 8 }),
    durationMs: fc.integer({ min: 10, max: 120 }).map((s) => s * 1_000),
    limitPrice: fc.option(fc.integer({ min: 9_700, max: 10_300 }).map((p) => new Decimal(p).div(100).toFixed())),
    randomizePct: fc.integer({ min: 0, max: 50 }),
    finish: fc.constantFrom<'market' | 'leave'>('market', 'leave'),
  }),
  fc.record({ kind: fc.constant('iceberg' as const), slice: fc.integer({ min: 1, max: 60 }).map((n) => new Decimal(n).div(100).toFixed()), price: fc.constantFrom('99', '100', '101') }),
  fc.record({
    kind: fc.constant('scaled' as const),
    orders: fc.integer({ min: 1, max: 6 }),
    fromPrice: fc.constantFrom('100', '97.5'),
    toPrice: fc.constantFrom('90', '99.99', '104'),
    distribution: fc.constantFrom<'even' | 'geometric'>('even', 'geometric'),
  }),
  fc.record({
    kind: fc.constant('chase' as const),
    maxDistance: fc.option(fc.constantFrom('0.5', '2', '10')),
    maxMoves: fc.option(fc.integer({ min: 0, max: 5 })),
    finish: fc.constantFrom<'market' | 'leave'>('market', 'leave'),
  }),
)

const planArb: fc.Arbitrary<AlgoPlan> = fc
  .record({ spec: specArb, side: fc.constantFrom<'BUY' | 'SELL'>('BUY', 'SELL'), amount: fc.integer({ min: 1, max: 2_000_000 }), seed: fc.nat() })
  .map((r) => planOf(r.spec, { side: r.side, amount: new Decimal(r.amount).div(1_000_000).toFixed(), seed: r.seed }))
  .filter((p) => {
    try {
      openAlgo(p)
      return true
    } catch {
      return false
    }
  })

type Move = [kind: number, a: number, b: number]
const moveArb: fc.Arbitrary<Move> = fc.tuple(fc.integer({ min: 0, max: 40 }), fc.nat(10_000), fc.nat(10_000))
/** Some more of what the slice has left, in quarters. */
const more = (s: Slice, n: number): string => moreFilled(s, n, 6)

/** An event that could happen next, chosen by the move; the clock (`now`) only goes forward. */
function eventFor(a: Algo, [kind, x, y]: Move, clock: { now: number }): AlgoEvent | null {
  const with_ = (...statuses: Slice['status'][]) => a.slices.filter((s) => statuses.includes(s.status))
  const id = (s: Slice | null) => s?.clientOrderId
  if (kind < 6) {
    const s = pick(with_('placing'), x)
    return s && { type: 'accepted', clientOrderId: s.clientOrderId, orderId: `x-${id(s)}` }
  }
  if (kind < 7) {
    const s = pick(with_('placing'), x)
    return s && { type: 'refused', clientOrderId: s.clientOrderId, reason: 'over a risk limit' }
  }
  if (kind < 13) {
    const s = pick(with_('resting', 'cancelling'), x)
    if (s === null) return null
    const filled = more(s, y)
    return { type: 'filled', clientOrderId: s.clientOrderId, filled, done: new Decimal(filled).eq(s.amount) }
  }
  if (kind < 17) {
    // a cancel lands: the algorithm's, or (rarely) someone else's on a resting slice
    const s = pick(kind === 16 ? with_('resting') : with_('cancelling'), x)
    return s && { type: 'cancel-confirmed', clientOrderId: s.clientOrderId, filled: y % 3 === 0 ? more(s, y) : s.filled }
  }
  if (kind < 19) {
    const s = pick(with_('placing', 'cancelling'), x)
    return s && { type: 'outcome-unknown', clientOrderId: s.clientOrderId }
  }
  if (kind < 22) {
    const s = pick(with_('unknown'), x)
    if (s === null) return null
    const found =
      y % 3 === 0 && s.lost === 'place' ? null : { orderId: `x-${s.clientOrderId}`, status: y % 3 === 1 ? ('resting' as const) : ('done' as const), filled: y % 3 === 1 ? s.filled : more(s, y) }
    return { type: 'looked-up', clientOrderId: s.clientOrderId, found }
  }
  if (kind < 36) {
    clock.now += (x % 20) * 1_000
    const bid = new Decimal(9_500 + (y % 1_000)).div(100)
    return { type: 'market', at: clock.now, bid: bid.toFixed(), ask: bid.plus(new Decimal(1 + (x % 50)).div(100)).toFixed(), last: bid.toFixed() }
  }
  if (kind < 38) return { type: 'pause' }
  if (kind < 40) return { type: 'resume' }
  return { type: 'cancel' }
}

const onePerKind: Record<Algo['kind'], boolean> = { twap: true, iceberg: true, chase: true, scaled: false }

function checkStep(before: Algo, after: Algo, actions: AlgoAction[]): void {
  const total = new Decimal(after.amount)
  // never more than the total filled or resting
  expect(filledOf(after).plus(outstandingOf(after)).lte(total)).toBe(true)
  // never two slices live where one is meant: one at a time, or one per scaled order
  const live = after.slices.filter(isLive)
  if (onePerKind[after.kind]) expect(live.length).toBeLessThanOrEqual(1)
  else expect(new Set(live.map((s) => s.step)).size).toBe(live.length)
  // every order its own id, deterministic and never reused
  expect(after.slices.map((s) => s.clientOrderId)).toEqual(after.slices.map((_, i) => `${after.id}-${i + 1}`))
  for (const action of actions) {
    if (action.type !== 'place') continue
    expect(before.slices.some((s) => s.clientOrderId === action.clientOrderId)).toBe(false)
    const amount = new Decimal(action.amount)
    expect(amount.gte(RULES.minimum_order_size) && amount.lte(RULES.maximum_order_size) && amount.decimalPlaces() <= RULES.amount_precision).toBe(true)
    if (action.limitPrice !== undefined) expect(new Decimal(action.limitPrice).decimalPlaces()).toBeLessThanOrEqual(RULES.price_precision)
    const s = after.spec
    if (s.kind === 'twap' && s.limitPrice !== null) expect(after.side === 'BUY' ? new Decimal(action.limitPrice!).lte(s.limitPrice) : new Decimal(action.limitPrice!).gte(s.limitPrice)).toBe(true)
    if (s.kind === 'iceberg') expect(action.limitPrice).toBe(new Decimal(s.price).toFixed())
    // nothing is placed while the algorithm is paused or being cancelled
    expect(after.state === 'paused' || after.ending === 'cancel').toBe(false)
  }
  if (after.chase && after.spec.kind === 'chase' && after.spec.maxMoves !== null) expect(after.chase.moves).toBeLessThanOrEqual(after.spec.maxMoves)
  if (after.state === 'done' || after.state === 'cancelled') expect(live).toEqual([])
  // a lost answer is looked up, never placed again
  const unknown = after.slices.filter((s) => s.status === 'unknown' && !before.slices.some((b) => b.clientOrderId === s.clientOrderId && b.status === 'unknown'))
  for (const s of unknown) expect(actions).toContainEqual({ type: 'look-up', clientOrderId: s.clientOrderId })
}

function play(plan: AlgoPlan, moves: Move[]): { algo: Algo; events: AlgoEvent[] } {
  let algo = openAlgo(plan)
  const clock = { now: T0 }
  const events: AlgoEvent[] = []
  for (const move of moves) {
    const event = eventFor(algo, move, clock)
    if (event === null) continue
    const next = stepAlgo(algo, event)
    checkStep(algo, next.algo, next.actions)
    events.push(event)
    algo = next.algo
  }
  return { algo, events }
}

/** Everything answered and filled, time past the end, the trader resuming: every algorithm ends. */
function drain(start: Algo, clock: number): Algo {
  let algo = start
  for (let round = 0; round < 5_000 && algo.state !== 'done' && algo.state !== 'cancelled'; round += 1) {
    const s = algo.slices.find((x) => isLive(x))
    const event: AlgoEvent =
      algo.state === 'paused'
        ? { type: 'resume' }
        : s === undefined
          ? { type: 'market', at: (clock += 60_000), bid: '100', ask: '100.01', last: '100' }
          : s.status === 'placing'
            ? { type: 'accepted', clientOrderId: s.clientOrderId, orderId: `x-${s.clientOrderId}` }
            : s.status === 'unknown'
              ? { type: 'looked-up', clientOrderId: s.clientOrderId, found: { orderId: `x-${s.clientOrderId}`, status: 'resting', filled: s.filled } }
              : s.status === 'cancelling'
                ? { type: 'cancel-confirmed', clientOrderId: s.clientOrderId, filled: s.filled }
                : { type: 'filled', clientOrderId: s.clientOrderId, filled: s.amount, done: true }
    const next = stepAlgo(algo, event)
    checkStep(algo, next.algo, next.actions)
    algo = next.algo
  }
  return algo
}

describe('algorithm invariants', () => {
  it('never over-fills, never two slices where one is meant, ids unique, lost answers looked up; each ends', () => {
    fc.assert(
      fc.property(planArb, fc.array(moveArb, { maxLength: 80 }), (plan, moves) => {
        const { algo } = play(plan, moves)
        const end = drain(algo, T0 + 10_000_000)
        expect(['done', 'cancelled']).toContain(end.state)
        if (end.state === 'done' && end.note === null) expect(filledOf(end).eq(end.amount)).toBe(true)
      }),
      { numRuns: 300 },
    )
  })

  it('is deterministic: the same plan and events give the same algorithm (a restart replays it exactly)', () => {
    fc.assert(
      fc.property(planArb, fc.array(moveArb, { maxLength: 60 }), (plan, moves) => {
        const { algo, events } = play(plan, moves)
        const again = events.reduce((a, e) => stepAlgo(a, e).algo, openAlgo(plan))
        expect(again).toEqual(algo)
      }),
      { numRuns: 100 },
    )
  })
})
