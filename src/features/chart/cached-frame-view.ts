// The cached chart's first frame on screen: drawn by the page's entry (boot.ts) from the remembered
// chart the page came with (market.cachedStart), on a plain canvas, in the first task the page runs;
// then taken by the first chart (first-chart.ts), whose ECharts chart draws the same picture over it
// and removes it. Until then it is the chart the trader sees, marked stale in words like the rest.
//
// The frame (first-chart-place.ts), the chart's name and the stale mark are the first chart's own:
// it keeps them, so nothing on screen moves or is read out twice when ECharts takes over.
//
// Drawn only when the first chart would draw the same (first-chart.ts): the main chart not in a window
// of its own, its pair listed, candles to show, and no indicator on it (cached-frame.ts).
import type { CachedStart, Preferences } from '@domain/api/api'
import { chartKey } from '@domain/prefs/chart-prefs'
import type { TimeZoneMode } from '@/lib/display-zone'
import { mergeCandles } from '@/stores/market/market-merge'
import { type CachedFrameScene, LABEL_MARGIN, cachedFrameScene } from './cached-frame'
import { CHART_FONT } from './chart-palette'
import { candleChartLabel, pairLabel } from './chart-names'
import { PER_CANDLE } from './candle-shapes'
import { firstChartFrame } from './first-chart-place'
import { crisp } from './live-layer'
import { staleUpdatingText } from './stale-mark'
import { DOWN_COLOR, UP_COLOR } from '@/styles/colors'

/** The cached frame on screen: the first chart's frame and box, and the canvas it is drawn on. */
export interface CachedFrame {
  frame: HTMLElement
  chartBox: HTMLElement
  canvas: HTMLCanvasElement
  /** "PAIR|interval": what it shows. */
  series: string
}

let shown: CachedFrame | null = null

/** The words on the first chart while it shows the cache: where the window's toolbar will say the same. */
export function staleMark(fetchedAt: number, zone: TimeZoneMode): HTMLElement {
  const mark = document.createElement('div')
  mark.dataset.testid = 'first-chart-stale'
  mark.setAttribute('role', 'status')
  mark.textContent = staleUpdatingText(fetchedAt, zone)
  for (const [key, value] of Object.entries({
    position: 'absolute',
    top: '6px',
    left: '8px',
    padding: '2px 8px',
    'border-radius': '3px',
    background: 'rgba(240, 160, 32, 0.16)',
    color: '#f0a020',
    font: '11px sans-serif',
    'z-index': '1',
  }))
    mark.style.setProperty(key, value)
  return mark
}

/** The first chart's theme and zone, as the window will have them. */
export function chartLookOf(prefs: Preferences): { theme: 'dark' | 'light'; zone: TimeZoneMode } {
  return { theme: prefs.theme === 'light' ? 'light' : 'dark', zone: prefs.timeZone === 'utc' ? 'utc' : 'local' }
}

/**
 * Draws the cached chart's first frame where the window's chart will be, marked stale; true when it
 * did. Never throws: a page whose cached start is missing, odd or not drawable starts without it.
 */
export function drawCachedFrame(cached: CachedStart | null | undefined): boolean {
  dropCachedFrame()
  try {
    if (!cached || cached.chartOut === true) return false
    const { snapshot, prefs } = cached
    const pair = cached.pairs.find((p) => p.name === snapshot.pair)
    if (!pair || snapshot.candles.length === 0 || (prefs.indicators?.[chartKey(snapshot.pair, snapshot.interval)]?.length ?? 0) > 0) return false
    const candles = mergeCandles([], snapshot.candles)
    const { theme, zone } = chartLookOf(prefs)
    document.documentElement.dataset.theme = theme
    const { frame, chartBox } = firstChartFrame(prefs.layout, theme)
    chartBox.dataset.testid = 'first-chart'
    chartBox.setAttribute('role', 'img')
    chartBox.setAttribute('aria-label', candleChartLabel(pairLabel(pair, snapshot.pair), snapshot.interval))
    const canvas = document.createElement('canvas')
    canvas.setAttribute('aria-hidden', 'true')
    for (const [key, value] of Object.entries({ position: 'absolute', inset: '0', width: '100%', height: '100%' })) canvas.style.setProperty(key, value)
    chartBox.append(canvas, staleMark(snapshot.fetchedAt, zone))
    document.body.append(frame)
    const scene = cachedFrameScene(candles, pair.price_precision, theme, chartBox.clientWidth, chartBox.clientHeight)
    const context = scene ? canvas.getContext('2d') : null
    if (!scene || !context) {
      frame.remove()
      return false
    }
    const ratio = window.devicePixelRatio || 1
    canvas.width = Math.round(scene.width * ratio)
    canvas.height = Math.round(scene.height * ratio)
    context.scale(ratio, ratio)
    drawScene(context, scene)
    shown = { frame, chartBox, canvas, series: `${snapshot.pair}|${snapshot.interval}` }
    return true
  } catch {
    dropCachedFrame()
    return false
  }
}

