// The keeper's orders (keeper.ts): a reducer's action carried out at the exchange and answered as the
// events it gives — a place through the order desk under the reducer's client_order_id (an entry
// through the desk that checks the risk limits first), a cancel, a look-up of an answer that was lost
// (never a resend) — and a place or a cancel confirmed from the order's own record at once. And a
// round's reading of the records of an owner's live legs (a position's, or an algorithm's slices).
import { isTerminalError, toTerminalError } from '../../domain/errors'
import { isLive } from '../../domain/protection/legs'
import type { PositionAction, PositionEvent } from '../../domain/protection/types'
import { LIVE_ORDER_STATUSES, type OrderRecord } from '../../domain/wire/wire'
import { draftOf, eventsFromRecord, recordOf, type LegOwner } from './leg-facts'
import type { createLegLookup } from './leg-lookup'
import type { KeeperDeps } from './keeper-api'

export interface KeeperOrdersDeps extends Pick<KeeperDeps, 'client' | 'desk' | 'entryDesk' | 'logger' | 'cancelRetryMs'> {
  legs: ReturnType<typeof createLegLookup>
  /** When this process last sent each leg's cancel (the keeper resends one that never took). */
  cancelSentAt: Map<string, number>
}

export function createKeeperOrders(deps: KeeperOrdersDeps) {
  async function perform(p: LegOwner, action: PositionAction): Promise<PositionEvent[]> {
    const clientOrderId = action.clientOrderId
    if (action.type === 'place') {
      try {
        const via = action.role === 'entry' ? (deps.entryDesk ?? deps.desk) : deps.desk
        deps.legs.sent(clientOrderId)
        const result = await via.place(draftOf(p, action))
        const orderId = result.orderIds[0]
        // Only a record with this client_order_id is certain. The desk's match by fields looks a minute
        // before the send and knows nothing of the other legs: the keeper's own look-up decides (leg-lookup.ts).
        if ((result.outcome === 'placed' || result.lookup === 'placed') && orderId !== undefined) {
          const accepted: PositionEvent = { type: 'accepted', clientOrderId, orderId: String(orderId) }
          // a close (a market sale above all) fills at once: its record says so now, not at the next round
          return action.role === 'close' ? [accepted, ...(await confirm(p, clientOrderId, String(orderId)))] : [accepted]
        }
        return [{ type: 'outcome-unknown', clientOrderId }]
      } catch (error) {
        const e = toTerminalError(error)
        if (e.kind === 'validation' || e.kind === 'rejected') return [{ type: 'refused', clientOrderId, reason: e.message }]
        deps.logger?.warn('keeper: a place had no clear answer; looking it up', { clientOrderId, kind: e.kind })
        return [{ type: 'outcome-unknown', clientOrderId }]
      }
    }
    if (action.type === 'cancel') {
      deps.cancelSentAt.set(clientOrderId, Date.now())
      try {
        await deps.client.cancelOrders({ order_ids: [Number(action.orderId)] })
      } catch (error) {
        if (isTerminalError(error) && error.kind === 'outcome-unknown') return [{ type: 'outcome-unknown', clientOrderId }]
        deps.logger?.warn('keeper: cancel failed; the order records will tell', { clientOrderId, kind: toTerminalError(error).kind })
      }
      // confirmed by the order's record: cancelled (with what it filled before), or filled meanwhile
      return confirm(p, clientOrderId, action.orderId)
    }
    return deps.legs.lookUp(p, clientOrderId)
  }

  /** What the order's record says of a leg just placed or cancelled (a fill, a cancel confirmed); nothing when it cannot be read. */
  async function confirm(p: LegOwner, clientOrderId: string, orderId: string): Promise<PositionEvent[]> {
    const leg = p.legs.find((l) => l.clientOrderId === clientOrderId)
    const record = leg ? recordOf({ ...leg, orderId }, await recentOrders(p.pair).catch(() => [])) : null
    return leg && record ? eventsFromRecord({ ...leg, orderId }, record).filter((e) => e.type !== 'accepted') : []
  }

  async function recentOrders(pair: string): Promise<OrderRecord[]> {
    return deps.client.recentOrders(undefined, { pair })
  }

  /**
   * What the pair's records say of each live leg of an owner, fed in turn: a leg sent whose answer
   * was never saved (a keeper that stopped mid-way) is looked up, never resent; an `unknown` one is
   * looked up; a record gives its fills and cancels; a cancel that never took is sent again, at most
   * every `cancelRetryMs`. `current` gives the owner as it stands after each event.
   */
  async function syncLegs(current: () => LegOwner, records: OrderRecord[], feed: (e: PositionEvent) => Promise<void>): Promise<void> {
    const retryMs = deps.cancelRetryMs ?? 10_000
    for (const leg of current().legs.filter(isLive)) {
      const p = current()
      const now = p.legs.find((l) => l.clientOrderId === leg.clientOrderId)!
      if (!isLive(now)) continue
      const record = recordOf(now, records)
      if (now.status === 'placing' && record === null) await feed({ type: 'outcome-unknown', clientOrderId: now.clientOrderId })
      else if (now.status === 'unknown') for (const e of await deps.legs.lookUp(p, now.clientOrderId)) await feed(e)
      else if (record !== null) {
        const events = eventsFromRecord(now, record)
        for (const e of events) await feed(e)
        if (events.length === 0 && now.status === 'cancelling' && LIVE_ORDER_STATUSES.includes(record.status) && Date.now() - (deps.cancelSentAt.get(now.clientOrderId) ?? 0) >= retryMs) {
          for (const e of await perform(p, { type: 'cancel', clientOrderId: now.clientOrderId, orderId: String(record.id) })) await feed(e)
        }
      }
    }
  }

  return { perform, recentOrders, syncLegs }
}
