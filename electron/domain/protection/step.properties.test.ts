// The protected position's invariants over random event sequences (fast-check). The events come
// from a small model of the exchange: a random move picks something that could happen next to the
// position as it stands (an order the exchange has fills, a cancel lands, an answer is lost, the
// price moves, the trader moves a level or closes), so every sequence is one a keeper could observe.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Decimal } from '../decimal'
import { exitsOutstanding, isLive, remaining } from './legs'
import { levelsProblem } from './levels'
import { openPosition, step } from './step'
import { moreFilled, pick } from '../test/moves.test-util'
import type { Leg, Position, PositionAction, PositionEvent, PositionPlan } from './types'

const planArb: fc.Arbitrary<PositionPlan> = fc
  .record({
    side: fc.constantFrom<'BUY' | 'SELL'>('BUY', 'SELL'),
    entry: fc.constantFrom<'LIMIT' | 'MARKET' | 'HELD'>('LIMIT', 'LIMIT', 'MARKET', 'HELD'),
    amount: fc.integer({ min: 1, max: 50_000 }),
    protection: fc.constantFrom<'exchange' | 'terminal' | 'none'>('exchange', 'exchange', 'terminal', 'none'),
    shares: fc.array(fc.integer({ min: 1, max: 60 }), { maxLength: 3 }),
    allIn: fc.constantFrom(true, true, false),
    trailing: fc.option(fc.record({ distance: fc.integer({ min: 1, max: 10 }), step: fc.integer({ min: 1, max: 300 }) })),
    breakeven: fc.boolean(),
  })
  .map((r) => {
    const sign = r.side === 'BUY' ? 1 : -1
    // shares in percent; with allIn the last one tops them up to exactly 100
    let shares = r.shares.slice()
    const sum = shares.reduce((a, b) => a + b, 0)
    if (sum > 100) shares = shares.map(() => Math.floor(100 / shares.length))
    if (r.allIn && shares.length > 0) shares[shares.length - 1] = 100 - shares.slice(0, -1).reduce((a, b) => a + b, 0)
    return {
      id: 'pos.7',
      pair: 'BTC_USDT',
      side: r.side,
      entry: { type: r.entry, amount: new Decimal(r.amount).div(10_000).toFixed(), price: '100', ...(r.entry === 'MARKET' ? { quoteAmount: '500' } : {}) },
      protection: r.protection,
      stop: { price: String(100 - 5 * sign), limit: String(100 - 6 * sign) },
      slippage: '0.5',
      targets: shares.map((share, i) => ({ price: String(100 + (i + 2) * 3 * sign), share: String(share) })),
      trailing: r.trailing === null ? null : { distance: String(r.trailing.distance), step: new Decimal(r.trailing.step).div(100).toFixed() },
      breakevenAt: r.breakeven ? String(100 + 4 * sign) : null,
      amountPrecision: 4,
      pricePrecision: 2,
    }
  })

type Move = [kind: number, a: number, b: number]
const moveArb: fc.Arbitrary<Move> = fc.tuple(fc.integer({ min: 0, max: 56 }), fc.nat(10_000), fc.nat(10_000))

const more = (leg: Leg, n: number): string => moreFilled(leg, n, 4)

/** An event that could happen next to `p`, chosen by the move; null when the move has nothing to act on. */
function eventFor(p: Position, [kind, a, b]: Move): PositionEvent | null {
  const legs = (...statuses: Leg['status'][]): Leg[] => p.legs.filter((l) => statuses.includes(l.status))
  const exchangeHas = legs('placing', 'resting', 'cancelling')
  if (kind < 5) {
    const leg = pick(legs('placing'), a)
    return leg && { type: 'accepted', clientOrderId: leg.clientOrderId, orderId: `x-${leg.clientOrderId}` }
  }
  if (kind < 7) {
    const leg = pick(legs('placing'), a)
    return leg && { type: 'refused', clientOrderId: leg.clientOrderId, reason: 'NO' }
  }
  if (kind < 14) {
    const leg = pick(exchangeHas, a)
    if (leg === null) return null
    const filled = more(leg, b)
    return { type: 'filled', clientOrderId: leg.clientOrderId, filled, done: new Decimal(filled).eq(leg.amount) }
  }
  if (kind < 19) {
    const leg = pick(legs('cancelling'), a)
    return leg && { type: 'cancel-confirmed', clientOrderId: leg.clientOrderId, filled: b % 3 === 0 ? more(leg, b) : leg.filled }
  }
  if (kind < 22) {
    const leg = pick(legs('placing', 'cancelling'), a)
    return leg && { type: 'outcome-unknown', clientOrderId: leg.clientOrderId }
  }
  if (kind < 26) {
    const leg = pick(legs('unknown'), a)
    if (leg === null) return null
    const found = b % 3 === 0 ? null : { orderId: `x-${leg.clientOrderId}`, status: b % 3 === 1 ? ('resting' as const) : ('done' as const), filled: more(leg, b) }
    // a lost cancel's order existed: the look-up finds it
    return { type: 'looked-up', clientOrderId: leg.clientOrderId, found: found ?? (leg.lost === 'cancel' ? { orderId: 'x', status: 'done', filled: leg.filled } : null) }
  }
  if (kind < 36) return { type: 'price-moved', price: new Decimal(8000 + (a % 4000)).div(100).toFixed() }
  // a keeper starting after nobody watched, and the trader's answer to the attention it may raise
  if (kind === 36) return { type: 'resumed', price: new Decimal(8000 + (a % 4000)).div(100).toFixed() }
  if (kind === 37) return { type: 'acknowledged' }
  if (kind < 40) return { type: 'target-crossed', index: a % 4 }
  // the trader drags the stop or a target (a change that breaks the rules is ignored by the reducer)
  if (kind < 43) {
    const last = new Decimal(8000 + (a % 4000)).div(100).toFixed()
    const level = new Decimal(8000 + (b % 4000)).div(100).toFixed()
    return kind === 41 ? { type: 'levels', last, targets: [{ index: b % 3, price: level }] } : { type: 'levels', last, stop: level }
  }
  // the trader drags a pending LIMIT entry (refused once anything filled, or for another entry)
  if (kind < 56) {
    const last = new Decimal(9000 + (a % 2000)).div(100).toFixed()
    return { type: 'levels', last, entry: new Decimal(9600 + (b % 800)).div(100).toFixed() }
  }
  return { type: 'close', price: new Decimal(8000 + (a % 4000)).div(100).toFixed() }
}

