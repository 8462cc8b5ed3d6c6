// The words above and over the candle chart, from plain values (CandleChart.vue feeds them from the
// stores): the readout of the candle under the pointer (or the last one), and what the chart area
// says while it has no candles to show.
import type { Candle, Pair } from '@domain/wire/wire'
import { formatAmount } from '@/lib/format'
import { formatChange } from '@/lib/direction'

export interface CandleReadout {
  up: boolean
  open: string
  high: string
  low: string
  close: string
  volume: string
  change: string
}

/** O, H, L, C and volume of `candle` in the pair's precision (8 and 4 places without it), and its change. */
export function candleReadout(candle: Candle | null | undefined, pair: Pair | null): CandleReadout | null {
  if (!candle) return null
  const places = pair?.price_precision ?? 8
  const change = candle.open !== 0 ? ((candle.close - candle.open) / candle.open) * 100 : 0
  return {
    up: candle.close >= candle.open,
    open: formatAmount(candle.open, places),
    high: formatAmount(candle.high, places),
    low: formatAmount(candle.low, places),
    close: formatAmount(candle.close, places),
    volume: formatAmount(candle.volume, pair?.amount_precision ?? 4),
    change: formatChange(change),
  }
}

export interface ChartOverlayState {
  candles: number
  /** The pair list is on its way: candles wait for its precision. */
  waitingForPair: boolean
  pairsError: string | null
  pairsLoading: boolean
  loading: boolean
  error: string | null
  pair: string
}

/** What the chart area says over the chart, or null when the candles speak for themselves. */
export function chartOverlay(s: ChartOverlayState): string | null {
  if (s.candles > 0) return s.waitingForPair ? 'Loading…' : null
  if (s.pairsError) return s.pairsError
  if (s.pairsLoading) return 'Loading…'
  if (s.loading) return 'Loading candles…'
  if (s.error) return s.error
  if (!s.pair) return 'Choose a pair'
  return 'No candles for this interval yet'
}
