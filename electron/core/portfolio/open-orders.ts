// Every account's open orders, each read through the profile that holds that account's own key (a key
// sees only its own orders), and the accounts to cover: those the scope's keys see (a master's key
// lists its sub-accounts), counted once per exchange. Shared by the blotter, "cancel all" and the CLI.
import type { AccountRef, BlotterAccount, BlotterReport } from '../../domain/portfolio/all-accounts'
import { LIVE_ORDER_STATUSES } from '../../domain/wire/constants'
import { toTerminalError } from '../../domain/errors'
import type { OrderRecord } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'

/** The exchange's recent-orders list holds at most this many: older open orders are not in it. */
export const RECENT_ORDERS_LIMIT = 100

/** A stored profile, as these views need it. */
export interface Holder {
  profileId: string
  name: string
  exchange: string
  /** The account its key belongs to; null when not learned yet (saved offline). */
  accountId: number | null
  client: Pick<ExchangeClient, 'accounts' | 'recentOrders' | 'cancelOrders'>
}

export const NO_KEY_TEXT = 'No profile holds this account’s own API key: its orders cannot be read or cancelled here. Add a profile for it.'

const isOpen = (o: OrderRecord) => LIVE_ORDER_STATUSES.includes(o.status)

/**
 * The accounts the seers' keys see, per exchange once, each with the holder (among `holders`) of its own key. A key
 * whose account list cannot be read still stands for its own account (its orders' read then says why).
 */
export async function accountsOf(seers: readonly Holder[], holders: readonly Holder[] = seers): Promise<AccountRef[]> {
  const accounts: AccountRef[] = []
  const seen = await Promise.all(seers.map((h) => h.client.accounts({ include_subaccounts: true }).catch(() => (h.accountId === null ? [] : [{ id: h.accountId, name: h.name }]))))
  seers.forEach((h, i) => {
    for (const a of seen[i]!) {
      if (accounts.some((x) => x.exchange === h.exchange && x.id === a.id)) continue
      const holder = holders.find((x) => x.exchange === h.exchange && x.accountId === a.id)
      accounts.push({ id: a.id, name: a.name, exchange: h.exchange, profileId: holder?.profileId ?? null, profileName: holder?.name ?? null })
    }
  })
  return accounts
}

export function holderOf(holders: readonly Holder[], account: AccountRef): Holder | null {
  return holders.find((h) => h.profileId === account.profileId) ?? null
}

/** One account's open orders, read through its own key; throws what the exchange answered. */
export async function openOrdersOf(holder: Holder, accountId: number): Promise<OrderRecord[]> {
  const records = await holder.client.recentOrders()
  return records.filter((o) => isOpen(o) && (o.account_id === undefined || o.account_id === accountId))
}

/** The open orders of `accounts`, each read through the holder of its own key. */
export async function readBlotter(holders: readonly Holder[], accounts: readonly AccountRef[]): Promise<BlotterReport> {
  const orders: BlotterReport['orders'] = []
  const listed: BlotterAccount[] = await Promise.all(
    accounts.map(async (account): Promise<BlotterAccount> => {
      const holder = holderOf(holders, account)
      if (!holder) return { ...account, open: null, problem: NO_KEY_TEXT }
      try {
        const open = await openOrdersOf(holder, account.id)
        for (const order of open) orders.push({ account, order })
        return { ...account, open: open.length }
      } catch (error) {
        return { ...account, open: null, problem: `Its orders could not be read: ${toTerminalError(error).message}` }
      }
    }),
  )
  const time = (o: OrderRecord) => Date.parse(String(o.open_at ?? o.date ?? '')) || 0
  orders.sort((a, b) => time(b.order) - time(a.order) || b.order.id - a.order.id)
  return { accounts: listed, orders, perAccountLimit: RECENT_ORDERS_LIMIT }
}
