// Profile metadata (never a secret: those live in the vault) in <dataDir>/profiles.json.
//
// The file is versioned and schema-checked. Every change is written atomically and only then applied
// in memory, so a failed write (read-only file or directory, full disk) loses nothing: the old file
// and the current state both stay as they were. A damaged file is moved aside and reported, never
// silently replaced; a file from a newer release is left alone and blocks saving.
//
// The app, the web host and the CLI share the file. Each change re-reads it under a lock between
// processes (file-lock.ts) and applies itself to what is on disk now, so a profile another process
// added a moment ago is kept; refresh() picks up such changes for display.
import { randomUUID } from 'node:crypto'
import { join } from 'node:path'
import { TerminalError, isTerminalError } from '../../domain/errors'
import { readJsonFile, writeJsonAtomic } from '../storage/atomic-file'
import { withFileLock } from '../storage/file-lock'
import { PROFILES_VERSION, checkName as checkNameAmong, checkRecord, nameKey, profilesFileSchema, type NewProfile, type ProfilePatch, type ProfileRecord } from './profile-records'

export { PROFILES_VERSION, apiKeyHintOf, profileRecordSchema, type NewProfile, type ProfilePatch, type ProfileRecord } from './profile-records'

export const PROFILES_FILE = 'profiles.json'

export interface ProfileStore {
  /** Reads the file. Resolves with warnings for a damaged file; rejects for a file from a newer release. */
  load(): Promise<{ warnings: string[] }>
  /** The warnings of the last load, for the UI. */
  problems(): string[]
  /** Re-reads the file for changes another process made; never rejects (problems() says what went wrong). */
  refresh(): Promise<void>
  list(): ProfileRecord[]
  get(id: string): ProfileRecord | null
  findByName(name: string): ProfileRecord | null
  create(input: NewProfile): Promise<ProfileRecord>
  update(id: string, patch: ProfilePatch): Promise<ProfileRecord>
  remove(id: string): Promise<void>
  activeId(): string | null
  /** Makes a profile the active one (and stamps its lastUsedAt), or clears the choice with null. */
  setActive(id: string | null): Promise<void>
  readonly path: string
}

export interface ProfileStoreOptions {
  now?: () => Date
  newId?: () => string
}

interface State {
  profiles: ProfileRecord[]
  activeProfileId: string | null
}

