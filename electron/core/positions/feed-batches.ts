// What the live feed tells the keeper, coalesced (live-prices.ts, live-touch.ts): the newest value per
// pair is kept, the keeper gets them at most once per turn of the event loop, and never again while
// it is still carrying out the last batch (stepping, saving, sending its orders): the values that
// came meanwhile go as the next batch, the newest per pair.

export interface FeedBatches<V> {
  /** The pair's newest value: stepped in the next batch. */
  put(pair: string, value: V): void
  /** The pair is no longer followed: its waiting value goes too. */
  drop(pair: string): void
  /** How many batches went to the keeper. */
  batches(): number
  stop(): void
}

/** `step` carries out one batch and resolves once its steps and orders are done (its failures are the keeper's to log). */
export function createFeedBatches<V>(step: (batch: ReadonlyMap<string, V>) => Promise<void>): FeedBatches<V> {
  const pending = new Map<string, V>()
  let scheduled: NodeJS.Immediate | null = null
  let running = false
  let stopped = false
  let batches = 0

  function schedule(): void {
    if (scheduled !== null || running || stopped || pending.size === 0) return
    scheduled = setImmediate(flush)
  }

  function flush(): void {
    scheduled = null
    if (stopped || pending.size === 0) return
    const batch = new Map(pending)
    pending.clear()
    running = true
    batches++
    step(batch)
      .catch(() => undefined) // the keeper logs its own failures; the next value tries again
      .finally(() => {
        running = false
        schedule()
      })
  }

  return {
    put(pair, value) {
      if (stopped) return
      pending.set(pair, value)
      schedule()
    },
    drop: (pair) => void pending.delete(pair),
    batches: () => batches,
    stop() {
      stopped = true
      if (scheduled !== null) clearImmediate(scheduled)
      pending.clear()
    },
  }
}
