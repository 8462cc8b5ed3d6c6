// Each kind's rule, run by the reducer (step.ts) after every event while the algorithm runs. Each
// answers the orders to place or cancel now; nothing answered means wait (for an answer, a fill, the
// next slot, a move of the touch). A new slice goes out only where none of its kind is live, for at
// most what is left (sliceAmount), so the total is never exceeded and never two slices rest where
// one is meant.
import { Decimal } from '../decimal'
import { addSlice, filledOf, isLive, leftOf, liveSlices, pullAll, remainingOf, roundPrice, sliceAmount, touchOf } from './slices'
import type { Algo, AlgoAction, AlgoFinish, AlgoState } from './types'

/** How far past the touch the finishing order at market goes (a buy's LIMIT: the exchange's MARKET BUY takes a quote amount and could buy more than is left). */
export const FINISH_SLIPPAGE = new Decimal('0.01')

const unit = (a: Algo): string => a.rules.currency1

export function endAlgo(a: Algo, state: Extract<AlgoState, 'done' | 'cancelled'>, note: string | null): void {
  a.state = state
  a.ending = null
  a.note = note
  a.endedAt = a.market?.at ?? a.startAt
}

/** Nothing more can be sent: what is left lies under the pair's minimum order. */
function endDust(a: Algo): AlgoAction[] {
  const rest = remainingOf(a)
  endAlgo(a, 'done', rest.gt(0) ? `${rest.toFixed()} ${unit(a)} not filled: under the pair's minimum order (${a.rules.minimum_order_size})` : null)
  return []
}

/** A price `limit` never lets a slice cross: a buy's at most it, a sell's at least it. */
function within(a: Algo, price: Decimal, limit: string | null): Decimal {
  if (limit === null) return price
  return a.side === 'BUY' ? Decimal.min(price, limit) : Decimal.max(price, limit)
}

/**
 * The end (TWAP's duration over, chase used up): the algorithm's slices pulled; then `leave` ends
 * it with the rest unfilled, `market` sends the rest as one order taking the book — a sell at MARKET,
 * a buy (or anything with a limit) as a LIMIT FINISH_SLIPPAGE past the touch, never past `limit`.
 */
function finish(a: Algo, how: AlgoFinish, limit: string | null): AlgoAction[] {
  a.ending = 'finish'
  const pulls = pullAll(a, (s) => !s.finish)
  if (liveSlices(a).some((s) => !s.finish)) return pulls
  const rest = remainingOf(a)
  if (how === 'leave') {
    endAlgo(a, 'done', rest.gt(0) ? `${rest.toFixed()} ${unit(a)} left unfilled at the end, as asked` : null)
    return pulls
  }
  if (liveSlices(a).length > 0) return pulls
  const amount = sliceAmount(a, leftOf(a))
  if (amount === null) return [...pulls, ...endDust(a)]
  const touch = touchOf(a)
  if (a.side === 'SELL' && limit === null) {
    const ref = touch?.toFixed() ?? a.market?.last ?? null
    return ref === null ? pulls : [...pulls, addSlice(a, { type: 'MARKET', amount, limitPrice: null, price: new Decimal(ref), finish: true })]
  }
  if (touch === null) return pulls
  const past = a.side === 'BUY' ? roundPrice(touch.times(FINISH_SLIPPAGE.plus(1)), a.rules, 'up') : roundPrice(touch.times(new Decimal(1).minus(FINISH_SLIPPAGE)), a.rules, 'down')
  const price = within(a, past, limit)
  return [...pulls, addSlice(a, { type: 'LIMIT', amount, limitPrice: price, price, finish: true })]
}

