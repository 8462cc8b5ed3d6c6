// What the exchange's order records say about a position's legs, as events for the reducer, and
// the order body a leg was sent as (for looking it up when its answer was lost). A record is matched
// to a leg by the exchange's order id, or by client_order_id where the server keeps them.
import { Decimal } from '../../domain/decimal'
import { LIVE_ORDER_STATUSES, type OrderRecord, type PlaceOrderBody } from '../../domain/wire/wire'
import type { Leg, Position, PositionAction, PositionEvent } from '../../domain/protection/types'
import type { OrderDraft } from '../../domain/orders/orders'

/** What owns legs: a protected position, or an execution algorithm seen as one (its slices as legs). */
export type LegOwner = Pick<Position, 'id' | 'pair' | 'legs'>

const FINISHED_UNFILLED = new Set(['CANCELLED', 'PARTIAL_CANCELLED', 'EXPIRED', 'FAILED'])

const filledOf = (record: OrderRecord): string => new Decimal(record.amount_filled ?? '0').toFixed()

/** The record of a leg in a list of the pair's orders, or null. */
export function recordOf(leg: Leg, records: readonly OrderRecord[]): OrderRecord | null {
  if (leg.orderId !== null) return records.find((r) => String(r.id) === leg.orderId) ?? null
  return records.find((r) => r.client_order_id === leg.clientOrderId) ?? null
}

/**
 * The events a leg's record gives since the state last seen: a fill (cumulative), the order
 * finished (filled whole, or cancelled — by the keeper or by anyone — as far as it went). A record
 * of a leg whose place answer was lost also says it was accepted.
 */
export function eventsFromRecord(leg: Leg, record: OrderRecord): PositionEvent[] {
  const events: PositionEvent[] = []
  const clientOrderId = leg.clientOrderId
  if (leg.orderId === null) events.push({ type: 'accepted', clientOrderId, orderId: String(record.id) })
  const filled = filledOf(record)
  if (record.status === 'FILLED') events.push({ type: 'filled', clientOrderId, filled: filled === '0' ? new Decimal(record.amount).toFixed() : filled, done: true })
  else if (FINISHED_UNFILLED.has(record.status)) events.push({ type: 'cancel-confirmed', clientOrderId, filled })
  else if (new Decimal(filled).gt(leg.filled)) events.push({ type: 'filled', clientOrderId, filled, done: false })
  return events
}

/** The answer to a look-up from a record found (or not) in the recent orders. */
export function lookedUp(clientOrderId: string, record: OrderRecord | null): PositionEvent {
  if (record === null) return { type: 'looked-up', clientOrderId, found: null }
  const live = LIVE_ORDER_STATUSES.includes(record.status)
  return { type: 'looked-up', clientOrderId, found: { orderId: String(record.id), status: live ? 'resting' : 'done', filled: filledOf(record) } }
}

/** The order draft of a place action, for the order desk (which keeps the given client_order_id). */
export function draftOf(p: LegOwner, action: Extract<PositionAction, { type: 'place' }>): OrderDraft {
  const draft: OrderDraft = { pair: p.pair, order_type: action.orderType, order_side: action.side, wallet_type: 'SPOT', client_order_id: action.clientOrderId }
  // the exchange's MARKET BUY takes a quote amount
  if (action.orderType === 'MARKET' && action.side === 'BUY' && action.quoteAmount !== undefined) draft.quote_amount = action.quoteAmount
  else draft.base_amount = action.amount
  if (action.limitPrice !== undefined) draft.limit_price = action.limitPrice
  if (action.stopPrice !== undefined) draft.stop_price = action.stopPrice
  if (action.stopOperator !== undefined) draft.stop_operator = action.stopOperator
  return draft
}

/** The body a leg was sent as, to match its record by its fields where the server keeps no client_order_id. */
export function bodyOf(p: LegOwner, leg: Leg): PlaceOrderBody {
  return {
    pair: p.pair,
    order_type: leg.type,
    order_side: leg.side,
    wallet_type: 'SPOT',
    base_amount: leg.amount,
    ...(leg.limitPrice !== null ? { limit_price: leg.limitPrice } : {}),
    ...(leg.stopPrice !== null ? { stop_price: leg.stopPrice, stop_operator: leg.side === 'SELL' ? 'LTE' : 'GTE' } : {}),
    client_order_id: leg.clientOrderId,
  }
}

/** The exchange's ids of every leg of `positions` but the one of `clientOrderId`: orders a look-up must never take for it. */
export function orderIdsBesides(positions: readonly LegOwner[], clientOrderId: string): Set<string> {
  return new Set(positions.flatMap((p) => p.legs.filter((l) => l.clientOrderId !== clientOrderId && l.orderId !== null).map((l) => l.orderId!)))
}
