// The credential vault: the one place that talks to the OS keychain (keytar), and the only file that
// imports it. One keychain entry per profile: service KEYCHAIN_SERVICE, account = profile id,
// password = JSON {apiKey, apiSecret, origin}: the origin the key was entered for travels with it, so
// the binding holds whichever process (app, web host, CLI) reads the entry.
//
// When the keychain cannot be used (keytar not built for this runtime, no Secret Service on D-Bus, a
// locked keychain, a call that hangs) the vault says why through status(), and keeps credentials in
// memory for this session only. There is deliberately no disk fallback, encrypted or not: a key that
// the OS does not protect is not written anywhere.
import { z } from 'zod'
import type { KeychainStatus } from '../../domain/api/api'
import { TerminalError } from '../../domain/errors'
import { describeKeychainFailure, firstLine, withTimeout as limited } from './keychain-calls'

export { describeKeychainFailure } from './keychain-calls'

export const KEYCHAIN_SERVICE = 'trading-terminal'
/**
 * A throwaway entry written and deleted once at start-up: proves the keychain accepts writes. Named per
 * process, so the app and the CLI starting together do not delete each other's probe; and under a
 * service of its own, so another process listing the profiles' entries never meets one: gnome-keyring
 * fails a whole listing when an item it found is deleted before its secret is read.
 */
const PROBE_SERVICE = `${KEYCHAIN_SERVICE}.probe`
const PROBE_PREFIX = '__trading-terminal-probe__'
const PROBE_ACCOUNT = `${PROBE_PREFIX}${process.pid}-${Math.random().toString(36).slice(2, 10)}`
/** Probes of older versions were written beside the profiles' entries: never listed as a profile. */
const isProbe = (account: string) => account.startsWith(PROBE_PREFIX)
/** The Secret Service's answer for an item deleted (by another process) between finding and reading it. */
const VANISHED_ITEM = /no such secret item/i
const LIST_ATTEMPTS = 3
const DEFAULT_TIMEOUT_MS = 5000

export interface StoredCredentials {
  apiKey: string
  apiSecret: string
  /** The exchange origin the key was stored for; absent only in entries written before origins were kept. */
  origin?: string
}

/** The part of keytar the vault uses; tests inject a fake. */
export interface KeytarLike {
  getPassword(service: string, account: string): Promise<string | null>
  setPassword(service: string, account: string, password: string): Promise<void>
  deletePassword(service: string, account: string): Promise<boolean>
  findCredentials(service: string): Promise<Array<{ account: string; password: string }>>
}

export type SecretStorage = 'keychain' | 'session' | 'missing'

export interface Vault {
  /**
   * Whether secrets go to the OS keychain, and why not. Probes the keychain once and caches the
   * answer (a failed keychain call later also updates it); `refresh` probes again.
   */
  status(options?: { refresh?: boolean }): Promise<KeychainStatus>
  /** Stores a profile's credentials; 'session' means memory only, because the keychain is unavailable. */
  write(profileId: string, credentials: StoredCredentials): Promise<'keychain' | 'session'>
  read(profileId: string): Promise<StoredCredentials | null>
  /** Deletes the credentials from memory and, when reachable, from the keychain. */
  remove(profileId: string): Promise<void>
  /** Ids of the profiles with stored credentials (keychain and session). */
  list(): Promise<string[]>
  /**
   * Where a profile's secret is, as far as this vault knows. The vault probes the keychain (and
   * learns its entries) as soon as it is created; await status() once before trusting this.
   */
  storageOf(profileId: string): SecretStorage
}

export interface VaultOptions {
  /** A keytar to use; null = none (as if not built); undefined = load the real one. */
  keytar?: KeytarLike | null
  /** Limit for each keychain call: a locked keychain can wait forever for a password prompt. */
  timeoutMs?: number
  /** Called with every secret the vault handles, so the logger can mask it. */
  registerSecret?: (value: string) => void
}

const credentialsSchema = z.object({ apiKey: z.string().min(1), apiSecret: z.string().min(1), origin: z.string().min(1).max(300).optional() })

