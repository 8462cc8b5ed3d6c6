// The retry policy of safe requests (GET): which failures are worth another try, and how long to wait.
// POST and DELETE never come here: an order or a cancel is sent once.
import type { TerminalError } from '../../domain/errors'
import { backoffMs } from '../backoff'

/** First backoff step; doubles with each try. */
export const BASE_BACKOFF_MS = 250
/** The longest wait the client accepts before a retry; a longer Retry-After ends the request. */
export const MAX_WAIT_MS = 30_000

/** The core's backoff with ±50 % jitter: after 1 failed try 125..375 ms, after 2 250..750 ms, ... */
export function backoffDelayMs(failedTries: number, random: () => number): number {
  return backoffMs(failedTries, { firstMs: BASE_BACKOFF_MS, jitter: 0.5 }, random)
}

/**
 * Parses a Retry-After header: delay-seconds or an HTTP date. Returns ms from `nowMs`, or undefined
 * when absent or unreadable.
 */
export function parseRetryAfter(header: string | null, nowMs: number): number | undefined {
  if (header === null) return undefined
  const text = header.trim()
  if (/^\d+(\.\d+)?$/.test(text)) return Math.round(Number(text) * 1000)
  const date = Date.parse(text)
  if (Number.isNaN(date)) return undefined
  return Math.max(0, date - nowMs)
}

/** Failures a GET may be retried on: the next try can succeed without anything changing on our side. */
export function isRetryable(error: TerminalError): boolean {
  if (error.code === 'ABORTED') return false
  return error.kind === 'network' || error.kind === 'timeout' || error.kind === 'server' || error.kind === 'rate-limited'
}
