// The private feed frames (`w` wallet, `o` order; docs/exchange-api.md "The live feed") applied to the last
// account snapshot, so their numbers reach the window without waiting for three REST reads. Pure
// functions: each returns the patched snapshot, or null when the frame cannot be applied with
// certainty — then the caller leaves the snapshot alone and lets the REST read decide. Never a guess:
//   - the frames are the authenticated key's own account, so they patch only a view of that account
//     (a sub-account's view, or a snapshot without an account, is left alone);
//   - a wallet frame patches exactly one existing balance row (currency + wallet, the own account's);
//     a currency the snapshot has no row for, or a wallet listed twice, waits for REST;
//   - an order frame updates the order of the same id, or adds it when the frame names everything a
//     row shows; its times are the frame's own (the event's), never invented.
import { Decimal } from '../../domain/decimal'
import type { AccountSnapshot } from '../../domain/api/api'
import type { Balance, OrderRecord } from '../../domain/wire/wire'
import { canonicalWallet } from '../../domain/account/balances'
import type { FeedEvent } from '../live/frames'

export type WalletEvent = Extract<FeedEvent, { kind: 'wallet' }>
export type OrderEvent = Extract<FeedEvent, { kind: 'order' }>
export type AccountEvent = WalletEvent | OrderEvent

/** Whose snapshot it is: the frames may only touch the key's own account's view. */
export interface FrameScope {
  ownAccountId: number | null
}

/** A decimal string the frame parser let through, checked once more: finite and not negative. */
function amountOk(text: string | null): text is string {
  if (text === null) return false
  try {
    const value = new Decimal(text)
    return value.isFinite() && !value.isNegative()
  } catch {
    return false
  }
}

/** Unix seconds (the feed's clock) as the ISO text REST writes; null when it is not a time. */
function isoOf(seconds: number | string | null): string | null {
  const value = typeof seconds === 'string' && seconds.trim() !== '' ? Number(seconds) : seconds
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) return null
  const date = new Date(Math.round(value * 1000))
  return Number.isNaN(date.getTime()) ? null : date.toISOString()
}

const ownView = (snapshot: AccountSnapshot, scope: FrameScope): scope is { ownAccountId: number } => scope.ownAccountId !== null && snapshot.accountId === scope.ownAccountId

export function patchWallet(snapshot: AccountSnapshot, event: WalletEvent, scope: FrameScope): AccountSnapshot | null {
  if (!ownView(snapshot, scope)) return null
  if (!amountOk(event.balance) || !amountOk(event.reserve)) return null
  const updatedAt = isoOf(event.time)
  if (updatedAt === null) return null
  const wallet = canonicalWallet(event.walletType)
  const currency = event.currency.trim().toUpperCase()
  const matches = snapshot.balances.flatMap((row, index) =>
    row.account_id === scope.ownAccountId && row.currency.toUpperCase() === currency && canonicalWallet(row.wallet_type) === wallet ? [index] : [],
  )
  if (matches.length !== 1) return null
  const index = matches[0]!
  const row = snapshot.balances[index]!
  const patched: Balance = { ...row, balance: event.balance, reserve: event.reserve, last_update_at: updatedAt }
  const balances = snapshot.balances.slice()
  balances[index] = patched
  return { ...snapshot, balances }
}

/** The fields an order frame fixes, in the names of the REST order record. */
function orderFields(order: OrderEvent['order'], updatedAt: string): Pick<OrderRecord, 'status'> & Partial<OrderRecord> {
  const fields: Pick<OrderRecord, 'status'> & Partial<OrderRecord> = { status: order.status, updated_at: updatedAt }
  if (amountOk(order.amountFilled)) fields.amount_filled = order.amountFilled
  if (amountOk(order.amountCancelled)) fields.amount_canceled = order.amountCancelled
  const doneAt = isoOf(order.doneAt)
  if (doneAt !== null) fields.done_at = doneAt
  return fields
}

export function patchOrder(snapshot: AccountSnapshot, event: OrderEvent, scope: FrameScope): AccountSnapshot | null {
  if (!ownView(snapshot, scope) || snapshot.orders === null) return null
  const { order } = event
  const id = typeof order.id === 'string' && /^\d{1,15}$/.test(order.id) ? Number(order.id) : null
  const updatedAt = isoOf(event.time)
  if (id === null || updatedAt === null || order.status.trim() === '') return null
  const index = snapshot.orders.findIndex((o) => o.id === id)
  const orders = snapshot.orders.slice()
  if (index >= 0) {
    const known = orders[index]!
    if (known.pair !== order.pair) return null
    orders[index] = { ...known, ...orderFields(order, updatedAt) }
  } else {
    // A new row needs what the open-orders table shows; an order by quote amount has no base amount.
    if (!amountOk(order.baseAmount) || order.pair.trim() === '' || order.side.trim() === '' || order.type.trim() === '') return null
    const added: OrderRecord = {
      id,
      account_id: scope.ownAccountId,
      pair: order.pair,
      amount: order.baseAmount,
      price: amountOk(order.limitPrice) ? order.limitPrice : null,
      side: order.side,
      type: order.type,
      wallet_type: order.walletType,
      stop_price: amountOk(order.stopPrice) ? order.stopPrice : null,
      ...orderFields(order, updatedAt),
    }
    orders.unshift(added)
  }
  return { ...snapshot, orders }
}

export function patchSnapshot(snapshot: AccountSnapshot, event: AccountEvent, scope: FrameScope): AccountSnapshot | null {
  return event.kind === 'wallet' ? patchWallet(snapshot, event, scope) : patchOrder(snapshot, event, scope)
}
