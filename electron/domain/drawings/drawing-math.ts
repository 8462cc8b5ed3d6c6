// The sums drawn from a drawing, in exact decimals: a line's price at a time (what an alert on it
// compares the last price with), the Fibonacci retracement's levels, the position tool's reward : risk
// and amount at risk, and the magnet that snaps a point to a candle's open, high, low or close.
import { Decimal, canonicalDecimal, decimalFromWire, formatDecimal } from '../decimal'
import type { DrawingPoint, LineKind, PositionDrawing } from './drawings'

/**
 * The price of a line at `time` (ms), or null where it has none. A horizontal line has its one price
 * at every time. A trend line is the line through its two points, beyond them too (an alert on it
 * follows the line as drawn on, like a trader's ruler). A ray starts at its first point and runs
 * through its second: before its start it has no price. Two points at one time have no slope: null.
 * Exact to 40 significant digits (the time's fraction of the span is a division).
 */
export function linePriceAt(line: { kind: LineKind; points: readonly DrawingPoint[] }, time: number): Decimal | null {
  const a = line.points[0]
  if (!a) return null
  if (line.kind === 'hline') return new Decimal(a.price)
  const b = line.points[1]
  if (!b || b.time === a.time) return null
  if (line.kind === 'ray' && Math.sign(time - a.time) === -Math.sign(b.time - a.time)) return null
  const slope = new Decimal(b.price).minus(a.price).div(b.time - a.time)
  return new Decimal(a.price).plus(slope.times(time - a.time))
}

/** The retracement's levels, in percent of the move from the second point back to the first. */
export const FIB_LEVELS = ['0', '23.6', '38.2', '50', '61.8', '78.6', '100'] as const

/**
 * Each level's price: 0 % at the second point (where the move ended), 100 % at the first (where it
 * started), the rest in between. Exact: a price times a ratio of three digits.
 */
export function fibLevels(points: readonly DrawingPoint[]): { percent: string; price: string }[] {
  const [start, end] = points
  if (!start || !end) return []
  const move = new Decimal(start.price).minus(end.price)
  return FIB_LEVELS.map((percent) => ({ percent, price: canonicalDecimal(new Decimal(end.price).plus(move.times(percent).div(100))) }))
}

/** A position tool's stop on the losing side of its entry and its target on the winning side. */
export function positionSidesOk(d: { kind: 'long' | 'short'; points: readonly { price: string }[]; stop: string; target: string }): boolean {
  const entry = new Decimal(d.points[0]!.price)
  const stop = new Decimal(d.stop)
  const target = new Decimal(d.target)
  return d.kind === 'long' ? stop.lt(entry) && target.gt(entry) : stop.gt(entry) && target.lt(entry)
}

export interface PositionFigures {
  /** Price distance from the entry to the stop, and to the target (positive). */
  risk: string
  reward: string
  /** Reward : risk, to two places (rounded half up): "2.5" reads 2.5 : 1. */
  ratio: string
  /** What the stop would lose and the target would gain, with the amount (quote currency); null without one. */
  amountAtRisk: string | null
  amountToGain: string | null
}

/** The position tool's figures, from its entry (first point), stop, target and amount. */
export function positionFigures(d: Pick<PositionDrawing, 'points' | 'stop' | 'target' | 'amount'>): PositionFigures {
  const entry = new Decimal(d.points[0]!.price)
  const risk = entry.minus(d.stop).abs()
  const reward = new Decimal(d.target).minus(entry).abs()
  return {
    risk: canonicalDecimal(risk),
    reward: canonicalDecimal(reward),
    ratio: risk.isZero() ? '∞' : formatDecimal(reward.div(risk), 2),
    amountAtRisk: d.amount === undefined ? null : canonicalDecimal(risk.times(d.amount)),
    amountToGain: d.amount === undefined ? null : canonicalDecimal(reward.times(d.amount)),
  }
}

export interface OhlcLike {
  open: number
  high: number
  low: number
  close: number
}

/** The candle's open, high, low or close nearest to `price` (the magnet), with which one it is. */
export function nearestOhlc(price: number, candle: OhlcLike): { which: keyof OhlcLike; value: number } {
  const order = ['open', 'high', 'low', 'close'] as const
  let best: { which: keyof OhlcLike; value: number } = { which: 'close', value: candle.close }
  let distance = Infinity
  for (const which of order) {
    const d = Math.abs(candle[which] - price)
    if (d < distance) {
      distance = d
      best = { which, value: candle[which] }
    }
  }
  return best
}

/**
 * A price the pointer stands at (a float from the chart's pixel mapping) as the exact decimal text a
 * drawing keeps: rounded to the pair's places, trailing zeros dropped. Null for no positive price.
 */
export function pointPriceText(value: number, places: number): string | null {
  if (!Number.isFinite(value) || value <= 0) return null
  const text = decimalFromWire(value)
  if (text === null) return null
  const rounded = formatDecimal(text, Math.max(0, Math.min(18, places)))
  return new Decimal(rounded).gt(0) ? canonicalDecimal(rounded) : null
}
