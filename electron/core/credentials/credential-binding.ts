// A stored key and secret go only to the origin they were entered for. Every host (app, web host,
// CLI) reads credentials through here, so a profile whose URL was changed behind the vault's back — an
// edited profiles.json, an older release, a bug — is refused before anything is signed or sent.
import { ORIGIN_CHANGE_MESSAGE, originOf, sameOrigin } from '../../domain/origin'
import { TerminalError } from '../../domain/errors'
import type { StoredCredentials, Vault } from './vault'

export interface BindingTarget {
  id: string
  name: string
  baseUrl: string
}

/** What a fresh write stores: the key, the secret and the origin of the URL they are for. */
export function bindCredentials(credentials: { apiKey: string; apiSecret: string }, baseUrl: string): StoredCredentials {
  const origin = originOf(baseUrl)
  if (origin === null) {
    throw new TerminalError({ kind: 'validation', code: 'INVALID_BASE_URL', field: 'baseUrl', message: 'Enter an http(s) URL like https://exchange.example/api/v3.' })
  }
  return { apiKey: credentials.apiKey, apiSecret: credentials.apiSecret, origin }
}

/**
 * The refusal of a base-URL change that would carry the stored key to another origin; null when the
 * change is allowed (same origin, no change, or a new key and secret come with it).
 */
export function originChangeRefusal(currentUrl: string, patch: { baseUrl?: string | undefined; apiKey?: string | undefined; apiSecret?: string | undefined }): TerminalError | null {
  if (patch.baseUrl === undefined || sameOrigin(currentUrl, patch.baseUrl)) return null
  if (patch.apiKey !== undefined && patch.apiSecret !== undefined) return null
  return new TerminalError({ kind: 'validation', code: 'ORIGIN_CHANGED_NEEDS_KEY', field: 'baseUrl', message: ORIGIN_CHANGE_MESSAGE })
}

/**
 * The profile's credentials for a request to its own base URL, or null when none are stored. Refuses
 * (kind 'auth', on the baseUrl field) when the entry belongs to another origin. An entry from before
 * origins were stored is bound to the profile's URL on first use (trust on first use: the URL it has
 * been used with all along).
 */
export async function readBoundCredentials(vault: Vault, profile: BindingTarget): Promise<StoredCredentials | null> {
  const stored = await vault.read(profile.id)
  if (stored === null) return null
  if (stored.origin === undefined) {
    const bound = bindCredentials(stored, profile.baseUrl)
    await vault.write(profile.id, bound)
    return bound
  }
  if (!sameOrigin(stored.origin, profile.baseUrl)) {
    throw new TerminalError({
      kind: 'auth',
      code: 'CREDENTIALS_BOUND_ELSEWHERE',
      field: 'baseUrl',
      message: `The key of "${profile.name}" was stored for ${stored.origin}, not for ${originOf(profile.baseUrl) ?? 'this address'}; nothing was sent. Edit the profile and enter the API key and secret again.`,
    })
  }
  return stored
}

/**
 * The credentials of a profile for a request to `baseUrl` (its own by default: a client made before a
 * URL change keeps its old one), refused as readBoundCredentials does; a missing profile or entry is
 * an error that tells the trader what to do.
 */
export async function requireBoundCredentials(vault: Vault, profile: BindingTarget | null, baseUrl?: string): Promise<StoredCredentials> {
  const creds = profile ? await readBoundCredentials(vault, { ...profile, baseUrl: baseUrl ?? profile.baseUrl }) : null
  if (!creds) {
    throw new TerminalError({
      kind: 'keychain',
      code: 'NO_CREDENTIALS',
      message: 'This profile’s API key is not available (the keychain has no entry, or it was kept for a previous session only). Edit the profile and enter the key again.',
    })
  }
  return creds
}

/**
 * Moves a profile's stored credentials to a new URL. Only for what the core itself decides — the
 * embedded demo exchange listens on a new port at each launch — never for a URL the renderer chose.
 */
export async function rebindCredentials(vault: Vault, profileId: string, baseUrl: string): Promise<void> {
  const stored = await vault.read(profileId)
  if (stored !== null) await vault.write(profileId, bindCredentials(stored, baseUrl))
}
