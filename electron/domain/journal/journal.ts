// The journal: every closed round trip (round-trips.ts) explained — its plan and R (plan.ts), its MAE
// and MFE from the candles of its time (excursion.ts), the trader's tags and note — and the
// statistics over a filtered set (stats.ts). The core reads the fills, the positions, the candles and
// the notes; this puts them together, purely.
import type { Position } from '../protection/types'
import { excursionOf, type CandleSpan } from './excursion'
import { planOfTrip, positionsByOrder } from './plan'
import type { TripsResult } from './round-trips'
import { filterEntries, journalStats } from './stats'
import type { JournalEntry, JournalFilter, JournalStats, RoundTrip } from './types'

/** The trader's words on one trade. */
export interface TradeNote {
  tags: string[]
  note: string
}

/** The candles a trade's MAE and MFE are read from, and what they are ("1-minute candles"); or why there are none. */
export type TripCandles<C extends CandleSpan = CandleSpan> = { candles: readonly C[]; label: string } | { problem: string }

/** A trade's picture until the core says otherwise: where the journal is read without its pictures (the CLI). */
export const NO_PICTURE_READ = 'pictures are made and kept by the app’s journal'

export interface JournalInput {
  trips: readonly RoundTrip[]
  positions: readonly Position[]
  candles: (trip: RoundTrip) => TripCandles
  notes: Readonly<Record<string, TradeNote>>
}

export function journalEntries(input: JournalInput): JournalEntry[] {
  const byOrder = positionsByOrder(input.positions)
  return input.trips.map((trip) => {
    const plan = planOfTrip(trip, byOrder)
    const got = input.candles(trip)
    const excursion = 'problem' in got ? null : excursionOf(trip, got.candles, plan.risk)
    const words = input.notes[trip.id]
    return {
      ...trip,
      fills: trip.fills.length,
      ...plan,
      low: excursion?.low ?? null,
      high: excursion?.high ?? null,
      mae: excursion?.mae ?? null,
      mfe: excursion?.mfe ?? null,
      maeR: excursion?.maeR ?? null,
      mfeR: excursion?.mfeR ?? null,
      excursionNote: 'problem' in got ? got.problem : got.label,
      tags: words?.tags ?? [],
      note: words?.note ?? '',
      picture: 'none' as const,
      pictureNote: NO_PICTURE_READ,
    }
  })
}

export interface JournalReport {
  trades: JournalEntry[]
  stats: JournalStats
  /** Trades still open at the end of the fills read: not in the journal until they close. */
  open: number
  /** What could not be read (a pair's fills, the positions): the journal may lack trades because of it. */
  problems: string[]
}

/** Round trips to a report: the entries, the filter, the statistics. */
export function journalReport(input: TripsResult & Omit<JournalInput, 'trips'> & { filter?: JournalFilter; problems?: readonly string[] }): JournalReport {
  const trades = filterEntries(journalEntries(input), input.filter ?? {})
  return { trades, stats: journalStats(trades), open: input.open, problems: [...(input.problems ?? [])] }
}
