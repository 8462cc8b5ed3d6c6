// The drawings in pixels, as pure functions: a drawing's time and price points on the chart's
// current mapping (the category axis's slots and the price pane), and the shapes that draw it
// (drawing-overlay.ts puts them on the chart as zrender elements). A time maps to a slot through the
// candles' own times, so a drawing stays at its time through interval changes, scrolling and zoom;
// past the last candle (a ray's or a position box's future) and before the first, slots go on at
// the interval's length.
import type { Drawing } from '@domain/drawings/drawings'
import { fibLevels, positionFigures } from '@domain/drawings/drawing-math'
import { DRAWING_NAMES } from '@domain/drawings/drawing-words'
import { formatAmount, formatExact } from '@/lib/format'
import { DOWN_COLOR, UP_COLOR } from '@/styles/colors'
import { type PaneGeometry, yOf } from './live-layer'

/** The candles' times (ms, ascending) and the interval's length: where each time stands. */
export interface TimeAxis {
  times: readonly number[]
  intervalMs: number
}

/** The slot (fractional) a time stands at, or null without candles. */
export function slotOfTime(axis: TimeAxis, time: number): number | null {
  const { times, intervalMs } = axis
  const n = times.length
  if (n === 0) return null
  if (time <= times[0]!) return (time - times[0]!) / intervalMs
  if (time >= times[n - 1]!) return n - 1 + (time - times[n - 1]!) / intervalMs
  let lo = 0
  let hi = n - 1
  while (hi - lo > 1) {
    const mid = (lo + hi) >> 1
    if (times[mid]! <= time) lo = mid
    else hi = mid
  }
  return lo + (time - times[lo]!) / (times[hi]! - times[lo]!)
}

/** The time (whole ms) at a slot, or null without candles: the inverse of slotOfTime. */
export function timeOfSlot(axis: TimeAxis, slot: number): number | null {
  const { times, intervalMs } = axis
  const n = times.length
  if (n === 0 || !Number.isFinite(slot)) return null
  if (slot <= 0) return Math.round(times[0]! + slot * intervalMs)
  if (slot >= n - 1) return Math.round(times[n - 1]! + (slot - (n - 1)) * intervalMs)
  const i = Math.floor(slot)
  return Math.round(times[i]! + (slot - i) * (times[i + 1]! - times[i]!))
}

/** The price pane's mapping: slot → x (x0 + slot × band) and its rectangle and values. */
export interface DrawMapping {
  x0: number
  band: number
  pane: PaneGeometry
}

export type SceneShape =
  | { type: 'line'; x1: number; y1: number; x2: number; y2: number; color: string; width: number; dashed?: boolean }
  | { type: 'rect'; x: number; y: number; width: number; height: number; color: string; opacity: number }
  | { type: 'text'; x: number; y: number; text: string; color: string; align: 'left' | 'right' }
  | { type: 'handle'; x: number; y: number; index: number; color: string }

/** The point of a drawing in pixels, or null when its time has no slot. */
export function pixelOf(point: { time: number; price: string }, axis: TimeAxis, m: DrawMapping): [number, number] | null {
  const slot = slotOfTime(axis, point.time)
  return slot === null ? null : [m.x0 + slot * m.band, yOf(m.pane, Number(point.price))]
}

/** Where a ray from a through b leaves the pane (its x edge in b's direction). */
function rayEnd(a: [number, number], b: [number, number], pane: PaneGeometry): [number, number] {
  if (a[0] === b[0]) return [a[0], b[1] < a[1] ? pane.top : pane.bottom]
  const edge = b[0] > a[0] ? pane.right : pane.left
  return [edge, a[1] + ((b[1] - a[1]) * (edge - a[0])) / (b[0] - a[0])]
}

const line = (a: [number, number], b: [number, number], color: string, width = 1.5, dashed = false): SceneShape => ({
  type: 'line',
  x1: a[0],
  y1: a[1],
  x2: b[0],
  y2: b[1],
  color,
  width,
  ...(dashed ? { dashed } : {}),
})
const box = (x1: number, y1: number, x2: number, y2: number, color: string, opacity: number): SceneShape => ({
  type: 'rect',
  x: Math.min(x1, x2),
  y: Math.min(y1, y2),
  width: Math.abs(x2 - x1),
  height: Math.abs(y2 - y1),
  color,
  opacity,
})

/**
 * The shapes of one drawing on the current mapping; its handles too when selected. A Fibonacci level's
 * label is its price at the pair's `places` (the exact level is in the Drawings list).
 */
