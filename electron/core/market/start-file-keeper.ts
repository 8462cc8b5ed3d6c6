// The core keeps the cached start ready (start-file.ts): once a write to the market cache is done,
// it reads the cached start as the host would and keeps it with the stamps of the files it came
// from. Its figures are the cache's own, so it is the same answer the files give; a file that changes
// afterwards (a pair switched, a theme changed, another profile made active) voids it until the next
// write of the cache keeps it again, and the host reads the files meanwhile.
//
// A keep is believed only if nothing changed while it was made: the files' stamps are taken before
// the read and compared after it, and a change skips it (the write that changed them keeps it next).
// Writes come in bursts (a feed's start, its stop), and the first comes as a window starts: a keep
// waits until the cache has had no write for KEEP_AFTER_MS, off the window's start (measured, keeping
// at once slowed the window's first live paint), and one runs at a time. At shutdown the core waits,
// bounded, for the cache's last writes and keeps at once (flush), so the next start finds the chart
// of this one's end.
import { join } from 'node:path'
import { writeFileAtomic } from '../storage/atomic-file'
import { within } from '../../domain/within'
import { readCachedStart } from './cached-start'
import { START_FILE, type StartFile, sameStamps, stampsOf } from './start-file'

/** How long the market cache must have had no write before the cached start is kept again. */
export const KEEP_AFTER_MS = 3_000

export interface StartFileKeeper {
  /** A write to the market cache has started: the cached start is kept again once it is done. */
  track(write: Promise<unknown>): void
  /** Settles once the cache's writes and the keep after them are done, or after `maxMs`. */
  flush(maxMs: number): Promise<void>
}

/** Keeps `dataDir`'s cached start (start-file.ts) after each write of its market cache. */
export function keepStartFile(dataDir: string, onError?: (error: unknown) => void, afterMs = KEEP_AFTER_MS): StartFileKeeper {
  const pending = new Set<Promise<unknown>>()
  let keeping: Promise<void> | null = null
  let again = false
  let soon: ReturnType<typeof setTimeout> | null = null
  const cancelSoon = () => {
    if (soon) clearTimeout(soon)
    soon = null
  }

  async function keepOnce(): Promise<void> {
    const files: string[] = []
    await readCachedStart(dataDir, files)
    const before = await stampsOf(dataDir, files)
    const read: string[] = []
    const answer = await readCachedStart(dataDir, read)
    const after = await stampsOf(dataDir, files)
    // Another chart or profile than the files named a moment ago, or a file written meanwhile.
    if (read.join('\n') !== files.join('\n') || !sameStamps(before, after)) return
    const file: StartFile = { version: 1, stamps: before, answer }
    // compact: the host reads it at every start
    await writeFileAtomic(join(dataDir, START_FILE), JSON.stringify(file))
  }

  function keep(): void {
    if (keeping) {
      again = true
      return
    }
    keeping = (async () => {
      do {
        again = false
        try {
          await keepOnce()
        } catch (error) {
          onError?.(error)
        }
      } while (again)
    })().finally(() => (keeping = null))
  }

  return {
    track(write) {
      pending.add(write)
      cancelSoon()
      const done = () => {
        pending.delete(write)
        if (pending.size > 0) return
        cancelSoon()
        soon = setTimeout(() => {
          soon = null
          keep()
        }, afterMs)
        soon.unref?.()
      }
      write.then(done, done)
    },
    async flush(maxMs) {
      const settled = (async () => {
        while (pending.size > 0 || keeping || soon) {
          if (pending.size > 0) await Promise.allSettled([...pending])
          else if (soon) {
            cancelSoon()
            keep()
          } else await keeping
        }
      })()
      await within(settled, maxMs)
    },
  }
}
