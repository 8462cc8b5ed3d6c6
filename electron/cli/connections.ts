// The connections of the CLI's views over several accounts (portfolio, cancel-all): the one the
// --base-url / --profile flags name, or with `--profiles all` every stored profile's. Each comes with
// a name and the exchange's key (account ids are unique within one exchange only): its origin, or
// `demo` for a profile of the embedded demo (core/profiles/exchange-key.ts).
import { TerminalError } from '../domain/errors'
import { exchangeOf } from '../domain/origin'
import { exchangeKeyOf } from '../core/profiles/exchange-key'
import type { ExchangeClient } from '../core/exchange/client'
import { UsageError, text, type ParsedArgs } from './args'

export interface ConnectionsIo {
  /** The names of the stored profiles (`--profiles all`); absent: profiles are not wired in. */
  profileNames?: () => Promise<string[]>
  resolveProfile?: (name: string) => Promise<{ baseUrl: string; isDemo?: boolean | undefined }>
}

export interface CliConnection {
  name: string
  exchange: string
  client: ExchangeClient
}

/**
 * `connect(profile?)` makes the client of the flags' connection, or of the named stored profile.
 * The flags are checked before anything is read.
 */
export async function connectionsOf(args: ParsedArgs, io: ConnectionsIo, connect: (profile?: string) => Promise<ExchangeClient>): Promise<CliConnection[]> {
  const { flags } = args
  const scope = text(flags, 'profiles')
  if (scope === undefined) {
    const profile = text(flags, 'profile')
    const named = profile !== undefined && io.resolveProfile ? await io.resolveProfile(profile) : { baseUrl: text(flags, 'base-url') ?? '' }
    return [{ name: profile ?? exchangeOf(named.baseUrl), exchange: exchangeKeyOf(named), client: await connect() }]
  }
  if (scope.trim() !== 'all') throw new UsageError(`--profiles takes "all" (every stored profile), got "${scope}".`)
  if (text(flags, 'base-url') !== undefined || text(flags, 'profile') !== undefined) throw new UsageError('--profiles all uses every stored profile: give no --base-url or --profile with it.')
  if (!io.profileNames || !io.resolveProfile) throw new TerminalError({ kind: 'not-found', code: 'PROFILES_UNAVAILABLE', message: 'Profiles are not available in this build of the CLI.' })
  const resolve = io.resolveProfile
  return Promise.all((await io.profileNames()).map(async (name) => ({ name, exchange: exchangeKeyOf(await resolve(name)), client: await connect(name) })))
}