/** Runs the moves; calls `check` with each step's before, event, after and actions. */
function play(
  plan: PositionPlan,
  moves: Move[],
  check: (before: Position, event: PositionEvent, after: Position, actions: PositionAction[]) => void,
): { actions: PositionAction[]; position: Position } {
  const opened = openPosition(plan)
  let position = opened.position
  const all = [...opened.actions]
  for (const move of moves) {
    const event = eventFor(position, move)
    if (event === null) continue
    const next = step(position, event)
    check(position, event, next.position, next.actions)
    position = next.position
    all.push(...next.actions)
  }
  return { actions: all, position }
}

const sequences = fc.tuple(planArb, fc.array(moveArb, { minLength: 20, maxLength: 150, size: 'max' }))
const RUNS = { numRuns: 500, seed: 20_260_101 }

describe('protected positions, over random event sequences', () => {
  it('never sells beyond what was bought, and the live exits never hold more than the position has', () => {
    const seen = { closed: 0, byTarget: 0, byStop: 0, targetSells: 0, lookUps: 0, stopMoves: 0, terminal: 0, levelsMoved: 0, entriesMoved: 0, entryRaces: 0 }
    fc.assert(
      fc.property(sequences, ([plan, moves]) => {
        play(plan, moves, (before, _event, after, actions) => {
          expect(new Decimal(after.exited).lte(after.filled)).toBe(true)
          expect(exitsOutstanding(after).lte(remaining(after))).toBe(true)
          // never two stops live: a moved or resized stop is cancelled, and replaced once the cancel is certain
          expect(after.legs.filter((l) => l.role === 'stop' && isLive(l)).length).toBeLessThanOrEqual(1)
          // never two entries live, and never more bought than planned: a moved entry is placed again only once
          // the old one is gone with nothing filled, for the same amount
          expect(after.legs.filter((l) => l.role === 'entry' && isLive(l)).length).toBeLessThanOrEqual(1)
          const entries = after.legs.filter((l) => l.role === 'entry')
          expect(new Decimal(after.filled).lte(plan.entry.amount)).toBe(true)
          const bought = entries.reduce((sum, l) => sum.plus(l.filled), new Decimal(0))
          if (plan.entry.type !== 'HELD') expect(bought.eq(after.filled)).toBe(true)
          for (const a of actions) if (a.type === 'place' && a.role === 'entry') expect([new Decimal(before.filled).eq(0), a.amount]).toEqual([true, plan.entry.amount])
          if (actions.some((a) => a.type === 'place' && a.role === 'entry')) seen.entriesMoved += 1
          const race = entries.some((l) => l.moving === true && new Decimal(l.filled).gt(0))
          if (race && before.state === 'pending' && after.state === 'open') seen.entryRaces += 1
          if (after.state === 'closed') expect(remaining(after).eq(0) && !after.legs.some(isLive) && after.closedBy !== null).toBe(true)
          if (after.state === 'closed' && before.state !== 'closed') {
            seen.closed += 1
            if (after.closedBy === 'target') seen.byTarget += 1
            if (after.closedBy === 'stop') seen.byStop += 1
          }
          seen.targetSells += actions.filter((a) => a.type === 'place' && a.role === 'target').length
          seen.lookUps += actions.filter((a) => a.type === 'look-up').length
          if (before.stop?.price !== after.stop?.price) seen.stopMoves += 1
          if (before.protection === 'exchange' && after.protection === 'terminal') seen.terminal += 1
          if (_event.type === 'levels' && JSON.stringify([before.stop, before.targets]) !== JSON.stringify([after.stop, after.targets])) seen.levelsMoved += 1
        })
      }),
      RUNS,
    )
    // the sequences reach every part of the machine, so the invariants say something
    for (const [what, count] of Object.entries(seen)) expect(count, what).toBeGreaterThan(10)
  })

  it('gives every order a unique client_order_id from the position id and a counter, the same on a replay', () => {
    fc.assert(
      fc.property(sequences, ([plan, moves]) => {
        const first = play(plan, moves, () => undefined)
        const ids = first.actions.filter((a) => a.type === 'place').map((a) => a.clientOrderId)
        expect(ids).toEqual(ids.map((_, i) => `pos.7-${i + 1}`))
        // a restart that replays what was observed regenerates the same orders: nothing new is sent
        expect(play(plan, moves, () => undefined)).toEqual(first)
      }),
      RUNS,
    )
  })

  it('answers an unknown outcome with a look-up only, never a new order', () => {
    fc.assert(
      fc.property(sequences, ([plan, moves]) => {
        play(plan, moves, (_before, event, _after, actions) => {
          if (event.type === 'outcome-unknown') expect(actions).toEqual([{ type: 'look-up', clientOrderId: event.clientOrderId }])
          for (const a of actions) if (a.type === 'cancel') expect(a.orderId).not.toBe('')
        })
      }),
      RUNS,
    )
  })

  it('places a target sell only once no stop is live: the stop’s cancel confirmed first', () => {
    fc.assert(
      fc.property(sequences, ([plan, moves]) => {
        play(plan, moves, (before, event, after, actions) => {
          if (!actions.some((a) => a.type === 'place' && a.role === 'target')) return
          const stopsBefore = before.legs.filter((l) => l.role === 'stop' && isLive(l))
          // the only stop live before is the one this very event finished: its cancel confirmed (or
          // looked up), or the exchange refusing it; a resting stop is never passed over
          for (const s of stopsBefore) {
            expect('clientOrderId' in event && event.clientOrderId).toBe(s.clientOrderId)
            expect(s.status).not.toBe('resting')
          }
          const placed = new Set(actions.map((a) => a.clientOrderId))
          expect(after.legs.filter((l) => l.role === 'stop' && isLive(l) && !placed.has(l.clientOrderId))).toEqual([])
        })
      }),
      RUNS,
    )
  })

  it('moves a level only as the trader asked and the rules allow: the stop stays on the loss side, a reached target stays put', () => {
    fc.assert(
      fc.property(sequences, ([plan, moves]) => {
        play(plan, moves, (before, event, after) => {
          if (event.type !== 'levels') return
          const ok = levelsProblem(before, event, event.last) === null
          const long = plan.side === 'BUY'
          if (event.stop !== undefined) {
            expect(after.stop?.price).toBe(ok ? new Decimal(event.stop).toFixed() : before.stop?.price)
            // open: on the loss side of the last price; before the entry fills, of the entry
            const side = before.state === 'pending' ? before.entryPrice : event.last
            if (ok) expect(long ? new Decimal(event.stop).lt(side) : new Decimal(event.stop).gt(side)).toBe(true)
          }
          after.targets.forEach((t, i) => {
            const asked = event.targets?.find((x) => x.index === i)
            expect(t.price).toBe(ok && asked ? new Decimal(asked.price).toFixed() : before.targets[i]!.price)
            if (ok && asked) expect(before.targets[i]!.state).toBe('waiting')
          })
          if (event.entry !== undefined) {
            expect(after.entryPrice).toBe(ok ? new Decimal(event.entry).toFixed() : before.entryPrice)
            // only a pending LIMIT entry with nothing filled moves, and never to where it would fill at once
            if (ok) expect([before.state, before.filled, long ? new Decimal(event.entry).lt(event.last) : new Decimal(event.entry).gt(event.last)]).toEqual(['pending', '0', true])
          }
        })
      }),
      RUNS,
    )
  })

  it('never loosens the stop by itself, and trailing moves it by at least the trader’s step', () => {
    fc.assert(
      fc.property(sequences, ([plan, moves]) => {
        play(plan, moves, (before, event, after) => {
          if (before.stop === null || after.stop === null || event.type === 'levels') return // the trader's move: any way the rules allow
          const [was, is] = [new Decimal(before.stop.price), new Decimal(after.stop.price)]
          const tighter = plan.side === 'BUY' ? is.minus(was) : was.minus(is)
          expect(tighter.gte(0)).toBe(true)
          const breakeven = before.breakevenAt !== null && after.breakevenAt === null && is.eq(after.entryPrice)
          if (tighter.gt(0) && !breakeven) {
            expect(['price-moved', 'resumed']).toContain(event.type) // a resumed price short of every target is a price
            expect(tighter.gte(plan.trailing!.step)).toBe(true)
          }
        })
      }),
      RUNS,
    )
  })
})
