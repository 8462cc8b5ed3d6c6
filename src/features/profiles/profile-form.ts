// The profile form's rules: the same zod schemas the core checks its input with (api.ts), so a
// field the form accepts is a field the core accepts, and each message lands on its own field.
// Server-side errors (TerminalError issues) are mapped onto the same fields.
import { methodInputs, profileInputSchema } from '@domain/api/api'
import { isTerminalError } from '@domain/errors'
import { originOf, sameOrigin } from '@domain/origin'

export const PROFILE_FIELDS = ['name', 'baseUrl', 'feedUrl', 'apiKey', 'apiSecret'] as const
export type ProfileField = (typeof PROFILE_FIELDS)[number]
export type ProfileFormValues = Record<ProfileField, string>
export type ProfileFieldErrors = Partial<Record<ProfileField, string>>

/** Names a server might use for the same fields. */
const FIELD_ALIASES: Record<string, ProfileField> = {
  name: 'name',
  baseUrl: 'baseUrl',
  base_url: 'baseUrl',
  url: 'baseUrl',
  feedUrl: 'feedUrl',
  feed_url: 'feedUrl',
  apiKey: 'apiKey',
  api_key: 'apiKey',
  key: 'apiKey',
  apiSecret: 'apiSecret',
  api_secret: 'apiSecret',
  secret: 'apiSecret',
}

export const emptyProfileForm = (): ProfileFormValues => ({ name: '', baseUrl: '', feedUrl: '', apiKey: '', apiSecret: '' })

/**
 * True when an edit moves the profile to another origin (scheme, host, port) than its stored key and
 * secret belong to: the core refuses that without the key and secret typed again, so the form asks
 * for them before sending. Path changes and spelling differences (case, default port) do not count.
 */
export function originChanged(baseUrl: string, storedBaseUrl: string): boolean {
  return originOf(baseUrl) !== null && !sameOrigin(baseUrl, storedBaseUrl)
}

export const KEY_AGAIN_MESSAGE = 'Another exchange address: enter the API key and secret again'

/**
 * Checks one field. In edit mode an empty key or secret means "unchanged" and is fine — unless the
 * base URL now points to another origin than `stored` (the profile as saved).
 */
export function validateProfileField(field: ProfileField, values: ProfileFormValues, mode: 'create' | 'edit', stored?: { baseUrl: string }): string | null {
  const value = values[field]
  if (mode === 'edit' && (field === 'apiKey' || field === 'apiSecret') && value === '') {
    return stored && originChanged(values.baseUrl, stored.baseUrl) ? KEY_AGAIN_MESSAGE : null
  }
  // An empty feed URL is no URL: the feed beside the base URL.
  if (field === 'feedUrl' && value.trim() === '') return null
  const result = profileInputSchema.shape[field].safeParse(value)
  return result.success ? null : (result.error.issues[0]?.message ?? 'Invalid')
}

/** Checks the whole form; an empty object means it may be sent. */
export function validateProfileForm(values: ProfileFormValues, mode: 'create' | 'edit', stored?: { baseUrl: string }): ProfileFieldErrors {
  const errors: ProfileFieldErrors = {}
  for (const field of PROFILE_FIELDS) {
    const message = validateProfileField(field, values, mode, stored)
    if (message) errors[field] = message
  }
  return errors
}

/**
 * The update to send for an edit: only fields that changed, key and secret only when typed. Null
 * when nothing changed. Checked against the core's own schema for profiles.update.
 */
export function profilePatch(id: string, values: ProfileFormValues, original: { name: string; baseUrl: string; feedUrl?: string | null }) {
  const patch: { id: string; name?: string; baseUrl?: string; feedUrl?: string; apiKey?: string; apiSecret?: string } = { id }
  if (values.name.trim() !== original.name) patch.name = values.name.trim()
  if (values.baseUrl.trim() !== original.baseUrl) patch.baseUrl = values.baseUrl.trim()
  // empty: back to the feed beside the base URL
  if (values.feedUrl.trim() !== (original.feedUrl ?? '')) patch.feedUrl = values.feedUrl.trim()
  if (values.apiKey !== '') patch.apiKey = values.apiKey
  if (values.apiSecret !== '') patch.apiSecret = values.apiSecret
  if (Object.keys(patch).length === 1) return null
  return methodInputs['profiles.update'].parse(patch)
}

/** Splits a failure into messages for fields and one for the form as a whole. */
export function errorsFromFailure(error: unknown): { fields: ProfileFieldErrors; form: string | null } {
  const fields: ProfileFieldErrors = {}
  if (!isTerminalError(error)) return { fields, form: error instanceof Error ? error.message : String(error) }
  const unplaced: string[] = []
  for (const issue of error.issues ?? []) {
    const field = FIELD_ALIASES[issue.field]
    if (field && !fields[field]) fields[field] = issue.message
    else if (!field) unplaced.push(issue.message)
  }
  const field = error.field ? FIELD_ALIASES[error.field] : undefined
  if (field && !fields[field]) fields[field] = error.message
  const placedAll = Object.keys(fields).length > 0 && unplaced.length === 0
  const form = placedAll ? null : [field ? null : error.message, ...unplaced].filter(Boolean).join(' ')
  return { fields, form: form || null }
}
