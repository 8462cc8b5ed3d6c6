// A journal entry for the tests of the statistics and of the Journal tab: a complete long of 1 BTC at
// 100, closed a minute after it opened, each entry an hour after the one before (the first at
// 10:00 UTC on a Monday); each test spreads its changes over it.
import type { JournalEntry } from '../journal/types'

export const MONDAY_9 = Date.UTC(2026, 0, 5, 9, 0, 0) // a Monday, 09:00 UTC
const HOUR = 3_600_000
let n = 0
/** An entry of net P&L `net`, its R and its MAE in R. */
export function journalEntry(net: string, r: string | null, maeR: string | null, extra: Partial<JournalEntry> = {}): JournalEntry {
  n += 1
  const openedAt = MONDAY_9 + n * HOUR
  return {
    id: `BTC_USDT|SPOT|${openedAt}`,
    pair: 'BTC_USDT',
    wallet: 'SPOT',
    side: 'BUY',
    openedAt,
    closedAt: openedAt + 60_000,
    durationMs: 60_000,
    amount: '1',
    entry: '100',
    exit: '100',
    fees: '0',
    net,
    fills: 2,
    incomplete: null,
    positionId: null,
    stop: null,
    risk: null,
    r,
    rNote: null,
    low: null,
    high: null,
    mae: null,
    mfe: null,
    maeR,
    mfeR: null,
    excursionNote: '1-minute candles',
    exitReason: 'manual',
    tags: [],
    note: '',
    picture: 'none',
    pictureNote: null,
    ...extra,
  }
}
