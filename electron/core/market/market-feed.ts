// The market feed of one pair and interval: a first snapshot, then the live feed's trades and ticker
// (market-stream.ts) with a slow REST reconciliation, or — where there is no live feed — polling of
// trades, the latest candles and the ticker, pushed as events. The renderer never polls the exchange.
//
// Rates: trades every second, candles every 2 s, the ticker every 3 s — lively enough for a chart
// whose smallest candle is a minute, light enough for a 429-shy exchange. Errors back off
// exponentially (Retry-After honoured) and show in the feed's status; the last good snapshot is
// cached on disk so the terminal starts offline with data marked stale. Where two answers of the
// exchange meet (after sleep, an outage, a cached start) the candles may not join up: the hole is
// filled by paging, or the series restarts after it, before anything is shown (candle-repair.ts).
import type { CandleInterval, Candle, Trade, Ticker } from '../../domain/wire/wire'
import type { ConnectionStatus, MarketSnapshot } from '../../domain/api/api'
import { isTerminalError } from '../../domain/errors'
import type { MarketFeed, MarketFeedDeps } from './market-feed-api'
import { startPoller, type Poller } from '../poller'
import { CANDLES_MAX_LIMIT, INTERVAL_SECONDS } from '../../domain/wire/constants'
import { gapsOf, mergeByTime, rememberEmpty, repairCandles, type Span } from './candle-repair'
import { attachStream, candleAfter, type MarketStream } from '../live/market-stream'
import { statusFromError } from '../session/connection-status'

export type { MarketFeed, MarketFeedDeps } from './market-feed-api'

const TRADES_LIMIT = 100
const DEEP_TRADES_LIMIT = 1000
const SEEN_TRADE_IDS = 2_000
/** Requests one candle poll may spend filling holes; a hole left over is cut, never shown as whole. */
const REPAIR_REQUESTS = 6

