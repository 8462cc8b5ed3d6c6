// The one backoff formula of the core: how long to wait after the n-th failure in a row. Used by the
// exchange client between tries of a GET (exchange/retry.ts) and by the polling loop of the feeds
// (poller.ts), so a flaky exchange is approached the same way from everywhere.
//
// Doubling spaces the tries out while the trouble lasts; the jitter spreads the waits of many
// clients (and of several feeds of one client) so they do not come back at the same instant.

export interface Backoff {
  /** The wait after the first failure; each further failure in a row doubles it. */
  firstMs: number
  /** The doubled wait never goes above this (the jitter still spreads around it). Default: no cap. */
  maxMs?: number
  /** Spread as a fraction of the wait: 0.5 gives 50 %..150 % of it. Between 0 and 1. */
  jitter: number
}

/** Milliseconds to wait after `failures` failures in a row (at least 1); `random` is in [0, 1). */
export function backoffMs(failures: number, backoff: Backoff, random: () => number): number {
  const doubled = backoff.firstMs * 2 ** Math.max(0, failures - 1)
  const capped = Math.min(backoff.maxMs ?? Number.POSITIVE_INFINITY, doubled)
  return Math.round(capped * (1 - backoff.jitter + 2 * backoff.jitter * random()))
}
