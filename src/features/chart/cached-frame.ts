// The cached chart's first frame, laid out by the chart's own code: where ECharts will put the axis,
// the candles, the volume bars, the price ticks and the last price once it has loaded, computed
// without it from the remembered candles and the chart's size. The entry draws it the moment the page
// has run (cached-frame-view.ts), before ECharts' code has arrived; ECharts' chart then draws the same
// picture over it and adds the time labels (first-chart.ts).
//
// Why: on a start again the cached chart waited for ECharts' chunks to load and for its first
// setOption (its axes' layout, ~70–145 ms on this machine): the cached and marked paint sat at
// 1.13–1.41× the floor page's (budget 1.2×, docs/performance.md). Every shape here is placed by the
// same functions as the window's chart (live-layer.ts, candle-shapes.ts) on the scale ECharts computes
// (chart-scale.ts), and a test holds it to ECharts' own layout (cached-frame.test.ts).
//
// Only the plain chart: with indicators the panes and the scale are ECharts' alone, and nothing is
// drawn before it.
import type { Theme } from '@domain/api/api'
import { formatAmount } from '@domain/number-format'
import type { Candle } from '@domain/wire/wire'
import { type CandleShapes, candleShapes, volumeShapes } from './candle-shapes'
import { initialView } from './candle-chart-slots'
import { type ChartPalette, paletteFor } from './chart-palette'
import { PRICE_SPLIT_NUMBER, niceScale, volumeMax, volumeTop } from './chart-scale'
import { CHART_GRIDS } from './indicator-chart-option'
import { type LiveScene, type PaneGeometry, liveScene, liveState, yOf } from './live-layer'

/** ECharts' axis label margin (px): between the pane's right edge and the price labels. */
export const LABEL_MARGIN = 8

export interface CachedFrameScene {
  width: number
  height: number
  palette: ChartPalette
  price: PaneGeometry
  volume: PaneGeometry
  /** The price axis's ticks: each its y (px) and its label. */
  ticks: { y: number; text: string }[]
  /** The settled candles and volume bars (all but the newest). */
  candles: CandleShapes
  volumes: { up: number[]; down: number[] }
  /** The newest candle, its volume bar and the last price's line and label. */
  live: LiveScene
}

/**
 * The first frame of `candles` on a chart `width` × `height` px, for a pair of `places` price decimals:
 * the initial view (the newest candles), the panes where ECharts puts them with no indicator. Null
 * when there is nothing to draw or no room, or when the prices in view are flat (ECharts widens such
 * a range by rules of its own).
 */
export function cachedFrameScene(candles: readonly Candle[], places: number, theme: Theme, width: number, height: number): CachedFrameScene | null {
  const { price: p, volume: v } = CHART_GRIDS
  const left = p.left
  const right = width - p.right
  const priceBottom = height - p.bottom
  const volumeBottom = height - v.bottom
  if (candles.length === 0 || right <= left || priceBottom <= p.top) return null
  // ECharts' category axis in its zoomed view, computed as it computes it (Axis.dataToCoord on an
  // extent narrowed by half a band at each end, then numberUtil.linearMap), so that every float
  // matches: the window reads slot 0's and slot 1's pixels from ECharts (chart-mapping.ts).
  const view = initialView(candles.length)
  if (view.end === view.start) return null
  const margin = (right - left) / (view.end - view.start + 1) / 2
  const at = (slot: number) => ((slot - view.start) / (view.end - view.start)) * (right - margin - (left + margin)) + (left + margin)
  const x0 = at(0)
  const band = at(1) - x0
  let low = Infinity
  let high = -Infinity
  for (let i = view.start; i <= view.end; i++) {
    const c = candles[i]!
    low = Math.min(low, c.low, c.open, c.close)
    high = Math.max(high, c.high, c.open, c.close)
  }
  const scale = niceScale(low, high, PRICE_SPLIT_NUMBER)
  if (!scale) return null
  const price: PaneGeometry = { left, right, top: p.top, bottom: priceBottom, valueTop: scale.max, valueBottom: scale.min }
  const top = volumeTop(volumeMax(candles, view.start, view.end))
  const volume: PaneGeometry = { left, right, top: volumeBottom - v.height, bottom: volumeBottom, valueTop: top, valueBottom: 0 }
  const settled = candles.length - 1
  const state = liveState(candles, [], candles[settled]!.close, places)
  return {
    width,
    height,
    palette: paletteFor(theme),
    price,
    volume,
    ticks: scale.ticks.map((value) => ({ y: yOf(price, value), text: formatAmount(value, places) })),
    candles: candleShapes(candles, settled, { x0, band, price }),
    volumes: volumeShapes(candles, settled, { x0, band, pane: volume }),
    live: liveScene(state, { x: x0 + settled * band, band, panes: [price, volume] }),
  }
}
