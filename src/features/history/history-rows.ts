// The account history as the tabs and the CSV export read it: orders and fills as rows, fills as the
// P&L's input, and the CSV text (toCsv: exact decimals as the exchange sent them, UTC ISO 8601 times).
import { ORDER_SIDE_ALIASES } from '@domain/wire/constants'
import { isoUtc, toCsv } from '@domain/csv'
import type { PlacedFill } from '@domain/account/fill-sides'
import type { OrderRecord } from '@domain/wire/wire'
import { timeValue } from '@/lib/format'
import { fillTime, orderTime } from '@/stores/account/history'

export { fillTime, orderTime }

/** BUY or SELL of a fill, as the core placed it (fill-sides.ts); null while it is unplaced. */
export const fillSide = (f: PlacedFill): 'BUY' | 'SELL' | null => f.placement.side

export function orderSide(o: OrderRecord): string {
  return ORDER_SIDE_ALIASES[o.side.toUpperCase()] ?? o.side
}

const ORDER_HEADER = ['id', 'time_utc', 'pair', 'side', 'type', 'status', 'price', 'amount', 'amount_filled', 'amount_canceled', 'done_at_utc'] as const
const FILL_HEADER = ['id', 'order_id', 'time_utc', 'pair', 'side', 'side_from', 'order_type', 'price', 'amount', 'fee_amount', 'fee_currency', 'fee_rate', 'role', 'wallet_type'] as const

const utc = (ms: number): string => (Number.isFinite(ms) ? isoUtc(ms) : '')

export function ordersCsv(orders: readonly OrderRecord[]): string {
  return toCsv(
    ORDER_HEADER,
    orders.map((o) => [o.id, utc(orderTime(o)), o.pair, orderSide(o), o.type, o.status, o.price ?? '', o.amount, o.amount_filled ?? '', o.amount_canceled ?? '', utc(timeValue(o.done_at ?? null))]),
  )
}

/** side_from: who named the side (exchange, order, wallet), or "unplaced" with the side left empty. */
export function fillsCsv(fills: readonly PlacedFill[]): string {
  return toCsv(
    FILL_HEADER,
    fills.map((f) => [
      f.id ?? '',
      f.placement.orderId ?? '',
      utc(fillTime(f)),
      f.pair,
      f.placement.side ?? '',
      f.placement.from ?? 'unplaced',
      ORDER_SIDE_ALIASES[(f.type ?? '').toUpperCase()] ? '' : (f.type ?? ''),
      f.price,
      f.amount,
      f.fee_amount ?? '',
      f.fee_currency ?? '',
      f.fee_rate ?? '',
      f.is_maker === true ? 'maker' : f.is_maker === false ? 'taker' : '',
      f.wallet_type ?? '',
    ]),
  )
}
