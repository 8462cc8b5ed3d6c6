// The window's one formatter: every price, amount, percentage and time a trader reads goes through
// this file, so the pair list, the tables, the chart, the order form and the messages agree.
//
// Numbers: domain/number-format.ts (shared with the order rules' messages), re-exported here so the
// window has one place to import from.
//
// Times: the exchange's times are read by domain/time.ts (zone-less text is UTC) and shown in the
// zone the trader chose (display-zone.ts), local time by default or UTC (the status bar's switch,
// kept in the prefs).
import { ref } from 'vue'
import { Decimal } from '@domain/decimal'
import { parseInstant } from '@domain/time'
import { displayZone, type TimeZoneMode } from './display-zone'
import { dateOf, fieldsOf, hourMinuteText, pad } from './time-text'

export {
  currencyPlaces,
  decimalsOf,
  formatAmount,
  formatChangePercent,
  formatExact,
  formatRatePercent,
  intlFormatsStringsExactly,
  setNumberLocale,
  type NumberInput,
  type NumberOptions,
} from '@domain/number-format'

/** Compares two decimal strings numerically (for table sorters). */
export function compareDecimal(a: string | null | undefined, b: string | null | undefined): number {
  if (a === b) return 0
  if (a === null || a === undefined) return -1
  if (b === null || b === undefined) return 1
  return new Decimal(a).comparedTo(b)
}

// ---- Times ------------------------------------------------------------------------------------------

export type { TimeZoneMode }

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

/**
 * A moment of today, reactive: it moves when the date changes in either zone (checked each minute),
 * so a table that shows "today's" times as times of day re-renders at midnight, and last night's
 * order no longer reads as a time of today. The minute timer starts on first use, in a window only.
 */
const today = ref(Date.now())
let dayTimer: ReturnType<typeof setInterval> | null = null
const dayKey = (ms: number): string => `${dateOf(fieldsOf(ms, 'local'))}|${dateOf(fieldsOf(ms, 'utc'))}`

function currentDay(): number {
  if (dayTimer === null && typeof window !== 'undefined') {
    dayTimer = setInterval(() => {
      const now = Date.now()
      if (dayKey(now) !== dayKey(today.value)) today.value = now
    }, 60_000)
  }
  return today.value
}

/**
 * A time for a narrow column: HH:MM:SS when it falls on today's date (in the chosen zone), else its
 * date ('date') or its date and HH:MM ('date-time'). The whole formatDateTime goes in a title beside it.
 */
export function formatRecentTime(value: Date | string | number | null | undefined, older: 'date' | 'date-time', now: number = currentDay(), zone: TimeZoneMode = displayZone.value): string {
  if (value === null || value === undefined || value === '') return '—'
  const ms = parseInstant(value)
  if (ms === null) return String(value)
  const f = fieldsOf(ms, zone)
  if (dateOf(f) === dateOf(fieldsOf(now, zone))) return `${pad(f.h)}:${pad(f.mi)}:${pad(f.s)}`
  return older === 'date' ? dateOf(f) : `${dateOf(f)} ${pad(f.h)}:${pad(f.mi)}`
}

/** HH:MM:SS from Unix seconds (fractional allowed), in the chosen zone. */
export function formatClock(unixSeconds: number, zone: TimeZoneMode = displayZone.value): string {
  const f = fieldsOf(unixSeconds * 1000, zone)
  return `${pad(f.h)}:${pad(f.mi)}:${pad(f.s)}`
}

/** HH:MM from milliseconds since the epoch, in the chosen zone. */
export function formatHourMinute(ms: number, zone: TimeZoneMode = displayZone.value): string {
  return hourMinuteText(ms, zone)
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

/** How old something is, for the status bar: "now", "12 s", "3 min", "2 h". */
export function formatAge(ms: number): string {
  if (!Number.isFinite(ms) || ms < 1_000) return 'now'
  if (ms < 60_000) return `${Math.floor(ms / 1_000)} s`
  if (ms < 3_600_000) return `${Math.floor(ms / 60_000)} min`
  return `${Math.floor(ms / 3_600_000)} h`
}
