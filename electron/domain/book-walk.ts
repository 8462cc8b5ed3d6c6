// What a MARKET order would do against the book the terminal sees: walk the levels from the best
// price, fill what each level holds, and report the average and worst price, the slippage against
// the best price, and what the visible book cannot fill. Exact decimals; the exchange's own matching
// may differ when the book moves before the order arrives, which the preview says.
import { Decimal } from './decimal'
import { sortLevels, type BookLevel } from './order-book'

export type WalkInput =
  /** A market BUY spends a quote amount on the asks (spec 2.1, rule 1). */
  | { side: 'BUY'; quoteAmount: string; asks: readonly BookLevel[] }
  /** A market SELL sells a base amount into the bids (spec 2.1, rule 2). */
  | { side: 'SELL'; baseAmount: string; bids: readonly BookLevel[] }

export interface BookWalk {
  side: 'BUY' | 'SELL'
  /** Base currency bought or sold. */
  base: string
  /** Quote currency spent (BUY) or received (SELL). */
  quote: string
  /** quote ÷ base; null when nothing fills. */
  averagePrice: string | null
  /** The last level touched; null when nothing fills. */
  worstPrice: string | null
  /** The best level's price; null on an empty side. */
  bestPrice: string | null
  /** How much worse the average is than the best price, in percent (≥ 0); null when nothing fills. */
  slippagePercent: string | null
  levelsUsed: number
  /** What the visible book cannot fill: quote left to spend (BUY) or base left to sell (SELL). */
  unfilled: string
  complete: boolean
}

export function walkBook(input: WalkInput): BookWalk {
  const buying = input.side === 'BUY'
  const levels = sortLevels(buying ? input.asks : input.bids, buying ? 'ask' : 'bid')
  let remaining = new Decimal(buying ? input.quoteAmount : input.baseAmount)
  if (!remaining.isFinite() || remaining.lt(0)) throw new RangeError('the amount must be a non-negative decimal')
  let base = new Decimal(0)
  let quote = new Decimal(0)
  let worst: string | null = null
  let used = 0
  for (const level of levels) {
    if (remaining.lte(0)) break
    const price = new Decimal(level.price)
    const amount = new Decimal(level.amount)
    const levelQuote = price.mul(amount)
    used += 1
    worst = level.price
    if (buying) {
      if (remaining.gte(levelQuote)) {
        base = base.add(amount)
        quote = quote.add(levelQuote)
        remaining = remaining.sub(levelQuote)
      } else {
        base = base.add(remaining.div(price))
        quote = quote.add(remaining)
        remaining = new Decimal(0)
      }
    } else {
      const take = Decimal.min(remaining, amount)
      base = base.add(take)
      quote = quote.add(take.mul(price))
      remaining = remaining.sub(take)
    }
  }
  const best = levels[0]?.price ?? null
  const average = base.isZero() ? null : quote.div(base)
  const slippage =
    average && best ? (buying ? average.sub(best) : new Decimal(best).sub(average)).div(best).mul(100).toFixed() : null
  return {
    side: input.side,
    base: base.toFixed(),
    quote: quote.toFixed(),
    averagePrice: average ? average.toFixed() : null,
    worstPrice: base.isZero() ? null : worst,
    bestPrice: best,
    slippagePercent: slippage,
    levelsUsed: base.isZero() ? 0 : used,
    unfilled: remaining.toFixed(),
    complete: remaining.isZero(),
  }
}
