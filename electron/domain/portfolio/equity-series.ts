// An account's equity over time: its portfolio total, recorded at most once a minute while any
// process runs the core, and kept bounded. The last FINE_DAYS keep every minute; older points keep the
// last of each hour; points older than KEEP_DAYS go. Points rebuilt from wallet activity (before the
// first record) are marked as such, so the chart can say which part was reconstructed.
import type { Dec } from '../wire/wire'

export const MINUTE_MS = 60_000
export const HOUR_MS = 60 * MINUTE_MS
export const DAY_MS = 24 * HOUR_MS
/** Days kept at one-minute resolution. */
export const FINE_DAYS = 7
/** Days kept at all (hourly past FINE_DAYS). */
export const KEEP_DAYS = 400

export interface EquityPoint {
  /** Milliseconds since the epoch. */
  t: number
  /** The account's total in the series' quote currency. */
  value: Dec
  /** Reconstructed from wallet activity, not recorded. */
  rebuilt?: true
}

/**
 * The series with `point` added: ignored when an earlier point of the same minute exists (at most
 * one a minute) or when it is older than the newest point (a clock stepping back never reorders it).
 */
export function addPoint(series: readonly EquityPoint[], point: EquityPoint): EquityPoint[] {
  const last = series.at(-1)
  if (last && Math.floor(last.t / MINUTE_MS) >= Math.floor(point.t / MINUTE_MS)) return [...series]
  return [...series, point]
}

/**
 * Minutes for the last FINE_DAYS, then the last point of each hour, nothing past KEEP_DAYS. The
 * newest point is always kept. Sorted by time; idempotent.
 */
export function compact(series: readonly EquityPoint[], now: number): EquityPoint[] {
  const fineFrom = now - FINE_DAYS * DAY_MS
  const keepFrom = now - KEEP_DAYS * DAY_MS
  const sorted = [...series].sort((a, b) => a.t - b.t)
  const kept: EquityPoint[] = []
  for (let i = 0; i < sorted.length; i++) {
    const p = sorted[i]!
    if (p.t < keepFrom) continue
    const next = sorted[i + 1]
    const lastOfHour = !next || Math.floor(next.t / HOUR_MS) !== Math.floor(p.t / HOUR_MS)
    if (p.t >= fineFrom || lastOfHour) kept.push(p)
  }
  return kept
}