export function createMarketFeed(pair: string, interval: CandleInterval, deps: MarketFeedDeps): MarketFeed {
  const now = deps.now ?? Date.now
  const rates = deps.rates ?? { tradesMs: 1_000, candlesMs: 2_000, tickerMs: 3_000 }
  const reconcileRates = deps.reconcileRates ?? { tradesMs: 15_000, candlesMs: 10_000, tickerMs: 30_000 }
  let stream: MarketStream | null = null
  const abort = new AbortController()
  const signal = abort.signal
  const seenTrades = new Set<number>()
  const seenOrder: number[] = []
  const pollers: Poller[] = []
  let lastCandles: Candle[] = []
  let lastTrades: Trade[] = []
  let lastTicker: Ticker | null = null
  let stopped = false
  let healthy = true
  let fetchedAt = 0
  let started = false
  /** The offline start's cache time, until the exchange answers (fetchedAt stays 0: nothing fetched). */
  let cachedAt = 0
  const intervalSec = INTERVAL_SECONDS[interval]
  /** Spans the server confirmed have no candle (no trade): gaps there are not holes. */
  const knownEmpty: Span[] = []
  /** A page is one answer of the server: the gaps inside it are stretches without trades. */
  const notePage = (page: readonly Candle[]) => rememberEmpty(knownEmpty, gapsOf(mergeByTime([], page), intervalSec), intervalSec)

  const remember = (id: number) => {
    seenTrades.add(id)
    seenOrder.push(id)
    if (seenOrder.length > SEEN_TRADE_IDS) seenTrades.delete(seenOrder.shift() as number)
  }

  const status = (connection: ConnectionStatus, stale: boolean) => {
    if (!stopped) deps.emit('market.status', { pair, interval, stale, connection })
  }

  const onResult = ({ error, delayMs }: { error: unknown; delayMs: number }) => {
    if (stopped) return
    if (error) {
      healthy = false
      const s = statusFromError(error, now())
      status({ ...s, retryAt: s.retryAt ?? now() + delayMs }, true)
    } else if (!healthy) {
      healthy = true
      status({ state: 'online', message: 'Live', since: now() }, false)
    }
  }

  // A full page of unseen trades means some were missed between polls: ask for a deeper page next
  // time. The specification does not say how deep a page may be; a server that refuses the deeper
  // one keeps the default for good.
  let deepLimit: number | null = DEEP_TRADES_LIMIT
  let nextLimit = TRADES_LIMIT

  async function pollTrades(): Promise<void> {
    let trades: Trade[]
    try {
      trades = await deps.client.trades({ pair, limit: nextLimit }, { signal })
    } catch (error) {
      if (nextLimit !== TRADES_LIMIT && isTerminalError(error) && error.kind === 'rejected') {
        deepLimit = null
        nextLimit = TRADES_LIMIT
        return
      }
      throw error
    }
    if (stopped) return
    const fresh = trades.filter((t) => !seenTrades.has(t.id)).sort((a, b) => b.id - a.id)
    nextLimit = fresh.length >= trades.length && trades.length >= nextLimit && deepLimit ? deepLimit : TRADES_LIMIT
    for (const t of fresh) remember(t.id)
    if (fresh.length) {
      lastTrades = [...fresh, ...lastTrades].slice(0, TRADES_LIMIT)
      deps.emit('market.trades', { pair, trades: fresh })
    }
  }

  async function pollCandles(): Promise<void> {
    const last = lastCandles[lastCandles.length - 1]
    // `since` is the last candle's own time (its bucket's start), so that candle comes back still forming.
    let page = await deps.client.candles(last ? { pair, interval, since: last.time, limit: CANDLES_MAX_LIMIT } : { pair, interval, limit: CANDLES_MAX_LIMIT }, { signal })
    // A full page after `since` means the lag is a whole window or more (sleep, an outage): the newest
    // window is what to show, whichever end of the span this server pages from.
    if (last && page.length >= CANDLES_MAX_LIMIT) page = await deps.client.candles({ pair, interval, limit: CANDLES_MAX_LIMIT }, { signal })
    if (stopped) return
    notePage(page)
    // Holes are filled (or cut) before anything is merged or shown.
    const repaired = await repairCandles(mergeByTime(lastCandles, page), knownEmpty, {
      fetch: (q) => deps.client.candles({ pair, interval, ...q }, { signal }),
      intervalSec,
      keep: CANDLES_MAX_LIMIT,
      maxRequests: REPAIR_REQUESTS,
      pageLimit: CANDLES_MAX_LIMIT,
      refusesPaging: (error) => isTerminalError(error) && (error.kind === 'rejected' || error.kind === 'unsupported'),
    })
    if (stopped) return
    const changed = page.filter((c) => {
      if (!last || c.time > last.time) return true
      if (c.time < last.time) return false
      return c.close !== last.close || c.high !== last.high || c.low !== last.low || c.volume !== last.volume
    })
    lastCandles = repaired.candles
    if (repaired.cut) {
      // The series restarts after a hole that could not be filled: the window must drop what it has.
      fetchedAt = now()
      deps.emit('market.candles', { pair, interval, candles: lastCandles, reset: true })
      return
    }
    const shown = mergeByTime(repaired.filled, changed)
    if (!shown.length) return
    fetchedAt = now()
    deps.emit('market.candles', { pair, interval, candles: shown })
  }

  async function pollTicker(): Promise<void> {
    const [ticker] = await deps.client.ticker({ pair }, { signal })
    if (stopped || !ticker) return
    lastTicker = ticker
    deps.emit('market.ticker', { pair, ticker })
  }

  // Streamed trades that came in one turn of the event loop (the frames of one socket read) go out
  // as one market.trades and one market.candles: at thousands a second, an event per trade would
  // cost the window more in messages than in paint.
  let streamed: Trade[] = []
  let streamedCandles = new Map<number, Candle>()
  let flushQueued = false

  function flushStreamed(): void {
    flushQueued = false
    if (stopped || streamed.length === 0) return
    const trades = streamed.reverse()
    const candles = [...streamedCandles.values()]
    streamed = []
    streamedCandles = new Map()
    deps.emit('market.trades', { pair, trades })
    if (candles.length) deps.emit('market.candles', { pair, interval, candles })
  }

  function streamTrade(trade: Trade): void {
    if (stopped || seenTrades.has(trade.id)) return
    remember(trade.id)
    lastTrades = [trade, ...lastTrades].slice(0, TRADES_LIMIT)
    fetchedAt = now()
    streamed.push(trade)
    if (!flushQueued) {
      flushQueued = true
      setImmediate(flushStreamed)
    }
    const last = lastCandles[lastCandles.length - 1]
    const candle = candleAfter(last, trade, intervalSec)
    if (!last || !candle) return
    // candleAfter continues the last candle or opens the next one. A new one drops the oldest past
    // one window, as a poll's repair does: memory stays bounded and a window answered from it gets a window.
    lastCandles = candle.time === last.time ? [...lastCandles.slice(0, -1), candle] : [...lastCandles, candle].slice(-CANDLES_MAX_LIMIT)
    streamedCandles.set(candle.time, candle)
  }

  function startStream(): void {
    const live = deps.live
    if (!live || stopped) return
    stream = attachStream(live, pair, {
      resync: async () => {
        await Promise.all([pollTrades(), pollCandles(), pollTicker().catch(() => undefined)])
      },
      trade: streamTrade,
      ticker: (ticker) => {
        if (stopped) return
        lastTicker = ticker
        deps.emit('market.ticker', { pair, ticker })
      },
      // Streaming: REST only reconciles; otherwise it is the source again, at the full rate.
      mode: (mode) => {
        if (!stopped) restartPolling(mode === 'live' ? reconcileRates : rates)
      },
    })
  }

  function restartPolling(pace: typeof rates): void {
    for (const p of pollers.splice(0)) p.stop()
    startPolling(pace)
  }

  function startPolling(pace = deps.live?.mode() === 'live' ? reconcileRates : rates): void {
    pollers.push(
      startPoller(pollTrades, { intervalMs: pace.tradesMs, onResult }),
      startPoller(pollCandles, { intervalMs: pace.candlesMs, onResult }),
      startPoller(
        async () => {
          try {
            await pollTicker()
          } catch (error) {
            // The ticker is an optional endpoint: a 404 just means this server has none.
            if (isTerminalError(error) && error.kind === 'unsupported') return
            throw error
          }
        },
        { intervalMs: pace.tickerMs, onResult },
      ),
    )
  }

  return {
    pair,
    interval,
    async start() {
      try {
        const [candles, trades, ticker] = await Promise.all([
          deps.client.candles({ pair, interval, limit: CANDLES_MAX_LIMIT }, { signal }),
          deps.client.trades({ pair, limit: TRADES_LIMIT }, { signal }),
          deps.client.ticker({ pair }, { signal }).then(
            (list) => list[0] ?? null,
            () => null,
          ),
        ])
        lastCandles = mergeByTime([], candles)
        notePage(lastCandles)
        lastTrades = [...trades].sort((a, b) => b.id - a.id)
        for (const t of [...lastTrades].reverse()) remember(t.id)
        lastTicker = ticker
        fetchedAt = now()
        const snapshot: MarketSnapshot = { pair, interval, candles: lastCandles, trades: lastTrades, ticker, stale: false, fetchedAt }
        started = true
        if (!stopped) {
          void deps.cache?.save(snapshot, [...knownEmpty])
          startPolling()
          startStream()
        }
        return snapshot
      } catch (error) {
        const cached = await deps.cache?.load(pair, interval)
        if (!cached || stopped) throw error
        // Offline: show the last snapshot, marked stale, and keep trying in the background.
        // The cache serves a series without holes (market-cache.ts): its gaps are known-empty ones.
        lastCandles = cached.candles
        notePage(lastCandles)
        lastTrades = cached.trades
        for (const t of [...lastTrades].reverse()) remember(t.id)
        lastTicker = cached.ticker
        healthy = false
        cachedAt = cached.fetchedAt
        started = true
        startPolling()
        startStream()
        queueMicrotask(() => status(statusFromError(error, now()), true))
        return { ...cached, stale: true }
      }
    },
    current() {
      if (!started || stopped) return null
      return { pair, interval, candles: lastCandles, trades: lastTrades, ticker: lastTicker, stale: !healthy, fetchedAt: fetchedAt || cachedAt }
    },
    stop() {
      if (stopped) return
      stopped = true
      abort.abort()
      stream?.stop()
      for (const p of pollers) p.stop()
      if (fetchedAt && lastCandles.length) {
        void deps.cache?.save({ pair, interval, candles: lastCandles, trades: lastTrades, ticker: lastTicker, stale: false, fetchedAt }, [...knownEmpty])
      }
    },
  }
}
