// Saved profiles for the CLI: `--profile <name>` and `profiles list`, over the same profile store and
// vault as the app, so a profile made in the window works from a script. The secret is read from the
// vault only when a request needs it, and never printed: `profiles list` shows the key's last 4
// characters, as the app does.
import { TerminalError } from '../domain/errors'
import type { Credentials } from '../core/exchange/client'
import { resolveDataDir } from '../core/data-dir'
import { createProfileStore, type ProfileStore } from '../core/profile-store'
import { createVault, type Vault } from '../core/vault'
import { UsageError } from './args'
import type { CliIo, ResolvedProfile } from './run'

export interface ProfileDepsOptions {
  env: CliIo['env']
  /** Tests pass a vault over a fake keychain; the CLI creates the real one when first needed. */
  vault?: Vault
  store?: ProfileStore
}

export function createProfileDeps(options: ProfileDepsOptions): Required<Pick<CliIo, 'resolveProfile' | 'profilesCommand'>> {
  let store: Promise<ProfileStore> | null = null
  let vault: Vault | null = options.vault ?? null

  function openStore(): Promise<ProfileStore> {
    store ??= (async () => {
      const opened = options.store ?? createProfileStore(resolveDataDir({ env: { ...options.env } as NodeJS.ProcessEnv }))
      await opened.load()
      return opened
    })()
    return store
  }

  return {
    async resolveProfile(name): Promise<ResolvedProfile> {
      const profiles = await openStore()
      const record = profiles.findByName(name) ?? profiles.get(name)
      if (!record) {
        const known = profiles.list().map((p) => p.name)
        throw new TerminalError({
          kind: 'not-found',
          code: 'PROFILE_NOT_FOUND',
          message: `There is no profile named "${name}".${known.length > 0 ? ` Known profiles: ${known.join(', ')}.` : ' Create one in the app first.'}`,
        })
      }
      const credentials = async (): Promise<Credentials> => {
        vault ??= createVault()
        const stored = await vault.read(record.id)
        if (stored) return stored
        const status = await vault.status()
        throw new TerminalError({
          kind: 'auth',
          code: 'NO_CREDENTIALS',
          message: `No API key is stored for profile "${record.name}"${status.available ? '' : ` (${status.reason ?? 'the keychain is unavailable'})`}. Enter the key again in the app.`,
        })
      }
      return { baseUrl: record.baseUrl, credentials }
    },

    async profilesCommand(args) {
      const [sub = 'list', ...rest] = args
      if (sub !== 'list' || rest.length > 0) {
        throw new UsageError('The CLI can list profiles ("profiles list"); create, change and remove them in the app, where the secret goes straight to the keychain.')
      }
      const profiles = await openStore()
      return profiles.list().map((p) => ({ id: p.id, name: p.name, baseUrl: p.baseUrl, apiKeyHint: p.apiKeyHint, accountId: p.accountId, isDemo: p.isDemo, lastUsedAt: p.lastUsedAt }))
    },
  }
}
