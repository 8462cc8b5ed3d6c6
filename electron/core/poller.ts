// A polling loop with backoff, shared by the market and account feeds. One tick at a time (never
// overlapping), a steady interval while ticks succeed, exponential backoff with jitter while they
// fail (backoff.ts), and a `stop()` that ends it for good: a stopped poller never calls its tick again.
import { backoffMs } from './backoff'

export interface PollerOptions {
  intervalMs: number
  /** Backoff ceiling after repeated failures. */
  maxBackoffMs?: number
  /** Called after each tick; `error` is set when it failed, `delayMs` is the wait before the next one. */
  onResult?: (result: { error: unknown | null; failures: number; delayMs: number }) => void
  random?: () => number
  setTimer?: (fn: () => void, ms: number) => { cancel(): void }
}

export interface Poller {
  stop(): void
  /** Runs a tick now instead of waiting for the timer (after the running one, if one is running). */
  kick(): void
  readonly stopped: boolean
}

const defaultTimer = (fn: () => void, ms: number) => {
  const handle = setTimeout(fn, ms)
  handle.unref?.()
  return { cancel: () => clearTimeout(handle) }
}

export function startPoller(tick: () => Promise<void>, options: PollerOptions): Poller {
  const random = options.random ?? Math.random
  const setTimer = options.setTimer ?? defaultTimer
  const maxBackoff = options.maxBackoffMs ?? 30_000
  let failures = 0
  let stopped = false
  let running = false
  /** A kick that came while a tick ran: that tick may have read just before the news, so one more follows. */
  let kickedWhileRunning = false
  let timer: { cancel(): void } | null = null

  const schedule = (ms: number) => {
    timer?.cancel()
    timer = stopped ? null : setTimer(run, ms)
  }

  async function run(): Promise<void> {
    if (stopped || running) return
    running = true
    timer?.cancel()
    let error: unknown = null
    try {
      await tick()
      failures = 0
    } catch (caught) {
      error = caught
      failures += 1
    } finally {
      running = false
    }
    if (stopped) return
    if (kickedWhileRunning && !error) {
      kickedWhileRunning = false
      void run()
      return
    }
    kickedWhileRunning = false
    const retryAfter = (error as { retryAfterMs?: number } | null)?.retryAfterMs
    // The first failure already waits two intervals: one more at the steady pace would meet the same trouble.
    const delayMs = error ? Math.max(retryAfter ?? 0, backoffMs(failures, { firstMs: 2 * options.intervalMs, maxMs: maxBackoff, jitter: 0.25 }, random)) : options.intervalMs
    options.onResult?.({ error, failures, delayMs })
    schedule(delayMs)
  }

  schedule(options.intervalMs)
  return {
    stop() {
      stopped = true
      timer?.cancel()
      timer = null
    },
    kick() {
      if (running) kickedWhileRunning = true
      else void run()
    },
    get stopped() {
      return stopped
    },
  }
}
