// What the trader is told when one of the account's orders changes status (the account feed sees it):
// a fill, a part fill or a cancel, named by what the order was for when the terminal sent it (a
// protected position's leg, an execution algorithm's slice). A cancel the keeper made itself to move a
// chase, to replace a TWAP slice at its next slot or to end an algorithm (the slice is `pulled` in the
// keeper's state before the cancel goes out) is not news and is not told — what such a slice filled
// still is. A slice cancelled by anyone else pauses its algorithm, and the notice says so.
import type { Notice } from '../../domain/api/api'
import type { OrderRecord } from '../../domain/wire/wire'
import type { LegRole } from '../../domain/protection/types'
import type { AlgoKind } from '../../domain/algos/types'
import { Decimal } from '../../domain/decimal'

/** What the terminal sent an order for: a protected position's leg, or an execution algorithm's slice. */
export type OrderOwner =
  | { role: LegRole; pair: string }
  | {
      algo: AlgoKind
      pair: string
      /** The algorithm cancelled this slice itself (a chase's move, a TWAP's next slot, its end or the trader's cancel of it). */
      pulled?: boolean
    }

const ROLE_WORDS: Record<LegRole, string> = { entry: 'entry', stop: 'stop', target: 'take-profit', close: 'close' }
const ALGO_WORDS: Record<AlgoKind, string> = { twap: 'TWAP', iceberg: 'Iceberg', scaled: 'Scaled', chase: 'Chase' }

const FINAL_NOTICES: Record<string, Notice['kind']> = {
  FILLED: 'order-filled',
  CANCELLED: 'order-cancelled',
  PARTIAL_CANCELLED: 'order-cancelled',
}

function describe(order: OrderRecord): string {
  const side = order.side === 'BID' || order.side === 'BUY' ? 'Buy' : 'Sell'
  const price = order.price ? ` @ ${order.price}` : ''
  return `${side} ${order.amount} ${order.pair.replace('_', '/')}${price} (#${order.id})`
}

type What = 'filled' | 'cancelled' | 'partly filled'

/**
 * A fill or a cancel, as the trader reads it. A protected position's order (or an algorithm's slice)
 * says what it was for: the keeper's own cancels of a position's legs (the stop once a take-profit has
 * filled) are not the trader's, and "Order cancelled" alone read as if they were.
 */
function noticeOf(kind: Notice['kind'], what: What, order: OrderRecord, owner: OrderOwner | null, detail = ''): Notice {
  if (!owner) return { kind, title: `Order ${what}`, body: `${describe(order)}${detail}` }
  if ('algo' in owner) {
    const algo = ALGO_WORDS[owner.algo]
    const pair = owner.pair.replace('_', '/')
    const outside = what === 'cancelled' && !owner.pulled ? `, cancelled outside the algorithm: this pauses the ${algo}` : ''
    return { kind, title: `${algo} slice ${what}`, body: `${describe(order)}${detail} — a slice of the ${algo} on ${pair}${outside} (see Algos).` }
  }
  const role = ROLE_WORDS[owner.role]
  return { kind, title: `Position ${role} ${what}`, body: `${describe(order)}${detail} — the ${role} of the protected ${owner.pair.replace('_', '/')} position (see Positions).` }
}

const filledPart = (order: OrderRecord): string => `: ${order.amount_filled ?? '?'} filled`

/**
 * The notice for an order whose status went from `before` (undefined: not seen before) to its status
 * now, or null when there is nothing to tell.
 */
export function orderNotice(order: OrderRecord, before: string | undefined, owner: OrderOwner | null): Notice | null {
  if (before === order.status) return null
  const kind = FINAL_NOTICES[order.status]
  if (kind === 'order-cancelled' && owner !== null && 'algo' in owner && owner.pulled) {
    // The keeper's own cancel: only what the slice filled before it is news, if not told already.
    const filled = order.amount_filled !== undefined && order.amount_filled !== null && new Decimal(order.amount_filled).gt(0)
    return filled && before !== 'PARTIAL_FILLED' ? noticeOf('order-filled', 'partly filled', order, owner, filledPart(order)) : null
  }
  if (kind) return noticeOf(kind, kind === 'order-filled' ? 'filled' : 'cancelled', order, owner)
  if (order.status === 'PARTIAL_FILLED' && before !== undefined) return noticeOf('order-filled', 'partly filled', order, owner, filledPart(order))
  return null
}