export function createProfileStore(dataDir: string, options: ProfileStoreOptions = {}): ProfileStore {
  const now = options.now ?? (() => new Date())
  const newId = options.newId ?? (() => randomUUID())
  const path = join(dataDir, PROFILES_FILE)

  let state: State = { profiles: [], activeProfileId: null }
  let warnings: string[] = []
  let loaded: Promise<{ warnings: string[] }> | null = null
  /** Set when saving would destroy data we could not back up (a newer or an immovable file). */
  let blocked: TerminalError | null = null
  /** Changes run one at a time, so two of them never decide against the same old state. */
  let queue: Promise<unknown> = Promise.resolve()

  /** Each re-read may find the same problem again: it is reported once. */
  const warn = (message: string) => void (warnings.includes(message) || warnings.push(message))

  /** Reads the file into `state`; new warnings are added to the ones already reported. */
  async function readFromDisk(): Promise<{ warnings: string[] }> {
    blocked = null
    let result
    try {
      result = await readJsonFile(path, profilesFileSchema, { maxVersion: PROFILES_VERSION, now })
    } catch (error) {
      if (isTerminalError(error)) {
        blocked = error
        warn(error.message)
        state = { profiles: [], activeProfileId: null }
      }
      throw error
    }
    if (result.status === 'missing') {
      state = { profiles: [], activeProfileId: null }
    } else if (result.status === 'corrupt') {
      state = { profiles: [], activeProfileId: null }
      if (result.backupPath !== null) {
        warnings.push(`The profiles file was damaged (${result.reason}). It was kept as ${result.backupPath} and the terminal started without profiles.`)
      } else {
        const message = `The profiles file ${path} is damaged (${result.reason}) and could not be moved aside. Profiles cannot be saved until it is removed or fixed.`
        warn(message)
        blocked = new TerminalError({ kind: 'storage', code: 'PROFILES_FILE_DAMAGED', message })
      }
    } else {
      const { profiles, activeProfileId } = result.value
      const active = activeProfileId !== null && profiles.some((p) => p.id === activeProfileId) ? activeProfileId : null
      state = { profiles, activeProfileId: active }
    }
    return { warnings: [...warnings] }
  }

  function load(): Promise<{ warnings: string[] }> {
    warnings = []
    loaded = readFromDisk()
    return loaded
  }

  async function persist(next: State): Promise<void> {
    if (blocked) throw blocked
    try {
      await writeJsonAtomic(path, { version: PROFILES_VERSION, profiles: next.profiles, activeProfileId: next.activeProfileId })
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error)
      throw new TerminalError({ kind: 'storage', code: 'PROFILES_NOT_SAVED', message: `The change was not saved, your profiles are as they were. ${reason}` }, { cause: error })
    }
    state = next
  }

  /**
   * Runs one change after the previous one has finished, holding the file lock, on the file as it is
   * on disk now (another process may have changed it since we last looked).
   */
  function change<T>(run: () => Promise<T>): Promise<T> {
    const task = queue.then(async () => {
      if (loaded !== null) await loaded.catch(() => undefined)
      try {
        return await withFileLock(path, async () => {
          loaded = readFromDisk()
          await loaded
          return run()
        })
      } catch (error) {
        if (isTerminalError(error) && (error.code === 'FILE_BUSY' || error.code === 'LOCK_FAILED')) {
          if (blocked) throw blocked // the more useful reason: the file is damaged, or from a newer release
          throw new TerminalError({ kind: 'storage', code: 'PROFILES_NOT_SAVED', message: `The change was not saved, your profiles are as they were: ${error.message}.` }, { cause: error })
        }
        throw error
      }
    })
    queue = task.catch(() => undefined)
    return task
  }

  function refresh(): Promise<void> {
    const task = queue.then(async () => {
      loaded = readFromDisk()
      await loaded.catch(() => undefined) // a newer or damaged file: recorded in problems() and `blocked`
    })
    queue = task
    return task
  }

  function find(id: string): ProfileRecord {
    const profile = state.profiles.find((p) => p.id === id)
    if (!profile) throw new TerminalError({ kind: 'not-found', code: 'PROFILE_NOT_FOUND', message: 'That profile does not exist (any more).' })
    return profile
  }

  const checkName = (name: string, exceptId: string | null): string => checkNameAmong(name, exceptId, state.profiles)
  const copy = (p: ProfileRecord): ProfileRecord => ({ ...p })

  return {
    path,
    load,
    problems: () => [...warnings],
    refresh,
    list: () => state.profiles.map(copy),
    get: (id) => {
      const found = state.profiles.find((p) => p.id === id)
      return found ? copy(found) : null
    },
    findByName: (name) => {
      const found = state.profiles.find((p) => nameKey(p.name) === nameKey(name))
      return found ? copy(found) : null
    },
    activeId: () => state.activeProfileId,

    create: (input) =>
      change(async () => {
        const record = checkRecord({
          id: newId(),
          name: checkName(input.name, null),
          baseUrl: input.baseUrl.trim(),
          ...(input.feedUrl ? { feedUrl: input.feedUrl.trim() } : {}),
          accountId: input.accountId,
          apiKeyHint: input.apiKeyHint,
          isDemo: input.isDemo,
          createdAt: now().toISOString(),
          lastUsedAt: null,
        })
        if (state.profiles.some((p) => p.id === record.id)) {
          throw new TerminalError({ kind: 'internal', code: 'DUPLICATE_ID', message: 'A new profile got an id that is already used.' })
        }
        await persist({ ...state, profiles: [...state.profiles, record] })
        return copy(record)
      }),

    update: (id, patch) =>
      change(async () => {
        const current = find(id)
        const merged: ProfileRecord = {
          id: current.id,
          createdAt: current.createdAt,
          name: patch.name === undefined ? current.name : checkName(patch.name, id),
          baseUrl: patch.baseUrl === undefined ? current.baseUrl : patch.baseUrl.trim(),
          feedUrl: patch.feedUrl === undefined ? (current.feedUrl ?? null) : patch.feedUrl ? patch.feedUrl.trim() : null,
          accountId: patch.accountId === undefined ? current.accountId : patch.accountId,
          apiKeyHint: patch.apiKeyHint ?? current.apiKeyHint,
          isDemo: patch.isDemo ?? current.isDemo,
          lastUsedAt: patch.lastUsedAt === undefined ? current.lastUsedAt : patch.lastUsedAt,
        }
        const record = checkRecord(merged)
        await persist({ ...state, profiles: state.profiles.map((p) => (p.id === id ? record : p)) })
        return copy(record)
      }),

    remove: (id) =>
      change(async () => {
        find(id)
        await persist({
          profiles: state.profiles.filter((p) => p.id !== id),
          activeProfileId: state.activeProfileId === id ? null : state.activeProfileId,
        })
      }),

    setActive: (id) =>
      change(async () => {
        if (id === null) {
          await persist({ ...state, activeProfileId: null })
          return
        }
        find(id)
        const stamp = now().toISOString()
        await persist({
          profiles: state.profiles.map((p) => (p.id === id ? { ...p, lastUsedAt: stamp } : p)),
          activeProfileId: id,
        })
      }),
  }
}
