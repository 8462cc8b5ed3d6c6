// The live part of the candle chart, as pure functions: what the newest candle and the indicators'
// last segments are (LiveState), which values each pane's y axis must cover (the invisible extent
// series that ECharts holds), and where each shape goes in pixels (LiveScene) once the chart's
// mapping is known.
//
// Why apart: ECharts re-processes every series on every setOption, so a tick that restated even one
// candle cost 9–20 ms with 500 candles and three indicators. The live shapes are instead drawn as
// a handful of zrender elements over the chart (live-overlay.ts), and ECharts is told only when the
// live values leave an axis's range or a candle closes.
import type { LineSeriesOption } from 'echarts/charts'
import type { Candle } from '@domain/wire/wire'
import { INDICATOR_SPECS } from '@/features/chart/indicators/specs'
import { formatAmount } from '@domain/number-format'
import { DOWN_COLOR, UP_COLOR } from '@/styles/colors'
import { type ChartIndicator, lineColor, lineWidth, paneIndexes } from './indicator-chart-option'

/** One indicator line's last segment (a bar for MACD's histogram), on its pane. */
export interface LiveSegment {
  pane: number
  kind: 'line' | 'bar'
  color: string
  width: number
  /** The settled value at the slot before the live one (null: none, the segment starts at the live slot). */
  prev: number | null
  value: number | null
}

export interface LiveState {
  /** The live candle's slot (its index in the series). */
  slot: number
  candle: Candle | null
  lastPrice: number | null
  /** The last price as the label shows it. */
  lastText: string
  segments: LiveSegment[]
}

export function liveState(candles: readonly Candle[], indicators: readonly ChartIndicator[], lastPrice: number | null, places: number): LiveState {
  const slot = candles.length - 1
  const panes = paneIndexes(indicators)
  const segments: LiveSegment[] = []
  indicators.forEach(({ config, lines }, k) => {
    INDICATOR_SPECS[config.id].lines.forEach((name, index) => {
      const line = lines[name] ?? []
      const value = line[slot] ?? null
      const prev = slot > 0 ? (line[slot - 1] ?? null) : null
      const bar = name === 'histogram'
      segments.push({ pane: panes[k]!, kind: bar ? 'bar' : 'line', color: bar ? '' : lineColor(config, index), width: lineWidth(config, index), prev, value })
    })
  })
  const known = lastPrice !== null && Number.isFinite(lastPrice)
  return { slot, candle: candles[slot] ?? null, lastPrice: known ? lastPrice : null, lastText: known ? formatAmount(lastPrice, places) : '', segments }
}

/** The volume pane's index among the chart's panes (under the candles); its scale is the chart's own (volume-bars.ts). */
export const VOLUME_PANE = 1

/** A volume bar's width in a slot `band` px wide: ECharts' bar layout (one stack, its default gap), at most 14 px. */
export function volumeBarWidth(band: number): number {
  return Math.min(band * 0.69, 14)
}

/** The live values each pane's y axis must cover: [min, max] per pane (null: nothing live there). */
export function liveExtents(state: LiveState, paneCount: number): ([number, number] | null)[] {
  const out: ([number, number] | null)[] = Array.from({ length: paneCount }, () => null)
  const cover = (pane: number, value: number | null) => {
    if (value === null || !Number.isFinite(value) || pane >= paneCount) return
    const e = out[pane]
    out[pane] = e ? [Math.min(e[0], value), Math.max(e[1], value)] : [value, value]
  }
  const c = state.candle
  if (c) {
    // Open and close too: the axis covers what is drawn even for a candle whose high and low lag.
    for (const v of [c.low, c.high, c.open, c.close]) cover(0, v)
    cover(1, c.volume)
  }
  for (const s of state.segments) {
    cover(s.pane, s.value)
    // A bar stands on zero, which its axis shows too.
    if (s.kind === 'bar' && s.value !== null) cover(s.pane, 0)
  }
  return out
}

