// Reads the portfolio from one or more connections (the active profile, or every stored profile) and
// values it (domain/portfolio/portfolio.ts). Shared by the terminal's `portfolio.get` and the CLI's `portfolio`.
//
// Per exchange, the pairs and tickers are read once and every account is counted once: a master key
// sees its sub-accounts, and a sub-account's own profile sees the same account again; the first
// connection (in the order given) that lists an account supplies its balances. A connection that
// cannot be read (offline, refused key, no keychain) is named in `failed`, never counted as empty.
import { mergePortfolios, valuePortfolio, type Portfolio, type PortfolioReport } from '../../domain/portfolio/portfolio'
import { toTerminalError } from '../../domain/errors'
import type { Account, Balance, Pair, Ticker } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'

export interface PortfolioSource {
  /** The profile's name, for the words of a failure. */
  name: string
  /** The exchange's origin: account ids are unique within one exchange only. */
  exchange: string
  client: Pick<ExchangeClient, 'accounts' | 'balances' | 'pairs' | 'ticker'>
}

interface SourceRead {
  source: PortfolioSource
  accounts: Account[]
  balances: Balance[]
}

async function readSource(source: PortfolioSource): Promise<SourceRead> {
  const [accounts, balances] = await Promise.all([source.client.accounts({ include_subaccounts: true }), source.client.balances()])
  return { source, accounts, balances }
}

export async function readPortfolio(quote: string, sources: readonly PortfolioSource[]): Promise<PortfolioReport> {
  const failed: PortfolioReport['failed'] = []
  const reads = await Promise.all(
    sources.map((source) =>
      readSource(source).catch((error: unknown) => {
        failed.push({ name: source.name, exchange: source.exchange, message: toTerminalError(error).message })
        return null
      }),
    ),
  )
  const exchanges = [...new Set(sources.map((s) => s.exchange))]
  const parts: { exchange: string; portfolio: Portfolio }[] = []
  for (const exchange of exchanges) {
    const here = reads.filter((r): r is SourceRead => r !== null && r.source.exchange === exchange)
    if (here.length === 0) continue
    let market: { pairs: Pair[]; tickers: Ticker[] }
    try {
      const client = here[0]!.source.client
      const [pairs, tickers] = await Promise.all([client.pairs(), client.ticker()])
      market = { pairs, tickers }
    } catch (error) {
      for (const r of here) failed.push({ name: r.source.name, exchange, message: `Prices could not be read: ${toTerminalError(error).message}` })
      continue
    }
    const accounts: Account[] = []
    const balances: Balance[] = []
    for (const r of here) {
      for (const account of r.accounts) {
        if (accounts.some((a) => a.id === account.id)) continue
        accounts.push(account)
        balances.push(...r.balances.filter((b) => b.account_id === account.id))
      }
    }
    parts.push({ exchange, portfolio: valuePortfolio({ quote, accounts, balances, pairs: market.pairs, tickers: market.tickers }) })
  }
  return { ...mergePortfolios(quote, parts), failed }
}
