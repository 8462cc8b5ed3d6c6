// The market store's paging into the past: the page of candles before the first one shown, asked
// for when the chart is scrolled to its start. An answer of an earlier subscription is dropped.
import type { Ref, ShallowRef } from 'vue'
import type { Candle, CandleInterval } from '@domain/wire/wire'
import { CANDLES_MAX_LIMIT, INTERVAL_SECONDS } from '@domain/wire/constants'
import { toTerminalError } from '@domain/errors'
import { useTerminal } from '@/api'
import { prependCandles } from './market-merge'

/** Empty spans of older candles (no trade) stepped over before the start of history is assumed. */
const EMPTY_SPANS_STEPPED = 3

export interface OlderCandlesState {
  pair: Ref<string>
  interval: Ref<CandleInterval>
  candles: ShallowRef<Candle[]>
  loadingOlder: Ref<boolean>
  /** True once the server returned nothing older than the first candle. */
  reachedStart: Ref<boolean>
  error: Ref<string | null>
  /** The store's subscription counter: it changes when the pair, interval or profile does. */
  subscription: () => number
}

export function olderCandles(state: OlderCandlesState): () => Promise<number> {
  const { pair, interval, candles, loadingOlder, reachedStart, error } = state

  /**
   * Loads the page of candles before the first one and prepends it; resolves to the number added,
   * 0 when there is nothing older (then it stops asking). Each request names both ends of a span one
   * page long: a server that answers a longer span with its oldest page would leave a hole. Spans
   * without candles (no trade) are stepped over a few times before the start is taken as reached.
   */
  return async function loadOlder(): Promise<number> {
    const first = candles.value[0]
    if (!first || loadingOlder.value || reachedStart.value || !pair.value) return 0
    const id = state.subscription()
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
        if (id !== state.subscription()) return 0
      }
      const before = candles.value.length
      candles.value = prependCandles(candles.value, older)
      const added = candles.value.length - before
      if (added === 0) reachedStart.value = true
      return added
    } catch (cause) {
      if (id === state.subscription()) error.value = toTerminalError(cause).message
      return 0
    } finally {
      if (id === state.subscription()) loadingOlder.value = false
    }
  }
}
