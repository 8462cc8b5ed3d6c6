// Pure merging of market data for the market store: candles by time, trades by id, and a
// once-per-frame scheduler. Kept apart from the store so they can be tested and reused alone.
import type { Candle, Ticker, Trade } from '@domain/wire/wire'
import { withActivity } from '@/lib/activity'

/** How many recent trades the store keeps: enough to fill a tall panel, small enough to stay fast. */
export const TRADES_CAP = 500

/**
 * Merges candles into a sorted series by `time`: an incoming candle with an existing time replaces
 * it (the live last candle), a newer one is appended. Returns a new array sorted by time.
 */
export function mergeCandles(existing: readonly Candle[], incoming: readonly Candle[]): Candle[] {
  if (incoming.length === 0) return existing as Candle[]
  const last = existing[existing.length - 1]
  const sortedIncoming = isSortedByTime(incoming) ? incoming : [...incoming].sort((a, b) => a.time - b.time)
  const firstIncoming = sortedIncoming[0]!
  // The common live case: updates at or after the last candle. O(incoming), no sort, no map.
  if (!last || firstIncoming.time >= last.time) {
    const result = existing.slice()
    for (const candle of sortedIncoming) {
      const tail = result[result.length - 1]
      if (tail && tail.time === candle.time) result[result.length - 1] = candle
      else result.push(candle)
    }
    return result
  }
  const byTime = new Map<number, Candle>()
  for (const candle of existing) byTime.set(candle.time, candle)
  for (const candle of sortedIncoming) byTime.set(candle.time, candle)
  return [...byTime.values()].sort((a, b) => a.time - b.time)
}

/** Prepends an older page: candles already loaded win (they are the fresher copy). */
export function prependCandles(existing: readonly Candle[], older: readonly Candle[]): Candle[] {
  const first = existing[0]
  const fresh = older.filter((candle) => !first || candle.time < first.time)
  if (fresh.length === 0) return existing as Candle[]
  const byTime = new Map<number, Candle>()
  for (const candle of fresh) byTime.set(candle.time, candle)
  return [...[...byTime.values()].sort((a, b) => a.time - b.time), ...existing]
}

function isSortedByTime(candles: readonly Candle[]): boolean {
  for (let i = 1; i < candles.length; i++) if (candles[i - 1]!.time > candles[i]!.time) return false
  return true
}

/** Adds trades not seen before (by id) to a newest-first list, keeping it newest first and capped. */
export function mergeTrades(existing: readonly Trade[], incoming: readonly Trade[], cap = TRADES_CAP): Trade[] {
  if (incoming.length === 0) return existing as Trade[]
  const seen = new Set<number>()
  for (const trade of existing) seen.add(trade.id)
  const fresh: Trade[] = []
  for (const trade of incoming) {
    if (seen.has(trade.id)) continue
    seen.add(trade.id)
    fresh.push(trade)
  }
  if (fresh.length === 0) return existing as Trade[]
  let merged = [...fresh, ...existing]
  if (!isNewestFirst(merged)) merged = merged.sort(compareNewestFirst)
  return merged.length > cap ? merged.slice(0, cap) : merged
}

function compareNewestFirst(a: Trade, b: Trade): number {
  return b.timestamp - a.timestamp || b.id - a.id
}

function isNewestFirst(trades: readonly Trade[]): boolean {
  for (let i = 1; i < trades.length; i++) if (compareNewestFirst(trades[i - 1]!, trades[i]!) > 0) return false
  return true
}

/**
 * Runs `flush` once per animation frame at most (a timer where there are no frames, as in tests), as
 * the activity `label`: a long task it falls in is named by it (lib/activity.ts).
 */
export function frameScheduler(label: string, flush: () => void): () => void {
  let scheduled = false
  return () => {
    if (scheduled) return
    scheduled = true
    const run = (): void => {
      scheduled = false
      withActivity(label, flush)
    }
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run)
    else setTimeout(run, 16)
  }
}

/**
 * The pair's last price as the window shows it: the newest trade's, which the trade stream brings at
 * once, rather than the ticker's, which the exchange sends about once a second (the toolbar would
 * otherwise name an older price than the trades list and the chart's last candle for up to a second).
 * A ticker stamped later than the newest trade wins; without trades, the ticker, then the last close.
 */
export function lastPriceOf(trades: readonly Trade[], ticker: Ticker | null, candles: readonly Candle[]): string | null {
  const newest = trades[0]
  const fromTicker = ticker?.last ?? null
  if (newest && (fromTicker === null || ticker?.timestamp === undefined || newest.timestamp >= ticker.timestamp)) return newest.price
  return fromTicker ?? candles.at(-1)?.close.toString() ?? null
}
