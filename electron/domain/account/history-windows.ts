// The exchange's history endpoints answer at most 30 days per request (docs/exchange-api.md, "History": the official
// client refuses a longer span), so a longer range is read as consecutive windows, newest first (what
// a trader looks at first arrives first). Times go to the server as ISO 8601 UTC with an offset.
export const MAX_HISTORY_SPAN_MS = 30 * 86_400_000

export interface TimeWindow {
  startMs: number
  endMs: number
}

/** [start, end) cut into windows of at most `spanMs`, newest first. */
export function historyWindows(startMs: number, endMs: number, spanMs = MAX_HISTORY_SPAN_MS): TimeWindow[] {
  if (!Number.isFinite(startMs) || !Number.isFinite(endMs) || endMs <= startMs) return []
  if (spanMs <= 0) throw new RangeError('span must be positive')
  const windows: TimeWindow[] = []
  for (let end = endMs; end > startMs; end -= spanMs) windows.push({ startMs: Math.max(startMs, end - spanMs), endMs: end })
  return windows
}

/** "2024-01-31T12:00:00+00:00": the form the official client sends. */
export function serverTime(ms: number): string {
  return new Date(ms).toISOString().replace(/\.\d{3}Z$/, '+00:00')
}
