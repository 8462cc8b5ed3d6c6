// The window's one formatter: every price, amount, percentage and time a trader reads goes through
// this file, so the pair list, the tables, the chart, the order form and the messages agree.
//
// Numbers: money is a decimal string (domain/wire.ts). It is rounded with decimal.js, never as a
// float, and grouped by the locale with Intl.NumberFormat given the decimal *string*, which modern
// engines (ES2023 Intl.NumberFormat v3: Chromium 106+, Node 19+) format exactly. Where an engine
// would round the string to a double, the grouping is done by hand on the text instead.
//
// Times: the exchange's times are read by domain/time.ts (zone-less text is UTC) and shown in the
// zone the trader chose, local time by default or UTC (the status bar's switch, kept in the prefs).
import { ref } from 'vue'
import { Decimal } from '@domain/decimal'
import { parseInstant } from '@domain/time'

/** Green up, red down: the trader's convention (ECharts' candlestick defaults are the reverse). */
export const UP_COLOR = '#26a69a'
export const DOWN_COLOR = '#ef5350'
export const WARN_COLOR = '#f0a020'

export type NumberInput = string | number | Decimal | null | undefined

// ---- Numbers ----------------------------------------------------------------------------------------

/** The locale numbers are grouped for; undefined means the window's own (the system's). */
let numberLocale: string | undefined

/** Sets the locale of every number shown; undefined goes back to the system's. */
export function setNumberLocale(locale: string | undefined): void {
  numberLocale = locale
  formatters.clear()
}

const formatters = new Map<string, Intl.NumberFormat>()

function numberFormat(places: number, grouped: boolean): Intl.NumberFormat {
  const key = `${places}:${grouped}`
  let format = formatters.get(key)
  if (!format) {
    format = new Intl.NumberFormat(numberLocale, { minimumFractionDigits: places, maximumFractionDigits: places, useGrouping: grouped })
    formatters.set(key, format)
  }
  return format
}

const PROBE = '9007199254740993.000000000000000001'
let intlExact: boolean | null = null

/** True when Intl formats a decimal string without passing it through a double. */
export function intlFormatsStringsExactly(): boolean {
  if (intlExact === null) {
    const probe = new Intl.NumberFormat('en-US', { minimumFractionDigits: 18, maximumFractionDigits: 18, useGrouping: false })
    intlExact = probe.format(PROBE as Intl.StringNumericLiteral) === PROBE
  }
  return intlExact
}

/** Grouping by hand for engines whose Intl rounds strings: the locale's separators, groups of three. */
function groupByHand(text: string, grouped: boolean): string {
  const parts = numberFormat(1, true).formatToParts(11111.1)
  const group = parts.find((p) => p.type === 'group')?.value ?? ','
  const decimal = parts.find((p) => p.type === 'decimal')?.value ?? '.'
  const negative = text.startsWith('-')
  const [whole = '0', fraction] = (negative ? text.slice(1) : text).split('.')
  const wholeText = grouped ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, group) : whole
  return `${negative ? '-' : ''}${wholeText}${fraction === undefined ? '' : decimal + fraction}`
}

function toDecimal(value: NumberInput): Decimal | null {
  if (value === null || value === undefined || value === '') return null
  try {
    // A drawn number goes through its shortest text first, so 0.1 + 0.2 style noise never shows.
    const decimal = value instanceof Decimal ? value : new Decimal(typeof value === 'number' ? String(value) : value.trim())
    return decimal.isFinite() ? decimal : null
  } catch {
    return null
  }
}

/** The decimal text of `value` rounded half up to exactly `places` digits; null when not a number. */
function roundedText(value: NumberInput, places: number): string | null {
  const decimal = toDecimal(value)
  if (decimal === null) return null
  const rounded = decimal.toDecimalPlaces(places, Decimal.ROUND_HALF_UP)
  // A value that rounds to zero is shown as 0, never as "-0.00".
  return (rounded.isZero() ? rounded.abs() : rounded).toFixed(places)
}

export interface NumberOptions {
  /** Group the integer digits by the locale (default true). */
  grouped?: boolean
  /** Put a + before a positive value (changes, not balances). */
  signed?: boolean
}

/**
 * A price, amount or any decimal with exactly `places` digits after the point, rounded half up
 * and grouped by the locale; '—' when it is not a number.
 */
export function formatAmount(value: NumberInput, places: number, options: NumberOptions = {}): string {
  const text = roundedText(value, Math.max(0, Math.min(100, Math.trunc(places))))
  if (text === null) return '—'
  const grouped = options.grouped ?? true
  const decimals = text.includes('.') ? text.length - text.indexOf('.') - 1 : 0
  const shown = intlFormatsStringsExactly() ? numberFormat(decimals, grouped).format(text as Intl.StringNumericLiteral) : groupByHand(text, grouped)
  return options.signed && !text.startsWith('-') && !new Decimal(text).isZero() ? `+${shown}` : shown
}

/** Digits after the point as written ("1.50" → 2, "100" → 0, "1e-8" → 8): every digit of the value. */
export function decimalsOf(value: NumberInput): number {
  const written = typeof value === 'string' ? /^\s*[+-]?\d*\.(\d+)\s*$/.exec(value) : null
  if (written) return written[1]!.length
  const decimal = toDecimal(value)
  return decimal === null ? 0 : Math.max(0, decimal.decimalPlaces())
}

