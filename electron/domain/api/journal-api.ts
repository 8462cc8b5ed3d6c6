// The journal's part of the TerminalApi contract (api.ts and api-inputs.ts import it): the inputs of
// journal.get (the period and the filters: domain/journal/stats.ts) and journal.note (the trader's
// tags and note on one trade), and what journal.get answers. Times are ms since the epoch.
import { z } from 'zod'
import type { JournalReport } from '../journal/journal'

const epochMs = z.number().int().min(0).max(99_999_999_999_999)
export const journalTag = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[^\s,]+$/, 'A tag is one word: no spaces or commas')

export const journalGetInput = z
  .strictObject({
    /** Trades closed within [from, to); default the last 30 days. */
    from: epochMs.optional(),
    to: epochMs.optional(),
    pair: z
      .string()
      .regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'A pair looks like BTC_USDT')
      .optional(),
    tag: journalTag.optional(),
    side: z.enum(['BUY', 'SELL']).optional(),
    /** The opening's weekday (0 Sunday … 6 Saturday) and hour, in the zone `utcOffsetMinutes` east of UTC. */
    weekday: z.number().int().min(0).max(6).optional(),
    hour: z.number().int().min(0).max(23).optional(),
    utcOffsetMinutes: z.number().int().min(-840).max(840).optional(),
  })
  .optional()
export type JournalQuery = NonNullable<z.output<typeof journalGetInput>>

/** A trade's id, strictly (`<pair>|<wallet>|<opening time>`, round-trips.ts): what names its saved picture's file. */
export const JOURNAL_TRADE_ID = /^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}\|[A-Z_]{0,20}\|\d{1,16}$/
export const journalPictureInput = z.strictObject({ id: z.string().max(80).regex(JOURNAL_TRADE_ID, 'Not a trade of the journal') })
export type JournalPictureInput = z.output<typeof journalPictureInput>

/** journal.picture's answer: the trade's chart as it was saved when it closed (an SVG document), and when. */
export interface JournalPicture {
  svg: string
  savedAt: number
}

export const journalNoteInput = z.strictObject({
  /** The trade's id (`<pair>|<wallet>|<opening time>`, round-trips.ts). */
  id: z.string().min(1).max(200),
  tags: z.array(journalTag).max(20),
  note: z.string().max(5000),
})
export type JournalNoteInput = z.output<typeof journalNoteInput>

/** journal.get's answer: the report, and whose trades they are. */
export type JournalAnswer = JournalReport & { accountId: number; from: number; to: number }
