// The connections the all-accounts views read through: the active profile's own client, and for
// every other stored profile a client of its own, kept while the profile's address stays the same (so
// a blotter refreshed every few seconds does not sign in again each time). Each key is read through
// the origin binding (session.credentialsFor): it only ever goes to the exchange it was stored for.
import { TerminalError } from '../../domain/errors'
// A profile's exchange is its base URL's origin, and `demo` for every profile of the embedded demo
// (profiles/exchange-key.ts): the equity history kept under it outlives the demo's port.
import { exchangeKeyOf } from '../profiles/exchange-key'
import type { ExchangeClient, ExchangeClientOptions } from '../exchange/client'
import type { ProfileRecord, ProfileStore } from '../profiles/profile-store'
import type { DemoProfiles } from '../profiles/terminal-demo'
import type { Session } from '../session/terminal-session'

export interface Connection {
  profile: ProfileRecord
  /** Where the profile's accounts live: account ids are unique within one exchange only. */
  exchange: string
  client: ExchangeClient
}

export interface ConnectionDeps {
  session: Pick<Session, 'active' | 'client' | 'credentialsFor'>
  profiles: Pick<ProfileStore, 'list'>
  demo: Pick<DemoProfiles, 'ensure'>
  makeClient: (options: ExchangeClientOptions) => ExchangeClient
}

export function noActiveProfile(): TerminalError {
  return new TerminalError({ kind: 'not-found', code: 'NO_PROFILE', message: 'No exchange profile is active. Add or activate one.' })
}

export function createConnections(deps: ConnectionDeps) {
  const { session } = deps
  const clients = new Map<string, { baseUrl: string; client: ExchangeClient }>()

  function clientOf(p: ProfileRecord): ExchangeClient {
    if (p.id === session.active?.id && session.client) return session.client
    const kept = clients.get(p.id)
    if (kept && kept.baseUrl === p.baseUrl) return kept.client
    const client = deps.makeClient({ baseUrl: p.baseUrl, credentials: () => session.credentialsFor(p.id, p.baseUrl) })
    clients.set(p.id, { baseUrl: p.baseUrl, client })
    return client
  }

  return {
    /** The active profile's connection; NO_PROFILE when there is none. */
    active(): Connection {
      const { active, client } = session
      if (!active || !client) throw noActiveProfile()
      return { profile: active, exchange: exchangeKeyOf(active), client }
    },
    /** Every stored profile's, the active one first (where two see the same account, its view wins). */
    async all(): Promise<Connection[]> {
      if (deps.profiles.list().some((p) => p.isDemo)) await deps.demo.ensure() // its profiles then point where it listens
      const active = session.active
      const list = [...deps.profiles.list()].sort((a, b) => Number(b.id === active?.id) - Number(a.id === active?.id))
      for (const id of clients.keys()) if (!list.some((p) => p.id === id)) clients.delete(id)
      return list.map((profile) => ({ profile, exchange: exchangeKeyOf(profile), client: clientOf(profile) }))
    },
  }
}

export type Connections = ReturnType<typeof createConnections>