/** The cached frame, when it shows `series`, for the first chart to draw in; taken once. Any other is dropped. */
export function takeCachedFrame(series: string): CachedFrame | null {
  const frame = shown
  shown = null
  if (frame && frame.series === series) return frame
  frame?.frame.remove()
  return null
}

/** True while the cached frame is on screen, not yet taken or dropped. */
export function hasCachedFrame(): boolean {
  return shown !== null
}

/** Removes a cached frame nobody took: the first chart is not drawn. */
export function dropCachedFrame(): void {
  shown?.frame.remove()
  shown = null
}

function drawScene(ctx: CanvasRenderingContext2D, s: CachedFrameScene): void {
  const { price, volume, palette } = s
  ctx.lineWidth = 1
  // The price pane's split lines, and each pane's axis line along its bottom.
  ctx.strokeStyle = palette.grid
  ctx.beginPath()
  for (const t of s.ticks) line(ctx, price.left, crisp(t.y), price.right, crisp(t.y))
  ctx.stroke()
  ctx.strokeStyle = palette.axis
  ctx.beginPath()
  for (const pane of [price, volume]) line(ctx, pane.left, crisp(pane.bottom), pane.right, crisp(pane.bottom))
  ctx.stroke()
  // The volume bars under the candles, as the window's chart layers them.
  ctx.globalAlpha = 0.55
  for (const [bars, color] of [
    [s.volumes.up, UP_COLOR],
    [s.volumes.down, DOWN_COLOR],
  ] as const) {
    ctx.fillStyle = color
    for (let i = 0; i + 4 <= bars.length; i += 4) ctx.fillRect(bars[i]!, bars[i + 1]!, bars[i + 2]!, bars[i + 3]!)
  }
  const v = s.live.volume
  if (v) {
    ctx.fillStyle = v.color
    ctx.fillRect(v.x, v.y, v.width, v.height)
  }
  ctx.globalAlpha = 1
  for (const [points, color] of [
    [s.candles.up, UP_COLOR],
    [s.candles.down, DOWN_COLOR],
  ] as const) {
    ctx.beginPath()
    for (let i = 0; i + PER_CANDLE <= points.length; i += PER_CANDLE) {
      line(ctx, points[i]!, points[i + 1]!, points[i]!, points[i + 2]!)
      ctx.rect(points[i + 3]!, points[i + 5]!, points[i + 4]!, points[i + 6]!)
    }
    ctx.fillStyle = color
    ctx.strokeStyle = color
    ctx.fill()
    ctx.stroke()
  }
  const { wick, body, priceLine } = s.live
  if (wick && body) {
    ctx.strokeStyle = wick.color
    ctx.fillStyle = body.color
    ctx.beginPath()
    line(ctx, wick.x, wick.top, wick.x, wick.bottom)
    ctx.stroke()
    ctx.beginPath()
    ctx.rect(body.x, body.y, body.width, body.height)
    ctx.fill()
    ctx.stroke()
  }
  // The price labels, right of the pane as ECharts places them.
  ctx.font = `12px ${CHART_FONT}`
  ctx.textBaseline = 'middle'
  ctx.textAlign = 'left'
  ctx.fillStyle = palette.text
  for (const t of s.ticks) ctx.fillText(t.text, price.right + LABEL_MARGIN, t.y)
  if (priceLine) {
    // The last price: its line across the pane and its label on the axis (live-overlay.ts).
    ctx.globalAlpha = 0.8
    ctx.strokeStyle = priceLine.color
    ctx.beginPath()
    line(ctx, priceLine.left, priceLine.y, priceLine.right, priceLine.y)
    ctx.stroke()
    ctx.globalAlpha = 1
    ctx.font = `11px ${CHART_FONT}`
    const width = ctx.measureText(priceLine.text).width + 8
    ctx.fillStyle = priceLine.color
    ctx.beginPath()
    // As zrender lays the overlay's label out: the text's width and 4 px each side, one 11 px line high.
    ctx.roundRect(priceLine.right + 5, priceLine.y - 5.5, width, 11, 2)
    ctx.fill()
    ctx.fillStyle = '#fff'
    ctx.fillText(priceLine.text, priceLine.right + 9, priceLine.y)
  }
}

function line(ctx: CanvasRenderingContext2D, x1: number, y1: number, x2: number, y2: number): void {
  ctx.moveTo(x1, y1)
  ctx.lineTo(x2, y2)
}
