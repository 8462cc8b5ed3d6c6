// Display formatting shared by the tables and the header. Money stays in decimal strings.
import { Decimal } from '@domain/decimal'

const pad = (n: number): string => String(n).padStart(2, '0')

/** Local date and time, "2024-05-01 14:03:07": sortable, unambiguous, fixed width. */
export function formatDateTime(value: Date | string | number | null | undefined): string {
  if (value === null || value === undefined || value === '') return '—'
  // Order times come as ISO text or Unix time in seconds or milliseconds.
  const date = typeof value === 'number' ? new Date(value < 1e11 ? value * 1000 : value) : new Date(value)
  if (Number.isNaN(date.getTime())) return String(value)
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}:${pad(date.getSeconds())}`
}

/** Milliseconds since epoch of an order or rule time, or NaN. */
export function timeValue(value: string | number | null | undefined): number {
  if (value === null || value === undefined || value === '') return Number.NaN
  if (typeof value === 'number') return value < 1e11 ? value * 1000 : value
  return new Date(value).getTime()
}

/** A fee rate as a percentage: "0.001" → "0.100 %". At least three places; more if the rate has them. */
export function formatRatePercent(rate: string): string {
  const percent = new Decimal(rate).times(100)
  const places = Math.max(3, percent.decimalPlaces())
  return `${percent.toFixed(places)} %`
}

/** A fee rule's validity window [from, to] in words. */
export function formatValidity(window: [string | null, string | null] | null): string {
  const [from, to] = window ?? [null, null]
  if (!from && !to) return 'always'
  if (!from) return `until ${formatDateTime(to)}`
  if (!to) return `from ${formatDateTime(from)}`
  return `${formatDateTime(from)} – ${formatDateTime(to)}`
}

/** Compares two decimal strings numerically (for table sorters). */
export function compareDecimal(a: string | null | undefined, b: string | null | undefined): number {
  if (a === b) return 0
  if (a === null || a === undefined) return -1
  if (b === null || b === undefined) return 1
  return new Decimal(a).comparedTo(b)
}

/** Trims a decimal string for display without losing digits: "1.50000000" → "1.5", "0" → "0". */
export function plainDecimal(value: string): string {
  return new Decimal(value).toFixed()
}
