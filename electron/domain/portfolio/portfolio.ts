// The portfolio: what every account holds, one row per account and currency (its wallets summed),
// valued in one quote currency through price-routes.ts. A row with no route says "no price" (price and
// value null), is counted, and stays out of every total: never valued at 0. Totals per account and
// overall, with each account's share. Every figure is an exact decimal string.
import { Decimal } from '../decimal'
import { type PriceRoute, priceRoutes, routeText } from './price-routes'
import type { Balance, Dec, Pair, Ticker } from '../wire/wire'

/** Places of an account's share of the total, in percent. */
export const SHARE_PLACES = 2

export interface PortfolioRow {
  currency: string
  balance: Dec
  reserve: Dec
  available: Dec
  /** One unit in the quote currency; null: no price. */
  price: Dec | null
  /** "ETH → BTC → USDT"; null: no route. */
  route: string | null
  /** balance × price; null: no price. */
  value: Dec | null
}

export interface PortfolioAccount {
  id: number
  name: string
  /** Where the account lives, when the portfolio spans several exchanges (their origins). */
  exchange?: string
  /** The sum of the priced rows. */
  value: Dec
  /** Percent of the overall total, SHARE_PLACES places; null while the total is 0. */
  share: Dec | null
  rows: PortfolioRow[]
  /** Rows with a balance and no price: left out of `value`. */
  unpriced: number
}

export interface Portfolio {
  quote: string
  total: Dec
  accounts: PortfolioAccount[]
  /** Every row with no price, by account: counted, never valued. */
  unpriced: { accountId: number; currency: string; balance: Dec; exchange?: string }[]
}

/** The portfolio as read from one or more connections (core/portfolio/portfolio-reader.ts). */
export interface PortfolioReport extends Portfolio {
  /** Connections that could not be read: their accounts are in no total, and they are named. */
  failed: { name: string; exchange: string; message: string }[]
}

export interface PortfolioInput {
  quote: string
  accounts: readonly { id: number; name: string }[]
  /** Balance rows of any of these accounts (rows of other accounts are ignored). */
  balances: readonly Pick<Balance, 'account_id' | 'currency' | 'balance' | 'reserve'>[]
  pairs: readonly Pick<Pair, 'name' | 'currency1' | 'currency2'>[]
  tickers: readonly Pick<Ticker, 'pair' | 'last'>[]
}

function rowOf(currency: string, balance: Decimal, reserve: Decimal, route: PriceRoute | undefined): PortfolioRow {
  const value = route ? balance.times(route.price) : null
  return {
    currency,
    balance: balance.toFixed(),
    reserve: reserve.toFixed(),
    available: balance.minus(reserve).toFixed(),
    price: route?.price ?? null,
    route: route ? routeText(route) : null,
    value: value?.toFixed() ?? null,
  }
}

/** Recomputes the total and each account's share from the accounts' values. */
function withTotals(quote: string, accounts: readonly (Omit<PortfolioAccount, 'value' | 'share'> & { value: Decimal.Value })[], unpriced: Portfolio['unpriced']): Portfolio {
  const total = accounts.reduce((sum, a) => sum.plus(a.value), new Decimal(0))
  return {
    quote,
    total: total.toFixed(),
    accounts: accounts.map((a) => ({
      ...a,
      value: new Decimal(a.value).toFixed(),
      share: total.isZero() ? null : new Decimal(a.value).div(total).times(100).toDecimalPlaces(SHARE_PLACES).toFixed(),
    })),
    unpriced,
  }
}

/**
 * One portfolio over several exchanges, each valued with its own tickers: the accounts side by side,
 * each named with its exchange (account ids are only unique within one), one total and the shares of it.
 */
export function mergePortfolios(quote: string, parts: readonly { exchange: string; portfolio: Portfolio }[]): Portfolio {
  const accounts = parts.flatMap((p) => p.portfolio.accounts.map((a) => ({ ...a, exchange: p.exchange })))
  return withTotals(
    quote,
    accounts,
    parts.flatMap((p) => p.portfolio.unpriced.map((u) => ({ ...u, exchange: p.exchange }))),
  )
}

/** Values every account's holdings in `quote`; rows by value (largest first), then unpriced by name. */
export function valuePortfolio(input: PortfolioInput): Portfolio {
  const routes = priceRoutes(input.quote, input.pairs, input.tickers)
  const unpriced: Portfolio['unpriced'] = []
  const accounts = input.accounts.map((account) => {
    const held = new Map<string, { balance: Decimal; reserve: Decimal }>()
    for (const b of input.balances) {
      if (b.account_id !== account.id) continue
      const sum = held.get(b.currency) ?? { balance: new Decimal(0), reserve: new Decimal(0) }
      held.set(b.currency, { balance: sum.balance.plus(b.balance), reserve: sum.reserve.plus(b.reserve) })
    }
    const rows = [...held.entries()].map(([currency, h]) => rowOf(currency, h.balance, h.reserve, routes.get(currency)))
    const byValue = (r: PortfolioRow) => (r.value === null ? null : new Decimal(r.value))
    rows.sort((a, b) => {
      const va = byValue(a)
      const vb = byValue(b)
      if (va && vb) return vb.comparedTo(va) || a.currency.localeCompare(b.currency)
      if (va || vb) return va ? -1 : 1
      return a.currency.localeCompare(b.currency)
    })
    const noPrice = rows.filter((r) => r.value === null && !new Decimal(r.balance).isZero())
    for (const r of noPrice) unpriced.push({ accountId: account.id, currency: r.currency, balance: r.balance })
    const value = rows.reduce((sum, r) => (r.value === null ? sum : sum.plus(r.value)), new Decimal(0))
    return { id: account.id, name: account.name, value, rows, unpriced: noPrice.length }
  })
  return withTotals(input.quote, accounts, unpriced)
}
