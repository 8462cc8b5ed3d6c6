// The chart's market: the one subscribed pair and interval, for the active profile session.
//
// The core polls the exchange and pushes events, each tagged with the profile session it belongs
// to. This store applies only the events and answers of its own subscription and session, so a late
// event of the previous pair, or of the previous exchange, can never paint the wrong chart. A profile
// switch resets the market area at once (this store and the pair list, pairs.ts) and loads the new
// exchange's pairs, then its market; an exchange that comes back online after failing loads it too.
// The window's first subscription is the start-up's (startup.ts); this store follows later switches.
import { defineStore } from 'pinia'
import { computed } from 'vue'
import type { SubscribedSnapshot } from '@domain/api/api'
import type { CandleInterval } from '@domain/wire/wire'
import { toTerminalError } from '@domain/errors'
import { useTerminal } from '@/api'
import { cachedMarket } from './market-cached'
import { followSession } from './market-follow'
import { marketLiveFeed } from './market-live'
import { lastPriceOf, mergeCandles, mergeTrades } from './market-merge'
import { olderCandles } from './market-older'
import { marketState } from './market-state'
import { usePairsStore } from './pairs'
import { usePrefsStore } from '../prefs'
import { useSessionStore } from '../session/session'

export { TRADES_CAP, mergeCandles, mergeTrades, prependCandles } from './market-merge'

