// A real ECharts chart without a canvas (server-side SVG), with the window's chart parts registered,
// for tests that read what ECharts laid out; and the painter's request for a series of candles.
import { afterEach } from 'vitest'
import { init, use, type EChartsType } from 'echarts/core'
import { SVGRenderer } from 'echarts/renderers'
import type { Candle } from '@domain/wire/wire'
import '@/features/chart/use-echarts'
import { BTC_USDT } from '@/stores/test/market-fixtures.test-util'
import type { PaintRequest } from '../candle-chart-painter'
import type { IndicatorConfig } from '../indicators/specs'

use([SVGRenderer])

/** A whole hour, the last candle's time in these tests. */
export const T0 = 1_700_000_000 - (1_700_000_000 % 3600)

/** A chart of `width` × 700 px. */
export function ssrChart(width = 1200): EChartsType {
  return init(null as unknown as HTMLElement, undefined, { renderer: 'svg', ssr: true, width, height: 700 })
}

/** A test file's charts: `make(width)` gives a new one, each disposed after its test. */
export function ssrCharts(): { make(width?: number): EChartsType; current(): EChartsType } {
  let chart: EChartsType | null = null
  afterEach(() => {
    if (chart && !chart.isDisposed()) chart.dispose()
  })
  return {
    make: (width) => (chart = ssrChart(width)),
    current: () => {
      if (!chart) throw new Error('no chart made yet')
      return chart
    },
  }
}

/** The painter's request for BTC_USDT hourly candles, dark, UTC, no orders. */
export function paintRequest(candles: readonly Candle[], configs: readonly IndicatorConfig[] = []): PaintRequest {
  return {
    series: 'BTC_USDT|60',
    key: 'BTC_USDT|60|2',
    look: 'dark|utc',
    interval: '60',
    configs,
    data: { candles, pair: BTC_USDT, daily: false, theme: 'dark', zone: 'utc', lastPrice: candles.at(-1)?.close ?? null, orders: [] },
    height: () => 700,
  }
}

/** The elements of one type the chart's own code drew (settled-candles, settled-volume), from its display list. */
export function drawnOfType<T>(chart: EChartsType, type: string): T[] {
  const storage = (chart.getZr() as unknown as { storage: { getDisplayList(update: boolean): ({ type: string } & T)[] } }).storage
  return storage.getDisplayList(true).filter((el) => el.type === type)
}
