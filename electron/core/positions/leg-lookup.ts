// Looking up a leg whose answer was lost (the keeper's `look-up` action), among the pair's recent
// orders, by its client_order_id (or its fields where the exchange keeps no ids). Never resends.
//
// "Not found" right after the send proves nothing: a request that timed out on our side may still be
// on its way, and execute seconds later (a slow proxy, a queue at the exchange). So a leg is given up
// as not found only once its send is `graceMs` old; before that it stays `unknown` — live, holding
// what it may buy or sell — and is looked up again at the next round. A leg this process did not send
// (read back at start) counts from when this process first saw it.
//
// Where the exchange keeps no client_order_id, a record is matched by its fields, and only among
// orders no older than the leg can be: its send by this process, else the position's creation (read
// from its id; no order of it is older), less a few seconds for the clocks (order-lookup.ts
// SKEW_ALLOWANCE_MS). An identical order made before that — the trader's own, an earlier position's
// stop — is another order. A leg of a position whose id does not say when it was made, sent by an
// earlier process, has no such bound: no look-alike is taken for it (it stays unknown while one is
// listed). And the orders the keeper already knows as other legs' are never taken for this one: a
// second position's stop at the same price and amount is not this position's stop.
import { TerminalError } from '../../domain/errors'
import type { PositionEvent } from '../../domain/protection/types'
import type { OrderRecord } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'
import { lookUpOrder } from '../orders/order-lookup'
import type { Logger } from '../storage/logger'
import { bodyOf, lookedUp, type LegOwner } from './leg-facts'
import { positionCreatedAt } from './protect'

export interface LegLookupDeps {
  client: Pick<ExchangeClient, 'recentOrders' | 'serverSkewMs'>
  logger?: Logger | undefined
  /** Waits between the reads of one look-up. Default 0, 1 s, 2 s. */
  delaysMs?: readonly number[]
  /** How old a send must be before "not found" gives the leg up. Default 60 s. */
  graceMs?: number
  now?: () => number
  sleep?: (ms: number) => Promise<void>
  /** The order ids of every other leg the keeper knows, of any position: never taken for this one. */
  claimed?: (clientOrderId: string) => ReadonlySet<string>
}

export interface LegLookup {
  /** Notes that a leg's order is being sent now. */
  sent(clientOrderId: string): void
  /** The events of a look-up: found, given up, or none (still unsure: asked again next round). */
  lookUp(p: LegOwner, clientOrderId: string): Promise<PositionEvent[]>
}

/** 60 s: the order look-up's own margin around a send (orders/order-lookup.ts MATCH_MARGIN_MS). */
export const LOOKUP_GRACE_MS = 60_000

export function createLegLookup(deps: LegLookupDeps): LegLookup {
  const now = deps.now ?? Date.now
  const sleep = deps.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)))
  const graceMs = deps.graceMs ?? LOOKUP_GRACE_MS
  /** When each leg's send was first seen: by this process, or (read back at start) its first look-up. */
  const sentAt = new Map<string, number>()
  /** When this process sent each leg: the earliest its order can be dated. */
  const sentHere = new Map<string, number>()
  const client = deps.client as ExchangeClient

  /** The earliest the leg's order can be dated: its send here, else its position's creation; null when neither is known. */
  function earliestOf(positionId: string, clientOrderId: string): number | null {
    const times = [sentHere.get(clientOrderId), positionCreatedAt(positionId)].filter((t): t is number => t != null)
    return times.length > 0 ? Math.max(...times) : null
  }

  return {
    sent(clientOrderId) {
      sentAt.set(clientOrderId, now())
      sentHere.set(clientOrderId, now())
    },
    async lookUp(p, clientOrderId) {
      const leg = p.legs.find((l) => l.clientOrderId === clientOrderId)
      if (leg === undefined) return []
      if (!sentAt.has(clientOrderId)) sentAt.set(clientOrderId, now())
      const cause = new TerminalError({ kind: 'outcome-unknown', code: 'KEEPER_LOOKUP', message: 'The keeper lost the answer to an order.' })
      const result = await lookUpOrder(
        { client, clientOrderId, body: bodyOf(p, leg), sentAt: sentAt.get(clientOrderId)!, notBefore: earliestOf(p.id, clientOrderId), cause, claimed: deps.claimed?.(clientOrderId) ?? new Set() },
        { now, sleep, delaysMs: deps.delaysMs ?? [0, 1_000, 2_000], budgetMs: 15_000 },
      )
      if (result.lookup === 'not-found') {
        const age = now() - sentAt.get(clientOrderId)!
        if (age >= graceMs) return [lookedUp(clientOrderId, null)]
        deps.logger?.warn('keeper: an order is not found yet; it may still arrive, looking again', { clientOrderId, ageMs: age })
        return []
      }
      const id = result.orderIds[0]
      if ((result.lookup === 'placed' || result.lookup === 'probably-placed') && id !== undefined) {
        const records: OrderRecord[] = await client.recentOrders(undefined, { pair: p.pair })
        const record = records.find((r) => r.id === id) ?? null
        return record ? [lookedUp(clientOrderId, record)] : []
      }
      deps.logger?.warn('keeper: an order is still unknown', { clientOrderId, lookup: result.lookup })
      return []
    },
  }
}
