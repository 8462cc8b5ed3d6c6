// Realised profit and loss of the account's own fills, per pair, by FIFO: every sell is matched
// against the oldest bought amount still held, by the lot book (fifo.ts), which says how each fee
// counts. A fee in any other currency than the pair's cannot be priced without a rate the terminal
// does not have, so it is reported apart, never guessed. Sells of amounts bought before the fills
// given (or never bought) have no known cost: reported as unmatched, outside the P&L. All in exact
// decimals, P&L in the pair's quote currency.
import { Decimal } from '../decimal'
import { FifoBook, inTimeOrder } from './fifo'

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

function pnlOfPair(pair: string, fills: readonly Fill[]): PairPnl {
  const book = new FifoBook(pair)
  let realised = new Decimal(0)
  let quoteFees = new Decimal(0)
  let baseFees = new Decimal(0)
  let unmatched = new Decimal(0)
  const otherFees = new Map<string, Decimal>()
  for (const fill of inTimeOrder(fills)) {
    const effect = book.apply(fill)
    realised = realised.add(effect.realised)
    unmatched = unmatched.add(effect.unmatched)
    if (effect.feeIn === 'base') baseFees = baseFees.add(effect.fee)
    else if (effect.feeIn === 'quote') quoteFees = quoteFees.add(effect.fee)
    else if (!effect.fee.isZero()) otherFees.set(fill.feeCurrency, (otherFees.get(fill.feeCurrency) ?? new Decimal(0)).add(effect.fee))
  }
  return {
    pair,
    base: book.base,
    quote: book.quote,
    realised: realised.toFixed(),
    quoteFees: quoteFees.toFixed(),
    baseFees: baseFees.toFixed(),
    otherFees: Object.fromEntries([...otherFees].map(([c, v]) => [c, v.toFixed()])),
    openAmount: book.held().toFixed(),
    openCost: book.heldCost().toFixed(),
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
