// Numbers as a trader reads them: the one implementation behind the window's formatter
// (src/lib/format.ts) and the order rules' messages, so "Needs 43,000.00 USDT" in a warning
// reads like the same figure in the form.
//
// Money is a decimal string (wire.ts). It is rounded with decimal.js, never as a float, and grouped
// by the locale with Intl.NumberFormat given the decimal *string*, which modern engines (ES2023
// Intl.NumberFormat v3: Chromium 106+, Node 19+) format exactly. Where an engine would round the
// string to a double, the grouping is done by hand on the text instead.
import { Decimal } from './decimal'

export type NumberInput = string | number | Decimal | null | undefined

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

/**
 * Grouping by hand, for engines whose Intl would round a string through a double: the locale's
 * separators, groups of three. `text` is a plain decimal ("-1234.50").
 */
export function groupByHand(text: string, grouped: boolean): string {
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
  const digits = Math.max(0, Math.min(100, Math.trunc(places)))
  const text = roundedText(value, digits)
  if (text === null) return '—'
  const grouped = options.grouped ?? true
  // The text already has exactly `digits` places, so Intl only groups and localises it.
  const shown = intlFormatsStringsExactly() ? numberFormat(digits, grouped).format(text as Intl.StringNumericLiteral) : groupByHand(text, grouped)
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
