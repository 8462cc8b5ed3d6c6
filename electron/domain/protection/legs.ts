// The arithmetic of a position's orders (legs): which are still live, what they hold, what is left,
// and the orders the position creates, each with its deterministic client_order_id. Pure, exact.
import { Decimal } from '../decimal'
import type { FallbackOrder, Leg, LegRole, Position, PositionAction, Side } from './types'

const LIVE: ReadonlySet<Leg['status']> = new Set(['placing', 'resting', 'cancelling', 'unknown'])

/** A leg the exchange may hold or fill: sent and not known to be finished. */
export const isLive = (leg: Leg): boolean => LIVE.has(leg.status)

export const isExit = (leg: Leg): boolean => leg.role !== 'entry'

/** The position's latest entry order: the only one that may be live (a moved entry's new order comes after the old one is gone). */
export const entryLeg = (p: Position): Leg | null => p.legs.findLast((l) => l.role === 'entry') ?? null

/** What a live leg may still fill; a finished one holds nothing. */
export function outstanding(leg: Leg): Decimal {
  return isLive(leg) ? Decimal.max(new Decimal(leg.amount).minus(leg.filled), 0) : new Decimal(0)
}

/**
 * What the entry put in the account: its fill, less the exchange's fee where it keeps it in the coins
 * bought (a long's entryFeeRate), rounded down to the pair's amount precision.
 */
export function received(p: Position): Decimal {
  const filled = new Decimal(p.filled)
  if (p.entryFeeRate === undefined || p.side !== 'BUY') return filled
  return filled.times(new Decimal(1).minus(p.entryFeeRate)).toDecimalPlaces(p.amountPrecision, Decimal.ROUND_DOWN)
}

/** Base held now: received from the entry and not yet sold by an exit. */
export function remaining(p: Position): Decimal {
  return received(p).minus(p.exited)
}

/** What the live exits could still sell, together. */
export function exitsOutstanding(p: Position, except: (leg: Leg) => boolean = () => false): Decimal {
  return p.legs.filter((l) => isExit(l) && !except(l)).reduce((sum, l) => sum.plus(outstanding(l)), new Decimal(0))
}

export const exitSide = (p: Position): Side => (p.side === 'BUY' ? 'SELL' : 'BUY')

/** The n-th order of position `id`: the same position and counter always give the same id. */
export const clientOrderIdOf = (id: string, n: number): string => `${id}-${n}`

/** A price moved `by` against the position's exit (down for a sell, up for a buy back), never under one tick. */
export function beyond(p: Position, price: Decimal | string, by: Decimal | string): Decimal {
  const tick = new Decimal(1).div(new Decimal(10).pow(p.pricePrecision))
  const moved = p.side === 'BUY' ? new Decimal(price).minus(by) : new Decimal(price).plus(by)
  return Decimal.max(moved.toDecimalPlaces(p.pricePrecision, p.side === 'BUY' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP), tick)
}

interface NewLeg {
  role: LegRole
  side: Side
  type: Leg['type']
  amount: Decimal
  limitPrice: Decimal | null
  stopPrice: Decimal | null
  target?: number
  quoteAmount?: string
  fallback?: FallbackOrder
}

/** Adds a leg with the position's next client_order_id and answers the action that places it. */
export function addLeg(p: Position, spec: NewLeg): PositionAction {
  p.legCount += 1
  const clientOrderId = clientOrderIdOf(p.id, p.legCount)
  const amount = spec.amount.toFixed()
  const limitPrice = spec.limitPrice?.toFixed() ?? null
  const stopPrice = spec.stopPrice?.toFixed() ?? null
  p.legs.push({
    role: spec.role,
    clientOrderId,
    orderId: null,
    side: spec.side,
    type: spec.type,
    amount,
    filled: '0',
    limitPrice,
    stopPrice,
    status: 'placing',
    lost: null,
    target: spec.target ?? null,
    ...(spec.fallback !== undefined ? { fallback: spec.fallback } : {}),
  })
  return {
    type: 'place',
    role: spec.role,
    clientOrderId,
    side: spec.side,
    orderType: spec.type,
    amount,
    ...(spec.quoteAmount !== undefined ? { quoteAmount: spec.quoteAmount } : {}),
    ...(limitPrice !== null ? { limitPrice } : {}),
    ...(stopPrice !== null ? { stopPrice, stopOperator: spec.side === 'SELL' ? ('LTE' as const) : ('GTE' as const) } : {}),
  }
}

/** Asks for a resting leg to be cancelled; null when it cannot be yet (no order id) or is not resting. */
export function cancelLeg(leg: Leg): PositionAction | null {
  if (leg.status !== 'resting' || leg.orderId === null) return null
  leg.status = 'cancelling'
  return { type: 'cancel', clientOrderId: leg.clientOrderId, orderId: leg.orderId }
}
