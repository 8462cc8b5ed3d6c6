// The price ladder's steps: what it offers (the pair's tick times 1, 2 and 5, by powers of ten) and the
// automatic one for a pair whose step the trader has not chosen: the smallest offered step at least
// the median gap between adjacent levels near the touch, so the book's levels land on neighbouring
// rows instead of one row with a size among twenty empty ones. Pure and exact (decimal.js).
import { Decimal } from '../decimal'
import { sortLevels, type BookLevel } from './order-book'
import { tickOf } from './price-steps'

/** Powers of ten of the tick offered: 1 tick up to 50,000 ticks (0.01 → 500 on a 2-decimal pair). */
export const STEP_DECADES = 5
/** Levels from the touch on each side whose gaps decide the automatic step. */
export const NEAR_LEVELS = 10

/** The steps the ladder offers, smallest first: tick × 1, 2, 5, 10, 20, 50 … 50,000. */
export function stepChoices(pricePrecision: number): string[] {
  const tick = new Decimal(tickOf(pricePrecision))
  const out: string[] = []
  for (let decade = 0; decade < STEP_DECADES; decade++) {
    for (const times of [1, 2, 5]) out.push(tick.mul(times).mul(new Decimal(10).pow(decade)).toFixed())
  }
  return out
}

/** The median gap between adjacent price levels among the NEAR_LEVELS nearest the touch on each side; null with no two levels on a side. */
export function medianGap(asks: readonly BookLevel[], bids: readonly BookLevel[]): Decimal | null {
  const gaps: Decimal[] = []
  for (const [levels, side] of [
    [asks, 'ask'],
    [bids, 'bid'],
  ] as const) {
    const near = sortLevels(levels, side).slice(0, NEAR_LEVELS)
    for (let i = 1; i < near.length; i++) gaps.push(new Decimal(near[i]!.price).sub(near[i - 1]!.price).abs())
  }
  if (gaps.length === 0) return null
  gaps.sort((a, b) => a.comparedTo(b))
  const mid = Math.floor(gaps.length / 2)
  return gaps.length % 2 === 1 ? gaps[mid]! : gaps[mid - 1]!.add(gaps[mid]!).div(2)
}

/** The automatic step for this book: the smallest offered step ≥ the median gap (the largest offered if none is); null until a side has two levels. */
export function autoStep(asks: readonly BookLevel[], bids: readonly BookLevel[], pricePrecision: number): string | null {
  const gap = medianGap(asks, bids)
  if (gap === null) return null
  const choices = stepChoices(pricePrecision)
  return choices.find((step) => gap.lte(step)) ?? choices[choices.length - 1]!
}
