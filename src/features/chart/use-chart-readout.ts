// The words above and over the candle chart as its pane has them now (chart-readout.ts words each):
// the candle under the pointer (or the last one), the indicators' legend at it, and what the chart
// area says while it has no candles to show. CandleChart.vue feeds it from its stores and painter.
import { computed, type Ref } from 'vue'
import type { Candle, Pair } from '@domain/wire/wire'
import { candleReadout, chartOverlay } from './chart-readout'
import { type ChartIndicator, legendEntries } from './indicator-chart-option'

export interface ChartReadoutSources {
  market: { readonly candles: readonly Candle[]; readonly selectedPair: Pair | null; readonly loading: boolean; readonly error: string | null; readonly pair: string }
  pairList: { readonly error: string | null; readonly loading: boolean }
  /** The candle under the pointer, by index; null without a pointer. */
  hoverIndex: Ref<number | null>
  /** The pair list is on its way: the candles wait for its precision. */
  waitingForPair: Ref<boolean>
  /** The painter's indicators, not reactive: read again each time `painted` is bumped. */
  indicators: () => readonly ChartIndicator[]
  painted: Ref<number>
}

export function useChartReadout(s: ChartReadoutSources) {
  const { market, hoverIndex } = s
  const readout = computed(() => candleReadout((hoverIndex.value !== null ? market.candles[hoverIndex.value] : null) ?? market.candles[market.candles.length - 1], market.selectedPair))
  const legend = computed(() => {
    void s.painted.value
    const p = market.selectedPair
    return legendEntries(s.indicators(), hoverIndex.value, { price: p?.price_precision ?? 8, amount: p?.amount_precision ?? 4 })
  })
  const overlay = computed(() =>
    chartOverlay({
      candles: market.candles.length,
      waitingForPair: s.waitingForPair.value,
      pairsError: s.pairList.error,
      pairsLoading: s.pairList.loading,
      loading: market.loading,
      error: market.error,
      pair: market.pair,
    }),
  )
  return { readout, legend, overlay }
}
