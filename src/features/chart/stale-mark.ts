// The words that say the chart shows the disk's cached market, not the exchange's: the same in the
// window's toolbar (ChartToolbar.vue) and on the window's first chart, drawn before the window's code
// (first-chart.ts), so the mark reads the same from the first frame to the live one.
import { formatHourMinute } from '@/lib/format'

/** When the shown data was fetched, as HH:MM in the zone the window shows; a dash when unknown. */
export const staleSince = (fetchedAt: number | null): string => (fetchedAt ? formatHourMinute(fetchedAt) : '—')

/** The mark while the exchange's first answer is awaited. */
export const staleUpdatingText = (fetchedAt: number | null): string => `stale — cached data from ${staleSince(fetchedAt)}, updating…`

/** Its longer form, for a title. */
export const staleUpdatingTitle = (fetchedAt: number | null): string => `Stale: the last data saved (${staleSince(fetchedAt)}), shown until the exchange answers`