function cleanCredentials(data: z.output<typeof credentialsSchema>): StoredCredentials {
  return { apiKey: data.apiKey, apiSecret: data.apiSecret, ...(data.origin === undefined ? {} : { origin: data.origin }) }
}
const profileIdSchema = z.string().min(1).max(200)

async function loadKeytar(): Promise<KeytarLike | string> {
  // A variable specifier keeps bundlers from inlining the native module: keytar must load from
  // node_modules at run time, and may be missing or built for another runtime (optional dependency).
  const specifier = 'keytar'
  try {
    const mod = (await import(/* @vite-ignore */ specifier)) as { default?: KeytarLike } & Partial<KeytarLike>
    const keytar = (mod.default ?? mod) as Partial<KeytarLike>
    if (typeof keytar.getPassword !== 'function' || typeof keytar.findCredentials !== 'function') {
      return 'The keychain library (keytar) loaded but does not look like keytar.'
    }
    return keytar as KeytarLike
  } catch (error) {
    const message = firstLine(error instanceof Error ? error.message : String(error))
    return `The keychain library (keytar) is not built for this runtime (${message}). Rebuild it with "npm rebuild keytar".`
  }
}

export function createVault(options: VaultOptions = {}): Vault {
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS
  const register = (credentials: StoredCredentials) => {
    options.registerSecret?.(credentials.apiSecret)
    options.registerSecret?.(credentials.apiKey)
  }

  const session = new Map<string, StoredCredentials>()
  const inKeychain = new Set<string>()
  let keytarPromise: Promise<KeytarLike | string> | null = null
  let statusPromise: Promise<KeychainStatus> | null = null
  const withTimeout = <T>(call: () => Promise<T>): Promise<T> => limited(call, timeoutMs)

  /**
   * The profiles' entries. A listing that failed because an entry vanished while it was read (another
   * process removed a profile at that moment) is asked again: that is not a keychain that is down.
   */
  async function findAll(keytar: KeytarLike): Promise<Array<{ account: string; password: string }>> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await withTimeout(() => keytar.findCredentials(KEYCHAIN_SERVICE))
      } catch (error) {
        if (attempt >= LIST_ATTEMPTS || !VANISHED_ITEM.test(error instanceof Error ? error.message : String(error))) throw error
      }
    }
  }

  function getKeytar(): Promise<KeytarLike | string> {
    if (keytarPromise === null) {
      if (options.keytar === null) keytarPromise = Promise.resolve('The keychain library (keytar) is not available in this build.')
      else if (options.keytar !== undefined) keytarPromise = Promise.resolve(options.keytar)
      else keytarPromise = loadKeytar()
    }
    return keytarPromise
  }

  async function probe(): Promise<KeychainStatus> {
    const keytar = await getKeytar()
    if (typeof keytar === 'string') return { available: false, reason: keytar }
    try {
      const entries = await findAll(keytar)
      for (const entry of entries) if (!isProbe(entry.account)) inKeychain.add(entry.account)
      // Listing works even where writing does not (gnome-keyring without an unlocked collection).
      await withTimeout(() => keytar.setPassword(PROBE_SERVICE, PROBE_ACCOUNT, 'probe'))
      await withTimeout(() => keytar.deletePassword(PROBE_SERVICE, PROBE_ACCOUNT))
      return { available: true }
    } catch (error) {
      return { available: false, reason: describeKeychainFailure(error) }
    }
  }

  function status(opts: { refresh?: boolean } = {}): Promise<KeychainStatus> {
    if (statusPromise === null || opts.refresh === true) statusPromise = probe()
    return statusPromise
  }

  /** The keychain when usable, else null. */
  async function usableKeytar(): Promise<KeytarLike | null> {
    const current = await status()
    if (!current.available) return null
    const keytar = await getKeytar()
    return typeof keytar === 'string' ? null : keytar
  }

  /** A keychain call failed after the probe said yes: remember why, and tell the caller. */
  function fail(code: string, action: string, error: unknown, secrets: string[] = []): TerminalError {
    let reason = describeKeychainFailure(error)
    for (const secret of secrets) if (secret.length > 0) reason = reason.split(secret).join('[redacted]')
    statusPromise = Promise.resolve({ available: false, reason })
    return new TerminalError({ kind: 'keychain', code, message: `Could not ${action}: ${reason}` })
  }

  function checkId(profileId: string): void {
    if (!profileIdSchema.safeParse(profileId).success) {
      throw new TerminalError({ kind: 'validation', code: 'INVALID_PROFILE_ID', message: 'A profile id is required.', field: 'id' })
    }
  }

  // Probe right away, so storageOf() knows the keychain's entries by the time anyone lists profiles.
  // The probe never rejects: a failure becomes the status' reason.
  void status()

  return {
    status,

    async write(profileId, credentials) {
      checkId(profileId)
      const parsed = credentialsSchema.safeParse(credentials)
      if (!parsed.success) {
        throw new TerminalError({ kind: 'validation', code: 'INVALID_CREDENTIALS', message: 'Both the API key and the API secret are required.', field: 'form' })
      }
      const clean = cleanCredentials(parsed.data)
      register(clean)
      const keytar = await usableKeytar()
      if (keytar === null) {
        session.set(profileId, clean)
        return 'session'
      }
      try {
        await withTimeout(() => keytar.setPassword(KEYCHAIN_SERVICE, profileId, JSON.stringify(clean)))
      } catch (error) {
        throw fail('KEYCHAIN_WRITE_FAILED', 'save the credentials in the keychain', error, [clean.apiKey, clean.apiSecret])
      }
      session.delete(profileId)
      inKeychain.add(profileId)
      return 'keychain'
    },

    async read(profileId) {
      checkId(profileId)
      const held = session.get(profileId)
      if (held) return { ...held }
      const keytar = await usableKeytar()
      if (keytar === null) return null
      let text: string | null
      try {
        text = await withTimeout(() => keytar.getPassword(KEYCHAIN_SERVICE, profileId))
      } catch (error) {
        throw fail('KEYCHAIN_READ_FAILED', 'read the credentials from the keychain', error)
      }
      if (text === null) {
        inKeychain.delete(profileId)
        return null
      }
      let raw: unknown
      try {
        raw = JSON.parse(text)
      } catch {
        raw = undefined
      }
      const parsed = credentialsSchema.safeParse(raw)
      if (!parsed.success) {
        // Never echo the entry: it may well be a secret stored by hand.
        throw new TerminalError({
          kind: 'keychain',
          code: 'KEYCHAIN_ENTRY_MALFORMED',
          message: `The keychain entry of this profile (service "${KEYCHAIN_SERVICE}") is not in the terminal's format. Enter the API key and secret again.`,
        })
      }
      const credentials = cleanCredentials(parsed.data)
      register(credentials)
      inKeychain.add(profileId)
      return credentials
    },

    async remove(profileId) {
      checkId(profileId)
      session.delete(profileId)
      const keytar = await usableKeytar()
      // Without a keychain there is nothing more this session can delete; status() already warns.
      if (keytar === null) return
      try {
        await withTimeout(() => keytar.deletePassword(KEYCHAIN_SERVICE, profileId))
      } catch (error) {
        throw fail('KEYCHAIN_DELETE_FAILED', 'delete the credentials from the keychain', error)
      }
      inKeychain.delete(profileId)
    },

    async list() {
      const ids = new Set(session.keys())
      const keytar = await usableKeytar()
      if (keytar !== null) {
        let entries: Array<{ account: string; password: string }>
        try {
          entries = await findAll(keytar)
        } catch (error) {
          throw fail('KEYCHAIN_LIST_FAILED', 'list the keychain entries', error)
        }
        inKeychain.clear()
        for (const entry of entries) {
          if (isProbe(entry.account)) continue
          inKeychain.add(entry.account)
          ids.add(entry.account)
        }
      }
      return [...ids]
    },

    storageOf(profileId) {
      if (session.has(profileId)) return 'session'
      if (inKeychain.has(profileId)) return 'keychain'
      return 'missing'
    },
  }
}
