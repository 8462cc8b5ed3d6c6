// The pictures of the journal's closed trades (core/journal/trade-picture.ts), one SVG file a trade in
// <dataDir>/journal-pictures/<account>/<trade>.svg, bound to their account as the notes are
// (journal-notes-store.ts): <account> is `<exchange> #<account id>` and <trade> the trade's id, each
// URI-encoded (an origin's `:` and `/`, an id's `|`). A trade's id must match JOURNAL_TRADE_ID, so
// no name reaches outside the folder. A picture is written once, atomically (a temporary file, then a
// hard link that fails when the name is taken), and never replaced: it stays as the trade closed.
// Bounded: a picture over MAX_PICTURE_BYTES is neither saved nor read.
import { randomBytes } from 'node:crypto'
import { link, lstat, mkdir, open, readdir, readFile, unlink } from 'node:fs/promises'
import { dirname, join } from 'node:path'
import { JOURNAL_TRADE_ID, type JournalPicture } from '../../domain/api/journal-api'
import { storageError } from './atomic-file'

export const JOURNAL_PICTURES_DIR = 'journal-pictures'
export const MAX_PICTURE_BYTES = 512 * 1024

export interface JournalPictureStore {
  /** The ids of the account's trades that have a saved picture. */
  saved(exchange: string, accountId: number): Promise<Set<string>>
  /** A trade's saved picture, or null when it has none. */
  read(exchange: string, accountId: number, tradeId: string): Promise<JournalPicture | null>
  /** Saves a trade's picture unless it has one: `kept` when one was there already (it is not replaced). */
  save(exchange: string, accountId: number, tradeId: string, svg: string): Promise<'saved' | 'kept'>
}

const SUFFIX = '.svg'

function checkedId(tradeId: string): string {
  if (!JOURNAL_TRADE_ID.test(tradeId)) throw storageError('BAD_TRADE_ID', `Not a trade of the journal: ${JSON.stringify(tradeId.slice(0, 80))}.`)
  return tradeId
}

export function createJournalPictureStore(dataDir: string): JournalPictureStore {
  const folderOf = (exchange: string, accountId: number) => join(dataDir, JOURNAL_PICTURES_DIR, encodeURIComponent(`${exchange} #${accountId}`))
  const fileOf = (exchange: string, accountId: number, tradeId: string) => join(folderOf(exchange, accountId), `${encodeURIComponent(checkedId(tradeId))}${SUFFIX}`)

  return {
    async saved(exchange, accountId) {
      let names: string[]
      try {
        names = await readdir(folderOf(exchange, accountId))
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return new Set()
        throw storageError('READ_FAILED', `Could not read the journal's pictures: ${(error as Error).message}.`, error)
      }
      const ids = new Set<string>()
      for (const name of names) {
        if (!name.endsWith(SUFFIX)) continue
        try {
          const id = decodeURIComponent(name.slice(0, -SUFFIX.length))
          if (JOURNAL_TRADE_ID.test(id)) ids.add(id)
        } catch {
          // not a name this store wrote
        }
      }
      return ids
    },
    async read(exchange, accountId, tradeId) {
      const path = fileOf(exchange, accountId, tradeId)
      let info
      try {
        info = await lstat(path)
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null
        throw storageError('READ_FAILED', `Could not read the trade's picture: ${(error as Error).message}.`, error)
      }
      if (!info.isFile() || info.size > MAX_PICTURE_BYTES) throw storageError('BAD_PICTURE', `The trade's picture at ${path} is not one this terminal saved.`)
      const svg = await readFile(path, 'utf8')
      if (!svg.startsWith('<svg')) throw storageError('BAD_PICTURE', `The trade's picture at ${path} is not an SVG.`)
      return { svg, savedAt: Math.round(info.mtimeMs) }
    },
    async save(exchange, accountId, tradeId, svg) {
      const path = fileOf(exchange, accountId, tradeId)
      if (Buffer.byteLength(svg, 'utf8') > MAX_PICTURE_BYTES) throw storageError('PICTURE_TOO_LARGE', `The trade's picture is larger than ${MAX_PICTURE_BYTES / 1024} KiB; not saved.`)
      if (!svg.startsWith('<svg')) throw storageError('BAD_PICTURE', 'A trade’s picture is an SVG document; not saved.')
      const folder = folderOf(exchange, accountId)
      // never the data directory itself: one removed (a test's, a reset) is not made again here
      for (const dir of [dirname(folder), folder]) {
        await mkdir(dir, { mode: 0o700 }).catch((error: NodeJS.ErrnoException) => {
          if (error.code !== 'EEXIST') throw storageError('WRITE_FAILED', `Could not save the trade's picture: ${error.message}.`, error)
        })
      }
      const temp = join(folder, `.${randomBytes(6).toString('hex')}.tmp`)
      try {
        const handle = await open(temp, 'wx', 0o600)
        try {
          await handle.writeFile(svg, 'utf8')
          await handle.sync()
        } finally {
          await handle.close()
        }
        try {
          await link(temp, path)
          return 'saved'
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'EEXIST') return 'kept'
          throw error
        }
      } catch (error) {
        throw storageError('WRITE_FAILED', `Could not save the trade's picture: ${(error as Error).message}.`, error)
      } finally {
        await unlink(temp).catch(() => undefined)
      }
    },
  }
}
