// Moving an order to a new price. The API has no modify, so a move is a cancel and a new order, and
// between the two the trader can end up with two orders or none. This state machine makes each step
// wait for the one before to be certain, and says exactly where it stopped:
//  - the new order is placed only after the cancel is confirmed (by the answer, or by reading the
//    order back when the answer was lost); a cancel that failed or stays unknown places nothing;
//  - the new order is for what was still unfilled when the cancel landed (read back, never guessed);
//    an order that filled in between is not placed again;
//  - if the new order is refused or its outcome is unknown after the cancel, the trader is told at
//    once that the old order is gone, and given the exact order to place again.
// It never sends anything twice by itself.
import type { MoveResult, MoveStep } from '../../domain/orders/move-order'

export type CancelAnswer =
  /** The exchange says the order is cancelled. */
  | { status: 'cancelled' }
  /** The exchange refused, or says the order is not there (filled or cancelled already). */
  | { status: 'refused'; reason: string }
  /** No answer (timeout, 5xx, network): the cancel may or may not have happened. */
  | { status: 'unknown'; reason: string }

export interface OrderReadBack {
  /** 'gone-cancelled': cancelled (by us or earlier); 'gone-filled': fully filled; 'unknown': could not read. */
  status: 'open' | 'gone-cancelled' | 'gone-filled' | 'unknown'
  /** Base amount filled so far (decimal string); null when unknown. */
  filled: string | null
}

export type PlaceAnswer = { status: 'placed'; orderId: number } | { status: 'rejected'; reason: string } | { status: 'unknown'; reason: string }

export interface MoveRequest {
  orderId: number
  /** The order's full base amount and its new limit price (decimal strings). */
  amount: string
  newPrice: string
}

export interface MoveDeps {
  cancel(orderId: number): Promise<CancelAnswer>
  readBack(orderId: number): Promise<OrderReadBack>
  place(amount: string, price: string): Promise<PlaceAnswer>
  /** Subtracts decimal strings exactly (amount − filled). */
  remaining(amount: string, filled: string): string
  /** Each step as it happens, for the window to show. */
  onStep?(step: MoveStep): void
}

export type { MoveResult, MoveStep }

export async function moveOrder(request: MoveRequest, deps: MoveDeps): Promise<MoveResult> {
  const { orderId } = request
  deps.onStep?.({ step: 'cancelling', orderId })
  const cancel = await deps.cancel(orderId)
  const state = await deps.readBack(orderId)

  if (cancel.status !== 'cancelled') {
    // Only a read-back that shows the order cancelled lets the move go on.
    if (state.status === 'open')
      return { outcome: 'not-moved', reason: `The cancel did not go through (${cancel.reason}); the order is still open at its old price. Nothing was placed.`, oldOrder: 'open' }
    if (state.status === 'gone-filled') return { outcome: 'filled-before-move', cancelledId: orderId }
    if (state.status === 'unknown') {
      return {
        outcome: 'not-moved',
        reason: `The cancel's outcome is unknown (${cancel.reason}) and the order could not be read back. Nothing was placed; check the open orders.`,
        oldOrder: 'unknown',
      }
    }
    if (cancel.status === 'refused') {
      // Refused because it was already cancelled (elsewhere): it is gone, but not by this move.
      return { outcome: 'not-moved', reason: `The order was already cancelled (${cancel.reason}). Nothing was placed.`, oldOrder: 'gone' }
    }
    deps.onStep?.({ step: 'cancel-confirmed', orderId, how: 'read-back' })
  } else {
    deps.onStep?.({ step: 'cancel-confirmed', orderId, how: 'answer' })
  }

  if (state.status === 'gone-filled') return { outcome: 'filled-before-move', cancelledId: orderId }
  if (state.filled === null) {
    return {
      outcome: 'cancelled-not-placed',
      cancelledId: orderId,
      reason: 'The order is cancelled, but how much of it had filled could not be read, so nothing was placed.',
      retry: { amount: request.amount, price: request.newPrice },
    }
  }
  const amount = deps.remaining(request.amount, state.filled)
  if (!/^[0-9.]+$/.test(amount) || Number(amount) <= 0) return { outcome: 'filled-before-move', cancelledId: orderId }

  deps.onStep?.({ step: 'placing', amount, price: request.newPrice })
  const placed = await deps.place(amount, request.newPrice)
  const retry = { amount, price: request.newPrice }
  if (placed.status === 'placed') {
    deps.onStep?.({ step: 'placed', orderId: placed.orderId })
    return { outcome: 'moved', cancelledId: orderId, placedId: placed.orderId, amount, price: request.newPrice }
  }
  if (placed.status === 'rejected') {
    return { outcome: 'cancelled-not-placed', cancelledId: orderId, reason: `The old order is cancelled, but the new one was refused: ${placed.reason}. You have no order now.`, retry }
  }
  return {
    outcome: 'cancelled-place-unknown',
    cancelledId: orderId,
    reason: `The old order is cancelled; whether the new one was placed is unknown (${placed.reason}). Check the open orders before placing it again.`,
    retry,
  }
}
