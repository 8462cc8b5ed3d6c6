// A moment's date and time fields in a zone, and HH:MM, with the zone always given: the pieces of the
// window's time formatters (format.ts, which default to the zone the window shows) that the cached
// chart's first frame needs before the window's code, Vue included, has loaded.
import type { TimeZoneMode } from './display-zone'

export const pad = (n: number): string => String(n).padStart(2, '0')

export interface Fields {
  y: number
  mo: number
  d: number
  h: number
  mi: number
  s: number
}

export function fieldsOf(ms: number, zone: TimeZoneMode): Fields {
  const t = new Date(ms)
  return zone === 'utc'
    ? { y: t.getUTCFullYear(), mo: t.getUTCMonth() + 1, d: t.getUTCDate(), h: t.getUTCHours(), mi: t.getUTCMinutes(), s: t.getUTCSeconds() }
    : { y: t.getFullYear(), mo: t.getMonth() + 1, d: t.getDate(), h: t.getHours(), mi: t.getMinutes(), s: t.getSeconds() }
}

export const dateOf = (f: Fields): string => `${f.y}-${pad(f.mo)}-${pad(f.d)}`

/** HH:MM from milliseconds since the epoch, in `zone`. */
export function hourMinuteText(ms: number, zone: TimeZoneMode): string {
  const f = fieldsOf(ms, zone)
  return `${pad(f.h)}:${pad(f.mi)}`
}
