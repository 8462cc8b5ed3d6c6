// @vitest-environment happy-dom
// A table that shows today's times as times of day must re-render at midnight: last night's order
// then reads as yesterday's date, not as a time of today.
import { afterEach, expect, it, vi } from 'vitest'
import { computed } from 'vue'

afterEach(() => vi.useRealTimers())

it('a shown short time becomes its date once the clock passes midnight', async () => {
  vi.useFakeTimers()
  vi.setSystemTime(Date.UTC(2026, 10, 22, 23, 59, 30))
  const { formatRecentTime } = await import('./format')
  const placed = '2026-11-22T23:50:00Z'
  // What a table's render does: the shown text, cached until something it read changes.
  const shown = computed(() => formatRecentTime(placed, 'date', undefined, 'utc'))
  expect(shown.value).toBe('23:50:00')
  vi.advanceTimersByTime(60_000) // 00:00:30 on the 23rd
  expect(shown.value).toBe('2026-11-22')
})
