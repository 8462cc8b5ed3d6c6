// How a candle series changed since it was drawn, cheaply: the chart restates only what moved.
import type { Candle } from '@domain/wire/wire'

/**
 * Whether every candle but the newest is as drawn (same times assumed). The store replaces only
 * the candles an event carries, so most are the same objects; a replaced one is compared by value.
 */
export function sameSettled(before: readonly Candle[], after: readonly Candle[]): boolean {
  for (let i = after.length - 2; i >= 0; i--) {
    const a = before[i]
    const b = after[i]!
    if (a === b) continue
    if (!a || a.open !== b.open || a.high !== b.high || a.low !== b.low || a.close !== b.close || a.volume !== b.volume) return false
  }
  return true
}

/** How many candles lie before `time` (candles are sorted by time). */
export function countBefore(candles: readonly Candle[], time: number): number {
  let lo = 0
  let hi = candles.length
  while (lo < hi) {
    const mid = (lo + hi) >> 1
    if (candles[mid]!.time < time) lo = mid + 1
    else hi = mid
  }
  return lo
}
