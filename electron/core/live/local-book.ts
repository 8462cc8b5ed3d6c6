// One pair's order book as the feed builds it: a snapshot, then diffs of absolute level totals (0 =
// level gone). The feed has no sequence numbers, so the book cannot prove it is whole; it can notice
// when it is certainly not — a diff before any snapshot, a diff removing a level it never held, a
// crossed book — and says so by returning the doubt instead of pretending.
import { Decimal } from '../../domain/decimal'
import type { Dec } from '../../domain/wire/wire'
import type { BookLevel } from './frames'

export interface BookSides {
  /** Best (lowest) first. */
  asks: BookLevel[]
  /** Best (highest) first. */
  bids: BookLevel[]
}

const byPrice = (descending: boolean) => (a: BookLevel, b: BookLevel) => (descending ? -1 : 1) * new Decimal(a.price).cmp(b.price)

export class LocalBook {
  private asks = new Map<Dec, Dec>()
  private bids = new Map<Dec, Dec>()
  private whole = false

  /** True after a snapshot, until the next doubt. */
  get synced(): boolean {
    return this.whole
  }

  reset(book: BookSides): void {
    // keys are canonical decimal text, so "65000.1" and "65000.10" are one level
    this.asks = new Map(book.asks.filter((l) => !new Decimal(l.amount).isZero()).map((l) => [new Decimal(l.price).toFixed(), l.amount]))
    this.bids = new Map(book.bids.filter((l) => !new Decimal(l.amount).isZero()).map((l) => [new Decimal(l.price).toFixed(), l.amount]))
    this.whole = true
  }

  /** Marks the book as not to be trusted until the next snapshot. */
  doubt(): void {
    this.whole = false
  }

  /** Applies a diff; returns why the book can no longer be trusted, or null. */
  apply(diff: BookSides): string | null {
    if (!this.whole) return 'a diff arrived before the snapshot'
    const problem = this.applySide(this.asks, diff.asks) ?? this.applySide(this.bids, diff.bids)
    if (problem === null) {
      const bid = this.best(this.bids, true)
      const ask = this.best(this.asks, false)
      if (bid !== null && ask !== null && bid.gte(ask)) return this.fail(`the book is crossed (bid ${bid.toFixed()} ≥ ask ${ask.toFixed()})`)
      return null
    }
    return this.fail(problem)
  }

  private fail(reason: string): string {
    this.whole = false
    return reason
  }

  private applySide(side: Map<Dec, Dec>, levels: readonly BookLevel[]): string | null {
    for (const { price, amount } of levels) {
      const key = new Decimal(price).toFixed()
      if (!new Decimal(amount).isZero()) side.set(key, amount)
      else if (!side.delete(key)) return `a diff removed the level ${key} the book does not hold`
    }
    return null
  }

  private best(side: ReadonlyMap<Dec, Dec>, highest: boolean): Decimal | null {
    let best: Decimal | null = null
    for (const key of side.keys()) {
      const price = new Decimal(key)
      if (best === null || (highest ? price.gt(best) : price.lt(best))) best = price
    }
    return best
  }

  /** The total at one price of a side, or null when the book has no such level. */
  amountAt(side: 'asks' | 'bids', price: Dec): Dec | null {
    return (side === 'asks' ? this.asks : this.bids).get(new Decimal(price).toFixed()) ?? null
  }

  /** The book, sorted, down to `depth` levels a side. */
  sides(depth = Number.MAX_SAFE_INTEGER): BookSides {
    // each price parsed once, not once per comparison: the feed's book is sorted for every emit
    const list = (side: ReadonlyMap<Dec, Dec>, descending: boolean): BookLevel[] =>
      [...side]
        .map(([price, amount]) => ({ key: new Decimal(price), level: { price, amount } }))
        .sort((a, b) => (descending ? -1 : 1) * a.key.cmp(b.key))
        .slice(0, depth)
        .map((l) => l.level)
    return { asks: list(this.asks, false), bids: list(this.bids, true) }
  }

  /** Whether the top `depth` levels of each side equal another book's (prices and amounts compared as numbers). */
  matches(other: BookSides, depth: number): boolean {
    const mine = this.sides(depth)
    const same = (a: BookLevel[], b: BookLevel[]): boolean => a.length === b.length && a.every((l, i) => new Decimal(l.price).eq(b[i]!.price) && new Decimal(l.amount).eq(b[i]!.amount))
    const theirs = (levels: BookLevel[], descending: boolean) =>
      [...levels]
        .filter((l) => !new Decimal(l.amount).isZero())
        .sort(byPrice(descending))
        .slice(0, depth)
    return same(mine.asks, theirs(other.asks, false)) && same(mine.bids, theirs(other.bids, true))
  }
}
