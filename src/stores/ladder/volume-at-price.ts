// The base volume traded at each exact price in this session, from the trades the window has seen:
// each trade counted once (by id), whatever order and however often the trades list brings it again.
// The list the market store keeps is capped; this total is not, so the ladder's volume bars cover the
// whole session since the pair was opened.
import { Decimal } from '@domain/decimal'

/** Seen ids kept at most; beyond it, ids older than the oldest trade of the latest batch are forgotten. */
const SEEN_AT_MOST = 20_000

export class VolumeAtPrice {
  private readonly seen = new Set<number>()
  private readonly byPrice = new Map<string, Decimal>()

  /** Counts the trades not counted yet; true when a total changed. */
  add(trades: readonly { id: number; price: string; amount: string }[]): boolean {
    let changed = false
    let oldest = Infinity
    for (const trade of trades) {
      oldest = Math.min(oldest, trade.id)
      if (this.seen.has(trade.id)) continue
      this.seen.add(trade.id)
      let amount: Decimal
      let price: string
      try {
        amount = new Decimal(trade.amount)
        price = new Decimal(trade.price).toFixed()
      } catch {
        continue // not a number: nothing to count
      }
      if (!amount.isFinite() || amount.lte(0)) continue
      this.byPrice.set(price, (this.byPrice.get(price) ?? new Decimal(0)).add(amount))
      changed = true
    }
    if (this.seen.size > SEEN_AT_MOST) for (const id of this.seen) if (id < oldest) this.seen.delete(id)
    return changed
  }

  /** Exact price → total base amount, as text. */
  totals(): Map<string, string> {
    const out = new Map<string, string>()
    for (const [price, amount] of this.byPrice) out.set(price, amount.toFixed())
    return out
  }

  clear(): void {
    this.seen.clear()
    this.byPrice.clear()
  }
}
