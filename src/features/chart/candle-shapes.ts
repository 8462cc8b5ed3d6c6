// The shapes of the chart's settled candles and volume bars in pixels, as pure functions of the
// candles and the chart's mapping: drawn on ECharts' canvas by settled-candles.ts and volume-bars.ts,
// and on a plain canvas by the cached chart's first frame (cached-frame.ts), before ECharts has loaded.
// Apart from those two so that the first frame's code carries no ECharts.
import type { Candle } from '@domain/wire/wire'
import { type PaneGeometry, candleBox, slotsInView, volumeBarWidth, yOf } from './live-layer'

/** The x mapping (slot centre → px) and the price pane: what the candles are placed by. */
export interface CandleMapping {
  x0: number
  band: number
  price: PaneGeometry
}

/**
 * The candles' shapes, PER_CANDLE numbers a candle (px: the wick's x, top and bottom; the body's left
 * edge, width, top and height), split by direction. Kept flat: a path is built from them on every
 * change of the mapping.
 */
export interface CandleShapes {
  up: number[]
  down: number[]
}

/**
 * The direction ECharts gives a candle: rising when it closed above its open, falling below; a
 * candle that closed at its open takes the direction of its close against the one before.
 */
export function rises(candles: readonly Candle[], i: number): boolean {
  const c = candles[i]!
  if (c.close !== c.open) return c.close > c.open
  const before = candles[i - 1]
  return !before || c.close >= before.close
}

/**
 * The shapes of candles 0..count-1 whose slot centre is inside the price pane, on `m`, placed as
 * ECharts places its candles (live-layer.ts candleBox, as the live candle).
 */
export function candleShapes(candles: readonly Candle[], count: number, m: CandleMapping): CandleShapes {
  const shapes: CandleShapes = { up: [], down: [] }
  const pane = m.price
  const [first, last] = slotsInView(m.x0, m.band, pane, count)
  for (let i = first; i <= last; i++) {
    const c = candles[i]
    if (!c) continue
    const b = candleBox(c, m.x0 + i * m.band, m.band, pane)
    ;(rises(candles, i) ? shapes.up : shapes.down).push(b.wickX, b.high, b.low, b.left, b.width, b.top, b.height)
  }
  return shapes
}

/** Numbers a candle takes in CandleShapes. */
export const PER_CANDLE = 7

/** The volume pane's geometry and scale: its rectangle from ECharts, its values (0 to top) the chart's own. */
export interface VolumeMapping {
  x0: number
  band: number
  pane: PaneGeometry
}

/** The settled bars' rectangles (x, y, width, height; px), split by direction (a bar rises with its candle: close ≥ open). */
export function volumeShapes(candles: readonly Candle[], count: number, m: VolumeMapping): { up: number[]; down: number[] } {
  const shapes = { up: [] as number[], down: [] as number[] }
  const [first, last] = slotsInView(m.x0, m.band, m.pane, count)
  const w = volumeBarWidth(m.band)
  const base = Math.min(yOf(m.pane, 0), m.pane.bottom)
  for (let i = first; i <= last; i++) {
    const c = candles[i]
    if (!c) continue
    const y = yOf(m.pane, c.volume)
    ;(c.close >= c.open ? shapes.up : shapes.down).push(m.x0 + i * m.band - w / 2, y, w, base - y)
  }
  return shapes
}
