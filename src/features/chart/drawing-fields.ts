// The Drawings list's fields read, as pure functions: a price typed for a point, a stop, a target or
// an amount (exact, at most the pair's places, above zero), and a time typed as "2026-01-31 14:05"
// (seconds optional) in the window's zone, shown the same way by formatDateTime. A refusal says what
// is wrong in words; the drawing stays as it was.
import { Decimal, canonicalDecimal, decimalPlaces, parseDecimal } from '@domain/decimal'
import type { TimeZoneMode } from '@/lib/display-zone'

export type Read<T> = { ok: true; value: T } | { ok: false; problem: string }

/** A positive price with at most `places` decimals, as canonical decimal text. */
export function readPrice(text: string, places: number, what = 'The price'): Read<string> {
  const value = parseDecimal(text)
  if (value === null || text.trim().startsWith('-') || text.trim().startsWith('+')) return { ok: false, problem: `${what} must be a number like 43000.5` }
  if (!value.gt(0)) return { ok: false, problem: `${what} must be above zero` }
  if (decimalPlaces(text) > places && !value.toDecimalPlaces(places).eq(value)) return { ok: false, problem: `${what} has more than ${places} decimals, which this pair does not quote` }
  if (value.abs().truncated().toFixed().length > 18) return { ok: false, problem: `${what} has more than 18 digits before the decimal point` }
  return { ok: true, value: canonicalDecimal(value) }
}

/** An amount (base currency), or none when left empty. */
export function readAmount(text: string): Read<string | undefined> {
  if (text.trim() === '') return { ok: true, value: undefined }
  const value = parseDecimal(text)
  if (value === null || !value.gt(0) || text.trim().startsWith('+')) return { ok: false, problem: 'The amount must be a number above zero, or empty' }
  return { ok: true, value: canonicalDecimal(value) }
}

const TIME = /^(\d{4})-(\d{2})-(\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?$/

/** "2026-01-31 14:05[:07]" in the zone, as ms since 1970; a date that does not exist is refused. */
export function readTime(text: string, zone: TimeZoneMode): Read<number> {
  const m = TIME.exec(text.trim())
  if (!m) return { ok: false, problem: 'The time must be written like 2026-01-31 14:05' }
  const [y, mo, d, h, mi, s] = m.slice(1).map((part) => Number(part ?? 0)) as [number, number, number, number, number, number]
  const ms = zone === 'utc' ? Date.UTC(y, mo - 1, d, h, mi, s) : new Date(y, mo - 1, d, h, mi, s).getTime()
  const back = new Date(ms)
  const fields =
    zone === 'utc'
      ? [back.getUTCFullYear(), back.getUTCMonth() + 1, back.getUTCDate(), back.getUTCHours(), back.getUTCMinutes()]
      : [back.getFullYear(), back.getMonth() + 1, back.getDate(), back.getHours(), back.getMinutes()]
  if (fields.join() !== [y, mo, d, h, mi].join()) return { ok: false, problem: `There is no ${text.trim()} ${zone === 'utc' ? 'UTC' : 'local time'}` }
  if (y < 2000 || y >= 2200) return { ok: false, problem: 'The time must be between the years 2000 and 2200' }
  return { ok: true, value: ms }
}

/** A price difference as exact text, for the position tool's words. */
export const priceDistance = (a: string, b: string): string => canonicalDecimal(new Decimal(a).minus(b).abs())
