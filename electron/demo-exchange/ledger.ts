// The account history the demo serves: each user's own fills (GET /accounts/trades) and the wallet
// movements they caused (GET /accounts/activity), kept newest-last and bounded per account. Records
// are built as the official client's models read them (docs/exchange-api.md, "The real exchange's shapes"); a time that is not set is
// left out, never sent as null.
//
// Amounts are kept as decimal strings, not Decimal objects: each Decimal is an object and an array of
// its own, and at the bound (5,000 fills and 5,000 movements an account) Decimals made the ledger
// ~7 MB per trading account, most of what the web host's heap grew by in a soak. Strings hold the
// same exact value in a third of that, and the answer is written from them as it always was.
import type { Decimal } from '../domain/decimal'
import type { SettledFill } from './engine'
import { wireWallet } from './wire-words'

export const HISTORY_KEPT_PER_ACCOUNT = 5000

export interface FillRecord {
  id: number
  orderId: number
  accountId: number
  pair: string
  side: 'BUY' | 'SELL'
  type: string
  wallet: string
  /** Decimal strings, exact. */
  amount: string
  amountUnfilled: string
  price: string
  currency: string
  status: string
  atMs: number
  fee: string
  feeCurrency: string
  feeRate: string
  maker: boolean
}

export interface ActivityRecord {
  id: number
  accountId: number
  walletId: number
  type: 'TRADE' | 'FEE'
  currency: string
  wallet: string
  /** Decimal strings, exact. */
  balance: string
  balanceDelta: string
  balanceEnd: string
  reserve: string
  reserveEnd: string
  atMs: number
}

export interface HistoryFilter {
  pair?: string | null
  side?: 'BUY' | 'SELL' | null
  currency?: string | null
  startMs?: number | null
  endMs?: number | null
}

function push<T>(map: Map<number, T[]>, accountId: number, item: T): void {
  let list = map.get(accountId)
  if (!list) map.set(accountId, (list = []))
  list.push(item)
  if (list.length > HISTORY_KEPT_PER_ACCOUNT) list.splice(0, list.length - HISTORY_KEPT_PER_ACCOUNT)
}

const inRange = (atMs: number, f: HistoryFilter): boolean => (f.startMs == null || atMs >= f.startMs) && (f.endMs == null || atMs <= f.endMs)

export class Ledger {
  private readonly fillsByAccount = new Map<number, FillRecord[]>()
  private readonly activityByAccount = new Map<number, ActivityRecord[]>()
  private nextFillId = 1
  private nextActivityId = 1
  // A stable wallet id per account, wallet type and currency, as the real records carry one.
  private readonly walletIds = new Map<string, number>()

  private walletId(accountId: number, wallet: string, currency: string): number {
    const key = `${accountId}|${wallet}|${currency}`
    let id = this.walletIds.get(key)
    if (id === undefined) this.walletIds.set(key, (id = this.walletIds.size + 1))
    return id
  }

  record(fill: SettledFill): void {
    const o = fill.order
    push(this.fillsByAccount, o.accountId, {
      id: this.nextFillId++,
      orderId: o.id,
      accountId: o.accountId,
      pair: o.pair.name,
      side: o.side,
      type: o.type,
      wallet: o.wallet,
      amount: fill.qty.toFixed(),
      amountUnfilled: o.amount.minus(o.filled).minus(o.canceled).toFixed(),
      price: fill.price.toFixed(),
      currency: o.pair.base,
      status: o.status,
      atMs: fill.atMs,
      fee: fill.fee.toFixed(),
      feeCurrency: fill.feeCurrency,
      feeRate: fill.feeRate.toFixed(),
      maker: fill.maker,
    })
    const moves: Array<[typeof fill.base, Decimal]> = [
      [fill.base, fill.order.side === 'BUY' ? fill.qty : fill.baseDelta],
      [fill.quoteEntry, fill.order.side === 'BUY' ? fill.quoteDelta : fill.quote],
    ]
    for (const [entry, gross] of moves) this.activity(entry, 'TRADE', gross, fill.atMs, entry.currency === fill.feeCurrency ? fill.fee : null)
    const feeEntry = fill.feeCurrency === fill.base.currency ? fill.base : fill.quoteEntry
    if (!fill.fee.isZero()) this.activity(feeEntry, 'FEE', fill.fee.negated(), fill.atMs, null)
  }

  // The entry already holds the balance after the whole match; rows are written in order, so each
  // row's start is its end minus its delta (and minus the fee row that follows, for the fee currency).
  private activity(entry: SettledFill['base'], type: ActivityRecord['type'], delta: Decimal, atMs: number, feeAfter: Decimal | null): void {
    const end = feeAfter ? entry.balance.plus(feeAfter) : entry.balance
    const reserve = entry.reserve.toFixed()
    push(this.activityByAccount, entry.accountId, {
      id: this.nextActivityId++,
      accountId: entry.accountId,
      walletId: this.walletId(entry.accountId, entry.wallet, entry.currency),
      type,
      currency: entry.currency,
      wallet: entry.wallet,
      balance: end.minus(delta).toFixed(),
      balanceDelta: delta.toFixed(),
      balanceEnd: end.toFixed(),
      reserve,
      reserveEnd: reserve,
      atMs,
    })
  }

  fills(accountId: number, f: HistoryFilter): FillRecord[] {
    return (this.fillsByAccount.get(accountId) ?? []).filter((r) => (!f.pair || r.pair === f.pair) && (!f.side || r.side === f.side) && inRange(r.atMs, f)).reverse()
  }

  activityOf(accountId: number, f: HistoryFilter): ActivityRecord[] {
    return (this.activityByAccount.get(accountId) ?? []).filter((r) => (!f.currency || r.currency === f.currency) && inRange(r.atMs, f)).reverse()
  }
}

/**
 * A fill as the official client's AccountTrade model has it: `type` is the order's type, and there is
 * no side, no order id and no trade id. The demo keeps them (the side filter of the endpoint needs
 * the side) but does not send them, so a terminal that reads the demo must find a fill's side the way
 * it must against the real exchange.
 */
export function fillJson(r: FillRecord): Record<string, unknown> {
  return {
    account_id: r.accountId,
    pair: r.pair,
    amount: Number(r.amount),
    amount_unfilled: Number(r.amountUnfilled),
    price: Number(r.price),
    currency: r.currency,
    status: r.status,
    date: new Date(r.atMs).toISOString(),
    fee_amount: Number(r.fee),
    fee_currency: r.feeCurrency,
    fee_rate: Number(r.feeRate),
    is_maker: r.maker,
    type: r.type,
    wallet_type: wireWallet(r.wallet),
  }
}

export function activityJson(r: ActivityRecord): Record<string, unknown> {
  return {
    id: r.id,
    account_id: r.accountId,
    wallet_id: r.walletId,
    type: r.type,
    balance: Number(r.balance),
    balance_delta: Number(r.balanceDelta),
    balance_end: Number(r.balanceEnd),
    reserve: Number(r.reserve),
    reserve_delta: 0,
    reserve_end: Number(r.reserveEnd),
    currency: r.currency,
    wallet_type: wireWallet(r.wallet),
    date: new Date(r.atMs).toISOString(),
  }
}
