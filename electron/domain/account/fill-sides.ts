// The side of each of the account's fills. The real exchange's fill record (the official client's
// AccountTrade) names no side and no order; a server may still name the side, and then it is taken as
// said. Otherwise two witnesses are asked:
//   - the account's own orders: one that could have made the fill (the same pair and order type, a
//     price the order could fill at, an amount within what it filled, a time inside its life);
//   - the wallet activity: the base currency's movement at the fill's time, +amount for a buy and
//     −amount for a sell (a fee taken in the base currency may be netted in).
// A witness counts only when everything it offers points to one side. When neither does, or the two
// point to different sides, the fill stays unplaced: shown as such, counted, and kept out of the P&L.
// Never a guess.
import { canonicalWallet } from './balances'
import { LIVE_ORDER_STATUSES, ORDER_SIDE_ALIASES, type OrderSide } from '../wire/constants'
import { Decimal } from '../decimal'
import type { Fill } from './pnl'
import { parseInstant } from '../time'
import type { FillRecord, OrderRecord, WalletMotion } from '../wire/wire'

export type FillSideSource = 'exchange' | 'order' | 'wallet'

export interface FillPlacement {
  side: OrderSide | null
  /** Which witness named the side; null when the fill could not be placed. */
  from: FillSideSource | null
  /** The fill's order: named by the exchange, or the one order that could have made it. */
  orderId: number | null
  /** Words for the trader: where the side comes from, or why there is none. */
  note: string
}

export type PlacedFill = FillRecord & { placement: FillPlacement }

export interface SideEvidence {
  /** The account's orders of the fills' pairs; null when they could not be read. */
  orders: readonly OrderRecord[] | null
  /** The wallet movements of the fills' base currencies; null when they could not be read. */
  motions: readonly WalletMotion[] | null
}

type WireTime = string | number | null | undefined

/**
 * How far apart two of the exchange's times may be and still be one instant: a second when either is
 * written in whole seconds (it may have been cut), a millisecond when both carry a fraction.
 */
function slackMs(a: WireTime, b: WireTime): number {
  const fine = (t: WireTime): boolean => (typeof t === 'number' ? !Number.isInteger(t) : typeof t === 'string' && /:\d\d[.,]\d/.test(t))
  return fine(a) && fine(b) ? 1 : 1000
}

/** The side the record itself names: `side` (BID/ASK/BUY/SELL), or `type` buy/sell as older servers wrote it. */
export function namedSide(f: Pick<FillRecord, 'side' | 'type'>): OrderSide | null {
  return ORDER_SIDE_ALIASES[(f.side ?? '').trim().toUpperCase()] ?? ORDER_SIDE_ALIASES[(f.type ?? '').trim().toUpperCase()] ?? null
}

const baseOf = (pair: string): string => pair.slice(0, Math.max(0, pair.indexOf('_'))).toUpperCase()
const sameWallet = (a: string | null | undefined, b: string | null | undefined): boolean => !a || !b || canonicalWallet(a) === canonicalWallet(b)
const sameAccount = (a: number | undefined, b: number | undefined): boolean => a === undefined || b === undefined || a === b

/** A stop order, once triggered, may be reported by the type it became. */
function sameType(fillType: string | undefined, orderType: string): boolean {
  const f = (fillType ?? '').trim().toUpperCase()
  if (f === '' || ORDER_SIDE_ALIASES[f]) return true
  const o = orderType.trim().toUpperCase()
  return f === o || `STOP_${f}` === o
}

function couldHaveMade(o: OrderRecord, f: FillRecord, at: number): OrderSide | null {
  const side = ORDER_SIDE_ALIASES[o.side.trim().toUpperCase()]
  if (!side || o.pair !== f.pair || !sameAccount(f.account_id, o.account_id) || !sameType(f.type, o.type) || !sameWallet(f.wallet_type, o.wallet_type)) return null
  const amount = new Decimal(f.amount)
  if (amount.gt(o.amount_filled ?? o.amount)) return null
  if (o.price != null && (side === 'BUY' ? new Decimal(f.price).gt(o.price) : new Decimal(f.price).lt(o.price))) return null
  const startText = o.date ?? o.open_at
  const start = parseInstant(startText ?? null)
  if (start !== null && at < start - slackMs(startText, f.date)) return null
  const endText = o.done_at ?? (LIVE_ORDER_STATUSES.includes(o.status) ? null : o.updated_at)
  const end = parseInstant(endText ?? null)
  if (end !== null && at > end + slackMs(endText, f.date)) return null
  return side
}

