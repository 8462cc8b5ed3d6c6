// `npm run cli -- journal [--from T] [--to T] [--pair P] [--tag X] [--side BUY|SELL] [--csv]`: the
// account's closed trades explained in R and the statistics over them (docs/journal.md), read by the
// same reader as the window's Journal tab (core/journal/journal-reader.ts), with the profile's
// protected positions (its file, as `positions` reads it) and the notes the window keeps for the
// account (the same file, keyed by exchange and account id). JSON `{trades, stats, …}`, or with
// --csv the journal's CSV (the window's export, one row a trade).
import { TerminalError } from '../domain/errors'
import { journalTag, type JournalAnswer, type JournalQuery } from '../domain/api/journal-api'
import { journalCsv } from '../domain/journal/journal-csv'
import { readJournal } from '../core/journal/journal-reader'
import { createPositionStore } from '../core/positions/position-store'
import { ownAccountOf } from '../core/profiles/profile-view'
import { resolveDataDir } from '../core/storage/data-dir'
import { createJournalNotesStore } from '../core/storage/journal-notes-store'
import type { ExchangeClient } from '../core/exchange/client'
import { ORDER_SIDE_ALIASES } from '../domain/wire/constants'
import { UsageError, text, type ParsedArgs } from './args'
import { timeFlag } from './history-verbs'
import type { CliIo } from './io'
import { exchangeFrom } from './limits-verb'
import { profileKey } from './positions-verbs'

/** The flags as the reader's query, checked before anything is sent. */
export function journalQueryOf(flags: ParsedArgs['flags']): JournalQuery {
  const pair = text(flags, 'pair')?.trim().toUpperCase()
  const tag = text(flags, 'tag')
  if (tag !== undefined && !journalTag.safeParse(tag).success) throw new UsageError(`--tag is one word with no spaces or commas, got "${tag}".`)
  const sideText = text(flags, 'side')
  const side = sideText === undefined ? undefined : ORDER_SIDE_ALIASES[sideText.trim().toUpperCase()]
  if (sideText !== undefined && side === undefined) throw new UsageError(`--side must be BUY or SELL, got "${sideText}".`)
  const from = text(flags, 'from') === undefined ? undefined : timeFlag(flags, 'from', 0)
  const to = text(flags, 'to') === undefined ? undefined : timeFlag(flags, 'to', 0)
  return { ...(from !== undefined ? { from } : {}), ...(to !== undefined ? { to } : {}), ...(pair ? { pair } : {}), ...(tag ? { tag: tag.trim() } : {}), ...(side ? { side } : {}) }
}

/** The journal of the key's own account: its JSON, or the CSV text with --csv. */
export async function runJournal(args: ParsedArgs, io: CliIo, connect: () => Promise<ExchangeClient>): Promise<{ json: JournalAnswer } | { csv: string }> {
  const query = journalQueryOf(args.flags)
  const profileId = io.resolveProfile && (async (name: string) => (await io.resolveProfile!(name)).id ?? name)
  const [exchange, positionsKey] = await Promise.all([exchangeFrom(args.flags, io), profileKey(args.flags, profileId ? { profileId } : {})])
  const client = await connect()
  const own = ownAccountOf(await client.accounts())
  if (own === null) throw new TerminalError({ kind: 'not-found', code: 'NO_ACCOUNT', message: 'The key sees no account: there is no journal to read.' })
  const dataDir = resolveDataDir({ env: { ...io.env } as NodeJS.ProcessEnv })
  const answer = await readJournal(
    {
      client,
      accountId: own.id,
      positions: () => createPositionStore(dataDir, positionsKey).load(),
      notes: () => createJournalNotesStore(dataDir).read(exchange, own.id),
      now: io.now?.() ?? Date.now(),
    },
    query,
  )
  return args.flags.csv === true ? { csv: journalCsv(answer.trades) } : { json: answer }
}
