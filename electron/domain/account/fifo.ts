// The FIFO lot book of one pair: the one piece of code that matches sells with the oldest bought
// amount still held. The realised P&L (pnl.ts) sums what it answers over a pair's fills; the journal
// (domain/journal/round-trips.ts) cuts the same answers into round trips, flat to flat. Fees count: a
// buy's fee in the quote currency adds to the cost, in the base currency it reduces what was bought;
// a sell's fee in the quote currency reduces the proceeds, in the base currency it is base given away
// at no price. A fee in any other currency cannot be priced: it is reported apart, never guessed.
// Exact decimals; a lot sold in part costs a share of its price (a division at 40 digits).
import { Decimal } from '../decimal'
import type { Fill } from './pnl'

/** What one fill did to the book. */
export interface FillEffect {
  /** Realised P&L this fill adds, in the quote currency (a buy whose base fee ate it all: minus its cost). */
  realised: Decimal
  /** Which currency the fee was paid in, and how much. */
  feeIn: 'base' | 'quote' | 'other'
  fee: Decimal
  /** Base this sell (or its base fee) took with no lot to match: no cost known, nothing realised for it. */
  unmatched: Decimal
}

// A lot keeps its total cost, not a unit cost: a lot taken whole gives back exactly what it cost.
interface Lot {
  amount: Decimal
  cost: Decimal
}

export function splitPair(pair: string): [string, string] {
  const at = pair.indexOf('_')
  return at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]
}

export class FifoBook {
  private readonly lots: Lot[] = []
  /** The lots' amounts added up, kept as they change (the journal asks after every fill). */
  private total = new Decimal(0)
  readonly base: string
  readonly quote: string

  constructor(pair: string) {
    ;[this.base, this.quote] = splitPair(pair)
  }

  /** Base held from the fills so far (the open lots). */
  held(): Decimal {
    return this.total
  }

  /** What the open lots cost, fees included. */
  heldCost(): Decimal {
    return this.lots.reduce((sum, lot) => sum.add(lot.cost), new Decimal(0))
  }

  /** The fill's fee currency as the book counts it. */
  feeIn(fill: Pick<Fill, 'feeCurrency'>): FillEffect['feeIn'] {
    return fill.feeCurrency === this.base ? 'base' : fill.feeCurrency === this.quote ? 'quote' : 'other'
  }

  /** Applies one fill (fills must come in time order). */
  apply(fill: Fill): FillEffect {
    const amount = new Decimal(fill.amount)
    const price = new Decimal(fill.price)
    const fee = new Decimal(fill.feeAmount || '0')
    const feeIn = this.feeIn(fill)
    if (fill.side === 'BUY') {
      const received = feeIn === 'base' ? amount.sub(fee) : amount
      const cost = amount.mul(price).add(feeIn === 'quote' ? fee : 0)
      if (received.gt(0)) {
        this.lots.push({ amount: received, cost })
        this.total = this.total.add(received)
        return { realised: new Decimal(0), feeIn, fee, unmatched: new Decimal(0) }
      }
      return { realised: cost.neg(), feeIn, fee, unmatched: new Decimal(0) } // the fee ate everything bought
    }
    const proceeds = amount.mul(price).sub(feeIn === 'quote' ? fee : 0)
    const sold = this.consume(amount)
    // Only the matched share of the proceeds is realised against a known cost (all of it, the usual case: no division).
    const whole = sold.matched.eq(amount)
    const share = whole || amount.isZero() ? null : sold.matched.div(amount)
    let realised = (whole ? proceeds : share === null ? new Decimal(0) : proceeds.mul(share)).sub(sold.cost)
    let unmatched = amount.sub(sold.matched)
    if (feeIn === 'base' && fee.gt(0)) {
      const given = this.consume(fee)
      realised = realised.sub(given.cost)
      unmatched = unmatched.add(fee.sub(given.matched))
    }
    return { realised, feeIn, fee, unmatched }
  }

  // Takes `amount` of base out of the oldest lots; returns its cost and how much could be matched.
  private consume(amount: Decimal): { cost: Decimal; matched: Decimal } {
    let left = amount
    let cost = new Decimal(0)
    while (left.gt(0) && this.lots.length > 0) {
      const lot = this.lots[0]!
      const take = Decimal.min(left, lot.amount)
      const part = take.eq(lot.amount) ? lot.cost : lot.cost.mul(take).div(lot.amount)
      cost = cost.add(part)
      lot.cost = lot.cost.sub(part)
      lot.amount = lot.amount.sub(take)
      left = left.sub(take)
      if (lot.amount.isZero()) this.lots.shift()
    }
    const matched = amount.sub(left)
    this.total = this.total.sub(matched)
    return { cost, matched }
  }
}

/** Fills in the order the book takes them: by time, ties in the order given. */
export const inTimeOrder = <F extends Pick<Fill, 'time'>>(fills: readonly F[]): F[] => [...fills].sort((a, b) => a.time - b.time)