/** TWAP: at each slot, one LIMIT taking the touch (never past the limit price) for what is due by then; a slice still resting at the next slot is pulled first and its rest goes with the next. */
function twap(a: Algo & { spec: { kind: 'twap' } }): AlgoAction[] {
  const now = a.market?.at ?? a.startAt
  if (a.ending === 'finish' || now >= a.startAt + a.spec.durationMs) return finish(a, a.spec.finish, a.spec.limitPrice)
  const slot = a.plan.filter((p) => p.at! <= now).length - 1
  const pulls = pullAll(a, (s) => s.step !== null && s.step < slot)
  if (liveSlices(a).length > 0 || slot < 0 || a.slices.some((s) => s.step === slot)) return pulls
  const due = new Decimal(a.plan[slot]!.amount).minus(filledOf(a))
  const amount = due.gt(0) ? sliceAmount(a, due) : null
  const touch = touchOf(a)
  if (amount === null || touch === null) return pulls
  const price = within(a, touch, a.spec.limitPrice)
  return [addSlice(a, { type: 'LIMIT', amount, limitPrice: price, price, step: slot })]
}

/** Iceberg: one slice at the price at a time; the next once the current one is finished. */
function iceberg(a: Algo & { spec: { kind: 'iceberg' } }): AlgoAction[] {
  if (liveSlices(a).length > 0) return []
  const amount = sliceAmount(a, new Decimal(a.spec.slice))
  if (amount === null) return endDust(a)
  const price = new Decimal(a.spec.price)
  return [addSlice(a, { type: 'LIMIT', amount, limitPrice: price, price })]
}

/** Scaled: every order of the plan resting at once, each for what it has not filled; one live order per step. */
function scaled(a: Algo): AlgoAction[] {
  const actions: AlgoAction[] = []
  a.plan.forEach((step, i) => {
    const mine = a.slices.filter((s) => s.step === i)
    if (mine.some(isLive)) return
    const due = new Decimal(step.amount).minus(mine.reduce((sum, s) => sum.plus(s.filled), new Decimal(0)))
    const amount = due.gt(0) ? sliceAmount(a, due) : null
    if (amount === null) return
    const price = new Decimal(step.price!)
    actions.push(addSlice(a, { type: 'LIMIT', amount, limitPrice: price, price, step: i }))
  })
  return actions.length === 0 && liveSlices(a).length === 0 ? endDust(a) : actions
}

/** Chase: a LIMIT at the touch on its own side; when the touch leaves it, pulled and placed again at the new touch, while moves and distance allow; then left, or finished at market. */
function chase(a: Algo & { spec: { kind: 'chase' } }): AlgoAction[] {
  const c = a.chase!
  const own = touchOf(a, true)
  if (c.anchor === null && own !== null) c.anchor = own.toFixed()
  if (a.ending === 'finish') return finish(a, a.spec.finish, null)
  const may = (touch: Decimal): boolean => (a.spec.maxMoves === null || c.moves < a.spec.maxMoves) && (a.spec.maxDistance === null || touch.minus(c.anchor!).abs().lte(a.spec.maxDistance))
  const used = (): AlgoAction[] => {
    c.exhausted = true
    if (a.spec.finish === 'market') return finish(a, 'market', null)
    return liveSlices(a).length > 0 ? [] : [...endLeft(a)]
  }
  const live = liveSlices(a)
  if (live.length > 0) {
    const s = live[0]!
    if (s.status !== 'resting' || own === null || c.exhausted) return []
    const away = a.side === 'BUY' ? own.gt(s.limitPrice!) : own.lt(s.limitPrice!)
    if (!away) return []
    return may(own) ? pullAll(a) : used()
  }
  if (c.exhausted) return used()
  if (own === null) return []
  const moving = a.slices.length > 0
  if (moving && !may(own)) return used()
  const amount = sliceAmount(a, leftOf(a))
  if (amount === null) return endDust(a)
  if (moving) c.moves += 1
  return [addSlice(a, { type: 'LIMIT', amount, limitPrice: own, price: own })]
}

function endLeft(a: Algo): AlgoAction[] {
  endAlgo(a, 'done', `${remainingOf(a).toFixed()} ${unit(a)} left unfilled: the chase's moves or distance were used up`)
  return []
}

export function decideKind(a: Algo): AlgoAction[] {
  switch (a.spec.kind) {
    case 'twap':
      return twap(a as Algo & { spec: { kind: 'twap' } })
    case 'iceberg':
      return iceberg(a as Algo & { spec: { kind: 'iceberg' } })
    case 'scaled':
      return scaled(a)
    case 'chase':
      return chase(a as Algo & { spec: { kind: 'chase' } })
  }
}
