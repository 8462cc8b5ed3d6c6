// What a move of an order to a new price reports: each step as it happens, and where it ended. The
// state machine itself is core/move-order.ts; these types travel to the window, so they live here.

export type MoveStep =
  | { step: 'cancelling'; orderId: number }
  | { step: 'cancel-confirmed'; orderId: number; how: 'answer' | 'read-back' }
  | { step: 'placing'; amount: string; price: string }
  | { step: 'placed'; orderId: number }

export type MoveResult =
  | { outcome: 'moved'; cancelledId: number; placedId: number; amount: string; price: string }
  /** Nothing changed on the exchange as far as is known; the old order may still stand. */
  | { outcome: 'not-moved'; reason: string; oldOrder: 'open' | 'gone' | 'unknown' }
  /** The old order filled before the cancel: nothing to move, nothing placed. */
  | { outcome: 'filled-before-move'; cancelledId: number }
  /** The old order is cancelled and the new one was refused: the trader has no order. */
  | { outcome: 'cancelled-not-placed'; cancelledId: number; reason: string; retry: { amount: string; price: string } }
  /** The old order is cancelled and the new one's outcome is unknown. */
  | { outcome: 'cancelled-place-unknown'; cancelledId: number; reason: string; retry: { amount: string; price: string } }
