// From a trader's plan to an algorithm ready to run: TWAP's slots (each slot's time and the amount
// due by then, randomised by a seeded generator so that the same plan always gives the same slots,
// after a restart too) and scaled's orders (prices evenly or geometrically spaced, amounts even,
// each on the pair's grid). A plan whose slices the pair's rules refuse is refused whole, before
// anything is sent, saying why.
import { Decimal } from '../decimal'
import { TerminalError } from '../errors'
import { floorAmount, roundPrice, sliceProblem, tickOf } from './slices'
import type { Algo, AlgoPlan, PlanStep } from './types'

/** At most this many slices or orders: each is an order at the exchange. */
export const MAX_SLICES = 200
/** TWAP's randomising, at most ±this percent. */
export const MAX_RANDOMIZE_PCT = 50

/** mulberry32: a small seeded generator, numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let s = seed >>> 0
  return () => {
    s = (s + 0x6d2b79f5) >>> 0
    let t = s
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/**
 * TWAP's slots: slot i at start + i·duration/N (the first at the start), its time moved by up to ±pct %
 * of the interval and its weight by up to ±pct %; `amount` is what should have filled by then (the
 * last slot: the whole total), rounded down to the pair's precision.
 */
export function twapSlots(total: Decimal, slices: number, durationMs: number, randomizePct: number, seed: number, startAt: number, amountPlaces: number): PlanStep[] {
  const random = seededRandom(seed)
  const jitter = (): number => (random() * 2 - 1) * (randomizePct / 100)
  const interval = durationMs / slices
  const weights: Decimal[] = []
  const times: number[] = []
  for (let i = 0; i < slices; i += 1) {
    weights.push(new Decimal(1 + jitter()).toDecimalPlaces(6))
    const moved = i === 0 ? 0 : Math.round(jitter() * interval)
    times.push(Math.max(startAt + Math.round(i * interval) + moved, times[i - 1] ?? startAt))
  }
  const sum = weights.reduce((s, w) => s.plus(w), new Decimal(0))
  let cumulative = new Decimal(0)
  return times.map((at, i) => {
    cumulative = cumulative.plus(weights[i]!)
    const due = i === slices - 1 ? total : total.times(cumulative).div(sum).toDecimalPlaces(amountPlaces, Decimal.ROUND_DOWN)
    return { at, price: null, amount: due.toFixed() }
  })
}

/** Scaled's orders: N prices from `from` to `to` (even: equal steps; geometric: equal ratios), amounts even, the last taking the rounding's rest. */
export function scaledOrders(plan: AlgoPlan & { spec: { kind: 'scaled' } }): PlanStep[] {
  const { orders, distribution } = plan.spec
  const from = new Decimal(plan.spec.fromPrice)
  const to = new Decimal(plan.spec.toPrice)
  const total = new Decimal(plan.amount)
  const each = floorAmount(total.div(orders), plan.rules)
  const steps: PlanStep[] = []
  for (let i = 0; i < orders; i += 1) {
    const f = orders === 1 ? 0 : i / (orders - 1)
    const raw = distribution === 'even' ? from.plus(to.minus(from).times(f)) : from.times(to.div(from).pow(f))
    const price = roundPrice(raw, plan.rules, plan.side === 'BUY' ? 'down' : 'up')
    const amount = i === orders - 1 ? total.minus(each.times(orders - 1)) : each
    steps.push({ at: null, price: price.toFixed(), amount: amount.toFixed() })
  }
  return steps
}

const refuse = (field: string, message: string): TerminalError => new TerminalError({ kind: 'validation', code: 'INVALID_ALGO', field, message: `The algorithm was not started: ${message}` })

