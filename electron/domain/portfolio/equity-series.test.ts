import { describe, expect, it } from 'vitest'
import { DAY_MS, FINE_DAYS, HOUR_MS, KEEP_DAYS, MINUTE_MS, addPoint, compact, type EquityPoint } from './equity-series'

const NOW = Date.UTC(2026, 10, 26, 12, 0, 0)
const at = (t: number, value = '100'): EquityPoint => ({ t, value })

/** One point a minute for `days` days up to NOW. */
function minutes(days: number): EquityPoint[] {
  const points: EquityPoint[] = []
  for (let t = NOW - days * DAY_MS + MINUTE_MS; t <= NOW; t += MINUTE_MS) points.push(at(t, String(t % 1000)))
  return points
}

describe('recording', () => {
  it('at most one point a minute, and never one older than the newest', () => {
    let s = addPoint([], at(NOW))
    s = addPoint(s, at(NOW + 59_000)) // same minute
    expect(s).toEqual([at(NOW)])
    s = addPoint(s, at(NOW + MINUTE_MS))
    expect(s.map((p) => p.t)).toEqual([NOW, NOW + MINUTE_MS])
    s = addPoint(s, at(NOW - 5 * MINUTE_MS)) // the clock stepped back
    expect(s.map((p) => p.t)).toEqual([NOW, NOW + MINUTE_MS])
  })
})

describe('compaction', () => {
  const ninety = compact(minutes(90), NOW)

  it('keeps every minute of the last days, then one point an hour (the hour’s last)', () => {
    const fine = ninety.filter((p) => p.t >= NOW - FINE_DAYS * DAY_MS)
    expect(fine).toHaveLength(FINE_DAYS * 24 * 60 + 1) // both ends counted
    const coarse = ninety.filter((p) => p.t < NOW - FINE_DAYS * DAY_MS)
    expect(coarse).toHaveLength((90 - FINE_DAYS) * 24)
    for (const p of coarse) expect(p.t % HOUR_MS).toBe(HOUR_MS - MINUTE_MS) // xx:59, the last of its hour
    expect(ninety.at(-1)!.t).toBe(NOW)
  })

  it('90 days of one account stay well under 2 MB as JSON', () => {
    expect(JSON.stringify(ninety).length).toBeLessThan(2 * 1024 * 1024)
    expect(ninety.length).toBeLessThan(FINE_DAYS * 24 * 60 + 90 * 24 + 1)
  })

  it('drops what is older than the days kept, and is the same when run again', () => {
    const old = [at(NOW - (KEEP_DAYS + 1) * DAY_MS), at(NOW - (KEEP_DAYS - 1) * DAY_MS), at(NOW)]
    expect(compact(old, NOW).map((p) => p.t)).toEqual([NOW - (KEEP_DAYS - 1) * DAY_MS, NOW])
    expect(compact(ninety, NOW)).toEqual(ninety)
  })

  it('keeps a rebuilt point’s mark, and sorts what came out of order', () => {
    const rebuilt: EquityPoint = { t: NOW - 30 * DAY_MS, value: '50', rebuilt: true }
    expect(compact([at(NOW), rebuilt], NOW)).toEqual([rebuilt, at(NOW)])
  })
})
