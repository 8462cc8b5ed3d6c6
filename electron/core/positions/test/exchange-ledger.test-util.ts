// What the exchange's own records say about one protected position, for the keeper's tests against
// the demo exchange: its orders (by the position's client_order_id prefix), what the entry bought,
// what the exits sold, what the resting exits may still sell, and whether the keeper's legs agree.
// A long's entry side is BID and its exits ASK; a short the other way round; held coins have no entry.
import { Decimal } from '../../../domain/decimal'
import { LIVE_ORDER_STATUSES, type OrderRecord } from '../../../domain/wire/wire'
import type { Leg, Position } from '../../../domain/protection/types'

export interface Ledger {
  records: OrderRecord[]
  /** Base the entry bought (a short: sold); for held coins, their amount. */
  bought: Decimal
  /** Base the exits sold (a short: bought back). */
  sold: Decimal
  /** What the exits resting at the exchange (PENDING, OPEN, partly filled) may still sell. */
  resting: Decimal
}

const sum = (rs: OrderRecord[], f: (r: OrderRecord) => Decimal.Value): Decimal => rs.reduce((s, r) => s.plus(f(r)), new Decimal(0))

/** The position's records and sums. `held`: the amount of coins a HELD position started with (no entry order). */
export function ledgerOf(all: readonly OrderRecord[], positionId: string, side: 'BUY' | 'SELL', held: string | null): Ledger {
  const records = all.filter((r) => r.client_order_id?.startsWith(`${positionId}-`))
  const entrySide = side === 'BUY' ? 'BID' : 'ASK'
  const entries = records.filter((r) => r.side === entrySide)
  const exits = records.filter((r) => r.side !== entrySide)
  return {
    records,
    bought: held !== null ? new Decimal(held).plus(sum(entries, (r) => r.amount_filled ?? 0)) : sum(entries, (r) => r.amount_filled ?? 0),
    sold: sum(exits, (r) => r.amount_filled ?? 0),
    resting: sum(
      exits.filter((r) => LIVE_ORDER_STATUSES.includes(r.status)),
      (r) => new Decimal(r.amount).minus(r.amount_filled ?? 0),
    ),
  }
}

const recordOfLeg = (leg: Leg, records: readonly OrderRecord[]): OrderRecord | undefined => records.find((r) => r.client_order_id === leg.clientOrderId)

/**
 * Where the keeper's position and the exchange disagree, in words (empty: they agree). Meant for a
 * settled keeper (a round that sent nothing): every leg's status and fill is the exchange's.
 */
export function disagreements(p: Position, ledger: Ledger): string[] {
  const problems: string[] = []
  for (const leg of p.legs) {
    const r = recordOfLeg(leg, ledger.records)
    const at = `${leg.clientOrderId} (${leg.role} ${leg.status} filled ${leg.filled})`
    if (leg.status === 'placing' || leg.status === 'cancelling' || leg.status === 'unknown') problems.push(`${at}: still unsettled`)
    else if (leg.status === 'refused' || leg.status === 'lost') {
      if (r !== undefined) problems.push(`${at}: the exchange has it as ${r.status}`)
    } else if (r === undefined) problems.push(`${at}: the exchange has no such order`)
    else {
      const live = LIVE_ORDER_STATUSES.includes(r.status)
      if (live !== (leg.status === 'resting')) problems.push(`${at}: the exchange says ${r.status}`)
      if (String(r.id) !== leg.orderId) problems.push(`${at}: order id ${leg.orderId}, the exchange's ${r.id}`)
      // a FILLED market buy by quote amount: the keeper counts its filled amount, as the record gives it
      if (!new Decimal(r.amount_filled ?? 0).eq(leg.filled) && !(r.status === 'FILLED' && new Decimal(r.amount_filled ?? 0).eq(0))) {
        problems.push(`${at}: the exchange filled ${r.amount_filled}`)
      }
    }
  }
  for (const r of ledger.records) if (!p.legs.some((l) => l.clientOrderId === r.client_order_id)) problems.push(`${r.client_order_id}: at the exchange, not a leg`)
  if (!new Decimal(p.filled).eq(ledger.bought)) problems.push(`filled ${p.filled}, the exchange's entry ${ledger.bought.toFixed()}`)
  if (!new Decimal(p.exited).eq(ledger.sold)) problems.push(`exited ${p.exited}, the exchange's exits ${ledger.sold.toFixed()}`)
  return problems
}