/**
 * One invisible line series per pane holding that pane's live extent at the live slot: ECharts
 * sizes each y axis to cover the live candle and values without drawing them. None for the volume
 * pane, whose scale is the chart's own (volume-bars.ts covers the live volume).
 */
export function extentSeries(state: LiveState, paneCount: number): LineSeriesOption[] {
  return liveExtents(state, paneCount).flatMap((extent, pane): LineSeriesOption[] =>
    pane === VOLUME_PANE
      ? []
      : [
          {
            id: `live-extent-${pane}`,
            name: `live-extent-${pane}`,
            type: 'line',
            xAxisIndex: pane,
            yAxisIndex: pane,
            data: extent
              ? [
                  [state.slot, extent[0]],
                  [state.slot, extent[1]],
                ]
              : [],
            encode: { x: 0, y: 1 },
            symbol: 'none',
            showSymbol: false,
            silent: true,
            animation: false,
            lineStyle: { opacity: 0, width: 0 },
          },
        ],
  )
}

/** A pane's rectangle (px) and the values at its top and bottom edges. */
export interface PaneGeometry {
  left: number
  right: number
  top: number
  bottom: number
  valueTop: number
  valueBottom: number
}

/** Where the live slot is, how wide a slot is, and each pane's mapping. */
export interface Geometry {
  /** The centre of the live slot (px). */
  x: number
  band: number
  panes: PaneGeometry[]
}

export interface Box {
  x: number
  y: number
  width: number
  height: number
  color: string
}

export interface LiveScene {
  /** False when a live value lies outside its pane's axis: ECharts must restate the extents first. */
  fits: boolean
  /** False when the live slot is out of view (panned away): nothing but the price line is drawn. */
  inView: boolean
  wick: { x: number; top: number; bottom: number; color: string } | null
  body: Box | null
  volume: Box | null
  bars: (Box & { pane: number })[]
  lines: { pane: number; color: string; width: number; points: [number, number][] }[]
  priceLine: { y: number; left: number; right: number; color: string; text: string } | null
}

/** Whether two readings of a pane are the same: its rectangle and the values at its edges. */
export function samePane(a: PaneGeometry, b: PaneGeometry): boolean {
  return a.left === b.left && a.right === b.right && a.top === b.top && a.bottom === b.bottom && a.valueTop === b.valueTop && a.valueBottom === b.valueBottom
}

/** The first and last slot whose centre lies inside the pane, on the x mapping (x0: slot 0's centre); none: [0, -1]. */
export function slotsInView(x0: number, band: number, pane: Pick<PaneGeometry, 'left' | 'right'>, count: number): [number, number] {
  if (!(band > 0) || count <= 0) return [0, -1]
  return [Math.max(0, Math.ceil((pane.left - x0) / band - 1e-9)), Math.min(count - 1, Math.floor((pane.right - x0) / band + 1e-9))]
}

/** The pixel y of `value` on a pane. */
export function yOf(pane: PaneGeometry, value: number): number {
  return pane.bottom - ((value - pane.valueBottom) / (pane.valueTop - pane.valueBottom)) * (pane.bottom - pane.top)
}

/** Whether `value` lies within the pane's values (its axis's range). */
export const within = (pane: PaneGeometry, value: number) => {
  const lo = Math.min(pane.valueTop, pane.valueBottom)
  const hi = Math.max(pane.valueTop, pane.valueBottom)
  // A hair of tolerance: the axis ends are computed in floating point.
  const slack = (hi - lo) * 1e-9
  return value >= lo - slack && value <= hi + slack
}

/** A crisp 1-px line sits on a half pixel. */
export const crisp = (v: number) => Math.round(v - 0.5) + 0.5

/**
 * ECharts' subPixelOptimize for a 1-px stroke, as its candles' edges are placed: the nearest half
 * pixel, or from a whole pixel half a pixel up (`up`) or down.
 */
function halfPixel(v: number, up = false): number {
  const doubled = Math.round(v * 2)
  return doubled % 2 === 0 ? (doubled + (up ? 1 : -1)) / 2 : doubled / 2
}