function checkCounts(plan: AlgoPlan): void {
  const s = plan.spec
  const n = s.kind === 'twap' ? s.slices : s.kind === 'scaled' ? s.orders : 1
  if (!Number.isInteger(n) || n < 1 || n > MAX_SLICES) throw refuse(s.kind === 'twap' ? 'slices' : 'orders', `the number of orders must be 1 to ${MAX_SLICES}.`)
  if (s.kind === 'twap' && (!(s.durationMs >= 1_000) || !Number.isFinite(s.durationMs))) throw refuse('duration', 'the duration must be at least 1 s.')
  if (s.kind === 'twap' && !(s.randomizePct >= 0 && s.randomizePct <= MAX_RANDOMIZE_PCT)) throw refuse('randomize', `randomising is 0 to ${MAX_RANDOMIZE_PCT} %.`)
  if (s.kind === 'chase' && s.maxMoves !== null && !(Number.isInteger(s.maxMoves) && s.maxMoves >= 0)) throw refuse('maxMoves', 'the number of moves is a whole number, 0 or more.')
  if (s.kind === 'chase' && s.maxDistance !== null && !new Decimal(s.maxDistance).gt(0)) throw refuse('maxDistance', 'the distance must be greater than 0.')
}

/** The slices the plan will send, each checked against the pair's rules now (a typical one for TWAP and chase). */
function checkSlices(plan: AlgoPlan, steps: PlanStep[]): void {
  const s = plan.spec
  const total = new Decimal(plan.amount)
  const checks: { amount: Decimal; price: Decimal | null; field: string }[] = []
  if (s.kind === 'scaled') for (const step of steps) checks.push({ amount: new Decimal(step.amount), price: new Decimal(step.price!), field: 'orders' })
  else if (s.kind === 'iceberg') checks.push({ amount: Decimal.min(new Decimal(s.slice), total), price: new Decimal(s.price), field: 'slice' })
  else if (s.kind === 'twap') checks.push({ amount: floorAmount(total.div(s.slices), plan.rules), price: s.limitPrice === null ? null : new Decimal(s.limitPrice), field: 'slices' })
  else checks.push({ amount: total, price: null, field: 'amount' })
  for (const c of checks) {
    // the amount alone (at a one-tick price) where a slice is priced only when it goes out (TWAP, chase)
    const problem = sliceProblem(plan.rules, plan.side, 'LIMIT', c.amount, c.price ?? tickOf(plan.rules), { bid: null, ask: null })
    if (problem !== null) throw refuse(c.field, `a slice of ${c.amount.toFixed()} ${plan.rules.currency1}${c.price ? ` at ${c.price.toFixed()}` : ''} would be refused: ${problem}.`)
  }
}

/** The algorithm as it starts: nothing sent yet, its first step (a `market` event) sends. Throws INVALID_ALGO when the pair's rules refuse its slices. */
export function openAlgo(plan: AlgoPlan): Algo {
  const total = new Decimal(plan.amount)
  if (!total.gt(0) || total.decimalPlaces() > plan.rules.amount_precision) throw refuse('amount', `the amount must be above 0 with at most ${plan.rules.amount_precision} decimals.`)
  checkCounts(plan)
  const s = plan.spec
  const steps =
    s.kind === 'twap' ? twapSlots(total, s.slices, s.durationMs, s.randomizePct, plan.seed, plan.startAt, plan.rules.amount_precision) : s.kind === 'scaled' ? scaledOrders({ ...plan, spec: s }) : []
  checkSlices(plan, steps)
  return {
    id: plan.id,
    kind: s.kind,
    pair: plan.rules.name,
    side: plan.side,
    amount: total.toFixed(),
    state: 'running',
    spec: plan.spec,
    rules: plan.rules,
    startAt: plan.startAt,
    seed: plan.seed,
    plan: steps,
    arrivalPrice: null,
    slices: [],
    orderCount: 0,
    pause: null,
    ending: null,
    ...(s.kind === 'chase' ? { chase: { moves: 0, anchor: null, exhausted: false } } : {}),
    market: null,
    note: null,
    endedAt: null,
  }
}
