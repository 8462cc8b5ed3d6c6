// A drawing as the Drawings list shows it, as pure functions: its name and its fields (each point's
// price and time, a position tool's stop, target and amount, a note's text) with their labels, and a
// field typed anew applied to the drawing (or, refused, why). What the pointer does on the chart can
// be done here by keyboard and screen reader.
import type { Drawing } from '@domain/drawings/drawings'
import { DRAWING_NAMES, POINT_COUNTS } from '@domain/drawings/drawing-words'
import { formatDateTime } from '@/lib/format'
import type { TimeZoneMode } from '@/lib/display-zone'
import { soundDrawing } from './drawing-edit'
import { type Read, readAmount, readPrice, readTime } from './drawing-fields'

export type FieldKey = 'p0.price' | 'p0.time' | 'p1.price' | 'p1.time' | 'stop' | 'target' | 'amount' | 'text'

export interface RowField {
  key: FieldKey
  label: string
  value: string
}

const POINT_LABELS: Partial<Record<Drawing['kind'], [string, string]>> = { fib: ['100 %', '0 %'], long: ['Entry', 'Box end'], short: ['Entry', 'Box end'] }

/** The drawing's name in the list: its kind and where it is ("Horizontal line at 43000.5"). */
export function drawingName(d: Drawing): string {
  const name = DRAWING_NAMES[d.kind]
  if (d.kind === 'text') return `${name} “${d.text}”`
  return `${name} at ${d.points[0]!.price}`
}

export function rowFields(d: Drawing, zone: TimeZoneMode): RowField[] {
  const fields: RowField[] = []
  const two = POINT_COUNTS[d.kind] === 2
  const [first, second] = POINT_LABELS[d.kind] ?? (two ? ['Start', 'End'] : ['', ''])
  d.points.forEach((p, i) => {
    const which = i === 0 ? first : second
    const isBoxEnd = (d.kind === 'long' || d.kind === 'short') && i === 1
    if (!isBoxEnd) fields.push({ key: `p${i}.price` as FieldKey, label: `${which} price`.trim(), value: p.price })
    // A horizontal line has one price at every time: its time only says where it was drawn.
    if (d.kind !== 'hline') fields.push({ key: `p${i}.time` as FieldKey, label: isBoxEnd ? 'Box ends at' : `${which} time`.trim(), value: formatDateTime(p.time, zone) })
  })
  if (d.kind === 'long' || d.kind === 'short') {
    fields.push({ key: 'stop', label: 'Stop', value: d.stop }, { key: 'target', label: 'Target', value: d.target }, { key: 'amount', label: 'Amount', value: d.amount ?? '' })
  }
  if (d.kind === 'text') fields.push({ key: 'text', label: 'Text', value: d.text })
  return fields.map((f) => ({ ...f, label: f.label.charAt(0).toUpperCase() + f.label.slice(1) }))
}

/** The drawing with one field typed anew, or why not (the drawing then stays as it was). */
export function applyField(d: Drawing, key: FieldKey, text: string, places: number, zone: TimeZoneMode): Read<Drawing> {
  let next: Drawing
  if (key === 'text') {
    if (d.kind !== 'text') return { ok: false, problem: 'Only a text note has text' }
    const t = text.trim()
    if (t === '' || t.length > 500) return { ok: false, problem: 'The note needs some text, at most 500 characters' }
    next = { ...d, text: t }
  } else if (key === 'amount') {
    if (d.kind !== 'long' && d.kind !== 'short') return { ok: false, problem: 'Only a position tool has an amount' }
    const read = readAmount(text)
    if (!read.ok) return read
    const { amount: _old, ...rest } = d
    next = read.value === undefined ? rest : { ...rest, amount: read.value }
  } else if (key === 'stop' || key === 'target') {
    if (d.kind !== 'long' && d.kind !== 'short') return { ok: false, problem: 'Only a position tool has a stop and a target' }
    const read = readPrice(text, places, key === 'stop' ? 'The stop' : 'The target')
    if (!read.ok) return read
    next = { ...d, [key]: read.value }
  } else {
    const i = key.startsWith('p0') ? 0 : 1
    const point = d.points[i]
    if (!point) return { ok: false, problem: 'This drawing has no such point' }
    const read = key.endsWith('price') ? readPrice(text, places) : readTime(text, zone)
    if (!read.ok) return read
    const moved = key.endsWith('price') ? { ...point, price: read.value as string } : { ...point, time: read.value as number }
    const points = d.points.map((p, j) => (j === i ? moved : p))
    // A position's box end stays at its entry's price.
    if ((d.kind === 'long' || d.kind === 'short') && i === 0) points[1] = { ...points[1]!, price: moved.price }
    next = { ...d, points } as Drawing
  }
  if (soundDrawing(next)) return { ok: true, value: next }
  if (next.kind === 'long') return { ok: false, problem: 'A long position has its stop below the entry and its target above it' }
  if (next.kind === 'short') return { ok: false, problem: 'A short position has its stop above the entry and its target below it' }
  return { ok: false, problem: 'The two points of a line must be at different times' }
}
