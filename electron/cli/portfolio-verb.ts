// `npm run cli -- portfolio [--quote USDT] [--profiles all]`: every account the connection's key sees
// (master and sub-accounts), or every stored profile's, valued in one quote currency, as the window's
// Portfolio tab shows it (core/portfolio/portfolio-reader.ts). Every figure an exact decimal string;
// a connection that could not be read is named in `failed` and its accounts are in no total.
import { TerminalError } from '../domain/errors'
import type { PortfolioReport } from '../domain/portfolio'
import type { ExchangeClient } from '../core/exchange/client'
import { readPortfolio, type PortfolioSource } from '../core/portfolio/portfolio-reader'
import { UsageError, text, type ParsedArgs } from './args'

export interface PortfolioIo {
  /** The names of the stored profiles (`--profiles all`); absent: profiles are not wired in. */
  profileNames?: () => Promise<string[]>
  resolveProfile?: (name: string) => Promise<{ baseUrl: string }>
}

/** Where a connection's accounts live: account ids are unique within one exchange only. */
const originOf = (baseUrl: string) => {
  try {
    return new URL(baseUrl).origin
  } catch {
    return baseUrl
  }
}

export function quoteFlag(flags: ParsedArgs['flags']): string {
  const quote = (text(flags, 'quote') ?? 'USDT').trim().toUpperCase()
  if (!/^[A-Z0-9]{1,20}$/.test(quote)) throw new UsageError(`--quote must be a currency like USDT, got "${quote}".`)
  return quote
}

/**
 * `connect(profile?)` makes the client of one connection: the --base-url/--profile flags, or the
 * named profile. Arguments are checked before anything is read.
 */
export async function runPortfolio(args: ParsedArgs, io: PortfolioIo, connect: (profile?: string) => Promise<ExchangeClient>): Promise<PortfolioReport> {
  const { flags } = args
  const quote = quoteFlag(flags)
  const scope = text(flags, 'profiles')
  if (scope !== undefined && scope.trim() !== 'all') throw new UsageError(`--profiles takes "all" (every stored profile), got "${scope}".`)
  let sources: PortfolioSource[]
  if (scope !== undefined) {
    if (text(flags, 'base-url') !== undefined || text(flags, 'profile') !== undefined) throw new UsageError('--profiles all reads every stored profile: give no --base-url or --profile with it.')
    if (!io.profileNames || !io.resolveProfile) {
      throw new TerminalError({ kind: 'not-found', code: 'PROFILES_UNAVAILABLE', message: 'Profiles are not available in this build of the CLI.' })
    }
    const resolve = io.resolveProfile
    const names = await io.profileNames()
    sources = await Promise.all(names.map(async (name) => ({ name, exchange: originOf((await resolve(name)).baseUrl), client: await connect(name) })))
  } else {
    const profile = text(flags, 'profile')
    const baseUrl = profile !== undefined && io.resolveProfile ? (await io.resolveProfile(profile)).baseUrl : (text(flags, 'base-url') ?? '')
    sources = [{ name: profile ?? originOf(baseUrl), exchange: originOf(baseUrl), client: await connect() }]
  }
  return readPortfolio(quote, sources)
}
