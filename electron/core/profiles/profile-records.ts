// What a profile record is, and what one must pass before it is written to profiles.json: the file's
// versioned schema, every field within its limits, and a name no other profile has (whatever its
// case). The store (profile-store.ts) owns the file, the lock and the order of changes; this is only
// the shape and the rules, so they read the same wherever a record is made or changed.
import { z } from 'zod'
import { TerminalError } from '../../domain/errors'

export const PROFILES_VERSION = 1

export interface ProfileRecord {
  id: string
  name: string
  baseUrl: string
  /** The live feed's own address; null or absent: the one beside the base URL. */
  feedUrl?: string | null
  accountId: number | null
  /** The last 4 characters of the API key, so people can tell their keys apart. */
  apiKeyHint: string
  isDemo: boolean
  createdAt: string
  lastUsedAt: string | null
}

export type NewProfile = Omit<ProfileRecord, 'id' | 'createdAt' | 'lastUsedAt'>
export type ProfilePatch = Partial<Omit<ProfileRecord, 'id' | 'createdAt'>>

export const profileRecordSchema = z.object({
  id: z.string().min(1).max(64),
  name: z.string().trim().min(1).max(60),
  baseUrl: z.string().min(1).max(300),
  feedUrl: z.string().min(1).max(300).nullable().optional(),
  accountId: z.number().int().min(0).nullable(),
  apiKeyHint: z.string().max(8),
  isDemo: z.boolean(),
  createdAt: z.string().min(1),
  lastUsedAt: z.string().min(1).nullable(),
})

export const profilesFileSchema = z
  .object({
    version: z.literal(PROFILES_VERSION),
    profiles: z.array(profileRecordSchema),
    activeProfileId: z.string().nullable(),
  })
  .refine((file) => new Set(file.profiles.map((p) => p.id)).size === file.profiles.length, {
    message: 'two profiles have the same id',
    path: ['profiles'],
  })

/** The hint shown for a key: its last 4 characters. */
export function apiKeyHintOf(apiKey: string): string {
  return apiKey.trim().slice(-4)
}

/** Names are compared trimmed and without regard to case: "Main" and "main " are one name. */
export const nameKey = (name: string) => name.trim().toLocaleLowerCase()

/** The trimmed name, refused when empty, too long, or another profile's (`exceptId`: the one being renamed). */
export function checkName(name: string, exceptId: string | null, profiles: readonly ProfileRecord[]): string {
  const trimmed = name.trim()
  if (trimmed.length === 0 || trimmed.length > 60) {
    throw new TerminalError({ kind: 'validation', code: 'INVALID_NAME', field: 'name', message: 'Give the profile a name of 1 to 60 characters.' })
  }
  const clash = profiles.find((p) => p.id !== exceptId && nameKey(p.name) === nameKey(trimmed))
  if (clash) {
    throw new TerminalError({ kind: 'validation', code: 'NAME_TAKEN', field: 'name', message: `A profile named "${clash.name}" already exists.` })
  }
  return trimmed
}

/** The record as the file's schema reads it, or a validation error naming the first field that fails. */
export function checkRecord(record: ProfileRecord): ProfileRecord {
  const parsed = profileRecordSchema.safeParse(record)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    const field = typeof issue?.path[0] === 'string' ? issue.path[0] : 'form'
    throw new TerminalError({ kind: 'validation', code: 'INVALID_PROFILE', field, message: `Invalid ${field}: ${issue?.message ?? 'not valid'}` })
  }
  return parsed.data
}
