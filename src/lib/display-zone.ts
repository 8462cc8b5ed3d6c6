// The zone the window shows times in: the machine's local time, or UTC (the exchange's). The one piece
// of window state the formatters read (format.ts takes it as every time formatter's default zone), so
// it lives apart from them; the prefs store keeps it in step with the saved preference.
import { ref } from 'vue'

export type TimeZoneMode = 'local' | 'utc'

export const displayZone = ref<TimeZoneMode>('local')