/** Every digit of a decimal, at least `minPlaces` after the point, grouped: nothing is rounded away. */
export function formatExact(value: NumberInput, minPlaces = 0, options: NumberOptions = {}): string {
  return formatAmount(value, Math.max(minPlaces, decimalsOf(value)), options)
}

/** A percentage figure ("1.2345" → "+1.23 %"), signed: the day's change of a pair or candle. */
export function formatChangePercent(percent: NumberInput, places = 2): string {
  const text = formatAmount(percent, places, { signed: true })
  return text === '—' ? text : `${text} %`
}

/** A fee rate as a percentage: "0.001" → "0.100 %". At least three places; more if the rate has them. */
export function formatRatePercent(rate: NumberInput): string {
  const decimal = toDecimal(rate)
  if (decimal === null) return '—'
  const percent = decimal.times(100)
  return `${formatAmount(percent, Math.max(3, percent.decimalPlaces()))} %`
}

/** The places of a currency: the most any pair uses for it (amounts as base, prices as quote). */
export function currencyPlaces(currency: string, pairs: readonly { currency1: string; currency2: string; amount_precision: number; price_precision: number }[]): number | null {
  let places: number | null = null
  for (const p of pairs) {
    if (p.currency1 === currency) places = Math.max(places ?? 0, p.amount_precision)
    if (p.currency2 === currency) places = Math.max(places ?? 0, p.price_precision)
  }
  return places
}

/** Compares two decimal strings numerically (for table sorters). */
export function compareDecimal(a: string | null | undefined, b: string | null | undefined): number {
  if (a === b) return 0
  if (a === null || a === undefined) return -1
  if (b === null || b === undefined) return 1
  return new Decimal(a).comparedTo(b)
}

// ---- Times ------------------------------------------------------------------------------------------

export type TimeZoneMode = 'local' | 'utc'

/** The zone times are shown in; the prefs store keeps it in step with the saved preference. */
export const displayZone = ref<TimeZoneMode>('local')

const pad = (n: number): string => String(n).padStart(2, '0')

interface Fields {
  y: number
  mo: number
  d: number
  h: number
  mi: number
  s: number
}

function fieldsOf(ms: number, zone: TimeZoneMode): Fields {
  const t = new Date(ms)
  return zone === 'utc'
    ? { y: t.getUTCFullYear(), mo: t.getUTCMonth() + 1, d: t.getUTCDate(), h: t.getUTCHours(), mi: t.getUTCMinutes(), s: t.getUTCSeconds() }
    : { y: t.getFullYear(), mo: t.getMonth() + 1, d: t.getDate(), h: t.getHours(), mi: t.getMinutes(), s: t.getSeconds() }
}

const dateOf = (f: Fields): string => `${f.y}-${pad(f.mo)}-${pad(f.d)}`

/** Milliseconds since the epoch of an order, balance or rule time (zone-less text is UTC), or NaN. */
export function timeValue(value: string | number | Date | null | undefined): number {
  return parseInstant(value) ?? Number.NaN
}

/** "2024-05-01 14:03:07" in the chosen zone: sortable, unambiguous, fixed width. */
export function formatDateTime(value: Date | string | number | null | undefined, zone: TimeZoneMode = displayZone.value): string {
  if (value === null || value === undefined || value === '') return '—'
  const ms = parseInstant(value)
  if (ms === null) return String(value)
  const f = fieldsOf(ms, zone)
  return `${dateOf(f)} ${pad(f.h)}:${pad(f.mi)}:${pad(f.s)}`
}

/** HH:MM:SS from Unix seconds (fractional allowed), in the chosen zone. */
export function formatClock(unixSeconds: number, zone: TimeZoneMode = displayZone.value): string {
  const f = fieldsOf(unixSeconds * 1000, zone)
  return `${pad(f.h)}:${pad(f.mi)}:${pad(f.s)}`
}

/** HH:MM from milliseconds since the epoch, in the chosen zone. */
export function formatHourMinute(ms: number, zone: TimeZoneMode = displayZone.value): string {
  const f = fieldsOf(ms, zone)
  return `${pad(f.h)}:${pad(f.mi)}`
}

/**
 * A candle's time label: date and time in the chosen zone; for a daily candle its UTC date in every
 * zone, because the exchange's day runs from 00:00 UTC (in New York a local date would be the day before).
 */
export function formatCandleTime(unixSeconds: number, daily: boolean, zone: TimeZoneMode = displayZone.value): string {
  if (daily) return dateOf(fieldsOf(unixSeconds * 1000, 'utc'))
  const f = fieldsOf(unixSeconds * 1000, zone)
  return `${dateOf(f)} ${pad(f.h)}:${pad(f.mi)}`
}

/** A fee rule's validity window [from, to] in words. */
export function formatValidity(window: [string | null, string | null] | null, zone: TimeZoneMode = displayZone.value): string {
  const [from, to] = window ?? [null, null]
  if (!from && !to) return 'always'
  if (!from) return `until ${formatDateTime(to, zone)}`
  if (!to) return `from ${formatDateTime(from, zone)}`
  return `${formatDateTime(from, zone)} – ${formatDateTime(to, zone)}`
}