function movementSide(m: WalletMotion, f: FillRecord, at: number, base: string): OrderSide | null {
  if (m.currency.trim().toUpperCase() !== base || /FEE/i.test(m.type ?? '') || !sameAccount(f.account_id, m.account_id) || !sameWallet(f.wallet_type, m.wallet_type)) return null
  const when = parseInstant(m.date)
  if (when === null || Math.abs(when - at) > slackMs(m.date, f.date)) return null
  const delta = new Decimal(m.balance_delta)
  const amount = new Decimal(f.amount)
  const baseFee = (f.fee_currency ?? '').trim().toUpperCase() === base && f.fee_amount ? new Decimal(f.fee_amount) : new Decimal(0)
  if (delta.eq(amount) || (!baseFee.isZero() && delta.eq(amount.minus(baseFee)))) return 'BUY'
  if (delta.eq(amount.neg()) || (!baseFee.isZero() && delta.eq(amount.plus(baseFee).neg()))) return 'SELL'
  return null
}

type Witness = { side: OrderSide | null; found: number; ids: number[] }

function ask(sides: Array<{ side: OrderSide; id?: number }>): Witness {
  const distinct = new Set(sides.map((s) => s.side))
  return { side: distinct.size === 1 ? sides[0]!.side : null, found: sides.length, ids: sides.flatMap((s) => (s.id === undefined ? [] : [s.id])) }
}

function place(f: FillRecord, evidence: SideEvidence): FillPlacement {
  const named = namedSide(f)
  if (named) return { side: named, from: 'exchange', orderId: f.order_id ?? null, note: 'Side named by the exchange' }
  const at = parseInstant(f.date ?? null)
  if (at === null) return { side: null, from: null, orderId: f.order_id ?? null, note: 'Unplaced: the fill has no time to match it by' }

  const byOrder = ask(
    (evidence.orders ?? []).flatMap((o) => {
      const side = couldHaveMade(o, f, at)
      return side ? [{ side, id: o.id }] : []
    }),
  )
  const base = baseOf(f.pair)
  const byWallet = ask(
    (evidence.motions ?? []).flatMap((m) => {
      const side = movementSide(m, f, at, base)
      return side ? [{ side }] : []
    }),
  )
  const orderId = f.order_id ?? (byOrder.side !== null && byOrder.ids.length === 1 ? byOrder.ids[0]! : null)

  if (byOrder.side && byWallet.side && byOrder.side !== byWallet.side) {
    return { side: null, from: null, orderId: null, note: 'Unplaced: its order and the wallet movement point to different sides' }
  }
  if (byOrder.side) return { side: byOrder.side, from: 'order', orderId, note: orderId !== null ? `Side of order #${orderId}` : `Side of the ${byOrder.found} orders that could have made it` }
  if (byWallet.side) return { side: byWallet.side, from: 'wallet', orderId, note: `Side from the ${base} wallet movement at its time` }

  const unread = [evidence.orders === null ? 'the orders' : null, evidence.motions === null ? 'the wallet activity' : null].filter(Boolean).join(' and ')
  const both = byOrder.found > 0 || byWallet.found > 0
  const why = both ? 'both a buy and a sell could have made it' : unread ? `${unread} could not be read` : 'no order or wallet movement matches it'
  return { side: null, from: null, orderId: null, note: `Unplaced: ${why}` }
}

/** Each fill with its placement; fills in the order given. */
export function placeFills(fills: readonly FillRecord[], evidence: SideEvidence): PlacedFill[] {
  return fills.map((f) => ({ ...f, placement: place(f, evidence) }))
}

/** True when every fill names its own side, so no witness has to be read. */
export const allNamed = (fills: readonly FillRecord[]): boolean => fills.every((f) => namedSide(f) !== null)

/** The P&L's view of one fill (pnl.ts), or null when it cannot count: unplaced, or with no time. */
export function pnlFillOf(f: PlacedFill): Fill | null {
  const time = parseInstant(f.date ?? null)
  if (f.placement.side === null || time === null) return null
  return { pair: f.pair, side: f.placement.side, amount: f.amount, price: f.price, feeAmount: f.fee_amount ?? '0', feeCurrency: f.fee_currency ?? '', time }
}

/** The fills the P&L can count (fifo: pnl.ts) and how many it cannot: unplaced, or with no time. */
export function pnlInputs(fills: readonly PlacedFill[]): { fills: Fill[]; unplaced: number } {
  const out = fills.flatMap((f) => pnlFillOf(f) ?? [])
  return { fills: out, unplaced: fills.length - out.length }
}
