// A lock between processes around read-modify-write of one file in the data directory: the app, the
// web host and the CLI all change profiles.json, and without it the second writer would replace the
// first one's profile (and orphan its keychain entry). proper-lockfile (mkdir-based, works on network
// file systems, stale locks of crashed processes expire) rather than a hand-made lock.
import { lock } from 'proper-lockfile'
import { TerminalError } from '../../domain/errors'

export interface FileLockOptions {
  /** How long to wait for another process before giving up; default 10 s. */
  waitMs?: number
  /** A lock not refreshed for this long belongs to a crashed process and is taken over; default 10 s. */
  staleMs?: number
}

/** Runs `critical` while holding the lock on `path` (the file need not exist; the lock is `<path>.lock`). */
export async function withFileLock<T>(path: string, critical: () => Promise<T>, options: FileLockOptions = {}): Promise<T> {
  const waitMs = options.waitMs ?? 10_000
  const deadline = Date.now() + waitMs
  let release: (() => Promise<void>) | null = null
  for (let pause = 5; release === null; pause = Math.min(pause * 2, 100)) {
    try {
      release = await lock(path, {
        realpath: false, // the file may not exist yet
        stale: options.staleMs ?? 10_000,
        // Our critical sections take milliseconds; a lock taken over as stale (this process stalled for
        // longer than staleMs) must not crash the process, and the atomic write still leaves a whole file.
        onCompromised: () => undefined,
      })
    } catch (error) {
      const code = (error as NodeJS.ErrnoException).code
      // Only a lock held by someone else is worth waiting for; a read-only or missing directory is not.
      if (code === 'ELOCKED' && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, pause / 2 + Math.random() * pause))
        continue
      }
      const reason =
        code === 'ELOCKED'
          ? `another terminal process (the app, the web host or the CLI) kept ${path} locked for more than ${Math.round(waitMs / 1000)} s`
          : `could not lock ${path} (${error instanceof Error ? error.message : String(error)})`
      throw new TerminalError({ kind: 'storage', code: code === 'ELOCKED' ? 'FILE_BUSY' : 'LOCK_FAILED', message: reason }, { cause: error })
    }
  }
  try {
    return await critical()
  } finally {
    await release().catch(() => undefined)
  }
}

export interface HeldLock {
  /** Gives the lock up (idempotent). */
  release(): Promise<void>
}

/**
 * Takes the lock on `path` for as long as the caller runs (a keeper, not a critical section), without
 * waiting: null when another live process holds it. proper-lockfile refreshes the lock's time while it
 * is held, so a lock left by a process that died goes stale after `staleMs` and is taken over here.
 * `onLost` runs when the lock was taken from this process (it stalled past `staleMs`, or the lock
 * directory went away): the holder must stop acting at once.
 */
export async function holdFileLock(path: string, options: { staleMs?: number; onLost: () => void }): Promise<HeldLock | null> {
  let release: () => Promise<void>
  try {
    release = await lock(path, { realpath: false, stale: Math.max(options.staleMs ?? 10_000, 2_000), onCompromised: () => options.onLost() })
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOCKED') return null
    throw new TerminalError({ kind: 'storage', code: 'LOCK_FAILED', message: `could not lock ${path} (${error instanceof Error ? error.message : String(error)})` }, { cause: error })
  }
  let released = false
  return {
    async release() {
      if (released) return
      released = true
      await release().catch(() => undefined)
    },
  }
}
