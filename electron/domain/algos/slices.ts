// The arithmetic of an algorithm's orders (slices): which are live, what is filled and what they
// may still fill, what is left to send, the average, and each new slice — its deterministic
// client_order_id, its amount rounded down to the pair's rules (order-rules.ts: the same verdict the
// order desk gives) so that the total is never exceeded. Pure, exact.
import { Decimal } from '../decimal'
import { validateOrder } from '../orders/order-rules'
import type { Pair } from '../wire/wire'
import type { Algo, AlgoAction, AlgoRules, Slice } from './types'

const LIVE: ReadonlySet<Slice['status']> = new Set(['placing', 'resting', 'cancelling', 'unknown'])

/** A slice the exchange may hold or fill: sent and not known to be finished. */
export const isLive = (s: Slice): boolean => LIVE.has(s.status)

export const liveSlices = (a: Algo): Slice[] => a.slices.filter(isLive)

/** What the slices have filled together. */
export const filledOf = (a: Algo): Decimal => a.slices.reduce((sum, s) => sum.plus(s.filled), new Decimal(0))

/** What the live slices may still fill. */
export const outstandingOf = (a: Algo): Decimal => liveSlices(a).reduce((sum, s) => sum.plus(Decimal.max(new Decimal(s.amount).minus(s.filled), 0)), new Decimal(0))

/** What may still be sent: the total less what filled and what the live slices may fill. */
export const leftOf = (a: Algo): Decimal => Decimal.max(new Decimal(a.amount).minus(filledOf(a)).minus(outstandingOf(a)), 0)

/** What has not filled yet (live slices included). */
export const remainingOf = (a: Algo): Decimal => Decimal.max(new Decimal(a.amount).minus(filledOf(a)), 0)

/** The fills' average price (each slice's fills at its limit, or the touch a market slice went out at); null before any fill. */
export function averageOf(a: Algo): Decimal | null {
  const filled = filledOf(a)
  if (filled.isZero()) return null
  const value = a.slices.reduce((sum, s) => sum.plus(new Decimal(s.filled).times(s.price)), new Decimal(0))
  return value.div(filled).toDecimalPlaces(a.rules.price_precision + 2)
}

const pairOf = (rules: AlgoRules): Pair => ({ ...rules })

export const tickOf = (rules: AlgoRules): Decimal => new Decimal(1).div(new Decimal(10).pow(rules.price_precision))

/** A price on the pair's grid: down (a buy's, never dearer than asked) or up (a sell's). */
export function roundPrice(price: Decimal, rules: AlgoRules, direction: 'down' | 'up'): Decimal {
  return Decimal.max(price.toDecimalPlaces(rules.price_precision, direction === 'down' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP), tickOf(rules))
}

export const floorAmount = (amount: Decimal, rules: AlgoRules): Decimal => Decimal.max(amount.toDecimalPlaces(rules.amount_precision, Decimal.ROUND_DOWN), 0)

/**
 * The amount of the next slice when `want` is due: at most what is left and the pair's maximum,
 * rounded down to its precision; a tail the pair's minimum would strand is taken with it. Null when
 * nothing placeable is due (under the minimum).
 */
export function sliceAmount(a: Algo, want: Decimal): Decimal | null {
  const left = leftOf(a)
  const max = new Decimal(a.rules.maximum_order_size)
  const min = new Decimal(a.rules.minimum_order_size)
  let amount = floorAmount(Decimal.min(want, left, max), a.rules)
  if (left.minus(amount).lt(min) && left.lte(max)) amount = floorAmount(left, a.rules)
  return amount.gt(0) && amount.gte(min) ? amount : null
}

/** The order rules' first error for a slice (the same rules the order desk checks), or null when it may go. */
export function sliceProblem(
  rules: AlgoRules,
  side: Slice['side'],
  type: Slice['type'],
  amount: Decimal,
  limitPrice: Decimal | null,
  touch: { bid: string | null; ask: string | null },
): string | null {
  const draft = { pair: rules.name, order_type: type, order_side: side, wallet_type: 'SPOT', base_amount: amount.toFixed(), ...(limitPrice !== null ? { limit_price: limitPrice.toFixed() } : {}) }
  const check = validateOrder(draft, { pair: pairOf(rules), bestBid: touch.bid, bestAsk: touch.ask, available: null, fee: null })
  return check.errors[0]?.message ?? null
}

/** The n-th order of algorithm `id`: the same algorithm and counter always give the same id. */
export const sliceIdOf = (id: string, n: number): string => `${id}-${n}`

/** Adds a slice under the algorithm's next client_order_id and answers the action that places it. */
export function addSlice(a: Algo, spec: { type: Slice['type']; amount: Decimal; limitPrice: Decimal | null; price: Decimal; step?: number; finish?: boolean }): AlgoAction {
  a.orderCount += 1
  const clientOrderId = sliceIdOf(a.id, a.orderCount)
  const amount = spec.amount.toFixed()
  const limitPrice = spec.limitPrice?.toFixed() ?? null
  a.slices.push({
    clientOrderId,
    orderId: null,
    side: a.side,
    type: spec.type,
    amount,
    filled: '0',
    limitPrice,
    price: spec.price.toFixed(),
    status: 'placing',
    lost: null,
    step: spec.step ?? null,
    ...(spec.finish ? { finish: true } : {}),
  })
  return { type: 'place', clientOrderId, side: a.side, orderType: spec.type, amount, ...(limitPrice !== null ? { limitPrice } : {}) }
}

/** Pulls a resting slice (the algorithm's own cancel); null when it cannot be yet (no order id) or is not resting. */
export function pullSlice(s: Slice): AlgoAction | null {
  if (s.status !== 'resting' || s.orderId === null) return null
  s.status = 'cancelling'
  s.pulled = true
  return { type: 'cancel', clientOrderId: s.clientOrderId, orderId: s.orderId }
}

/** Every live slice pulled that can be now; answers the cancels. */
export const pullAll = (a: Algo, which: (s: Slice) => boolean = () => true): AlgoAction[] =>
  liveSlices(a)
    .filter(which)
    .flatMap((s) => pullSlice(s) ?? [])

/** The touch a slice of this side meets: a buy the ask, a sell the bid (taking); `own` the side it would rest on. */
export function touchOf(a: Algo, own = false): Decimal | null {
  const m = a.market
  if (m === null) return null
  const text = (a.side === 'BUY') !== own ? m.ask : m.bid
  return text === null ? null : new Decimal(text)
}
