// The `portfolio.get` handler: the active profile's accounts (master and sub-accounts), or every stored
// profile's, valued in one quote currency (portfolio-reader.ts). The active profile is read through the
// session's own client; another profile gets a client of its own for this read, its key read through
// the origin binding (session.credentialsFor), so a key only ever goes to the exchange it was stored for.
import { TerminalError } from '../../domain/errors'
import type { PortfolioReport } from '../../domain/portfolio'
import type { MethodInput } from '../../domain/api'
import type { ExchangeClient, ExchangeClientOptions } from '../exchange/client'
import type { ProfileRecord, ProfileStore } from '../profiles/profile-store'
import type { DemoProfiles } from '../profiles/terminal-demo'
import type { Session } from '../session/terminal-session'
import { readPortfolio, type PortfolioSource } from './portfolio-reader'

export interface PortfolioHandlerDeps {
  session: Pick<Session, 'active' | 'client' | 'credentialsFor' | 'signal'>
  profiles: Pick<ProfileStore, 'list'>
  demo: Pick<DemoProfiles, 'ensure'>
  makeClient: (options: ExchangeClientOptions) => ExchangeClient
}

/** The exchange a profile's accounts live on: the embedded demo is one exchange, wherever its port is. */
const exchangeOf = (p: ProfileRecord) => (p.isDemo ? 'demo' : new URL(p.baseUrl).origin)

export function createPortfolioHandlers(deps: PortfolioHandlerDeps) {
  const { session } = deps

  async function sources(scope: 'profile' | 'all'): Promise<PortfolioSource[]> {
    const active = session.active
    const client = session.client
    if (scope === 'profile') {
      if (!active || !client) throw new TerminalError({ kind: 'not-found', code: 'NO_PROFILE', message: 'No exchange profile is active. Add or activate one.' })
      return [{ name: active.name, exchange: exchangeOf(active), client }]
    }
    if (deps.profiles.list().some((p) => p.isDemo)) await deps.demo.ensure()
    // Read after the demo has started: its profiles point where it listens now. The active profile
    // first: where two profiles see the same account, its balances are the ones shown.
    return [...deps.profiles.list()]
      .sort((a, b) => Number(b.id === active?.id) - Number(a.id === active?.id))
      .map((p) => ({
        name: p.name,
        exchange: exchangeOf(p),
        client: p.id === active?.id && client ? client : deps.makeClient({ baseUrl: p.baseUrl, credentials: () => session.credentialsFor(p.id, p.baseUrl) }),
      }))
  }

  return {
    async 'portfolio.get'({ quote, scope }: MethodInput<'portfolio.get'>): Promise<PortfolioReport> {
      return readPortfolio(quote, await sources(scope))
    },
  }
}
