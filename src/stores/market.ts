// Market data of the one subscribed pair and interval. The core polls the exchange and pushes
// events; this store only applies the events that belong to the current subscription, so a late
// event of the previous pair can never paint the wrong chart.
import { defineStore } from 'pinia'
import { computed, ref, shallowRef } from 'vue'
import type { ConnectionStatus, Disposer, EventPayloads, MarketSnapshot } from '@domain/api'
import type { Candle, CandleInterval, Currency, Pair, Ticker, Trade } from '@domain/wire'
import { CANDLES_MAX_LIMIT, INTERVAL_SECONDS } from '@domain/constants'
import { toTerminalError } from '@domain/errors'
import { useTerminal } from '@/api'
import { usePrefsStore } from './prefs'

/** How many recent trades the store keeps: enough to fill a tall panel, small enough to stay fast. */
export const TRADES_CAP = 500
/** Empty spans of older candles (no trade) stepped over before the start of history is assumed. */
const EMPTY_SPANS_STEPPED = 3

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

/** Runs `flush` once per animation frame at most (a timer where there are no frames, as in tests). */
function frameScheduler(flush: () => void): () => void {
  let scheduled = false
  return () => {
    if (scheduled) return
    scheduled = true
    const run = (): void => {
      scheduled = false
      flush()
    }
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run)
    else setTimeout(run, 16)
  }
}

