// What a wallet holds free to trade. One definition for the order desk (the last check before
// sending), the order form and the balances table, so the three can never disagree about a number.
import { Decimal } from '../decimal'
import { normalizeWalletType } from '../orders/order-rules'
import type { Balance, Dec } from '../wire/wire'

/** balance − reserve of one balance row, exactly, as a canonical decimal string. */
export function availableOf(row: Pick<Balance, 'balance' | 'reserve'>): Dec {
  return new Decimal(row.balance).minus(row.reserve).toFixed()
}

/** One name per wallet, so "MARGIN_CROSS" and "CROSS_MARGIN" count as the same wallet; unknown types upper-cased. */
export function canonicalWallet(walletType: string): string {
  return normalizeWalletType(walletType) ?? walletType.trim().toUpperCase()
}

export interface WalletRef {
  /** The account whose wallet it is; null only when the rows belong to one account already. */
  accountId: number | null
  currency: string
  walletType: string
}

/**
 * The available amount of one currency in one wallet: balance − reserve summed over every row that
 * names that wallet; null when no row does (the caller decides whether that means 0 or "not known").
 *
 * Summed, not the first row: the specification gives each row its own balance, reserve and
 * last_update_at and never says a wallet has one row, and a server may list a wallet under two of its
 * accepted names (CROSS_MARGIN and MARGIN_CROSS). Taking one row would hide funds the balances table
 * shows; rows of other accounts (a master key sees its sub-accounts') are never counted.
 */
export function availableIn(balances: readonly Balance[], where: WalletRef): Dec | null {
  const wallet = canonicalWallet(where.walletType)
  const rows = balances.filter((b) => (where.accountId === null || b.account_id === where.accountId) && b.currency === where.currency && canonicalWallet(b.wallet_type) === wallet)
  if (rows.length === 0) return null
  return rows.reduce((sum, row) => sum.plus(availableOf(row)), new Decimal(0)).toFixed()
}
