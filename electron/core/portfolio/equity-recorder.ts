// Records the active profile's accounts' totals (in EQUITY_QUOTE) at most once a minute while the core
// runs, in the equity store. An exchange that cannot be read records nothing: the chart shows a gap,
// never a zero. A total that leaves holdings out for want of a price is recorded with their count.
import type { Logger } from '../storage/logger'
import type { Connections } from './connections'
import type { EquityStore } from './equity-store'
import { readPortfolio } from './portfolio-reader'

/** The currency equity is recorded in. */
export const EQUITY_QUOTE = 'USDT'
export const EQUITY_EVERY_MS = 60_000

export interface EquityRecorderDeps {
  connections: Pick<Connections, 'active'>
  store: Pick<EquityStore, 'record'>
  now: () => number
  everyMs?: number
  logger?: Logger | undefined
}

export function createEquityRecorder(deps: EquityRecorderDeps) {
  let timer: ReturnType<typeof setInterval> | null = null
  let running: Promise<void> | null = null

  async function tick(): Promise<void> {
    let source
    try {
      const c = deps.connections.active()
      source = { name: c.profile.name, exchange: c.exchange, client: c.client }
    } catch {
      return // no profile: nothing to record
    }
    const report = await readPortfolio(EQUITY_QUOTE, [source])
    const t = deps.now()
    for (const a of report.accounts) {
      await deps.store.record({ exchange: a.exchange ?? source.exchange, accountId: a.id, quote: EQUITY_QUOTE }, { t, value: a.value, ...(a.unpriced > 0 ? { unpriced: a.unpriced } : {}) })
    }
  }

  /** One record now (unless one is under way); failures are logged, never thrown. */
  function recordNow(): Promise<void> {
    running ??= tick()
      .catch((error: unknown) => deps.logger?.warn('equity not recorded', { error: error instanceof Error ? error.message : String(error) }))
      .finally(() => (running = null))
    return running
  }

  return {
    recordNow,
    start(): void {
      if (timer) return
      // The first record a minute after start, as every later one: start-up has enough to read.
      timer = setInterval(() => void recordNow(), deps.everyMs ?? EQUITY_EVERY_MS)
      timer.unref?.()
    },
    stop(): void {
      if (timer) clearInterval(timer)
      timer = null
    },
  }
}
