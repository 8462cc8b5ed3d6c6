// `profiles update --name N | --id ID [--rename NEW] [--base-url URL] [--new-key]`: the app's edit,
// through the same profile service (electron/core/profiles/profile-service.ts), so the app's rule holds — a
// stored key and secret stay with the origin they were entered for, so a base URL on another origin
// needs --new-key (the key and secret from the environment or standard input, never from
// arguments). Refused before anything is read or written.
import { methodInputs, type ProfileView } from '../domain/api/api'
import { TerminalError, type FieldIssue } from '../domain/errors'
import type { Credentials } from '../core/exchange/client'
import type { ProfileService } from '../core/profiles/profile-service'
import type { ProfileRecord } from '../core/profiles/profile-store'
import { UsageError } from './args'

export interface UpdateArgs {
  rename: string | undefined
  baseUrl: string | undefined
  newKey: boolean
}

/** What the update needs from `createProfileDeps`: the same store, service and key input as `add`. */
export interface UpdateContext {
  find(): Promise<ProfileRecord>
  service(): Promise<ProfileService>
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
  // Read only once the service has found the change allowed: nobody is asked for a secret that would be refused.
  const credentials = async (): Promise<Credentials> => {
    const read = await ctx.readCredentials()
    const checked = methodInputs['profiles.update'].safeParse({ id: record.id, apiKey: read.apiKey, apiSecret: read.apiSecret })
    // Never the zod message verbatim for these two fields: it is generic, and must never quote them.
    if (!checked.success) throw invalid([{ field: 'apiKey', code: 'INVALID_PROFILE', message: 'the API key and the API secret must be 8 to 256 characters' }])
    return read
  }
  const service = await ctx.service()
  try {
    const updated = await service.update(record.id, { name: shape.data.name, baseUrl: shape.data.baseUrl, credentials: args.newKey ? credentials : undefined })
    return await ctx.view(updated)
  } catch (error) {
    if (error instanceof TerminalError && error.code === 'ORIGIN_CHANGED_NEEDS_KEY') throw new TerminalError({ ...error.toData(), message: `${error.message} ${NEW_KEY_HINT}` })
    throw error
  }
}