export function drawingShapes(d: Drawing, axis: TimeAxis, m: DrawMapping, selected: boolean, places = 8): SceneShape[] {
  const pts = d.points.map((p) => pixelOf(p, axis, m))
  if (pts.some((p) => p === null)) return []
  const [a, b] = pts as [number, number][]
  const { pane } = m
  const shapes: SceneShape[] = []
  const handles: [number, number][] = pts as [number, number][]
  switch (d.kind) {
    case 'hline':
      shapes.push(line([pane.left, a![1]], [pane.right, a![1]], d.color), { type: 'text', x: pane.right - 4, y: a![1] - 8, text: formatExact(d.points[0]!.price), color: d.color, align: 'right' })
      break
    case 'trendline':
      shapes.push(line(a!, b!, d.color))
      break
    case 'ray':
      shapes.push(line(a!, rayEnd(a!, b!, pane), d.color))
      break
    case 'rect':
      shapes.push(box(a![0], a![1], b![0], b![1], d.color, 0.15), ...rectEdges(a!, b!, d.color))
      break
    case 'fib':
      for (const level of fibLevels(d.points)) {
        const y = yOf(pane, Number(level.price))
        shapes.push(line([Math.min(a![0], b![0]), y], [Math.max(a![0], b![0]), y], d.color, 1), {
          type: 'text',
          x: Math.min(a![0], b![0]) + 2,
          y: y - 8,
          text: `${level.percent} % ${formatAmount(level.price, places)}`,
          color: d.color,
          align: 'left',
        })
      }
      shapes.push(line(a!, b!, d.color, 1, true))
      break
    case 'text':
      shapes.push({ type: 'text', x: a![0], y: a![1] - 8, text: d.text, color: d.color, align: 'left' })
      break
    case 'long':
    case 'short': {
      const stopY = yOf(pane, Number(d.stop))
      const targetY = yOf(pane, Number(d.target))
      const f = positionFigures(d)
      shapes.push(box(a![0], a![1], b![0], targetY, UP_COLOR, 0.2), box(a![0], a![1], b![0], stopY, DOWN_COLOR, 0.2), line(a!, [b![0], a![1]], d.color))
      const risk = f.amountAtRisk === null ? `risk ${formatExact(f.risk)} a unit` : `at risk ${formatExact(f.amountAtRisk)}`
      shapes.push({ type: 'text', x: Math.min(a![0], b![0]) + 2, y: a![1] - 8, text: `${DRAWING_NAMES[d.kind]} · R:R ${f.ratio} · ${risk}`, color: d.color, align: 'left' })
      // Its handles: the entry, the box's end (at the entry's height), the stop and the target.
      handles.splice(1, 1, [b![0], a![1]], [a![0], stopY], [a![0], targetY])
      break
    }
  }
  if (selected) handles.forEach(([x, y], index) => shapes.push({ type: 'handle', x, y, index, color: d.color }))
  return shapes
}

function rectEdges(a: [number, number], b: [number, number], color: string): SceneShape[] {
  const corners: [number, number][] = [a, [b[0], a[1]], b, [a[0], b[1]]]
  return corners.map((p, i) => line(p, corners[(i + 1) % 4]!, color, 1))
}

/** What a point of the chart is over: a drawing, and which handle of it (null: the drawing itself). */
export interface DrawingTarget {
  id: string
  handle: number | null
}

/** Pixels around a line (or a handle's box) that still take the pointer. */
const TOLERANCE = 5
/** A label's width per character (11 px monospace), for taking the pointer over it. */
const CHAR_WIDTH = 6.6

function distanceToSegment(x: number, y: number, s: { x1: number; y1: number; x2: number; y2: number }): number {
  const dx = s.x2 - s.x1
  const dy = s.y2 - s.y1
  const length = dx * dx + dy * dy
  const t = length === 0 ? 0 : Math.max(0, Math.min(1, ((x - s.x1) * dx + (y - s.y1) * dy) / length))
  return Math.hypot(x - (s.x1 + t * dx), y - (s.y1 + t * dy))
}

function shapeHit(s: SceneShape, x: number, y: number): boolean {
  switch (s.type) {
    case 'line':
      return distanceToSegment(x, y, s) <= TOLERANCE
    case 'rect':
      return x >= s.x && x <= s.x + s.width && y >= s.y && y <= s.y + s.height
    case 'text': {
      const width = s.text.length * CHAR_WIDTH
      const left = s.align === 'left' ? s.x : s.x - width
      return x >= left && x <= left + width && Math.abs(y - s.y) <= 7
    }
    case 'handle':
      return Math.abs(x - s.x) <= TOLERANCE + 1 && Math.abs(y - s.y) <= TOLERANCE + 1
  }
}

/**
 * The drawing under a point of the price pane, the one drawn last (on top) first; a handle of the
 * selected drawing before any drawing's body. Null outside the pane or over no drawing.
 */
export function hitTest(drawn: readonly { id: string; shapes: readonly SceneShape[] }[], pane: PaneGeometry, x: number, y: number): DrawingTarget | null {
  if (x < pane.left || x > pane.right || y < pane.top || y > pane.bottom) return null
  for (let i = drawn.length - 1; i >= 0; i--) {
    const handle = drawn[i]!.shapes.find((s) => s.type === 'handle' && shapeHit(s, x, y))
    if (handle?.type === 'handle') return { id: drawn[i]!.id, handle: handle.index }
  }
  for (let i = drawn.length - 1; i >= 0; i--) {
    if (drawn[i]!.shapes.some((s) => s.type !== 'handle' && shapeHit(s, x, y))) return { id: drawn[i]!.id, handle: null }
  }
  return null
}
