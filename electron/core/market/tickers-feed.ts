// The pair list's last prices: every pair's ticker, from the live feed's `ticker.*` (one subscription
// for all pairs) while it is live, with a slow REST read that reconciles what the stream missed; read
// from REST at a steady pace where there is no feed. However often the exchange sends, the window gets
// at most one `market.tickers` a `coalesceMs`, holding the newest ticker of each pair that changed.
import type { Ticker } from '../../domain/wire/wire'
import { isTerminalError } from '../../domain/errors'
import type { ExchangeClient } from '../exchange/client'
import type { LiveSource } from '../live/live-link'
import { tickerOf } from '../live/market-stream'
import { startPoller, type Poller } from '../poller'

export interface TickersFeedDeps {
  client: ExchangeClient
  emit: (tickers: Ticker[]) => void
  /** The live feed of the session; null: polling only. */
  live: LiveSource | null
  /** REST pace without the feed, and while it streams (a reconciliation). */
  rates?: { pollMs: number; reconcileMs: number }
  coalesceMs?: number
}

export interface TickersFeed {
  stop(): void
}

const RATES = { pollMs: 10_000, reconcileMs: 60_000 }

export function startTickersFeed(deps: TickersFeedDeps): TickersFeed {
  const rates = deps.rates ?? RATES
  const coalesceMs = deps.coalesceMs ?? 250
  const abort = new AbortController()
  const pending = new Map<string, Ticker>()
  let flushTimer: NodeJS.Timeout | null = null
  let poller: Poller | null = null
  let stopped = false

  const flush = (): void => {
    flushTimer = null
    if (stopped || pending.size === 0) return
    const batch = [...pending.values()]
    pending.clear()
    deps.emit(batch)
  }

  const take = (tickers: readonly Ticker[]): void => {
    if (stopped) return
    for (const t of tickers) pending.set(t.pair, t)
    if (!flushTimer && pending.size > 0) {
      flushTimer = setTimeout(flush, coalesceMs)
      flushTimer.unref()
    }
  }

  const poll = (intervalMs: number): void => {
    poller?.stop()
    poller = startPoller(
      async () => {
        try {
          take(await deps.client.ticker({}, { signal: abort.signal }))
        } catch (error) {
          // The ticker is an optional endpoint: a server without one has no prices for the list.
          if (isTerminalError(error) && error.kind === 'unsupported') return
          throw error
        }
      },
      { intervalMs },
    )
  }

  const live = deps.live
  const disposers: Array<() => void> = []
  if (live) {
    disposers.push(
      live.subscribe(['ticker.*']),
      live.onEvent((event) => {
        if (event.kind === 'ticker' && live.mode() === 'live') take(event.tickers.map(tickerOf))
      }),
      live.onMode((mode) => {
        if (!stopped) poll(mode === 'live' ? rates.reconcileMs : rates.pollMs)
      }),
    )
  }
  poll(live?.mode() === 'live' ? rates.reconcileMs : rates.pollMs)

  return {
    stop() {
      if (stopped) return
      stopped = true
      abort.abort()
      poller?.stop()
      if (flushTimer) clearTimeout(flushTimer)
      for (const d of disposers) d()
    },
  }
}
