// The cached start kept ready: the answer to market.cachedStart (cached-start.ts) as the core last
// read it, beside the size, modification time and inode of every file it was read from (the preferences,
// the profiles, the pop-outs, the chart's cache and the pair list). The web host answers the window's
// first ask from it while none of those files has changed since, without loading the checks that
// read them (zod and the exchange's schemas: ~50 ms of its start, and as much again running them cold
// — issue 46); otherwise it reads them as before. The core writes it (start-file-keeper.ts).
//
// This module loads nothing but Node's file calls, so that the host's read stays light. What it
// reads the core wrote from checked files, and it is believed only while every one of those is as it
// was: a changed, missing or new file, a damaged start file or one of another shape means "read them
// again", never an answer. The shape is checked by hand for that reason (a check library is what it
// avoids loading): enough to know it is the core's file, not to check its values again.
import { readFile, stat } from 'node:fs/promises'
import { join } from 'node:path'
import type { CachedStart } from '../../domain/api/api'

/** Where the kept answer is, in the data directory (with the cache it is made from). */
export const START_FILE = join('cache', 'start.json')

/**
 * Each file's [size, mtimeMs, inode] by its path in the data directory; null: there was no such file.
 * The inode tells a rewrite that kept the size within the file system's clock step: the core writes
 * its files by renaming a new one over the old.
 */
export type Stamps = Record<string, [number, number, number] | null>

/** The stamps of `files` (paths in `dataDir`), in their order. */
export async function stampsOf(dataDir: string, files: readonly string[]): Promise<Stamps> {
  const entries = await Promise.all(
    files.map(async (file): Promise<[string, [number, number, number] | null]> => {
      try {
        const s = await stat(join(dataDir, file))
        return [file, [s.size, s.mtimeMs, s.ino]]
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [file, null]
        throw error
      }
    }),
  )
  return Object.fromEntries(entries)
}

export function sameStamps(a: Stamps, b: Stamps): boolean {
  const keys = Object.keys(a)
  if (keys.length !== Object.keys(b).length) return false
  return keys.every((k) => {
    const x = a[k]
    const y = b[k]
    return x === null || x === undefined ? y === null : y !== null && y !== undefined && x.every((v, i) => v === y[i])
  })
}

export interface StartFile {
  version: 1
  stamps: Stamps
  answer: CachedStart | null
}

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function isStamps(v: unknown): v is Stamps {
  return isObject(v) && Object.keys(v).length > 0 && Object.values(v).every((s) => s === null || (Array.isArray(s) && s.length === 3 && s.every(Number.isFinite)))
}

function isAnswer(v: unknown): v is CachedStart | null {
  if (v === null) return true
  if (!isObject(v) || typeof v.profileId !== 'string' || !Array.isArray(v.pairs) || !isObject(v.prefs)) return false
  const snapshot = v.snapshot
  return isObject(snapshot) && typeof snapshot.pair === 'string' && typeof snapshot.interval === 'string' && Array.isArray(snapshot.candles) && snapshot.candles.length > 0
}

/**
 * The kept answer while every file it was read from is as it was; undefined when it cannot be
 * believed (none kept, damaged, or a file changed): the caller reads the files themselves.
 */
export async function readStartFile(dataDir: string): Promise<CachedStart | null | undefined> {
  try {
    const file = JSON.parse(await readFile(join(dataDir, START_FILE), 'utf8')) as unknown
    if (!isObject(file) || file.version !== 1 || !isStamps(file.stamps) || !isAnswer(file.answer)) return undefined
    const now = await stampsOf(dataDir, Object.keys(file.stamps))
    return sameStamps(now, file.stamps) ? file.answer : undefined
  } catch {
    return undefined
  }
}

/** The cached start: the kept answer when it can be believed, else `read` (the files themselves). */
export async function readCachedStartQuickly(dataDir: string, read: () => Promise<CachedStart | null>): Promise<CachedStart | null> {
  const kept = await readStartFile(dataDir)
  return kept === undefined ? read() : kept
}
