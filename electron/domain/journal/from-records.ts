// The exchange's fill records, each with its side found (account/fill-sides.ts), as the journal reads
// them: a fill the P&L can count goes into the round trips, with its wallet, order and order type;
// one it cannot (unplaced, or no time) is a gap the trades of its pair around it cannot be told
// whole across (round-trips.ts).
import { canonicalWallet } from '../account/balances'
import { pnlFillOf, type PlacedFill } from '../account/fill-sides'
import { parseInstant } from '../time'
import type { JournalFill, UnreadFill } from './types'

export function journalFillsOf(records: readonly PlacedFill[]): { fills: JournalFill[]; unread: UnreadFill[] } {
  const fills: JournalFill[] = []
  const unread: UnreadFill[] = []
  for (const f of records) {
    const fill = pnlFillOf(f)
    if (fill === null) unread.push({ pair: f.pair, time: parseInstant(f.date ?? null) })
    else
      fills.push({
        ...fill,
        wallet: f.wallet_type ? canonicalWallet(f.wallet_type) : '',
        orderId: f.placement.orderId,
        orderType: f.type ? f.type.trim().toUpperCase() : null,
      })
  }
  return { fills, unread }
}
