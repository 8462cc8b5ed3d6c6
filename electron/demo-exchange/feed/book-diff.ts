// What changed in a pair's book since the last diff: levels whose total differs (their new absolute
// total) and levels that vanished (amount "0"). Absolute totals, not deltas, so that a diff applied
// twice, or on top of a snapshot that already holds it, does no harm.
import type { WireLevels } from './frames'

export class BookDiffer {
  private asks = new Map<string, string>()
  private bids = new Map<string, string>()

  constructor(
    private readonly zero: string,
    initial: { asks: WireLevels; bids: WireLevels },
  ) {
    this.reset(initial)
  }

  reset(book: { asks: WireLevels; bids: WireLevels }): void {
    this.asks = new Map(book.asks)
    this.bids = new Map(book.bids)
  }

  /** The changes from the last state to `book` (which becomes the last state); null when none. */
  next(book: { asks: WireLevels; bids: WireLevels }): { asks: WireLevels; bids: WireLevels } | null {
    const asks = this.side(this.asks, book.asks)
    const bids = this.side(this.bids, book.bids)
    this.reset(book)
    return asks.length === 0 && bids.length === 0 ? null : { asks, bids }
  }

  private side(before: ReadonlyMap<string, string>, now: WireLevels): WireLevels {
    const out: WireLevels = []
    const seen = new Set<string>()
    for (const [px, amount] of now) {
      seen.add(px)
      if (before.get(px) !== amount) out.push([px, amount])
    }
    for (const px of before.keys()) if (!seen.has(px)) out.push([px, this.zero])
    return out
  }
}