/** A candle's shapes at slot centre `x` (px): its wick, and its body as a rectangle to fill and stroke 1 px. */
export interface CandleBox {
  wickX: number
  high: number
  low: number
  left: number
  width: number
  top: number
  height: number
}

/**
 * A candle placed as ECharts' candlestick layout places it (candlestickLayout.js): the body half the
 * slot wide (at most 14 px, at least 1), its edges and the wick on half pixels, the rectangle stroked
 * 1 px over them. The live candle and the settled ones (settled-candles.ts) look alike by it.
 */
export function candleBox(c: Candle, x: number, band: number, pane: PaneGeometry): CandleBox {
  const half = Math.max(Math.min(band / 2, 14), 1) / 2
  // Both edges rounded inwards (candlestickLayout.js addBodyEnd).
  const left = halfPixel(x - half, true)
  const top = yOf(pane, Math.max(c.open, c.close))
  return { wickX: halfPixel(x), high: yOf(pane, c.high), low: yOf(pane, c.low), left, width: halfPixel(x + half) - left, top, height: Math.max(yOf(pane, Math.min(c.open, c.close)) - top, 0) }
}

/**
 * The shapes of the live state on the chart's current mapping. Widths follow ECharts' own layout of
 * the settled series (candlestickLayout.js: half the slot, at most barMaxWidth 14; barGrid.js: one
 * stack with the default 31 % category gap, at most 14, the histogram at most 8), so the live candle
 * and bars look like the ones before them.
 */
export function liveScene(state: LiveState, g: Geometry, force = false): LiveScene {
  const price = g.panes[0]
  const scene: LiveScene = { fits: true, inView: false, wick: null, body: null, volume: null, bars: [], lines: [], priceLine: null }
  if (!price) return scene
  const c = state.candle
  scene.inView = c !== null && g.x >= price.left && g.x <= price.right
  if (scene.inView) {
    const extents = liveExtents(state, g.panes.length)
    scene.fits = extents.every((e, pane) => !e || (within(g.panes[pane]!, e[0]) && within(g.panes[pane]!, e[1])))
  }
  if (!scene.fits && !force) return scene
  if (c && scene.inView) {
    const up = c.close >= c.open
    const color = up ? UP_COLOR : DOWN_COLOR
    const box = candleBox(c, g.x, g.band, price)
    scene.wick = { x: box.wickX, top: box.high, bottom: box.low, color }
    scene.body = { x: box.left, y: box.top, width: box.width, height: box.height, color }
    const volumePane = g.panes[VOLUME_PANE]
    if (volumePane) {
      const w = volumeBarWidth(g.band)
      const base = Math.min(yOf(volumePane, 0), volumePane.bottom)
      const y = yOf(volumePane, c.volume)
      scene.volume = { x: g.x - w / 2, y, width: w, height: base - y, color }
    }
    for (const s of state.segments) {
      const pane = g.panes[s.pane]
      if (!pane || s.value === null) continue
      if (s.kind === 'bar') {
        const w = Math.min(g.band * 0.69, 8)
        const zero = Math.min(Math.max(yOf(pane, 0), pane.top), pane.bottom)
        const y = yOf(pane, s.value)
        scene.bars.push({ pane: s.pane, x: g.x - w / 2, y: Math.min(y, zero), width: w, height: Math.abs(zero - y), color: s.value >= 0 ? UP_COLOR : DOWN_COLOR })
        continue
      }
      const end: [number, number] = [g.x, yOf(pane, s.value)]
      scene.lines.push({ pane: s.pane, color: s.color, width: s.width, points: s.prev === null ? [end, end] : [[g.x - g.band, yOf(pane, s.prev)], end] })
    }
  }
  if (state.lastPrice !== null && within(price, state.lastPrice)) {
    scene.priceLine = { y: crisp(yOf(price, state.lastPrice)), left: price.left, right: price.right, color: c && c.close < c.open ? DOWN_COLOR : UP_COLOR, text: state.lastText }
  }
  return scene
}
