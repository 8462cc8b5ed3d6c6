// The market store's live feed: the core's market events, each applied only when it belongs to the
// store's subscription (its pair, interval and profile session), buffered and applied at most once
// per frame whatever the event rate, so a late event of the previous pair or exchange never paints.
import type { Ref, ShallowRef } from 'vue'
import type { ConnectionStatus, Disposer, EventPayloads, MarketSession } from '@domain/api/api'
import type { Candle, CandleInterval, Ticker, Trade } from '@domain/wire/wire'
import { useTerminal } from '@/api'
import { frameScheduler, mergeCandles, mergeTrades } from './market-merge'

/** What the feed paints. */
export interface LiveShown {
  candles: ShallowRef<Candle[]>
  trades: ShallowRef<Trade[]>
  ticker: ShallowRef<Ticker | null>
  stale: Ref<boolean>
  status: ShallowRef<ConnectionStatus | null>
  reachedStart: Ref<boolean>
}

/** The subscription events must belong to. */
export interface LiveSubscription {
  pair: Ref<string>
  interval: Ref<CandleInterval>
  /** The profile session of the subscribe answer, once it arrived. */
  feedSession: ShallowRef<MarketSession | null>
  /** The profile generation when the window subscribed: before the answer, older events are dropped by it. */
  askedAt: () => number
  /**
   * True while live updates must wait: the cached market is on screen, or the subscription's snapshot
   * is not in yet. Before the snapshot, a candle or two from the stream would be the whole series: the
   * chart framed those few and kept that zoom when the history was joined to them.
   */
  holding: () => boolean
  /** True while the first chart is asked without its pair (market.start): events are kept as they come. */
  starting?: () => boolean
}

type MarketEvent = 'market.candles' | 'market.trades' | 'market.ticker' | 'market.status'

/** At most this many events are kept while the first chart's answer is on its way (a second's worth at a busy market). */
const EARLY_CAP = 5_000

export function marketLiveFeed(shown: LiveShown, current: LiveSubscription) {
  let disposers: Disposer[] = []
  let pendingTrades: Trade[] = []
  let pendingCandles: Candle[] = []
  let pendingTicker: Ticker | null = null
  /** A reset from the core came while holding: its candles start the series over once it is shown. */
  let pendingReset = false
  /** The events that came while the first chart was asked without its pair (replayStart()). */
  let early: (() => void)[] = []

  const scheduleFlush = frameScheduler('market feed batch', flush)

  /**
   * Applies what the live feed sent since the last frame: whatever the event rate, the trades list,
   * the chart's last candle and the ticker change at most once per frame.
   */
  function flush(): void {
    if (current.holding()) {
      // Held for the snapshot, which they are merged into (they are newer): kept compact meanwhile,
      // one candle per time and the newest trades only, however long the snapshot takes.
      pendingCandles = mergeCandles([], pendingCandles)
      pendingTrades = mergeTrades([], pendingTrades)
      return
    }
    if (pendingTrades.length > 0) {
      const batch = pendingTrades
      pendingTrades = []
      shown.trades.value = mergeTrades(shown.trades.value, batch)
    }
    if (pendingCandles.length > 0 || pendingReset) {
      const batch = pendingCandles
      pendingCandles = []
      shown.candles.value = mergeCandles(pendingReset ? [] : shown.candles.value, batch)
      if (pendingReset) shown.reachedStart.value = false
      pendingReset = false
    }
    if (pendingTicker) {
      shown.ticker.value = pendingTicker
      pendingTicker = null
    }
  }

  /** True when a payload belongs to this store's subscription: its pair, interval and session. */
  function isCurrent(tag: MarketSession, eventPair: string, eventInterval?: CandleInterval): boolean {
    if (eventPair !== current.pair.value || (eventInterval !== undefined && eventInterval !== current.interval.value)) return false
    return isOwnSession(tag)
  }

  function isOwnSession(tag: MarketSession): boolean {
    const own = current.feedSession.value
    return own ? tag.profileGeneration === own.profileGeneration && tag.profileId === own.profileId : tag.profileGeneration >= current.askedAt()
  }

  return {
    flush,
    scheduleFlush,

    /** Drops what was buffered for a subscription that is over. */
    dropPending(): void {
      early = []
      pendingTrades = []
      pendingCandles = []
      pendingTicker = null
      pendingReset = false
    },

    listen(): void {
      if (disposers.length > 0) return
      const terminal = useTerminal()
      // While the window's first chart is asked without its pair (market.start), every market event
      // is kept as it came: which pair it must belong to is known with the answer (replayStart()).
      const on = <E extends MarketEvent>(name: E, handle: (payload: EventPayloads[E]) => void): Disposer =>
        terminal.on(name, (payload) => {
          if (!current.starting?.()) return handle(payload)
          if (early.length >= EARLY_CAP) early.shift()
          early.push(() => handle(payload))
        })
      disposers = [
        on('market.candles', (payload) => {
          if (!isCurrent(payload.session, payload.pair, payload.interval)) return
          if (payload.reset === true) {
            // The core could not join the new candles to the old without a hole: start the series over
            // (once the snapshot is in, when it comes before it).
            pendingCandles = []
            if (current.holding()) {
              pendingCandles = [...payload.candles]
              pendingReset = true
              return
            }
            shown.candles.value = mergeCandles([], payload.candles)
            shown.reachedStart.value = false
            return
          }
          pendingCandles.push(...payload.candles)
          scheduleFlush()
        }),
        on('market.trades', (payload) => {
          if (!isCurrent(payload.session, payload.pair)) return
          pendingTrades.push(...payload.trades)
          scheduleFlush()
        }),
        on('market.ticker', (payload) => {
          if (!isCurrent(payload.session, payload.pair)) return
          pendingTicker = payload.ticker
          scheduleFlush()
        }),
        on('market.status', (payload) => {
          if (!isCurrent(payload.session, payload.pair, payload.interval)) return
          shown.stale.value = payload.stale
          shown.status.value = payload.connection
        }),
      ]
    },

    /**
     * The first chart's answer named its pair: the events kept meanwhile go through the filters now,
     * in the order they came (call it before the snapshot is applied, which applies them on top).
     */
    replayStart(): void {
      const kept = early
      early = []
      for (const handle of kept) handle()
    },

    /** Stops listening (tests, hot reload). */
    dispose(): void {
      for (const stop of disposers) stop()
      disposers = []
    },
  }
}
