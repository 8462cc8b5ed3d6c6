// The one profile service: how a profile is tested, saved with its key, changed and removed. The
// core's profiles.* handlers (terminal-profiles.ts) and the CLI's `profiles` verbs
// (electron/cli/profiles.ts) both go through it, so the two cannot drift apart: the base URL is
// trimmed one way, the connection test and its clock skew are measured one way, a key is bound to
// the origin it was entered for, and the vault is put back the same way when the profiles file
// refuses a change.
//
// What differs between the hosts is said in the deps: the embedded demo exchange (the core has one)
// and where a secret may be kept (the CLI ends at once, so a secret kept for this session only would
// be lost: it saves nothing without the keychain).
import type { ConnectionTestResult, ProfileInput } from '../../domain/api/api'
import { TerminalError, toTerminalError } from '../../domain/errors'
import { feedUrlProblem, trimBaseUrl } from '../../domain/origin'
import { bindCredentials, originChangeRefusal } from '../credentials/credential-binding'
import { createExchangeClient, type Credentials, type ExchangeClient, type ExchangeClientOptions } from '../exchange/client'
import { apiKeyHintOf, type ProfilePatch, type ProfileRecord, type ProfileStore } from './profile-store'
import { ownAccountOf } from './profile-view'
import type { StoredCredentials, Vault } from '../credentials/vault'

export interface ProfileServiceDeps {
  profiles: ProfileStore
  vault: Vault
  /** Makes the connection test's client; the exchange client by default. */
  makeClient?: ((options: ExchangeClientOptions) => ExchangeClient) | undefined
  /** The embedded demo exchange's base URL while it runs; a profile pointed there is the demo. */
  demoBaseUrl?: (() => string | null) | undefined
  /**
   * 'keychain-or-session' (the app, the web host): without a keychain a secret lives in memory for
   * this session. 'keychain' (the CLI): without a keychain nothing is saved.
   */
  secrets?: 'keychain-or-session' | 'keychain'
}

/** A change to a saved profile; `credentials` are asked for only once the change is known to be allowed. */
export interface ProfileChange {
  name?: string | undefined
  baseUrl?: string | undefined
  /** '': back to the feed beside the base URL. */
  feedUrl?: string | undefined
  credentials?: (() => Promise<Credentials>) | undefined
}

/** How long a connection test waits for each answer, unless told otherwise. */
export const CONNECTION_TEST_TIMEOUT_MS = 8_000

export function noSuchProfile(): TerminalError {
  return new TerminalError({ kind: 'not-found', code: 'NO_SUCH_PROFILE', message: 'That profile does not exist (any more).' })
}

/** A feed URL on another host than the base URL would be sent the API's session token: refused. */
function checkFeedUrl(feedUrl: string | undefined, baseUrl: string): void {
  const problem = feedUrl ? feedUrlProblem(feedUrl, baseUrl) : null
  if (problem) throw new TerminalError({ kind: 'validation', code: 'BAD_FEED_URL', field: 'feedUrl', message: problem })
}

const keychainStopped = (what: string): TerminalError =>
  new TerminalError({ kind: 'keychain', code: 'KEYCHAIN_UNAVAILABLE', message: `The OS keychain stopped answering while saving; nothing was ${what}.` })

export type ProfileService = ReturnType<typeof createProfileService>

