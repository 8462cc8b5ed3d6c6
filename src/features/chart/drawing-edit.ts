// What the pointer and the keyboard do to a drawing, as pure functions: a new drawing of a tool from
// its points (or, from the keyboard, around the last price), a drawing moved whole by slots and a
// price difference, and one point (or a position tool's stop or target) moved. Prices stay exact
// decimals at the pair's places; whatever would leave a drawing unsound (a price at or under zero, a
// stop on the winning side) gives null, and the drawing stays as it was.
import { Decimal, canonicalDecimal } from '@domain/decimal'
import type { Drawing, DrawingPoint } from '@domain/drawings/drawings'
import type { DrawingKind } from '@domain/drawings/drawing-words'
import { POINT_COUNTS } from '@domain/drawings/drawing-words'
import { positionSidesOk } from '@domain/drawings/drawing-math'
import { type TimeAxis, slotOfTime, timeOfSlot } from './drawing-scene'

/** How far from the entry a new position tool puts its stop and target: 2 % and 4 % (2 : 1). */
const STOP_SHARE = new Decimal('0.02')
const TARGET_SHARE = new Decimal('0.04')
/** A new position tool's box spans this many candles. */
const POSITION_SLOTS = 20
/** A drawing made from the keyboard spans this many candles back from the last one. */
const KEYBOARD_SLOTS = 30

const rounded = (value: Decimal, places: number) => canonicalDecimal(value.toDecimalPlaces(places, Decimal.ROUND_HALF_UP))

/** Whether a drawing can be kept: positive prices, a line's points apart in time, a position's sides. */
export function soundDrawing(d: Drawing): boolean {
  const prices = [...d.points.map((p) => p.price), ...(d.kind === 'long' || d.kind === 'short' ? [d.stop, d.target] : [])]
  if (prices.some((p) => !new Decimal(p).gt(0))) return false
  if ((d.kind === 'ray' || d.kind === 'trendline') && d.points[0]!.time === d.points[1]!.time) return false
  return d.kind === 'long' || d.kind === 'short' ? positionSidesOk(d) : true
}

export interface NewDrawingFacts {
  id: string
  pair: string
  color: string
  places: number
  intervalMs: number
}

/** A drawing of `kind` from its points (the second ignored for one-point kinds); null when unsound. */
export function newDrawing(kind: DrawingKind, first: DrawingPoint, second: DrawingPoint | null, f: NewDrawingFacts): Drawing | null {
  const common = { id: f.id, pair: f.pair, color: f.color }
  let d: Drawing
  if (kind === 'hline') d = { ...common, kind, points: [first] }
  else if (kind === 'text') d = { ...common, kind, points: [first], text: 'Note' }
  else if (kind === 'long' || kind === 'short') {
    const entry = new Decimal(first.price)
    const sign = kind === 'long' ? 1 : -1
    const end = { time: first.time + POSITION_SLOTS * f.intervalMs, price: first.price }
    d = {
      ...common,
      kind,
      points: [first, end],
      stop: rounded(entry.times(Decimal.sub(1, STOP_SHARE.times(sign))), f.places),
      target: rounded(entry.times(Decimal.add(1, TARGET_SHARE.times(sign))), f.places),
    }
  } else {
    const b = second ?? first
    d = { ...common, kind, points: [first, b.time === first.time ? { ...b, time: b.time + f.intervalMs } : b] }
  }
  return soundDrawing(d) ? d : null
}

/** From the keyboard: a drawing up to the last candle at the last price, to be set exactly in the list. */
export function keyboardDrawing(kind: DrawingKind, lastTime: number, lastPrice: string, f: NewDrawingFacts): Drawing | null {
  const at = { time: lastTime, price: canonicalDecimal(lastPrice) }
  // A position's box ends at the last candle, so all of it is on screen.
  if (kind === 'long' || kind === 'short') return newDrawing(kind, { ...at, time: lastTime - POSITION_SLOTS * f.intervalMs }, null, f)
  if (POINT_COUNTS[kind] === 1) return newDrawing(kind, at, null, f)
  const before = { time: lastTime - KEYBOARD_SLOTS * f.intervalMs, price: rounded(new Decimal(lastPrice).times('0.99'), f.places) }
  return newDrawing(kind, before, at, f)
}

/** A time moved by whole slots on the chart's axis (so it lands on a candle when it started on one). */
export function timeMoved(axis: TimeAxis, time: number, slots: number): number {
  const slot = slotOfTime(axis, time)
  return slot === null ? time : (timeOfSlot(axis, slot + slots) ?? time)
}

/** The drawing moved whole: `slots` along the time axis and `dPrice` up (a decimal text, may be negative). */
export function movedDrawing(d: Drawing, axis: TimeAxis, slots: number, dPrice: string): Drawing | null {
  const shift = (price: string) => canonicalDecimal(new Decimal(price).plus(dPrice))
  const points = d.points.map((p) => ({ time: timeMoved(axis, p.time, slots), price: shift(p.price) }))
  const moved: Drawing = d.kind === 'long' || d.kind === 'short' ? { ...d, points, stop: shift(d.stop), target: shift(d.target) } : ({ ...d, points } as Drawing)
  return soundDrawing(moved) ? moved : null
}

/**
 * One handle moved to `to`: a point of the drawing, or a position tool's end (1, its time only), stop
 * (2) or target (3). A position's entry (0) keeps its box's end at the entry's price.
 */
export function withHandle(d: Drawing, handle: number, to: DrawingPoint): Drawing | null {
  let next: Drawing
  if (d.kind === 'long' || d.kind === 'short') {
    const [entry, end] = d.points
    if (handle === 0) next = { ...d, points: [to, { time: end!.time, price: to.price }] }
    else if (handle === 1) next = { ...d, points: [entry!, { time: to.time, price: entry!.price }] }
    else if (handle === 2) next = { ...d, stop: to.price }
    else next = { ...d, target: to.price }
  } else {
    next = { ...d, points: d.points.map((p, i) => (i === handle ? to : p)) } as Drawing
  }
  return soundDrawing(next) ? next : null
}
