// Balances with reserves, and settlement: what a match moves in each user's wallets, with the fee of the
// applicable rule (maker rate for resting liquidity, taker rate for the aggressor). The simulation's
// orders have no wallets: they only count what they filled.
import { Decimal } from '../domain/decimal'
import type { FeeRule, InitialBalance } from './accounts'
import type { EngineChanges } from './engine-changes'
import { ZERO, type BalanceEntry, type Order, type SettledFill } from './engine-types'
import { resolveFeeRule } from './fees'

const FEE_PLACES = 8

export class Wallets {
  private readonly balances = new Map<string, BalanceEntry>()
  private readonly balancesByAccount = new Map<number, BalanceEntry[]>()

  constructor(
    private readonly feeRules: readonly FeeRule[],
    private readonly changes: EngineChanges,
    private readonly onFill: ((fill: SettledFill) => void) | undefined,
    initial: readonly InitialBalance[],
    now: number,
  ) {
    for (const b of initial) {
      const entry = this.entry(b.accountId, b.wallet, b.currency, now)
      entry.balance = new Decimal(b.amount)
    }
  }

  entry(accountId: number, wallet: string, currency: string, now: number): BalanceEntry {
    const key = `${accountId}|${wallet}|${currency}`
    let e = this.balances.get(key)
    if (!e) {
      e = { accountId, wallet, currency, balance: ZERO, reserve: ZERO, updatedAt: now }
      this.balances.set(key, e)
      let list = this.balancesByAccount.get(accountId)
      if (!list) this.balancesByAccount.set(accountId, (list = []))
      list.push(e)
    }
    return e
  }

  available(accountId: number, wallet: string, currency: string): Decimal {
    const e = this.balances.get(`${accountId}|${wallet}|${currency}`)
    return e ? e.balance.minus(e.reserve) : ZERO
  }

  balancesOf(accountId: number): readonly BalanceEntry[] {
    return this.balancesByAccount.get(accountId) ?? []
  }

  /** Frees what a finished order still holds in reserve. */
  release(o: Order, now: number): void {
    if (o.system || o.reserved.isZero()) return
    const e = this.entry(o.accountId, o.wallet, o.side === 'BUY' ? o.pair.quote : o.pair.base, now)
    e.reserve = e.reserve.minus(o.reserved)
    e.updatedAt = now
    o.reserved = ZERO
    this.changes.balances.add(e)
  }

  private feeRate(o: Order, maker: boolean, now: number): Decimal {
    const rule = resolveFeeRule(this.feeRules, o.accountId, o.pair, now)
    if (!rule) return ZERO
    return maker ? rule.makerRate : rule.takerRate
  }

  /** One side of a match: `qty` base at `px` for `quote`. */
  settle(o: Order, maker: boolean, qty: Decimal, px: Decimal, quote: Decimal, now: number): void {
    o.filled = o.filled.plus(qty)
    o.quoteSpent = o.quoteSpent.plus(quote)
    o.updatedAt = now
    if (o.system) return
    const rate = this.feeRate(o, maker, now)
    const baseE = this.entry(o.accountId, o.wallet, o.pair.base, now)
    const quoteE = this.entry(o.accountId, o.wallet, o.pair.quote, now)
    if (o.side === 'BUY') {
      let held = quote
      // a limit buy reserved qty × limit; filling at a better price frees the difference
      if (o.price !== null) held = qty.times(o.price)
      quoteE.balance = quoteE.balance.minus(quote)
      quoteE.reserve = quoteE.reserve.minus(held)
      o.reserved = o.reserved.minus(held)
      const fee = qty.times(rate).toDecimalPlaces(FEE_PLACES, Decimal.ROUND_UP)
      baseE.balance = baseE.balance.plus(qty).minus(fee)
      this.onFill?.({
        order: o,
        maker,
        qty,
        price: px,
        quote,
        fee,
        feeRate: rate,
        feeCurrency: o.pair.base,
        atMs: now,
        base: baseE,
        quoteEntry: quoteE,
        baseDelta: qty.minus(fee),
        quoteDelta: quote.negated(),
      })
    } else {
      baseE.balance = baseE.balance.minus(qty)
      baseE.reserve = baseE.reserve.minus(qty)
      o.reserved = o.reserved.minus(qty)
      const fee = quote.times(rate).toDecimalPlaces(FEE_PLACES, Decimal.ROUND_UP)
      quoteE.balance = quoteE.balance.plus(quote).minus(fee)
      this.onFill?.({
        order: o,
        maker,
        qty,
        price: px,
        quote,
        fee,
        feeRate: rate,
        feeCurrency: o.pair.quote,
        atMs: now,
        base: baseE,
        quoteEntry: quoteE,
        baseDelta: qty.negated(),
        quoteDelta: quote.minus(fee),
      })
    }
    baseE.updatedAt = now
    quoteE.updatedAt = now
    this.changes.orders.add(o)
    this.changes.balances.add(baseE)
    this.changes.balances.add(quoteE)
  }
}