export const useMarketStore = defineStore('market', () => {
  const session = useSessionStore()
  const pairList = usePairsStore()
  const { pair, interval, candles, trades, ticker, stale, fetchedAt, status, loading, loadingOlder, reachedStart, error, feedSession } = marketState('60')

  /** The shown pair's record in the exchange's pair list (its precisions, its currencies). */
  const selectedPair = computed(() => pairList.pairs.find((p) => p.name === pair.value) ?? null)
  /** The shown pair's last price: the newest trade's before the slower ticker's (market-merge.ts). */
  const lastPrice = computed(() => lastPriceOf(trades.value, ticker.value, candles.value))
  /** Whose market the panels show (the profile session and the pair): a throttled panel shows a change of it at once (useThrottled). */
  const shownKey = computed(() => `${session.profileGeneration}|${pair.value}`)

  // Every subscribe() and every reset bumps this; answers of an older subscription are dropped.
  let subscription = 0
  // The profile session the window was in when it subscribed: before the answer names the feed's
  // session, events of an earlier one are dropped by this.
  let askedAt = 0
  let pendingSubscribe: { pair: string; interval: CandleInterval; promise: Promise<void> } | null = null
  /** The window's first chart, asked without its pair (subscribeStart()), while its answer is on its way. */
  let starting: object | null = null
  // The cached market, while it is on screen, waiting for the exchange's (market-cached.ts).
  const cached = cachedMarket({ candles, trades, ticker, stale, fetchedAt })
  // The live events of this subscription, applied once a frame (market-live.ts).
  const live = marketLiveFeed(
    { candles, trades, ticker, stale, status, reachedStart },
    { pair, interval, feedSession, askedAt: () => askedAt, holding: () => cached.shown || (pair.value !== '' && feedSession.value === null), starting: () => starting !== null },
  )
  const loadOlder = olderCandles({ pair, interval, candles, loadingOlder, reachedStart, error, subscription: () => subscription })

  /** True when the profile session has changed since `asked` (0: asked before the session was known). */
  const left = (asked: number): boolean => asked !== 0 && asked !== session.profileGeneration

  /**
   * Loads the pairs, then subscribes to the pair shown before (or remembered, or the first one this
   * exchange lists). Throws when the pairs cannot be loaded (the pairs store's error says why).
   */
  async function start(): Promise<void> {
    const asked = session.profileGeneration
    await pairList.load()
    if (!left(asked)) await subscribeRemembered()
  }

  /** Reads the shown pair's market anew, as a fresh subscription: its live events were lost (startup.ts). */
  function resync(): Promise<void> {
    if (!pair.value) return Promise.resolve()
    pendingSubscribe = null
    return subscribe(pair.value, interval.value)
  }

  /** Subscribes to the pair shown before, or the remembered one, or the first this exchange lists. */
  async function subscribeRemembered(): Promise<void> {
    const prefs = usePrefsStore()
    const listed = (name: string) => name !== '' && pairList.pairs.some((p) => p.name === name)
    const wanted = [pair.value, prefs.prefs.pair].find(listed) ?? pairList.pairs[0]?.name
    if (wanted) await subscribe(wanted, pair.value ? interval.value : prefs.prefs.interval)
  }

  /** Forgets everything of the previous exchange at once: no render pairs it with the new one. */
  function reset(): void {
    subscription += 1
    starting = null
    pendingSubscribe = null
    cached.forget()
    live.dropPending()
    pairList.reset()
    feedSession.value = null
    candles.value = []
    trades.value = []
    ticker.value = null
    stale.value = false
    fetchedAt.value = null
    status.value = null
    loading.value = false
    loadingOlder.value = false
    reachedStart.value = false
    error.value = null
  }

  /**
   * On start, before the pair list: the remembered chart's cached market and pair list, as the host
   * read them from disk (market.cachedStart, a first call), painted at once and marked stale while the
   * exchange is asked, once the session is in and its profile is the one they were read for (never
   * another profile's data); subscribe() then keeps them on screen until the fresh snapshot replaces them.
   */
  async function showCachedStart(): Promise<void> {
    const start = await useTerminal()
      .call('market.cachedStart', undefined)
      .catch(() => null)
    const profileId = session.state?.profile?.id
    if (!start || profileId !== start.profileId) return
    const { pair: wantedPair, interval: wantedInterval } = start.snapshot
    if (pair.value !== '' && pair.value !== wantedPair) return
    askedAt = session.profileGeneration
    // Painted unless something fresh came first: nothing asked yet, or the very same chart asked
    // (startup.ts asks for it beside the pairs) and its answer not in.
    const nothingFresh = () => pair.value === '' || (pair.value === wantedPair && interval.value === wantedInterval && feedSession.value === null && candles.value.length === 0)
    const snapshot: SubscribedSnapshot = { ...start.snapshot, stale: true, session: { profileId, profileGeneration: askedAt } }
    if (!cached.offer(snapshot, nothingFresh)) return
    pair.value = wantedPair
    interval.value = wantedInterval
    if (pairList.pairs.length === 0) pairList.pairs = start.pairs
  }

  function applySnapshot(snapshot: SubscribedSnapshot): void {
    // The fresh market replaces the cached one whole (never joined to it: there may be a hole).
    cached.forget()
    feedSession.value = snapshot.session
    candles.value = mergeCandles([], snapshot.candles)
    trades.value = mergeTrades([], snapshot.trades)
    ticker.value = snapshot.ticker
    stale.value = snapshot.stale
    fetchedAt.value = snapshot.fetchedAt
    // Whether older candles exist is only known by asking (the core may serve a short cached page).
    reachedStart.value = false
    // What the feed sent before the answer was held (market-live.ts): it is newer, so it is applied on
    // top, in this same tick, and the first paint of the fresh market has both.
    live.flush()
  }

  /**
   * Starts the feed of a pair and interval (the core replaces the previous one). Calling it again
   * for the subscription already under way returns the same promise.
   */
  function subscribe(nextPair: string, nextInterval: CandleInterval): Promise<void> {
    if (pendingSubscribe && pendingSubscribe.pair === nextPair && pendingSubscribe.interval === nextInterval) return pendingSubscribe.promise
    live.listen()
    const id = ++subscription
    askedAt = session.profileGeneration
    starting = null
    feedSession.value = null
    live.dropPending()
    // The cached start's market of this very pair and interval stays until the fresh one replaces it.
    if (!(cached.shown && pair.value === nextPair && interval.value === nextInterval)) {
      cached.forget()
      candles.value = []
      trades.value = []
      ticker.value = null
      stale.value = false
      fetchedAt.value = null
    }
    pair.value = nextPair
    interval.value = nextInterval
    reachedStart.value = false
    loadingOlder.value = false
    error.value = null
    loading.value = true
    const promise = (async () => {
      try {
        const fresh = useTerminal().call('market.subscribe', { pair: nextPair, interval: nextInterval })
        const waiting = (s: SubscribedSnapshot) => id === subscription && s.session.profileGeneration >= askedAt && feedSession.value === null && loading.value
        if (!cached.shown) void cached.show(nextPair, nextInterval, waiting)
        const snapshot = await fresh
        // An answer fetched for an earlier profile session: the switch's reset subscribes again.
        if (id !== subscription || snapshot.session.profileGeneration < askedAt) return
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
   * The window's first chart, asked before the preferences are in (startup.ts): the core subscribes to
   * the remembered pair and its answer names it. Resolves to whether a chart came (none remembered,
   * no profile, or the exchange failed: the start then subscribes as before, once it knows the pair).
   * A subscription asked meanwhile (the cached start's pair, a click) wins; this answer is dropped.
   */
  function subscribeStart(): Promise<boolean> {
    live.listen()
    const id = ++subscription
    askedAt = session.profileGeneration
    loading.value = true
    const token = {}
    starting = token
    const ended = (): void => {
      if (starting !== token) return
      starting = null
      live.replayStart()
    }
    return (async () => {
      try {
        const snapshot = await useTerminal().call('market.start', undefined)
        if (id !== subscription || !snapshot || snapshot.session.profileGeneration < askedAt) return false
        // The cached start may show this very chart meanwhile; another one is replaced whole.
        if (pair.value !== snapshot.pair || interval.value !== snapshot.interval) cached.forget()
        pair.value = snapshot.pair
        interval.value = snapshot.interval
        ended()
        applySnapshot(snapshot)
        return true
      } catch {
        return false
      } finally {
        ended()
        if (id === subscription) loading.value = false
      }
    })()
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

  followSession(session, {
    reset,
    start,
    busy: () => pairList.loading || loading.value,
    incomplete: () => pairList.error !== null || pairList.pairs.length === 0 || (error.value !== null && candles.value.length === 0),
  })

  return {
    feedSession,
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
    lastPrice,
    shownKey,
    start,
    subscribeRemembered,
    subscribeStart,
    resync,
    showCachedStart,
    reset,
    subscribe,
    loadOlder,
    setPair,
    setInterval,
    flushLive: live.flush,
    dispose: live.dispose,
  }
})
