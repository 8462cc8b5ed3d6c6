// Realised profit and loss of the account's own fills, per pair, by FIFO: every sell is matched
// against the oldest bought amount still held. Fees count: a buy's fee in the quote currency adds to
// the cost, in the base currency it reduces what was bought; a sell's fee in the quote currency reduces
// the proceeds, in the base currency it is base given away at no price. A fee in any other currency
// cannot be priced without a rate the terminal does not have, so it is reported apart, never guessed.
// Sells of amounts bought before the fills given (or never bought) have no known cost: reported as
// unmatched, outside the P&L. All in exact decimals, P&L in the pair's quote currency.
import { Decimal } from '../decimal'

export interface Fill {
  pair: string
  side: 'BUY' | 'SELL'
  amount: string
  price: string
  feeAmount: string
  feeCurrency: string
  /** Time of the fill (ms since epoch); fills are matched in this order. */
  time: number
}

export interface PairPnl {
  pair: string
  base: string
  quote: string
  /** Realised P&L in the quote currency, fees in base or quote included. */
  realised: string
  /** Fees paid in the quote currency (buy and sell). */
  quoteFees: string
  /** Fees paid in the base currency. */
  baseFees: string
  /** Fees in any other currency, by currency: not in `realised`. */
  otherFees: Record<string, string>
  /** Base amount still held from the fills (open lots) and what it cost, fees included. */
  openAmount: string
  openCost: string
  /** Base sold with no earlier buy in these fills to match: no cost known, no P&L counted. */
  unmatchedSold: string
  fills: number
}

// A lot keeps its total cost, not a unit cost: a lot taken whole gives back exactly what it cost.
interface Lot {
  amount: Decimal
  cost: Decimal
}

function splitPair(pair: string): [string, string] {
  const at = pair.indexOf('_')
  return at === -1 ? [pair, ''] : [pair.slice(0, at), pair.slice(at + 1)]
}

function pnlOfPair(pair: string, fills: readonly Fill[]): PairPnl {
  const [base, quote] = splitPair(pair)
  const lots: Lot[] = []
  let realised = new Decimal(0)
  let quoteFees = new Decimal(0)
  let baseFees = new Decimal(0)
  let unmatched = new Decimal(0)
  const otherFees = new Map<string, Decimal>()

  // Takes `amount` of base out of the oldest lots; returns its cost and how much could not be matched.
  function consume(amount: Decimal): { cost: Decimal; matched: Decimal } {
    let left = amount
    let cost = new Decimal(0)
    while (left.gt(0) && lots.length > 0) {
      const lot = lots[0]!
      const take = Decimal.min(left, lot.amount)
      const part = take.eq(lot.amount) ? lot.cost : lot.cost.mul(take).div(lot.amount)
      cost = cost.add(part)
      lot.cost = lot.cost.sub(part)
      lot.amount = lot.amount.sub(take)
      left = left.sub(take)
      if (lot.amount.isZero()) lots.shift()
    }
    return { cost, matched: amount.sub(left) }
  }

  for (const fill of [...fills].sort((a, b) => a.time - b.time)) {
    const amount = new Decimal(fill.amount)
    const price = new Decimal(fill.price)
    const fee = new Decimal(fill.feeAmount || '0')
    const feeIn = fill.feeCurrency === base ? 'base' : fill.feeCurrency === quote ? 'quote' : 'other'
    if (feeIn === 'base') baseFees = baseFees.add(fee)
    else if (feeIn === 'quote') quoteFees = quoteFees.add(fee)
    else if (!fee.isZero()) otherFees.set(fill.feeCurrency, (otherFees.get(fill.feeCurrency) ?? new Decimal(0)).add(fee))

    if (fill.side === 'BUY') {
      const received = feeIn === 'base' ? amount.sub(fee) : amount
      const cost = amount.mul(price).add(feeIn === 'quote' ? fee : 0)
      if (received.gt(0)) lots.push({ amount: received, cost })
      else realised = realised.sub(cost) // the fee ate everything bought
    } else {
      const proceeds = amount.mul(price).sub(feeIn === 'quote' ? fee : 0)
      const sold = consume(amount)
      // Only the matched share of the proceeds is realised against a known cost.
      const share = amount.isZero() ? new Decimal(0) : sold.matched.div(amount)
      realised = realised.add(proceeds.mul(share)).sub(sold.cost)
      unmatched = unmatched.add(amount.sub(sold.matched))
      if (feeIn === 'base' && fee.gt(0)) {
        const given = consume(fee)
        realised = realised.sub(given.cost)
        unmatched = unmatched.add(fee.sub(given.matched))
      }
    }
  }

  const openAmount = lots.reduce((sum, lot) => sum.add(lot.amount), new Decimal(0))
  const openCost = lots.reduce((sum, lot) => sum.add(lot.cost), new Decimal(0))
  return {
    pair,
    base,
    quote,
    realised: realised.toFixed(),
    quoteFees: quoteFees.toFixed(),
    baseFees: baseFees.toFixed(),
    otherFees: Object.fromEntries([...otherFees].map(([c, v]) => [c, v.toFixed()])),
    openAmount: openAmount.toFixed(),
    openCost: openCost.toFixed(),
    unmatchedSold: unmatched.toFixed(),
    fills: fills.length,
  }
}

/** FIFO P&L per pair, pairs in name order. */
export function realisedPnl(fills: readonly Fill[]): PairPnl[] {
  const byPair = new Map<string, Fill[]>()
  for (const fill of fills) byPair.set(fill.pair, [...(byPair.get(fill.pair) ?? []), fill])
  return [...byPair.keys()].sort().map((pair) => pnlOfPair(pair, byPair.get(pair)!))
}

export const PNL_METHOD =
  'Realised P&L by FIFO: each sell is matched with the oldest bought amount still held. Fees in the base or quote currency are included; fees in other currencies are listed apart. Sells with no earlier buy in the range are not counted.'
