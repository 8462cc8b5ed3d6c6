// One order sent to the core (orders.place) and what its answer means, for every place that sends one
// the trader chose: the order form and the price ladder. The core checks the exchange's rules and the
// account's risk limits again before anything goes out. The outcome is told to screen readers here,
// once. A lost answer is an unknown outcome of this very order, never a failure to retry.
import type { PlaceOrderResult } from '@domain/api/api'
import { type TerminalError, toTerminalError } from '@domain/errors'
import type { OrderDraft } from '@domain/orders/orders'
import { useTerminal } from '@/api'
import { useAnnouncerStore } from '../announcer'
import type { OrderResult } from './order-answers'

export type PlaceOutcome = { kind: 'placed' | 'unknown'; result: OrderResult } | { kind: 'refused'; error: TerminalError }

/** An order in the words a screen reader says: "buy limit 0.001 BTC/USDT at 1000", "buy market BTC/USDT for 500 USDT". */
export function orderWords(d: OrderDraft): string {
  const spend = d.quote_amount && !d.base_amount ? ` for ${d.quote_amount} ${d.pair.split('_')[1] ?? ''}` : ''
  const price = d.limit_price ? ` at ${d.limit_price}` : ''
  return `${d.order_side.toLowerCase()} ${d.order_type.toLowerCase().replace('_', ' ')} ${d.base_amount ?? ''} ${d.pair.replace('_', '/')}${spend}${price}`.replace(/\s+/g, ' ').trim()
}

/** Sends `toSend` (its client_order_id already chosen) and says how it went. */
export async function placeOrder(toSend: OrderDraft): Promise<PlaceOutcome> {
  const announcer = useAnnouncerStore()
  const clientOrderId = toSend.client_order_id ?? ''
  try {
    const answer: PlaceOrderResult = await useTerminal().call('orders.place', toSend)
    if (answer.outcome === 'placed') {
      announcer.announce(`placed:${clientOrderId}`, `Order placed: ${orderWords(toSend)}, ${answer.orderIds.map((id) => `#${id}`).join(', ')}`)
      return { kind: 'placed', result: { kind: 'placed', orderIds: answer.orderIds, clientOrderId: answer.clientOrderId } }
    }
    announcer.announce(`unknown:${clientOrderId}`, `Order outcome unknown: ${orderWords(toSend)}. ${answer.message}`)
    return { kind: 'unknown', result: { kind: 'unknown', clientOrderId: answer.clientOrderId, lookup: answer.lookup, orderIds: answer.orderIds, message: answer.message } }
  } catch (cause) {
    const error = toTerminalError(cause)
    // A POST that timed out, or that the host may have received before failing, may have placed the
    // order: that is an unknown outcome, never a plain failure the trader would retry.
    if (error.kind === 'outcome-unknown' || error.kind === 'timeout' || error.code === 'HOST_UNREACHABLE') {
      announcer.announce(`unknown:${clientOrderId}`, `Order outcome unknown: ${orderWords(toSend)}. ${error.message}`)
      return { kind: 'unknown', result: { kind: 'unknown', clientOrderId, lookup: 'still-unknown', orderIds: [], message: error.message } }
    }
    announcer.announce(`refused:${clientOrderId}`, `Order refused: ${orderWords(toSend)}. ${error.message}`)
    return { kind: 'refused', error }
  }
}
