// The profiles.* handlers: the profile service (profile-service.ts, which the CLI uses too) plus
// what only a running terminal has — the session that shows a change at once, re-activates an
// edited active profile, and the embedded demo exchange, started before its profile is tested.
import type { MethodInput, MethodResults } from '../../domain/api/api'
import { TerminalError } from '../../domain/errors'
import type { ExchangeClient, ExchangeClientOptions } from '../exchange/client'
import { createProfileService, noSuchProfile } from './profile-service'
import type { ProfileStore } from './profile-store'
import type { DemoProfiles } from './terminal-demo'
import type { Vault } from '../credentials/vault'
import type { SessionState } from '../../domain/api/api'
import { profileView } from './profile-view'

/**
 * What these handlers ask of the running session (session/terminal-session.ts implements it): the
 * profiles room sits below the session, so it names what it needs rather than importing the session.
 */
export interface ActiveProfileControl {
  readonly active: { readonly id: string } | null
  activate(profileId: string): Promise<SessionState>
  deactivate(): Promise<void>
  publish(): Promise<SessionState>
  credentialsFor(profileId: string): Promise<{ apiKey: string; apiSecret: string }>
}

type ProfileMethod = 'profiles.list' | 'profiles.create' | 'profiles.update' | 'profiles.remove' | 'profiles.activate' | 'profiles.test'
export type ProfileHandlers = { [M in ProfileMethod]: (input: MethodInput<M>) => Promise<MethodResults[M]> }

export interface ProfileHandlerDeps {
  profiles: ProfileStore
  vault: Vault
  session: ActiveProfileControl
  demo: DemoProfiles
  makeClient: (options: ExchangeClientOptions) => ExchangeClient
}

export function createProfileHandlers(deps: ProfileHandlerDeps): ProfileHandlers {
  const { profiles, vault, session, demo } = deps
  const service = createProfileService({ profiles, vault, makeClient: deps.makeClient, demoBaseUrl: () => demo.info?.baseUrl ?? null })

  return {
    async 'profiles.list'() {
      await profiles.refresh() // the CLI or another window may have changed the file
      const list = profiles.list()
      // A profile another process added has a keychain entry this vault has not seen yet.
      if (list.some((p) => vault.storageOf(p.id) === 'missing')) await vault.list().catch(() => undefined)
      return list.map((p) => profileView(p, vault))
    },
    async 'profiles.create'(input) {
      // The test learns the key's account; a failed test still saves (the window has shown its result).
      const record = await service.create(input, (baseUrl) => service.accountOf(baseUrl, input, { required: false }))
      void session.publish()
      return profileView(record, vault)
    },
    async 'profiles.update'(input) {
      if (!profiles.get(input.id)) throw noSuchProfile()
      const { apiKey, apiSecret } = input
      if ((apiKey === undefined) !== (apiSecret === undefined)) {
        throw new TerminalError({
          kind: 'validation',
          code: 'KEY_AND_SECRET',
          field: apiKey === undefined ? 'apiKey' : 'apiSecret',
          message: 'Enter the API key and its secret together, or neither to keep the current ones.',
        })
      }
      const record = await service.update(input.id, {
        name: input.name,
        baseUrl: input.baseUrl,
        feedUrl: input.feedUrl,
        credentials: apiKey !== undefined && apiSecret !== undefined ? async () => ({ apiKey, apiSecret }) : undefined,
      })
      if (session.active?.id === input.id) await session.activate(input.id)
      return profileView(record, vault)
    },
    async 'profiles.remove'({ id }) {
      await service.remove(id)
      if (session.active?.id === id) await session.deactivate()
      await session.publish()
      return { removed: true }
    },
    'profiles.activate': ({ id }) => session.activate(id),
    async 'profiles.test'(input) {
      if (!('id' in input)) return service.testConnection(input.baseUrl, input)
      const record = profiles.get(input.id)
      if (!record) throw noSuchProfile()
      if (record.isDemo) await demo.ensure() // the demo may have moved to a new port: test where it is now
      return service.testConnection(profiles.get(input.id)!.baseUrl, await session.credentialsFor(input.id))
    },
  }
}
