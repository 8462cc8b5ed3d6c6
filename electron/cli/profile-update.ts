// `profiles update --name N | --id ID [--rename NEW] [--base-url URL] [--new-key]`: the app's edit, with
// the app's rule — a stored key and secret stay with the origin they were entered for, so a base URL
// on another origin needs --new-key (the key and secret from the environment or standard input, never
// from arguments). Refused before anything is read or written.
import { methodInputs, type ProfileView } from '../domain/api'
import { TerminalError, type FieldIssue } from '../domain/errors'
import type { Credentials } from '../core/exchange/client'
import { bindCredentials, originChangeRefusal } from '../core/credential-binding'
import { apiKeyHintOf, type ProfilePatch, type ProfileRecord, type ProfileStore } from '../core/profile-store'
import type { Vault } from '../core/vault'
import { UsageError } from './args'

export interface UpdateArgs {
  rename: string | undefined
  baseUrl: string | undefined
  newKey: boolean
}

/** What the update needs from `createProfileDeps`: the same store, vault and key input as `add`. */
export interface UpdateContext {
  find(): Promise<ProfileRecord>
  store(): Promise<ProfileStore>
  keychain(whatIfUnavailable: string): Promise<Vault>
  readCredentials(): Promise<Credentials>
  view(record: ProfileRecord): Promise<ProfileView>
}

const NEW_KEY_HINT = 'Add --new-key and give the key and secret as for profiles add (TERMINAL_API_KEY and TERMINAL_API_SECRET, or standard input).'

function invalid(issues: FieldIssue[]): TerminalError {
  return new TerminalError({
    kind: 'validation',
    code: 'INVALID_PROFILE',
    field: issues[0]?.field ?? 'form',
    issues,
    message: `Nothing was changed: ${issues.map((i) => `${i.field}: ${i.message}`).join('; ')}.`,
  })
}

export async function updateProfile(args: UpdateArgs, ctx: UpdateContext): Promise<ProfileView> {
  if (args.rename === undefined && args.baseUrl === undefined && !args.newKey) {
    throw new UsageError('profiles update needs at least one of --rename <name>, --base-url <url>, --new-key.')
  }
  const record = await ctx.find()
  const shape = methodInputs['profiles.update'].safeParse({
    id: record.id,
    ...(args.rename === undefined ? {} : { name: args.rename }),
    ...(args.baseUrl === undefined ? {} : { baseUrl: args.baseUrl }),
  })
  if (!shape.success) {
    throw invalid(shape.error.issues.map((issue) => ({ field: typeof issue.path[0] === 'string' ? issue.path[0] : 'form', code: 'INVALID_PROFILE', message: issue.message })))
  }
  const baseUrl = shape.data.baseUrl?.replace(/\/+$/, '')
  // Decided before reading a key: nobody is asked for a secret that would then be refused.
  const refusal = originChangeRefusal(record.baseUrl, { baseUrl, ...(args.newKey ? { apiKey: '', apiSecret: '' } : {}) })
  if (refusal) throw new TerminalError({ ...refusal.toData(), message: `${refusal.message} ${NEW_KEY_HINT}` })

  const credentials = args.newKey ? await ctx.readCredentials() : null
  if (credentials) {
    const checked = methodInputs['profiles.update'].safeParse({ id: record.id, apiKey: credentials.apiKey, apiSecret: credentials.apiSecret })
    // Never the zod message verbatim for these two fields: it is generic, and must never quote them.
    if (!checked.success) throw invalid([{ field: 'apiKey', code: 'INVALID_PROFILE', message: 'the API key and the API secret must be 8 to 256 characters' }])
  }

  const patch: ProfilePatch = {}
  if (shape.data.name !== undefined) patch.name = shape.data.name
  if (baseUrl !== undefined) {
    patch.baseUrl = baseUrl
    patch.isDemo = false // the CLI never moves a profile to the embedded demo: that is the app's own
  }
  const store = await ctx.store()
  if (!credentials) return ctx.view(await store.update(record.id, patch))

  const vault = await ctx.keychain('Nothing was changed: the CLI cannot keep the secret for a session, and it never writes it to a file.')
  const previous = await vault.read(record.id)
  const stored = await vault.write(record.id, bindCredentials(credentials, baseUrl ?? record.baseUrl))
  patch.apiKeyHint = apiKeyHintOf(credentials.apiKey)
  patch.accountId = null // a new key may belong to another account: learned again when next used
  try {
    if (stored !== 'keychain') throw new TerminalError({ kind: 'keychain', code: 'KEYCHAIN_UNAVAILABLE', message: 'The OS keychain stopped answering while saving; nothing was changed.' })
    return ctx.view(await store.update(record.id, patch))
  } catch (error) {
    // Put the old entry back (or, for a profile another process removed meanwhile, leave no orphan).
    const gone = error instanceof TerminalError && error.kind === 'not-found'
    await (previous && !gone ? vault.write(record.id, previous) : vault.remove(record.id)).catch(() => undefined)
    throw error
  }
}
