// The trader's tags and notes on the journal's trades, in <dataDir>/journal-notes.json, bound to
// their account: keyed by the exchange (profiles/exchange-key.ts: an origin, or `demo` for the
// embedded demo on whatever port) and the account id, then by the trade's id
// (`<pair>|<wallet>|<opening time>`, domain/journal/round-trips.ts). A note of one account is never
// shown with another's trades, whichever profile reaches the account; the CLI's journal reads the
// same file. Written atomically (atomic-file.ts), one write after another; a damaged file is moved
// aside as `<file>.corrupt-<time>` and reported, never silently dropped (the notes start afresh).
import { join } from 'node:path'
import { z } from 'zod'
import type { TradeNote } from '../../domain/journal/journal'
import { journalTag } from '../../domain/api/journal-api'
import { readJsonFile, writeJsonAtomic } from './atomic-file'

export const JOURNAL_NOTES_FILE = 'journal-notes.json'

const noteSchema = z.object({ tags: z.array(journalTag).max(20), note: z.string().max(5000) })
const fileSchema = z.object({ version: z.literal(1), accounts: z.record(z.string(), z.record(z.string(), noteSchema)) })
type NotesFile = z.output<typeof fileSchema>

export interface JournalNotesStore {
  /** One account's notes by trade id; `warning` when the file was damaged and set aside. */
  read(exchange: string, accountId: number): Promise<{ notes: Record<string, TradeNote>; warning: string | null }>
  /** Sets one trade's tags and note (both empty: removes it). */
  write(exchange: string, accountId: number, tradeId: string, note: TradeNote): Promise<TradeNote>
}

const keyOf = (exchange: string, accountId: number) => `${exchange} #${accountId}`

export function createJournalNotesStore(dataDir: string): JournalNotesStore {
  const path = join(dataDir, JOURNAL_NOTES_FILE)
  let writing: Promise<unknown> = Promise.resolve()

  async function load(): Promise<{ file: NotesFile; warning: string | null }> {
    const read = await readJsonFile(path, fileSchema, { maxVersion: 1 })
    if (read.status === 'ok') return { file: read.value, warning: null }
    if (read.status === 'missing') return { file: { version: 1, accounts: {} }, warning: null }
    const where = read.backupPath !== null ? `set aside as ${read.backupPath}` : `left at ${path}`
    return { file: { version: 1, accounts: {} }, warning: `The journal's notes file was damaged (${read.reason}) and was ${where}.` }
  }

  return {
    async read(exchange, accountId) {
      await writing.catch(() => undefined)
      const { file, warning } = await load()
      return { notes: file.accounts[keyOf(exchange, accountId)] ?? {}, warning }
    },
    async write(exchange, accountId, tradeId, note) {
      const clean: TradeNote = { tags: [...new Set(note.tags.map((t) => t.trim()))], note: note.note }
      const step = writing
        .catch(() => undefined)
        .then(async () => {
          const { file } = await load()
          const key = keyOf(exchange, accountId)
          const notes = { ...(file.accounts[key] ?? {}) }
          if (clean.tags.length === 0 && clean.note.trim() === '') delete notes[tradeId]
          else notes[tradeId] = clean
          await writeJsonAtomic(path, { version: 1, accounts: { ...file.accounts, [key]: notes } })
        })
      writing = step
      await step
      return clean
    },
  }
}
