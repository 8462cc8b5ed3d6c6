// Number and time formatting for the chart, the trades and the order form: prices and amounts with
// the pair's precision (exact, via decimal.js), digits grouped for reading, times in local time.
import { formatDecimal } from '@domain/decimal'

/** Green up, red down: the trader's convention (ECharts' candlestick defaults are the reverse). */
export const UP_COLOR = '#26a69a'
export const DOWN_COLOR = '#ef5350'
export const WARN_COLOR = '#f0a020'

/** "43000.5" → "43,000.5": groups the integer part in threes, leaves the fraction alone. */
export function groupThousands(text: string): string {
  const negative = text.startsWith('-')
  const body = negative ? text.slice(1) : text
  const dot = body.indexOf('.')
  const whole = dot === -1 ? body : body.slice(0, dot)
  const fraction = dot === -1 ? '' : body.slice(dot)
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',')
  return `${negative ? '-' : ''}${grouped}${fraction}`
}

/**
 * A decimal string or a drawn number with exactly `places` digits, grouped; '—' when it is not a
 * number. Numbers go through their shortest text first, so 0.1 + 0.2 style noise never shows.
 */
export function formatFixed(value: string | number | null | undefined, places: number, grouped = true): string {
  if (value === null || value === undefined || value === '') return '—'
  try {
    const text = formatDecimal(typeof value === 'number' ? String(value) : value, places)
    return grouped ? groupThousands(text) : text
  } catch {
    return '—'
  }
}

const pad = (n: number): string => String(n).padStart(2, '0')

/** HH:MM:SS in local time from Unix seconds (fractional allowed). */
export function formatClock(unixSeconds: number): string {
  const d = new Date(unixSeconds * 1000)
  return `${pad(d.getHours())}:${pad(d.getMinutes())}:${pad(d.getSeconds())}`
}

/** HH:MM in local time from milliseconds since the epoch. */
export function formatHourMinute(ms: number): string {
  const d = new Date(ms)
  return `${pad(d.getHours())}:${pad(d.getMinutes())}`
}

/** A candle's time label: the date for daily candles, date and time otherwise (local time). */
export function formatCandleTime(unixSeconds: number, daily: boolean): string {
  const d = new Date(unixSeconds * 1000)
  const date = `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`
  return daily ? date : `${date} ${pad(d.getHours())}:${pad(d.getMinutes())}`
}
