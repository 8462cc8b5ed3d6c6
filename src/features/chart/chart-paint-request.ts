// What the candle chart paints, from plain values: the one recipe of a paint request, used by
// CandleChart.vue (fed from the stores) and by the window's first chart (first-chart.ts, fed from the
// start's first answers before any store exists). Both must ask for the very same picture: the chart
// that takes the first one over then paints nothing again, or only what changed since.
import type { Theme } from '@domain/api/api'
import { chartKey, type IndicatorPref } from '@domain/prefs/chart-prefs'
import type { Position } from '@domain/protection/types'
import type { Candle, CandleInterval, OrderRecord, Pair } from '@domain/wire/wire'
import type { TimeZoneMode } from '@/lib/display-zone'
import type { PaintRequest } from './candle-chart-painter'
import { type IndicatorConfig, normaliseConfig } from './indicators/specs'

export interface ChartState {
  pair: string
  interval: CandleInterval
  /** The pair's listing (precision, currencies), or null while the pair list is not in. */
  selectedPair: Pair | null
  candles: readonly Candle[]
  theme: Theme
  zone: TimeZoneMode
  configs: readonly IndicatorConfig[]
  orders: readonly OrderRecord[]
  positions: readonly Position[]
  height: () => number | null
}

/** What restates the whole option's look: theme and time zone. */
export const chartLook = (theme: Theme, zone: TimeZoneMode): string => `${theme}|${zone}`

/** The indicators saved for one chart (`saved`: the preferences' map), as the painter takes them. */
export function chartConfigs(saved: Readonly<Record<string, readonly IndicatorPref[]>> | undefined, pair: string, interval: CandleInterval): IndicatorConfig[] {
  if (!pair) return []
  return (saved?.[chartKey(pair, interval)] ?? []).map((c) => normaliseConfig(c.id, c.params, c.color))
}

export function chartPaintRequest(s: ChartState): PaintRequest {
  return {
    series: `${s.pair}|${s.interval}`,
    key: `${s.pair}|${s.interval}|${s.selectedPair?.price_precision ?? ''}`,
    look: chartLook(s.theme, s.zone),
    interval: s.interval,
    configs: s.configs,
    data: {
      candles: s.candles,
      pair: s.selectedPair,
      daily: s.interval === '1D',
      theme: s.theme,
      zone: s.zone,
      lastPrice: s.candles[s.candles.length - 1]?.close ?? null,
      orders: s.orders,
      positions: s.positions,
    },
    height: s.height,
  }
}