export function createProfileService(deps: ProfileServiceDeps) {
  const { profiles, vault } = deps
  const makeClient = deps.makeClient ?? createExchangeClient
  const keychainOnly = deps.secrets === 'keychain'
  const isDemoUrl = (baseUrl: string): boolean => baseUrl === (deps.demoBaseUrl?.() ?? null)

  /** Server time, then the account tree, with a client that tries once; a failure is thrown as it is. */
  async function probe(baseUrl: string, credentials: Credentials, timeoutMs = CONNECTION_TEST_TIMEOUT_MS): Promise<ConnectionTestResult> {
    const client = makeClient({ baseUrl, credentials: async () => credentials, timeoutMs, maxTries: 1 })
    const time = await client.time().catch(() => null)
    const accounts = await client.accounts({ include_subaccounts: true })
    // The client measured the skew when it read the time (the midpoint of the request).
    return { ok: true, accounts, serverTimeSkewMs: time ? client.serverSkewMs() : null }
  }

  /** The connection test as the window shows it: a failure is a result with its reason, not an error. */
  async function testConnection(baseUrl: string, credentials: Credentials, timeoutMs?: number): Promise<ConnectionTestResult> {
    try {
      return await probe(baseUrl, credentials, timeoutMs)
    } catch (error) {
      const e = toTerminalError(error)
      return { ok: false, accounts: [], serverTimeSkewMs: null, error: { kind: e.kind, code: e.code, message: e.message } }
    }
  }

  /** The account a key belongs to, from a connection test: `required` throws its failure, otherwise null. */
  async function accountOf(baseUrl: string, credentials: Credentials, options: { required: boolean; timeoutMs?: number | undefined }): Promise<number | null> {
    const test = options.required ? await probe(baseUrl, credentials, options.timeoutMs) : await testConnection(baseUrl, credentials, options.timeoutMs)
    return test.ok ? (ownAccountOf(test.accounts)?.id ?? null) : null
  }

  /** The keychain, or a refusal that says what was not done: a session-only secret would die with the CLI. */
  async function requireKeychain(whatIfUnavailable: string): Promise<void> {
    const status = await vault.status()
    if (status.available) return
    throw new TerminalError({ kind: 'keychain', code: 'KEYCHAIN_UNAVAILABLE', message: `The OS keychain is unreachable (${status.reason ?? 'no reason given'}). ${whatIfUnavailable}` })
  }

  /**
   * Writes a profile's key bound to `baseUrl`, then runs `save` (the record's change). If the key
   * cannot be kept, or `save` fails, the vault is put back as it was: the `previous` entry written
   * again, or the new one removed (a profile removed meanwhile by another process leaves no orphan).
   */
  async function withKey<T>(key: { id: string; credentials: Credentials; baseUrl: string; previous: StoredCredentials | null }, what: string, save: () => Promise<T>): Promise<T> {
    const { id, previous } = key
    const stored = await vault.write(id, bindCredentials(key.credentials, key.baseUrl))
    try {
      if (keychainOnly && stored !== 'keychain') throw keychainStopped(what)
      return await save()
    } catch (error) {
      const gone = error instanceof TerminalError && error.kind === 'not-found'
      await (previous && !gone ? vault.write(id, previous) : vault.remove(id)).catch(() => undefined)
      throw error
    }
  }

  /**
   * Saves a new profile and its key. `learnAccount` (a connection test, or nothing) runs once the
   * input is known to be acceptable and before anything is written; the record is removed again if
   * its key cannot be kept.
   */
  async function create(input: ProfileInput, learnAccount: (baseUrl: string) => Promise<number | null>): Promise<ProfileRecord> {
    const baseUrl = trimBaseUrl(input.baseUrl)
    checkFeedUrl(input.feedUrl, baseUrl)
    if (keychainOnly) await requireKeychain('Nothing was saved: the secret is kept only in the keychain, never for a session and never in a file.')
    const accountId = await learnAccount(baseUrl)
    const record = await profiles.create({
      name: input.name,
      baseUrl,
      ...(input.feedUrl ? { feedUrl: input.feedUrl } : {}),
      accountId,
      apiKeyHint: apiKeyHintOf(input.apiKey),
      isDemo: isDemoUrl(baseUrl),
    })
    try {
      await withKey({ id: record.id, credentials: input, baseUrl, previous: null }, 'saved', async () => undefined)
    } catch (error) {
      await profiles.remove(record.id).catch(() => undefined)
      throw error
    }
    return record
  }

  /**
   * Changes a saved profile. Refused before any key is asked for or anything is written: a base URL
   * on another origin without a new key, or a feed URL (kept or new) on another host than the base URL.
   */
  async function update(id: string, change: ProfileChange): Promise<ProfileRecord> {
    const record = profiles.get(id)
    if (!record) throw noSuchProfile()
    const baseUrl = change.baseUrl === undefined ? undefined : trimBaseUrl(change.baseUrl)
    const refusal = originChangeRefusal(record.baseUrl, { baseUrl, ...(change.credentials ? { apiKey: '', apiSecret: '' } : {}) })
    if (refusal) throw refusal
    checkFeedUrl(change.feedUrl ?? record.feedUrl ?? undefined, baseUrl ?? record.baseUrl)
    const patch: ProfilePatch = {}
    if (change.name !== undefined) patch.name = change.name
    if (change.feedUrl !== undefined) patch.feedUrl = change.feedUrl === '' ? null : change.feedUrl
    if (baseUrl !== undefined) {
      patch.baseUrl = baseUrl
      patch.isDemo = isDemoUrl(baseUrl)
    }
    const credentials = change.credentials ? await change.credentials() : null
    if (!credentials) return profiles.update(id, patch)
    if (keychainOnly) await requireKeychain('Nothing was changed: the secret is kept only in the keychain, never for a session and never in a file.')
    patch.apiKeyHint = apiKeyHintOf(credentials.apiKey)
    patch.accountId = null // a new key may belong to another account: learned again when next used
    const previous = await vault.read(id)
    return withKey({ id, credentials, baseUrl: baseUrl ?? record.baseUrl, previous }, 'changed', () => profiles.update(id, patch))
  }

  /** Removes a profile and its key (the key first: a record without its key is harmless, a key without a record an orphan). */
  async function remove(id: string): Promise<ProfileRecord> {
    const record = profiles.get(id)
    if (!record) throw noSuchProfile()
    if (keychainOnly) await requireKeychain(`Nothing was removed: the secret of "${record.name}" could not be deleted. Try again when the keychain is available.`)
    await vault.remove(id)
    await profiles.remove(id)
    return record
  }

  return { probe, testConnection, accountOf, create, update, remove }
}
