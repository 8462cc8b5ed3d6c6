// The renderer's files, kept in memory once read. The web host now listens while its core starts,
// so the page's requests arrive while the event loop is busy with that start: a file read from disk
// takes several turns (stat, open, read, close), each queued behind a slice of the start, and a page
// of a dozen scripts waited hundreds of milliseconds for them on a busy machine. From memory a
// request is answered in the turn it arrives. The page's own files (index.html and what it links)
// start loading before the host listens; the lazily loaded chunks load on first use.
//
// The build does not change under a running host (a rebuild comes with a new host), and the renderer
// folder is small (~2 MB), so nothing is evicted; only the number of distinct request paths kept is
// bounded, since "/a.js" and "//a.js" name one file and a local caller could invent endless spellings.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { type StaticFile, readStaticFile } from '../host/static-files'

const MAX_PATHS = 512

export interface StaticCache {
  get(pathname: string): Promise<StaticFile>
}

/**
 * The paths index.html links to (its scripts and styles) and the window's modules it names (the
 * `window-modules` meta tag, which boot.ts preloads); the build writes "./assets/…".
 */
export function linkedPaths(indexHtml: string): string[] {
  const linked = [...indexHtml.matchAll(/\s(?:src|href)="\.?(\/[^"]+)"/g)].map((m) => m[1]!)
  const named = /<meta\s+name="window-modules"\s+content="([^"]*)"/.exec(indexHtml)?.[1] ?? ''
  return [...linked, ...[...named.matchAll(/(?:^|\s)\.?(\/\S+)/g)].map((m) => m[1]!)]
}

export function createStaticCache(rootDir: string): StaticCache {
  const files = new Map<string, Promise<StaticFile>>()

  function get(pathname: string): Promise<StaticFile> {
    const kept = files.get(pathname)
    if (kept) return kept
    const reading = readStaticFile(rootDir, pathname)
    if (files.size < MAX_PATHS) {
      files.set(pathname, reading)
      // A missing file is asked again next time (and a 404 costs nothing to keep out).
      void reading.then((file) => {
        if (file.status !== 200) files.delete(pathname)
      })
    }
    return reading
  }

  // The first page's files, started now: their reads finish while the host starts listening.
  let index = ''
  try {
    index = readFileSync(join(rootDir, 'index.html'), 'utf8')
  } catch {
    // No build: every request answers 404 through readStaticFile, as before.
  }
  if (index) for (const path of ['/', ...linkedPaths(index)]) void get(path)

  return { get }
}
