// Small JSON files in the data directory (profiles, preferences, market cache), written so that a
// crash or a full disk never leaves a half-written file, and read so that a damaged file is kept as a
// backup and reported instead of being silently replaced.
import { randomBytes } from 'node:crypto'
import { constants } from 'node:fs'
import { access, lstat, open, readFile, rename, unlink } from 'node:fs/promises'
import { basename, dirname, join } from 'node:path'
import type { z } from 'zod'
import { TerminalError } from '../../domain/errors'

export interface WriteOptions {
  /** File mode of the new file; 0o600 because these files describe the user's accounts. */
  mode?: number
}

/** A file the user made read-only is not replaced behind their back (a rename would ignore its mode). */
async function assertWritable(path: string): Promise<void> {
  try {
    await access(path, constants.W_OK)
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'ENOENT') return
    throw storageError('READ_ONLY', `Could not save ${path}: ${describeFsError(error)} (the file is read-only).`, error)
  }
}

/** Words for the OS error codes a user can act on. */
function describeFsError(error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code
  switch (code) {
    case 'EACCES':
    case 'EPERM':
      return 'permission denied'
    case 'EROFS':
      return 'the file system is read-only'
    case 'ENOSPC':
      return 'the disk is full'
    case 'EDQUOT':
      return 'the disk quota is exhausted'
    case 'ENOENT':
      return 'the directory does not exist'
    case 'ENOTDIR':
      return 'a path component is not a directory'
    case 'EISDIR':
      return 'the path is a directory'
    default:
      return error instanceof Error ? error.message : String(error)
  }
}

export function storageError(code: string, message: string, cause?: unknown): TerminalError {
  return new TerminalError({ kind: 'storage', code, message }, { cause })
}

/**
 * Writes `data` to `path` atomically: a temporary file in the same directory (so the rename never
 * crosses file systems), flushed to disk, then renamed over the target. Readers see either the old
 * file or the new one, never a mix. On failure the old file is untouched and the temp file removed.
 */
export async function writeFileAtomic(path: string, data: string, options: WriteOptions = {}): Promise<void> {
  const dir = dirname(path)
  const temp = join(dir, `.${basename(path)}.${process.pid}.${randomBytes(6).toString('hex')}.tmp`)
  await assertWritable(path)
  let created = false
  try {
    const handle = await open(temp, 'wx', options.mode ?? 0o600)
    created = true
    try {
      await handle.writeFile(data, 'utf8')
      await handle.sync()
    } finally {
      await handle.close()
    }
    await rename(temp, path)
    created = false
  } catch (error) {
    if (created) await unlink(temp).catch(() => undefined)
    throw storageError('WRITE_FAILED', `Could not save ${path}: ${describeFsError(error)}.`, error)
  }
  // Persist the rename itself; best effort, since not every platform lets a directory be fsynced.
  try {
    const handle = await open(dir, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
  } catch {
    // ignored on purpose: the data is already written and renamed
  }
}

/** Serialises `value` as pretty JSON and writes it atomically. */
export async function writeJsonAtomic(path: string, value: unknown, options: WriteOptions = {}): Promise<void> {
  await writeFileAtomic(path, `${JSON.stringify(value, null, 2)}\n`, options)
}

export type ReadJsonResult<T> =
  | { status: 'ok'; value: T }
  | { status: 'missing'; missing: true }
  | {
      status: 'corrupt'
      corrupt: true
      /** What was wrong with the file, in words (no file contents). */
      reason: string
      /** Where the damaged file was moved; null when it could not be moved (it is still at `path`). */
      backupPath: string | null
    }

export interface ReadJsonOptions {
  /**
   * The newest file format this code understands. A file whose top-level `version` is a larger number
   * was written by a newer release: reading it throws a storage error and leaves the file alone,
   * because "fixing" it would destroy the user's data.
   */
  maxVersion?: number
  now?: () => Date
}

/** `profiles.json.corrupt-2026-01-31T12-00-00-000Z`; colons are not allowed in Windows file names. */
export function backupPathFor(path: string, now: Date): string {
  return `${path}.corrupt-${now.toISOString().replace(/[:.]/g, '-')}`
}

async function moveAside(path: string, now: Date): Promise<string | null> {
  const base = backupPathFor(path, now)
  // Two failures within one millisecond must not overwrite the first backup.
  for (let attempt = 0; attempt < 20; attempt++) {
    const candidate = attempt === 0 ? base : `${base}-${attempt}`
    try {
      await lstat(candidate)
      continue // taken: try the next name
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') continue
    }
    try {
      await rename(path, candidate)
      return candidate
    } catch {
      return null
    }
  }
  return null
}

function describeSchemaError(error: z.ZodError): string {
  const first = error.issues[0]
  if (!first) return 'it does not match the expected format'
  const where = first.path.length > 0 ? ` at ${first.path.join('.')}` : ''
  return `it does not match the expected format${where}: ${first.message}`
}

/**
 * Reads and validates a JSON file. A missing file is not an error. A file that cannot be read, is not
 * JSON or does not match the schema is renamed to `<path>.corrupt-<timestamp>` (kept for the user or
 * support to look at) and reported as corrupt, so the caller can start fresh without losing it.
 */
export async function readJsonFile<S extends z.ZodType>(path: string, schema: S, options: ReadJsonOptions = {}): Promise<ReadJsonResult<z.output<S>>> {
  const now = options.now ?? (() => new Date())
  let text: string
  try {
    text = await readFile(path, 'utf8')
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return { status: 'missing', missing: true }
    const reason = `it could not be read (${describeFsError(error)})`
    return { status: 'corrupt', corrupt: true, reason, backupPath: await moveAside(path, now()) }
  }

  let raw: unknown
  try {
    raw = JSON.parse(text)
  } catch {
    return { status: 'corrupt', corrupt: true, reason: 'it is not valid JSON', backupPath: await moveAside(path, now()) }
  }

  if (options.maxVersion !== undefined && typeof raw === 'object' && raw !== null && 'version' in raw) {
    const version = (raw as { version: unknown }).version
    if (typeof version === 'number' && version > options.maxVersion) {
      throw storageError(
        'FILE_TOO_NEW',
        `${path} was written by a newer version of the terminal (format ${version}; this version reads up to ${options.maxVersion}). ` + 'It was left untouched; update the terminal to use it.',
      )
    }
  }

  const parsed = schema.safeParse(raw)
  if (!parsed.success) {
    return { status: 'corrupt', corrupt: true, reason: describeSchemaError(parsed.error), backupPath: await moveAside(path, now()) }
  }
  return { status: 'ok', value: parsed.data }
}

/**
 * Reads and validates a JSON file without touching it: null when it is missing, unreadable, not JSON
 * or not of the schema. For a reader that is not the file's owner (the host's cached start, read
 * before the core): the owner reads it with readJsonFile, keeps a damaged one aside and says so.
 */
export async function peekJsonFile<S extends z.ZodType>(path: string, schema: S): Promise<z.output<S> | null> {
  try {
    const parsed = schema.safeParse(JSON.parse(await readFile(path, 'utf8')))
    return parsed.success ? parsed.data : null
  } catch {
    return null
  }
}
