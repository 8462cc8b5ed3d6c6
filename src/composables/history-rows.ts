// The account history as the tabs and the CSV export read it: orders and fills as rows, fills as the
// P&L's input, and the CSV text (toCsv: exact decimals as the exchange sent them, UTC ISO 8601 times).
import { ORDER_SIDE_ALIASES } from '@domain/constants'
import { isoUtc, toCsv } from '@domain/csv'
import type { Fill } from '@domain/pnl'
import type { FillRecord, OrderRecord } from '@domain/wire'
import { timeValue } from './format'

export const orderTime = (o: OrderRecord): number => timeValue(o.open_at ?? o.date ?? o.updated_at ?? null)
export const fillTime = (f: FillRecord): number => timeValue(f.date ?? null)

/** BUY or SELL of a fill: its side (BID/ASK) where sent, else its type (buy/sell); null when neither says. */
export function fillSide(f: FillRecord): 'BUY' | 'SELL' | null {
  return ORDER_SIDE_ALIASES[(f.side ?? f.type ?? '').toUpperCase()] ?? null
}

export function orderSide(o: OrderRecord): string {
  return ORDER_SIDE_ALIASES[o.side.toUpperCase()] ?? o.side
}

/** Fills as realisedPnl reads them; a fill whose side or time cannot be read is left out (and counted). */
export function pnlFills(fills: readonly FillRecord[]): { fills: Fill[]; unreadable: number } {
  const out: Fill[] = []
  let unreadable = 0
  for (const f of fills) {
    const side = fillSide(f)
    const time = fillTime(f)
    if (side === null || !Number.isFinite(time)) {
      unreadable += 1
      continue
    }
    out.push({ pair: f.pair, side, amount: f.amount, price: f.price, feeAmount: f.fee_amount ?? '0', feeCurrency: f.fee_currency ?? '', time })
  }
  return { fills: out, unreadable }
}

const ORDER_HEADER = ['id', 'time_utc', 'pair', 'side', 'type', 'status', 'price', 'amount', 'amount_filled', 'amount_canceled', 'done_at_utc'] as const
const FILL_HEADER = ['id', 'order_id', 'time_utc', 'pair', 'side', 'price', 'amount', 'fee_amount', 'fee_currency', 'role'] as const

const utc = (ms: number): string => (Number.isFinite(ms) ? isoUtc(ms) : '')

export function ordersCsv(orders: readonly OrderRecord[]): string {
  return toCsv(
    ORDER_HEADER,
    orders.map((o) => [o.id, utc(orderTime(o)), o.pair, orderSide(o), o.type, o.status, o.price ?? '', o.amount, o.amount_filled ?? '', o.amount_canceled ?? '', utc(timeValue(o.done_at ?? null))]),
  )
}

export function fillsCsv(fills: readonly FillRecord[]): string {
  return toCsv(
    FILL_HEADER,
    fills.map((f) => [f.id ?? '', f.order_id ?? '', utc(fillTime(f)), f.pair, fillSide(f) ?? '', f.price, f.amount, f.fee_amount ?? '', f.fee_currency ?? '', f.is_maker === true ? 'maker' : f.is_maker === false ? 'taker' : ''])
  )
}
