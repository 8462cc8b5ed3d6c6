// orders.move: the exchange's side of moving an order (move-order.ts holds the state machine). The
// deps are built from the same client and order desk that place orders from the form, so the new
// order goes through the same validation, gets its own client_order_id, and is never resent.
import type { EventHub } from '../events'
import type { MethodInput, MethodResults, Notice } from '../../domain/api/api'
import { ORDER_SIDE_ALIASES, LIVE_ORDER_STATUSES } from '../../domain/wire/constants'
import { Decimal } from '../../domain/decimal'
import { TerminalError, isTerminalError } from '../../domain/errors'
import type { OrderRecord } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'
import { type MoveDeps, type OrderReadBack, moveOrder } from './move-order'
import { createOrderDesk } from './order-desk'
import { requireTradingOf } from './terminal-orders'
import type { Session } from '../session/terminal-session'
import type { HandlersOf } from '../handlers'
import type { RiskLimitsStore } from '../storage/risk-limits-store'
import type { RiskGate } from './risk-gate'
import { riskGateOf } from './terminal-limits'

/** Statuses that mean an order is no longer open and was not fully filled. */
const CANCELLED_STATUSES = ['CANCELLED', 'CANCELED', 'PARTIAL_CANCELLED', 'PARTIAL_CANCELED', 'FAILED']
/** Errors after which a request may have been carried out: the answer, not the request, was lost. */
const UNKNOWN_KINDS = ['network', 'timeout', 'server', 'outcome-unknown', 'malformed']

function reasonOf(error: unknown): string {
  return isTerminalError(error) ? error.message : String(error)
}

/** The deps of moveOrder for one order of the active account. */
export function exchangeMoveDeps(client: ExchangeClient, accountId: number, order: OrderRecord, onStep?: MoveDeps['onStep'], riskGate?: RiskGate): MoveDeps {
  const desk = createOrderDesk({ client, accountId: () => accountId, ...(riskGate ? { riskGate } : {}) })
  const side = ORDER_SIDE_ALIASES[order.side.toUpperCase()] ?? order.side
  return {
    async cancel(orderId) {
      try {
        const answer = await client.cancelOrders({ order_ids: [orderId] })
        const status = answer.kind === 'by-ids' ? answer.results[String(orderId)] : undefined
        if (status !== undefined && /^CANCEL/i.test(status)) return { status: 'cancelled' }
        return { status: 'refused', reason: status ?? 'the exchange did not say' }
      } catch (error) {
        if (isTerminalError(error) && UNKNOWN_KINDS.includes(error.kind)) return { status: 'unknown', reason: reasonOf(error) }
        return { status: 'refused', reason: reasonOf(error) }
      }
    },
    async readBack(orderId): Promise<OrderReadBack> {
      try {
        const record = (await client.recentOrders({}, { pair: order.pair })).find((o) => o.id === orderId)
        if (!record) return { status: 'unknown', filled: null }
        const filled = record.amount_filled ?? '0'
        if (LIVE_ORDER_STATUSES.includes(record.status)) return { status: 'open', filled }
        if (record.status === 'FILLED') return { status: 'gone-filled', filled }
        if (CANCELLED_STATUSES.includes(record.status)) return { status: 'gone-cancelled', filled }
        return { status: 'unknown', filled: null }
      } catch {
        return { status: 'unknown', filled: null }
      }
    },
    async place(amount, price) {
      try {
        const result = await desk.place({ pair: order.pair, order_type: 'LIMIT', order_side: side, wallet_type: order.wallet_type ?? 'SPOT', base_amount: amount, limit_price: price })
        if (result.outcome === 'placed' && result.orderIds[0] !== undefined) return { status: 'placed', orderId: result.orderIds[0] }
        return { status: 'unknown', reason: result.outcome === 'unknown' ? result.message : 'the exchange answered without an order id' }
      } catch (error) {
        if (isTerminalError(error) && UNKNOWN_KINDS.includes(error.kind)) return { status: 'unknown', reason: reasonOf(error) }
        return { status: 'rejected', reason: reasonOf(error) }
      }
    },
    remaining: (amount, filled) => new Decimal(amount).minus(filled).toFixed(),
    ...(onStep ? { onStep } : {}),
  }
}

export function createMoveHandlers(deps: { session: Session; hub: EventHub; notify: (notice: Notice) => void; limits: RiskLimitsStore }): HandlersOf<'orders.move'> {
  const { session, hub, notify } = deps
  return { 'orders.move': move }

  async function move({ orderId, pair, price }: MethodInput<'orders.move'>): Promise<MethodResults['orders.move']> {
    const { client, accountId } = requireTradingOf(session)
    const tag = { profileId: session.active!.id, profileGeneration: session.profileGeneration }
    const order = (await client.recentOrders({ signal: session.signal }, { pair })).find((o) => o.id === orderId)
    if (!order || !LIVE_ORDER_STATUSES.includes(order.status)) {
      throw new TerminalError({ kind: 'validation', code: 'ORDER_NOT_OPEN', message: `Order ${orderId} is not open on ${pair.replace('_', '/')} any more; nothing was changed.` })
    }
    if (order.type.toUpperCase() !== 'LIMIT' || !order.price) {
      throw new TerminalError({ kind: 'validation', code: 'NOT_A_LIMIT_ORDER', message: `Only a limit order can be moved; order ${orderId} is ${order.type}.` })
    }
    if (new Decimal(order.price).eq(price)) {
      throw new TerminalError({ kind: 'validation', code: 'SAME_PRICE', field: 'price', message: `Order ${orderId} is already at ${price}; nothing to move.` })
    }
    const gate = riskGateOf(deps.limits, session.active!, client)
    const moveDeps = exchangeMoveDeps(client, accountId, order, (step) => hub.emit('orders.move-step', { session: tag, orderId, step }), gate)
    const result = await moveOrder({ orderId, amount: order.amount, newPrice: price }, moveDeps)
    session.accountFeed()?.kick()
    if (result.outcome === 'cancelled-not-placed' || result.outcome === 'cancelled-place-unknown') {
      // The one case that leaves the trader without the order they had: say it outside the window too.
      notify({ kind: 'warning', title: 'Order cancelled, not replaced', body: result.reason })
    }
    return result
  }
}