export const useMarketStore = defineStore('market', () => {
  const pairs = ref<Pair[]>([])
  const currencies = ref<Currency[]>([])
  const pair = ref('')
  const interval = ref<CandleInterval>('60')
  // Shallow: hundreds of candles and trades are replaced as whole arrays, never mutated in place,
  // so deep reactivity would only cost time on every live update.
  const candles = shallowRef<Candle[]>([])
  const trades = shallowRef<Trade[]>([])
  const ticker = shallowRef<Ticker | null>(null)
  const stale = ref(false)
  const fetchedAt = ref<number | null>(null)
  const status = shallowRef<ConnectionStatus | null>(null)
  const loading = ref(false)
  const loadingOlder = ref(false)
  /** True once the server returned nothing older than the first candle. */
  const reachedStart = ref(false)
  const error = ref<string | null>(null)

  const selectedPair = computed(() => pairs.value.find((p) => p.name === pair.value) ?? null)

  // Every subscribe() bumps this; answers of an older subscription are dropped.
  let subscription = 0
  let pendingSubscribe: { pair: string; interval: CandleInterval; promise: Promise<void> } | null = null
  let disposers: Disposer[] = []
  let pendingTrades: Trade[] = []

  const scheduleTradeFlush = frameScheduler(flushTrades)

  /** Applies the trades buffered since the last frame: at 200 trades/s the list changes once per frame. */
  function flushTrades(): void {
    if (pendingTrades.length === 0) return
    const batch = pendingTrades
    pendingTrades = []
    trades.value = mergeTrades(trades.value, batch)
  }

  function isCurrent(eventPair: string, eventInterval?: CandleInterval): boolean {
    return eventPair === pair.value && (eventInterval === undefined || eventInterval === interval.value)
  }

  function listen(): void {
    if (disposers.length > 0) return
    const terminal = useTerminal()
    disposers = [
      terminal.on('market.candles', (payload: EventPayloads['market.candles']) => {
        if (!isCurrent(payload.pair, payload.interval)) return
        if (payload.reset === true) {
          // The core could not join the new candles to the old without a hole: start the series over.
          candles.value = mergeCandles([], payload.candles)
          reachedStart.value = false
          return
        }
        candles.value = mergeCandles(candles.value, payload.candles)
      }),
      terminal.on('market.trades', (payload: EventPayloads['market.trades']) => {
        if (!isCurrent(payload.pair)) return
        pendingTrades.push(...payload.trades)
        scheduleTradeFlush()
      }),
      terminal.on('market.ticker', (payload: EventPayloads['market.ticker']) => {
        if (!isCurrent(payload.pair)) return
        ticker.value = payload.ticker
      }),
      terminal.on('market.status', (payload: EventPayloads['market.status']) => {
        if (!isCurrent(payload.pair, payload.interval)) return
        stale.value = payload.stale
        status.value = payload.connection
      }),
    ]
  }

  /** Stops listening (tests, hot reload). */
  function dispose(): void {
    for (const stop of disposers) stop()
    disposers = []
  }

  async function loadPairs(): Promise<void> {
    const terminal = useTerminal()
    const [pairList, currencyList] = await Promise.all([
      terminal.call('market.pairs', undefined),
      terminal.call('market.currencies', undefined).catch(() => [] as Currency[]),
    ])
    pairs.value = pairList
    currencies.value = currencyList
  }

  function applySnapshot(snapshot: MarketSnapshot): void {
    // Events of this subscription may have arrived before the answer: they are newer, so they win.
    candles.value = candles.value.length > 0 ? mergeCandles(snapshot.candles, candles.value) : mergeCandles([], snapshot.candles)
    trades.value = mergeTrades(trades.value, snapshot.trades)
    if (snapshot.ticker && !ticker.value) ticker.value = snapshot.ticker
    stale.value = snapshot.stale
    fetchedAt.value = snapshot.fetchedAt
    // Whether older candles exist is only known by asking (the core may serve a short cached page).
    reachedStart.value = false
  }

  /**
   * Starts the feed of a pair and interval (the core replaces the previous one). Calling it again
   * for the subscription already under way returns the same promise.
   */
  function subscribe(nextPair: string, nextInterval: CandleInterval): Promise<void> {
    if (pendingSubscribe && pendingSubscribe.pair === nextPair && pendingSubscribe.interval === nextInterval) return pendingSubscribe.promise
    listen()
    const id = ++subscription
    pair.value = nextPair
    interval.value = nextInterval
    candles.value = []
    trades.value = []
    pendingTrades = []
    ticker.value = null
    stale.value = false
    fetchedAt.value = null
    reachedStart.value = false
    loadingOlder.value = false
    error.value = null
    loading.value = true
    const promise = (async () => {
      try {
        const snapshot = await useTerminal().call('market.subscribe', { pair: nextPair, interval: nextInterval })
        if (id !== subscription) return
        applySnapshot(snapshot)
      } catch (cause) {
        if (id !== subscription) return
        error.value = toTerminalError(cause).message
        // A failed subscription may be retried by calling subscribe() again.
        pendingSubscribe = null
      } finally {
        if (id === subscription) loading.value = false
      }
    })()
    pendingSubscribe = { pair: nextPair, interval: nextInterval, promise }
    return promise
  }

  /**
   * Loads the page of candles before the first one and prepends it; resolves to the number added,
   * 0 when there is nothing older (then it stops asking). Each request names both ends of a span one
   * page long: a server that answers a longer span with its oldest page would leave a hole. Spans
   * without candles (no trade) are stepped over a few times before the start is taken as reached.
   */
  async function loadOlder(): Promise<number> {
    const first = candles.value[0]
    if (!first || loadingOlder.value || reachedStart.value || !pair.value) return 0
    const id = subscription
    loadingOlder.value = true
    try {
      const span = CANDLES_MAX_LIMIT * INTERVAL_SECONDS[interval.value]
      let until = first.time - 1
      let older: Candle[] = []
      for (let step = 0; step < EMPTY_SPANS_STEPPED && older.length === 0 && until >= 0; step++, until -= span) {
        older = await useTerminal().call('market.candles', {
          pair: pair.value,
          interval: interval.value,
          since: Math.max(0, until + 1 - span),
          until,
          limit: CANDLES_MAX_LIMIT,
        })
        if (id !== subscription) return 0
      }
      const before = candles.value.length
      candles.value = prependCandles(candles.value, older)
      const added = candles.value.length - before
      if (added === 0) reachedStart.value = true
      return added
    } catch (cause) {
      if (id === subscription) error.value = toTerminalError(cause).message
      return 0
    } finally {
      if (id === subscription) loadingOlder.value = false
    }
  }

  /** Switches the pair (keeping the interval) and remembers it in the preferences. */
  async function setPair(name: string): Promise<void> {
    if (name === pair.value) return
    void usePrefsStore().setPair(name)
    await subscribe(name, interval.value)
  }

  /** Switches the interval (keeping the pair) and remembers it in the preferences. */
  async function setInterval(next: CandleInterval): Promise<void> {
    if (next === interval.value) return
    void usePrefsStore().setInterval(next)
    if (!pair.value) {
      interval.value = next
      return
    }
    await subscribe(pair.value, next)
  }

  return {
    pairs,
    currencies,
    pair,
    interval,
    candles,
    trades,
    ticker,
    stale,
    fetchedAt,
    status,
    loading,
    loadingOlder,
    reachedStart,
    error,
    selectedPair,
    loadPairs,
    subscribe,
    loadOlder,
    setPair,
    setInterval,
    flushTrades,
    dispose,
  }
})
