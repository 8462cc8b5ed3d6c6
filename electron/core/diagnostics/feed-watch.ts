// What the core sees of the live feed's health: how late its frames arrive (their arrival less the
// exchange's time in them) and when it was lost and came back. The live link (live/live-link.ts) opens
// one `FeedWatchLink` per socket and tells it every market frame and every status; a new link's first
// connection is not a reconnect. The lag is kept as the last LAG_SAMPLES frames' arrival and lag, and
// its figures are over those of the last minute.
import { FEED_LAG_WINDOW_MS, RECONNECTS_KEPT, type FeedLag, type ReconnectEvent, type Reconnects } from '../../domain/diagnostics/diagnostics'

/** At most this many frames' lag are kept (a busy feed sends more than this a minute: the newest count). */
export const LAG_SAMPLES = 4096
const REASON_MAX = 200

export interface FeedWatchLink {
  /** A market frame arrived: `exchangeTimeSec` is its time (Unix seconds); `skewMs` the exchange's clock less ours, when measured. */
  frame(exchangeTimeSec: number, skewMs: number | null): void
  /** The socket's state changed: live or not, and why not. */
  status(live: boolean, reason: string | null): void
}

export interface FeedWatch {
  link(): FeedWatchLink
  lag(): FeedLag | null
  reconnects(): Reconnects
  /** Called after anything was recorded (the diagnostics file is written from it, throttled). */
  onChange(listener: () => void): void
}

/** The median of numbers already sorted. */
function median(sorted: readonly number[]): number {
  const mid = sorted.length >> 1
  return sorted.length % 2 === 1 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

export function createFeedWatch(now: () => number = Date.now): FeedWatch {
  const arrivals = new Float64Array(LAG_SAMPLES)
  const lags = new Float64Array(LAG_SAMPLES)
  /** 1 where the frame's lag was corrected by a measured clock difference. */
  const corrected = new Uint8Array(LAG_SAMPLES)
  let samples = 0
  let next = 0
  let count = 0
  let lastLostAt: number | null = null
  let lastReconnectedAt: number | null = null
  let recent: ReconnectEvent[] = []
  let changed: () => void = () => undefined

  const event = (kind: ReconnectEvent['kind'], reason: string | null): void => {
    const at = now()
    if (kind === 'lost') lastLostAt = at
    else {
      lastReconnectedAt = at
      count++
    }
    recent = [{ at, kind, reason: reason === null ? null : reason.slice(0, REASON_MAX) }, ...recent].slice(0, RECONNECTS_KEPT)
    changed()
  }

  return {
    link() {
      let live = false
      let lost = false
      return {
        frame(exchangeTimeSec, skewMs) {
          if (!Number.isFinite(exchangeTimeSec)) return
          const at = now()
          arrivals[next] = at
          lags[next] = at - exchangeTimeSec * 1000 + (skewMs ?? 0)
          corrected[next] = skewMs === null ? 0 : 1
          next = (next + 1) % LAG_SAMPLES
          samples = Math.min(samples + 1, LAG_SAMPLES)
          changed()
        },
        status(isLive, reason) {
          if (isLive === live) return
          live = isLive
          if (!isLive) {
            lost = true
            event('lost', reason)
          } else if (lost) event('reconnected', null)
        },
      }
    },
    lag() {
      const since = now() - FEED_LAG_WINDOW_MS
      const recentLags: number[] = []
      let lastFrameAt = 0
      // One frame without a measured clock difference makes the minute's figures uncorrected.
      let clockCorrected = true
      for (let i = 0; i < samples; i++) {
        if (arrivals[i]! < since) continue
        recentLags.push(lags[i]!)
        clockCorrected &&= corrected[i] === 1
        lastFrameAt = Math.max(lastFrameAt, arrivals[i]!)
      }
      if (recentLags.length === 0) return null
      recentLags.sort((a, b) => a - b)
      return { frames: recentLags.length, p50Ms: Math.round(median(recentLags)), maxMs: Math.round(recentLags[recentLags.length - 1]!), clockCorrected, lastFrameAt }
    },
    reconnects: () => ({ count, lastLostAt, lastReconnectedAt, recent: recent.map((e) => ({ ...e })) }),
    onChange(listener) {
      changed = listener
    },
  }
}
