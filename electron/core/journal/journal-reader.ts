// The journal of one account, read from the exchange: the pairs it traded (the orders of its history
// that filled name them), each pair's fills with their sides (account/account-history.ts, as the
// Fills tab reads both), the round trips (domain/journal), the candles of each trade's time, the
// protected positions and the trader's notes; then the report. The window's journal.get and the CLI's `journal` both
// call readJournal, so one account's journal is the same wherever it is read.
//
// Trades are kept by their closing time; their fills are read from LOOKBACK_MS before the period, so
// a trade that closes in it after opening a little earlier is whole. One that opened before even
// that is incomplete ("sold with no earlier buy in the history read"), and says so.
import { TerminalError, toTerminalError } from '../../domain/errors'
import { rangeProblem } from '../../domain/api/history-api'
import type { JournalAnswer, JournalQuery } from '../../domain/api/journal-api'
import { journalFillsOf } from '../../domain/journal/from-records'
import { journalReport, type TradeNote } from '../../domain/journal/journal'
import { roundTrips } from '../../domain/journal/round-trips'
import type { JournalFill, UnreadFill } from '../../domain/journal/types'
import type { Position } from '../../domain/protection/types'
import { readFills, readOrders } from '../account/account-history'
import type { ExchangeClient } from '../exchange/client'
import { candlesForTrips } from './journal-candles'
import type { TradePictures } from './journal-pictures'

const DAY_MS = 86_400_000
export const DEFAULT_PERIOD_MS = 30 * DAY_MS
export const LOOKBACK_MS = 30 * DAY_MS

export interface JournalSources {
  client: ExchangeClient
  accountId: number
  /** The profile's protected positions, and a warning when their file could not be read. */
  positions: () => Promise<{ positions: Position[]; warning: string | null }>
  /** The account's notes by trade id, and a warning when their file was damaged. */
  notes: () => Promise<{ notes: Record<string, TradeNote>; warning: string | null }>
  now: number
  signal?: AbortSignal
  /** Throws when the account is no longer the one asked for (a switch): nothing of it is mixed in. */
  stillCurrent?: () => void
  /** The trades' pictures, made and kept as they are read (journal-pictures.ts); without them, none is. */
  pictures?: TradePictures
}

const messageOf = (error: unknown): string => toTerminalError(error).message

export async function readJournal(src: JournalSources, query: JournalQuery = {}): Promise<JournalAnswer> {
  const to = query.to ?? src.now
  const from = query.from ?? to - DEFAULT_PERIOD_MS
  const problem = rangeProblem({ from, to })
  if (problem) throw new TerminalError({ kind: 'validation', code: 'INVALID_RANGE', field: problem.field, message: problem.message })
  const readFrom = Math.max(0, from - LOOKBACK_MS)
  const still = src.stillCurrent ?? (() => {})

  // The order history names the pairs: without it no pair's fills can be known (as in the Fills tab).
  const orders = query.pair ? [] : await readOrders(src.client, { from: readFrom, to }, src.signal, still)
  const pairs = query.pair ? [query.pair] : [...new Set(orders.filter((o) => o.amount_filled && Number(o.amount_filled) > 0).map((o) => o.pair))].sort()
  const problems: string[] = []
  const minimum = await src.client.pairs({}, src.signal ? { signal: src.signal } : {}).then(
    (list) => Object.fromEntries(list.map((p) => [p.name, p.minimum_order_size])),
    (error: unknown) => {
      problems.push(`the pairs’ minimum order sizes could not be read (${messageOf(error)}): a trade that leaves dust behind stays open`)
      return {} as Record<string, string>
    },
  )
  still()
  const fills: JournalFill[] = []
  const unread: UnreadFill[] = []
  for (const pair of pairs) {
    try {
      const read = journalFillsOf(await readFills(src.client, { pair, from: readFrom, to }, src.signal, still))
      fills.push(...read.fills)
      unread.push(...read.unread)
    } catch (error) {
      if (src.signal?.aborted || toTerminalError(error).code === 'ABORTED') throw error
      problems.push(`the fills of ${pair} could not be read (${messageOf(error)}): its trades are missing`)
    }
  }
  const trips = roundTrips({ fills, unread, dust: minimum })
  const inPeriod = trips.trips.filter((t) => t.closedAt >= from && t.closedAt < to && (query.pair === undefined || t.pair === query.pair))
  const candles = await candlesForTrips(src.client, inPeriod, src.signal)
  still()
  const [positions, notes] = await Promise.all([src.positions(), src.notes()])
  for (const warning of [positions.warning, notes.warning]) if (warning !== null) problems.push(warning)
  const report = journalReport({
    trips: inPeriod,
    open: trips.open,
    positions: positions.positions,
    candles: (trip) => candles.get(trip.id) ?? { problem: 'the candles were not read' },
    notes: notes.notes,
    filter: { ...query, from, to },
    problems,
  })
  if (src.pictures) {
    const pictures = await src.pictures.ensure(report.trades, (id) => candles.get(id))
    report.trades = report.trades.map((t) => ({ ...t, ...(pictures.get(t.id) ?? {}) }))
  }
  return { ...report, accountId: src.accountId, from, to }
}
