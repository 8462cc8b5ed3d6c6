// The settled candles (all but the newest) as the window sees them: drawn by the chart's own code on
// ECharts' main canvas layer, two paths (rising and falling), each the bodies and wicks of the slots
// in view. ECharts holds the same candles as an invisible series in its large mode
// (candle-chart-option.ts), which sizes the price axis and carries the order lines.
//
// Why: on every merge ECharts lays out and restyles each candle in view as an element of its own,
// even when only the price axis moved. A tick that took the price past its axis cost ~7 ms with 500
// candles (120 in view), of which ~4 ms was the candle series; in large mode, with the bodies drawn
// here, ~3.7 ms (docs/performance.md, 2026-12-06).
//
// The shapes follow the chart's mapping (live-overlay.ts reads it after each ECharts update, before
// ECharts paints), so they move with every pan, zoom, resize and axis change in the same frame.
import { graphic, type EChartsType } from 'echarts/core'
import type { Candle } from '@domain/wire/wire'
import { type CandleMapping, PER_CANDLE, candleShapes } from './candle-shapes'
import { DirectionPaths, type PointsShape } from './direction-paths'
import { samePane } from './live-layer'

/** One direction's candles as one path: each wick a line, each body a rectangle (filled and stroked 1 px, as ECharts' candles). */
const CandlesPath = graphic.extendShape({
  type: 'settled-candles',
  shape: { points: [] as number[] },
  buildPath(ctx, shape: PointsShape) {
    const p = shape.points
    for (let i = 0; i + PER_CANDLE <= p.length; i += PER_CANDLE) {
      const x = p[i]!
      ctx.moveTo(x, p[i + 1]!)
      ctx.lineTo(x, p[i + 2]!)
      ctx.rect(p[i + 3]!, p[i + 5]!, p[i + 4]!, p[i + 6]!)
    }
  },
})

/** The settled candles on a chart: told the candles (set) and the mapping (draw); redraws only what changed. */
export class SettledCandles {
  private readonly paths: DirectionPaths
  private candles: readonly Candle[] = []

  constructor(chart: EChartsType) {
    this.paths = new DirectionPaths(chart, CandlesPath, 'settled-candles', (color) => ({ fill: color, stroke: color, lineWidth: 1 }))
  }

  /** The series' candles: all but the newest are settled (the newest is the live overlay's). */
  set(candles: readonly Candle[]): void {
    this.candles = candles
  }

  /** Places the candles on the mapping (none: nothing shown). True when anything was redrawn. */
  draw(mapping: CandleMapping | null): boolean {
    const candles = this.candles
    return this.paths.draw(candles, mapping, sameMapping, (m) => candleShapes(candles, candles.length - 1, m))
  }

  dispose(): void {
    this.paths.dispose()
  }
}

function sameMapping(a: CandleMapping, b: CandleMapping): boolean {
  return a.x0 === b.x0 && a.band === b.band && samePane(a.price, b.price)
}
