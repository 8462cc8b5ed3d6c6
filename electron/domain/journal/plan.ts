// A round trip against its plan: which protected position it was (a fill of the trade made by one of
// the position's orders), the stop the trader planned (the position's first stop: a trailing or a
// move later does not change the risk that was taken), the planned risk and R, and why it ended.
//
//   planned risk = |entry − planned stop| × amount + entry × amount × entry rate + stop × amount × exit rate
//   R            = net P&L ÷ planned risk
//
// with the trade's own average entry and amount, and the fee rates the position was sized with
// (risk/position-size.ts); a position from before they were kept falls back to the rate its entry
// actually paid, for both. A trade with no planned stop has no R ("no planned stop").
import { Decimal } from '../decimal'
import type { Position } from '../protection/types'
import { ratio } from './round-trips'
import type { ExitReason, RoundTrip } from './types'

export interface TripPlan {
  positionId: string | null
  stop: string | null
  risk: string | null
  r: string | null
  rNote: string | null
  exitReason: ExitReason
}

/** The planned stop of a position: kept at protect time; in older files, its first stop order's, else its stop. */
export function plannedStopOf(p: Position): string | null {
  if (p.planned) return p.planned.stop
  const first = p.legs.find((l) => l.role === 'stop' && l.stopPrice !== null)
  return first?.stopPrice ?? p.stop?.price ?? null
}

/** The positions by the exchange's ids of their orders, per pair: what one of a trade's fills was made by. */
export type PositionsByOrder = ReadonlyMap<string, ReadonlyMap<number, Position>>

export function positionsByOrder(positions: readonly Position[]): PositionsByOrder {
  const byPair = new Map<string, Map<number, Position>>()
  for (const p of positions) {
    let byOrder = byPair.get(p.pair)
    if (!byOrder) byPair.set(p.pair, (byOrder = new Map()))
    for (const leg of p.legs) if (leg.orderId !== null && /^\d+$/.test(leg.orderId)) byOrder.set(Number(leg.orderId), p)
  }
  return byPair
}

function positionsOf(trip: RoundTrip, byPair: PositionsByOrder): Position[] {
  const byOrder = byPair.get(trip.pair)
  const found: Position[] = []
  if (!byOrder) return found
  for (const f of trip.fills) {
    const p = f.orderId === null ? undefined : byOrder.get(f.orderId)
    if (p && !found.includes(p)) found.push(p)
  }
  return found
}

/** Why a trade ended: its position's way out, else what the last exit's order was. */
function exitOf(trip: RoundTrip, position: Position | null): ExitReason {
  if (position !== null) {
    if (position.legs.some((l) => l.fallback !== undefined && new Decimal(l.filled).gt(0))) return 'fallback'
    return position.closedBy ?? position.lastExit ?? 'unknown'
  }
  const type = (trip.fills[trip.fills.length - 1]?.orderType ?? '').toUpperCase()
  if (type.startsWith('STOP')) return 'stop'
  return type === 'MARKET' || type === 'LIMIT' ? 'manual' : 'unknown'
}

/** What the trade's entry fills paid in fees per unit of their value: the fallback rate of an older position. */
function paidRate(trip: RoundTrip): Decimal {
  const entries = trip.fills.filter((f) => f.side === trip.side)
  let value = new Decimal(0)
  let fees = new Decimal(0)
  for (const f of entries) {
    value = value.add(new Decimal(f.amount).mul(f.price))
    if (f.feeCurrency === trip.pair.split('_')[1]) fees = fees.add(f.feeAmount || '0')
    else if (f.feeCurrency === trip.pair.split('_')[0]) fees = fees.add(new Decimal(f.feeAmount || '0').mul(f.price))
  }
  return value.isZero() ? new Decimal(0) : fees.div(value)
}

/** The planned risk of a trade with this stop, in the quote currency (exact). */
export function plannedRisk(trip: Pick<RoundTrip, 'entry' | 'amount'>, stopText: string, entryRate: Decimal, exitRate: Decimal): Decimal {
  const amount = new Decimal(trip.amount)
  const entry = new Decimal(trip.entry)
  const stop = new Decimal(stopText)
  return entry.sub(stop).abs().add(entry.mul(entryRate)).add(stop.mul(exitRate)).mul(amount)
}

export function planOfTrip(trip: RoundTrip, byOrder: PositionsByOrder): TripPlan {
  const linked = positionsOf(trip, byOrder)
  if (linked.length > 1) {
    return { positionId: null, stop: null, risk: null, r: null, rNote: `${linked.length} protected positions in one trade: no one plan`, exitReason: exitOf(trip, null) }
  }
  const position = linked[0] ?? null
  const stop = position === null ? null : plannedStopOf(position)
  const none = { positionId: position?.id ?? null, stop, risk: null, r: null, exitReason: exitOf(trip, position) }
  if (stop === null) return { ...none, rNote: 'no planned stop' }
  let paid: Decimal | null = null // read from the fills only for a position that kept no rates
  const rate = (kept: string | null | undefined) => (kept === null || kept === undefined ? (paid ??= paidRate(trip)) : new Decimal(kept))
  const risk = plannedRisk(trip, stop, rate(position?.planned?.entryFeeRate), rate(position?.planned?.exitFeeRate))
  if (risk.lte(0)) return { ...none, rNote: 'the planned stop lies at the entry: no risk to measure by' }
  return { ...none, risk: risk.toFixed(), r: ratio(new Decimal(trip.net), risk), rNote: null }
}
