// An extra chart pane's market (panes 1–3; pane 0 is the window's main market, market.ts): its own
// pair and interval, subscribed in the core by pane id (market.paneSubscribe), its candles live
// (market.paneCandles). An event is applied only when it is this pane's, of its pair, interval and
// profile session, so a late event of the pane's previous pair, or another pane's, never paints it;
// live candles are merged (market-merge.ts) at most once a frame whatever the trade rate.
// The surface is the one the chart reads of the main market (ChartFeed, features/chart/chart-pane.ts).
// ChartPane.vue subscribes it while it is shown, and again after a profile switch (which ends the core's pane feeds).
// A pop-out's window holds a feed of its own for its pane (holder 'popout'), apart from the main window's.
import { defineStore } from 'pinia'
import { computed } from 'vue'
import type { Disposer, MarketSession } from '@domain/api/api'
import type { Candle, CandleInterval } from '@domain/wire/wire'
import { toTerminalError } from '@domain/errors'
import { parsePopoutRoute } from '@domain/popouts/popout-route'
import { useTerminal } from '@/api'
import { frameScheduler, lastPriceOf, mergeCandles } from '../market/market-merge'
import { olderCandles } from '../market/market-older'
import { marketState } from '../market/market-state'
import { usePairsStore } from '../market/pairs'
import { useSessionStore } from '../session/session'

/** Whose feeds these are: this window's, the main one's or a pop-out's (from its address). */
const holder = parsePopoutRoute(globalThis.location?.search ?? '') ? ('popout' as const) : ('main' as const)
const definitions = new Map<number, ReturnType<typeof definePaneMarket>>()

function definePaneMarket(pane: number) {
  return defineStore(`chart-pane-${pane}`, () => {
    const session = useSessionStore()
    const pairList = usePairsStore()
    const { pair, interval, candles, ticker, stale, fetchedAt, status, loading, loadingOlder, reachedStart, error, feedSession } = marketState('15')
    const selectedPair = computed(() => pairList.pairs.find((p) => p.name === pair.value) ?? null)
    const lastPrice = computed(() => lastPriceOf([], ticker.value, candles.value))
    let subscription = 0
    let pending: Candle[] = []
    let pendingReset = false
    let disposers: Disposer[] = []

    const mine = (p: { pane: number; holder: string; pair: string; interval: CandleInterval; session: MarketSession }): boolean =>
      p.pane === pane &&
      p.holder === holder &&
      p.pair === pair.value &&
      p.interval === interval.value &&
      feedSession.value !== null &&
      p.session.profileGeneration === feedSession.value.profileGeneration

    const flush = frameScheduler(`chart pane ${pane} batch`, () => {
      if (pending.length === 0) return
      const incoming = pending
      pending = []
      candles.value = pendingReset ? mergeCandles([], incoming) : mergeCandles(candles.value, incoming)
      pendingReset = false
    })

    function listen(): void {
      if (disposers.length) return
      const terminal = useTerminal()
      disposers = [
        terminal.on('market.paneCandles', (p) => {
          if (!mine(p)) return
          if (p.reset) {
            pending = [...p.candles]
            pendingReset = true
          } else pending.push(...p.candles)
          flush()
        }),
        terminal.on('market.paneStatus', (p) => {
          if (!mine(p)) return
          status.value = p.connection
          stale.value = p.stale
        }),
      ]
    }

    /** Subscribes this pane to a pair and interval (the core replaces its previous feed). */
    async function subscribe(nextPair: string, nextInterval: CandleInterval): Promise<void> {
      const current = feedSession.value !== null && feedSession.value.profileGeneration === session.profileGeneration && error.value === null
      if (nextPair === pair.value && nextInterval === interval.value && (loading.value || current)) return
      listen()
      const id = ++subscription
      pair.value = nextPair
      interval.value = nextInterval
      feedSession.value = null
      pending = []
      pendingReset = false
      candles.value = []
      ticker.value = null
      stale.value = false
      fetchedAt.value = null
      reachedStart.value = false
      loadingOlder.value = false
      error.value = null
      loading.value = true
      const asked = session.profileGeneration
      try {
        const snapshot = await useTerminal().call('market.paneSubscribe', { pane, pair: nextPair, interval: nextInterval, holder })
        if (id !== subscription || snapshot.session.profileGeneration < asked) return
        feedSession.value = snapshot.session
        candles.value = mergeCandles(candles.value, snapshot.candles)
        ticker.value = snapshot.ticker
        stale.value = snapshot.stale
        fetchedAt.value = snapshot.fetchedAt
      } catch (cause) {
        if (id === subscription) error.value = toTerminalError(cause).message
      } finally {
        if (id === subscription) loading.value = false
      }
    }

    /** Ends the pane's feed in the core (the layout shows fewer panes). */
    function unsubscribe(): void {
      subscription++
      feedSession.value = null
      loading.value = false
      pending = []
      if (pair.value)
        void useTerminal()
          .call('market.paneUnsubscribe', { pane, holder })
          .catch(() => undefined)
    }

    const setPair = (next: string): Promise<void> => subscribe(next, interval.value)
    const setInterval = (next: CandleInterval): Promise<void> => (pair.value ? subscribe(pair.value, next) : Promise.resolve(void (interval.value = next)))
    const loadOlder = olderCandles({ pair, interval, candles, loadingOlder, reachedStart, error, subscription: () => subscription })

    function dispose(): void {
      for (const d of disposers) d()
      disposers = []
    }

    return {
      pane,
      pair,
      interval,
      candles,
      ticker,
      stale,
      fetchedAt,
      status,
      loading,
      loadingOlder,
      reachedStart,
      error,
      feedSession,
      selectedPair,
      lastPrice,
      subscribe,
      unsubscribe,
      setPair,
      setInterval,
      loadOlder,
      dispose,
    }
  })
}

/** The market of chart pane `pane` (1–3). */
export function usePaneMarket(pane: number) {
  let define = definitions.get(pane)
  if (!define) {
    define = definePaneMarket(pane)
    definitions.set(pane, define)
  }
  return define()
}
export type PaneMarket = ReturnType<typeof usePaneMarket>
