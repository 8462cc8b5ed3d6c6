// The market store's cached start: the disk's market of a pair (core: market.cached, per exchange) is
// painted at once, marked stale, while the exchange is asked; the fresh snapshot then replaces it
// whole, never joined to it (there may be a hole between the two). Live updates wait meanwhile.
import type { Ref, ShallowRef } from 'vue'
import type { MethodResults, SubscribedSnapshot } from '@domain/api/api'
import type { Candle, CandleInterval, Pair, Ticker, Trade } from '@domain/wire/wire'
import { useTerminal } from '@/api'
import { mergeCandles, mergeTrades } from './market-merge'

export interface CachedShown {
  candles: ShallowRef<Candle[]>
  trades: ShallowRef<Trade[]>
  ticker: ShallowRef<Ticker | null>
  stale: Ref<boolean>
  fetchedAt: Ref<number | null>
}

export function cachedMarket(shown: CachedShown) {
  let on = false
  let reading: { key: string; answer: Promise<MethodResults['market.cached'] | null> } | null = null

  function paint(snapshot: SubscribedSnapshot): void {
    on = true
    shown.candles.value = mergeCandles([], snapshot.candles)
    shown.trades.value = mergeTrades([], snapshot.trades)
    shown.ticker.value = snapshot.ticker
    shown.stale.value = true
    shown.fetchedAt.value = snapshot.fetchedAt
  }

  /** Paints a cached snapshot the caller already has (the cached start) if `still()` says so. */
  function offer(snapshot: SubscribedSnapshot, still: () => boolean): boolean {
    if (!still()) return false
    if (!on) paint(snapshot)
    return true
  }

  return {
    /** True while the cached market is on screen. */
    get shown(): boolean {
      return on
    },
    /** Forgets it (a switch, another pair, the fresh snapshot): the caller replaces what is shown. */
    forget(): void {
      on = false
    },
    offer,
    /**
     * Asks the core for the cached market of a pair and interval and paints it if `still()` says, once
     * it is in, that nothing fresh has come meanwhile. Never fails: the cache is a nicety.
     */
    async show(pair: string, interval: CandleInterval, still: (snapshot: SubscribedSnapshot) => boolean): Promise<{ pairs: Pair[] | null } | null> {
      // One read of the disk for a chart however many ask at once: the start asks for the remembered
      // chart, and subscribing to it asks again before the first answer is in.
      const key = `${pair}|${interval}`
      let answer = reading?.key === key ? reading.answer : null
      if (answer === null) {
        const mine = {
          key,
          answer: useTerminal()
            .call('market.cached', { pair, interval })
            .catch(() => null),
        }
        reading = mine
        void mine.answer.finally(() => {
          if (reading === mine) reading = null
        })
        answer = mine.answer
      }
      const cached = await answer
      const snapshot = cached?.snapshot
      if (!snapshot || snapshot.pair !== pair || snapshot.interval !== interval || !offer(snapshot, () => still(snapshot))) return null
      return { pairs: cached.pairs }
    },
  }
}
