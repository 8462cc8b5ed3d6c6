// The journal as CSV, the same text from the CLI (`journal --csv`) and the window's export: one row
// per trade, exact decimals, times in UTC ISO 8601, tags joined with a space (csv.ts quotes the rest).
import { isoUtc, toCsv } from '../csv'
import type { JournalEntry } from './types'

const COLUMNS = [
  'id',
  'pair',
  'wallet',
  'side',
  'opened_at',
  'closed_at',
  'duration_s',
  'amount',
  'entry',
  'exit',
  'fees',
  'net',
  'stop',
  'risk',
  'r',
  'mae',
  'mfe',
  'mae_r',
  'mfe_r',
  'exit_reason',
  'position_id',
  'incomplete',
  'tags',
  'note',
] as const

export function journalCsv(entries: readonly JournalEntry[]): string {
  return toCsv(
    COLUMNS,
    entries.map((e) => [
      e.id,
      e.pair,
      e.wallet,
      e.side,
      isoUtc(e.openedAt),
      isoUtc(e.closedAt),
      e.durationMs / 1000,
      e.amount,
      e.entry,
      e.exit,
      e.fees,
      e.net,
      e.stop,
      e.risk,
      e.r,
      e.mae,
      e.mfe,
      e.maeR,
      e.mfeR,
      e.exitReason,
      e.positionId,
      e.incomplete,
      e.tags.join(' '),
      e.note,
    ]),
  )
}
