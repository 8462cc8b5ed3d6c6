// The words that say the chart shows the disk's cached market, not the exchange's: the same in the
// window's toolbar (ChartToolbar.vue) and on the window's first chart, drawn before the window's code
// (cached-frame-view.ts, first-chart.ts), so the mark reads the same from the first frame to the live
// one. Times in the zone given (the window's, or the saved preference's before the window runs).
import type { TimeZoneMode } from '@/lib/display-zone'
import { hourMinuteText } from '@/lib/time-text'

/** When the shown data was fetched, as HH:MM in `zone`; a dash when unknown. */
export const staleSince = (fetchedAt: number | null, zone: TimeZoneMode): string => (fetchedAt ? hourMinuteText(fetchedAt, zone) : '—')

/** The mark while the exchange's first answer is awaited. */
export const staleUpdatingText = (fetchedAt: number | null, zone: TimeZoneMode): string => `stale — cached data from ${staleSince(fetchedAt, zone)}, updating…`

/** Its longer form, for a title. */
export const staleUpdatingTitle = (fetchedAt: number | null, zone: TimeZoneMode): string => `Stale: the last data saved (${staleSince(fetchedAt, zone)}), shown until the exchange answers`
