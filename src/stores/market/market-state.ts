// What a chart's market holds, as refs: the main market store's (market.ts) and an extra chart
// pane's (stores/charts/pane-market.ts) are made of the same, so the chart reads either alike.
import { ref, shallowRef } from 'vue'
import type { ConnectionStatus, MarketSession } from '@domain/api/api'
import type { Candle, CandleInterval, Ticker, Trade } from '@domain/wire/wire'

export function marketState(interval: CandleInterval) {
  return {
    pair: ref(''),
    interval: ref<CandleInterval>(interval),
    // Shallow: hundreds of candles and trades are replaced as whole arrays, never mutated in place,
    // so deep reactivity would only cost time on every live update.
    candles: shallowRef<Candle[]>([]),
    trades: shallowRef<Trade[]>([]),
    ticker: shallowRef<Ticker | null>(null),
    stale: ref(false),
    fetchedAt: ref<number | null>(null),
    status: shallowRef<ConnectionStatus | null>(null),
    loading: ref(false),
    loadingOlder: ref(false),
    /** True once the server returned nothing older than the first candle. */
    reachedStart: ref(false),
    error: ref<string | null>(null),
    /** The profile session the shown data belongs to: the subscribe answer's, once it arrived. */
    feedSession: shallowRef<MarketSession | null>(null),
  }
}
