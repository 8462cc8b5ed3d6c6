// What the chart is called: its pair and interval as the toolbar names them, and the candle chart's
// accessible name. Apart from the chart's summaries (chart-summary.ts, which format prices) so that
// the cached chart's first frame (cached-frame-view.ts) names itself with nothing else loaded.
import type { CandleInterval, Pair } from '@domain/wire/wire'

/** The intervals as the toolbar's buttons name them (the 1–7 shortcuts follow this order). */
export const INTERVAL_LABELS: Readonly<Record<CandleInterval, string>> = { '1': '1m', '5': '5m', '15': '15m', '30': '30m', '60': '1h', '240': '4h', '1D': '1D' }

/** "BTC/USDT" for the shown pair, as the toolbar names it (its exchange name before the pair list is known). */
export function pairLabel(pair: Pick<Pair, 'currency1' | 'currency2'> | null | undefined, name: string): string {
  return pair ? `${pair.currency1}/${pair.currency2}` : name
}

/** "BTC/USDT candles, 1h": the candle chart's accessible name. */
export function candleChartLabel(pair: string, interval: CandleInterval): string {
  return `${pair || 'No pair'} candles, ${INTERVAL_LABELS[interval]}`
}
