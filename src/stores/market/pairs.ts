// The active exchange's pair list: its pairs and currencies, and every pair's last price (the pair
// list's column), read once per profile session and then streamed (`pairList.tickers`, applied once a
// frame). Apart from the chart's market store (market.ts), which follows one pair: that store resets
// this one on a profile switch and loads it again before it subscribes to a pair of the new exchange.
//
// Staleness is one rule: an answer or a streamed price belongs to the profile session it was asked in
// or tagged with, and one of a session older than the window's (session.profileGeneration) is dropped.
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import type { Disposer, MarketSession } from '@domain/api/api'
import type { Currency, Pair, Ticker } from '@domain/wire/wire'
import { toTerminalError } from '@domain/errors'
import { formatExact } from '@/lib/format'
import { useTerminal } from '@/api'
import { frameScheduler } from './market-merge'
import { useSessionStore } from '../session/session'

export const usePairsStore = defineStore('pairs', () => {
  const session = useSessionStore()
  const pairs = ref<Pair[]>([])
  const currencies = ref<Currency[]>([])
  /** Every pair's ticker, by pair name: replaced whole, never mutated (the list re-renders once a frame). */
  const tickers = shallowRef(new Map<string, Ticker>())
  const loading = ref(false)
  /** Why the pair list could not be loaded; null when it was (or is loading). */
  const error = ref<string | null>(null)

  /** True when the window has moved to another profile session since `asked` (0: asked before it knew one). */
  const left = (asked: number): boolean => asked !== 0 && asked !== session.profileGeneration
  const older = (tag: MarketSession): boolean => tag.profileGeneration < session.profileGeneration

  let pendingTickers = new Map<string, Ticker>()
  /** Applies the streamed prices that came since the last frame, at most once a frame. */
  function flushLive(): void {
    if (pendingTickers.size === 0) return
    const batch = pendingTickers
    pendingTickers = new Map()
    tickers.value = new Map([...tickers.value, ...batch])
  }
  const scheduleFlush = frameScheduler('pair list prices', flushLive)

  let disposers: Disposer[] = []
  function listen(): void {
    if (disposers.length > 0) return
    disposers = [
      useTerminal().on('market.tickers', (payload) => {
        if (older(payload.session)) return
        for (const t of payload.tickers) pendingTickers.set(t.pair, t)
        scheduleFlush()
      }),
    ]
  }

  /** Loads the active exchange's pairs, currencies and prices; an answer for an earlier profile is dropped. */
  async function load(): Promise<void> {
    const terminal = useTerminal()
    listen()
    const asked = session.profileGeneration
    loading.value = true
    error.value = null
    // Prices are a nicety: the list works without them, so they neither delay nor fail it.
    void terminal.call('market.ticker', undefined).then(
      (all) => {
        if (!left(asked)) tickers.value = new Map(all.map((t) => [t.pair, t]))
      },
      () => undefined,
    )
    try {
      const [pairList, currencyList] = await Promise.all([terminal.call('market.pairs', undefined), terminal.call('market.currencies', undefined).catch(() => [] as Currency[])])
      if (left(asked)) return
      pairs.value = pairList
      currencies.value = currencyList
    } catch (cause) {
      if (!left(asked)) error.value = toTerminalError(cause).message
      throw cause
    } finally {
      if (!left(asked)) loading.value = false
    }
  }

  /** Forgets the previous exchange's list and prices at once: no render pairs them with the new one. */
  function reset(): void {
    pendingTickers = new Map()
    pairs.value = []
    currencies.value = []
    tickers.value = new Map()
    loading.value = false
    error.value = null
  }

  /** Stops listening (tests, hot reload). */
  function dispose(): void {
    for (const stop of disposers) stop()
    disposers = []
  }

  /** Digits after the point the pair quotes its prices or amounts in; 0 for a pair not listed. */
  function places(pair: string, kind: 'price' | 'amount'): number {
    const p = pairs.value.find((x) => x.name === pair)
    return p ? (kind === 'price' ? p.price_precision : p.amount_precision) : 0
  }
  /** A price or amount of the pair: at least the pair's digits (so columns line up), never hiding one sent; '—' for none. */
  function figure(pair: string, value: string | null | undefined, kind: 'price' | 'amount'): string {
    return value === null || value === undefined ? '—' : formatExact(value, places(pair, kind))
  }

  return { pairs, currencies, tickers, loading, error, load, reset, flushLive, dispose, places, figure }
})
