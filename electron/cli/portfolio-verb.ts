// `npm run cli -- portfolio [--quote USDT] [--profiles all]`: every account the connection's key sees
// (master and sub-accounts), or every stored profile's, valued in one quote currency, as the window's
// Portfolio tab shows it (core/portfolio/portfolio-reader.ts). Every figure an exact decimal string;
// a connection that could not be read is named in `failed` and its accounts are in no total.
import type { PortfolioReport } from '../domain/portfolio/portfolio'
import type { ExchangeClient } from '../core/exchange/client'
import { readPortfolio } from '../core/portfolio/portfolio-reader'
import { connectionsOf, type ConnectionsIo } from './connections'
import { UsageError, text, type ParsedArgs } from './args'

export function quoteFlag(flags: ParsedArgs['flags']): string {
  const quote = (text(flags, 'quote') ?? 'USDT').trim().toUpperCase()
  if (!/^[A-Z0-9]{1,20}$/.test(quote)) throw new UsageError(`--quote must be a currency like USDT, got "${quote}".`)
  return quote
}

/** Every account the connections' keys see, valued in the --quote currency. */
export async function runPortfolio(args: ParsedArgs, io: ConnectionsIo, connect: (profile?: string) => Promise<ExchangeClient>): Promise<PortfolioReport> {
  const quote = quoteFlag(args.flags)
  return readPortfolio(quote, await connectionsOf(args, io, connect))
}
