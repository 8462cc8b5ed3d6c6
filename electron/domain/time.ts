// Reading the exchange's times. The one place a timestamp from the wire becomes an instant.
//
// The exchange writes times three ways: ISO 8601 text with a zone ("2024-01-31T12:00:00+00:00"),
// ISO 8601 text without one ("2024-01-31T12:00:00", Python's str(datetime) with a space) and Unix
// time as a number (seconds, fractional, or milliseconds). Its timestamps are UTC (docs/exchange-api.md), so a
// text without a zone is read as UTC. Date.parse would read it as the machine's local time and shift
// every such time by the trader's offset: that is the bug this file exists to prevent.

// ISO 8601 date or date-time as servers write it: "2024-01-31", "2024-01-31T12:00:00Z",
// "2024-01-31T12:00:00.123456+02:00", "2024-01-31 12:00:00".
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|z|[+-]\d{2}(?::?\d{2})?)?)?$/

// Unix time as text: the lossless wire parser hands fractional numbers over as their exact text.
const UNIX_TEXT = /^\d+(\.\d+)?$/

/** Below this a number is Unix seconds, above it milliseconds (1e11 s is the year 5138). */
const SECONDS_LIMIT = 1e11

function fromUnix(value: number): number | null {
  if (!Number.isFinite(value) || value < 0) return null
  return value < SECONDS_LIMIT ? value * 1000 : value
}

function zoneOffsetMinutes(zone: string | undefined): number {
  if (zone === undefined || zone === 'Z' || zone === 'z') return 0
  const sign = zone.startsWith('-') ? -1 : 1
  const digits = zone.slice(1).replace(':', '')
  return sign * (Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2, 4) || '0'))
}

/**
 * Milliseconds since the epoch of an ISO 8601 text; null when it is not a valid one. A date-time
 * without a zone, and a bare date, are UTC. Impossible calendar dates ("2024-02-30") are rejected,
 * not rolled over.
 */
export function parseIsoInstant(text: string): number | null {
  if (typeof text !== 'string') return null
  const m = ISO_DATE_TIME.exec(text.trim())
  if (m === null) return null
  const [, year, month, day, hour = '0', minute = '0', second = '0', fraction = '', zone] = m
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number]
  if (mo < 1 || mo > 12 || d < 1 || d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null
  if (h > 23 || mi > 59 || s > 59) return null
  const offset = zoneOffsetMinutes(zone)
  if (Math.abs(offset) > 18 * 60) return null
  // Fractions finer than a millisecond (Python writes microseconds) are cut, not rounded up.
  const ms = fraction === '' ? 0 : Math.floor(Number(`0${fraction}`) * 1000)
  return Date.UTC(y, mo - 1, d, h, mi, s, ms) - offset * 60_000
}

/**
 * Milliseconds since the epoch of any time the exchange or the terminal writes: ISO text (zone-less
 * means UTC), Unix seconds or milliseconds as a number or as digits, or a Date. Null when it is none.
 */
export function parseInstant(value: string | number | Date | null | undefined): number | null {
  if (value === null || value === undefined) return null
  if (value instanceof Date) return Number.isFinite(value.getTime()) ? value.getTime() : null
  if (typeof value === 'number') return fromUnix(value)
  const text = value.trim()
  if (UNIX_TEXT.test(text)) return fromUnix(Number(text))
  return parseIsoInstant(text)
}
