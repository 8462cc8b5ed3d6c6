// The journal's vocabulary: a fill as the journal reads it, a round trip (flat → fills → flat), an
// entry (a round trip explained: its plan, R, MAE and MFE, why it ended, the trader's tags and note)
// and the statistics over entries. Plain JSON, decimal strings: the contract carries them as they are.
import type { Fill } from '../account/pnl'

export type ExitReason = 'target' | 'stop' | 'fallback' | 'manual' | 'unknown'
export const EXIT_REASONS: readonly ExitReason[] = ['target', 'stop', 'fallback', 'manual', 'unknown']

/** A fill whose side is known, with what the journal needs beyond the P&L's view of it. */
export interface JournalFill extends Fill {
  /** The wallet it traded in (canonical: balances.ts canonicalWallet); '' when the record names none. */
  wallet: string
  /** Its order: named by the exchange, or the one order that could have made it (fill-sides.ts). */
  orderId: number | null
  /** The order's type as the fill record says it (MARKET, LIMIT, STOP_LIMIT), or null. */
  orderType: string | null
}

/** A fill of the range whose side could not be found: the trade around it cannot be told whole. */
export interface UnreadFill {
  pair: string
  /** ms since the epoch; null when the record has no time. */
  time: number | null
}

/** One trade from flat, through one or more fills, back to flat, matched FIFO on one pair and wallet. */
export interface RoundTrip {
  /** `<pair>|<wallet>|<opening fill's time>`: stable across reads, the key of its tags and note. */
  id: string
  pair: string
  wallet: string
  /** The entry's side. A spot trade opens with a buy: FIFO matches a sell with earlier buys only. */
  side: 'BUY' | 'SELL'
  openedAt: number
  closedAt: number
  durationMs: number
  /** Base bought, and the average prices in and out (a division: 8 places). */
  amount: string
  entry: string
  exit: string
  /** Every fee of its fills in the quote currency (a base fee at its fill's price); exact. */
  fees: string
  /** Realised P&L by FIFO, fees included; exact (fifo.ts). */
  net: string
  /** Its fills, oldest first. */
  fills: JournalFill[]
  /** Why its figures cannot all be known (a gap in the history, an unpriced fee), or null when whole. */
  incomplete: string | null
}

export interface JournalEntry extends Omit<RoundTrip, 'fills'> {
  fills: number
  /** The protected position it was, or null. */
  positionId: string | null
  /** The planned stop, or null (no protected position, or one without a stop). */
  stop: string | null
  /** |entry − stop| × amount + the planned fees at entry and stop; null without a planned stop. */
  risk: string | null
  /** net ÷ risk (8 places), or null; `rNote` says why when null. */
  r: string | null
  rNote: string | null
  /** Lowest and highest price while it was open (candles and its own fills), how far each lay from the entry, and that in R. */
  low: string | null
  high: string | null
  mae: string | null
  mfe: string | null
  maeR: string | null
  mfeR: string | null
  /** Why MAE and MFE are null, or which candles they came from. */
  excursionNote: string
  exitReason: ExitReason
  tags: string[]
  note: string
  /** Whether the picture of its chart, made by the core as it closed, is saved (journal.picture reads it). */
  picture: 'saved' | 'none'
  /** Why it has no picture (yet), or null when it has one. */
  pictureNote: string | null
}

export interface JournalFilter {
  /** Closed within [from, to) (ms since the epoch). */
  from?: number
  to?: number
  pair?: string
  tag?: string
  side?: 'BUY' | 'SELL'
  /** The opening's weekday (0 Sunday … 6 Saturday) and hour (0–23), in the zone `utcOffsetMinutes` east of UTC (default UTC). */
  weekday?: number
  hour?: number
  utcOffsetMinutes?: number
}

export interface JournalStats {
  count: number
  wins: number
  losses: number
  /** wins ÷ count (8 places), null with no trades. */
  winRate: string | null
  averageWin: string | null
  averageLoss: string | null
  averageWinR: string | null
  averageLossR: string | null
  /** Mean net P&L; mean R over the `rCount` trades with a planned stop. */
  expectancy: string | null
  expectancyR: string | null
  rCount: number
  /** Sum of wins ÷ |sum of losses|; null without a loss. */
  profitFactor: string | null
  largestWin: string | null
  largestLoss: string | null
  /** Largest fall of the closed-trade equity (cumulative net, from 0) from a peak; and of the R curve. */
  maxDrawdown: string
  maxDrawdownR: string
  /** Mean MAE in R of the winners that have one. */
  averageMaeWinnersR: string | null
  /** Entries left out of these figures because they are incomplete. */
  excluded: number
}
