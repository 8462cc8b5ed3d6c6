// The volume pane, drawn by the chart's own code: its scale (the tallest bar in view, rounded up as
// ECharts rounded its axis) and the settled bars (all but the newest), two paths on ECharts' main
// canvas layer, rising and falling. The live candle's bar is the live overlay's (live-layer.ts), on
// the same scale.
//
// Why: the volume axis shows no labels, yet as two ECharts bar series (stacked) and an extent series
// it cost every ECharts update their data rebuilt, stacked, filtered and laid out: interleaved with
// the build before, a tick taking the price past its axis went from 3.2 to 2.9 ms (mean of six
// pages) and a new candle from 6.0 to 4.2 (docs/performance.md, 2026-12-06). And a live volume that
// outgrew the axis cost a whole data merge; now it only redraws these bars.
//
// A series of its own on the volume pane (the volume average, VOLMA) is still ECharts': its axis is
// given this scale (min 0, max volumeTop) so the line and the bars agree.
import { graphic, type EChartsType } from 'echarts/core'
import type { Candle } from '@domain/wire/wire'
import { type VolumeMapping, volumeShapes } from './candle-shapes'
import { type VolumeLines, volumeMax, volumeTop } from './chart-scale'
import { DirectionPaths, type PointsShape } from './direction-paths'
import { type PaneGeometry, samePane, slotsInView } from './live-layer'

/** One direction's bars as one path of rectangles (x, y, width, height each). */
const BarsPath = graphic.extendShape({
  type: 'settled-volume',
  shape: { points: [] as number[] },
  buildPath(ctx, shape: PointsShape) {
    const r = shape.points
    for (let i = 0; i + 4 <= r.length; i += 4) ctx.rect(r[i]!, r[i + 1]!, r[i + 2]!, r[i + 3]!)
  },
})

/**
 * The volume pane of a chart: its scale, from the tallest bar in view (the live one included) and
 * the values of its own series, and its settled bars, redrawn only when the candles, the mapping or
 * the scale changed. The scale is the chart's, so a live volume that outgrows it redraws the bars
 * instead of restating ECharts' axis.
 */
export class VolumePane {
  private readonly paths: DirectionPaths
  private candles: readonly Candle[] = []
  private lines: VolumeLines = []
  /** The settled bars' tallest value in view, and what it was computed for. */
  private settled: { candles: readonly Candle[]; lines: VolumeLines; first: number; last: number; max: number } | null = null
  private top: number | null = null

  constructor(
    chart: EChartsType,
    /** The scale changed (the pane's own series, if any, must be given it). */
    private readonly onTop: (top: number) => void,
  ) {
    this.paths = new DirectionPaths(chart, BarsPath, 'settled-volume', (color) => ({ fill: color, opacity: 0.55 }))
  }

  /** The series' candles (all but the newest settled) and the values of the pane's own series. */
  set(candles: readonly Candle[], lines: VolumeLines): void {
    this.candles = candles
    this.lines = lines
  }

  /**
   * The pane (rectangle from `pane`, the x mapping x0 and band) scaled for the live candle at `slot`
   * with `volume` and the live values of the pane's own series; its settled bars drawn on it. The
   * mapping, and whether the bars were redrawn.
   */
  place(m: { x0: number; band: number; pane: PaneGeometry } | null, slot: number, live: readonly (number | null)[]): { mapping: VolumeMapping | null; redrawn: boolean } {
    if (!m) return { mapping: null, redrawn: this.paths.draw(this.candles, null, sameVolumeMapping, () => ({ up: [], down: [] })) }
    if (slot < 0) slot = this.candles.length - 1
    const [first, last] = slotsInView(m.x0, m.band, m.pane, Math.max(this.candles.length, slot + 1))
    let s = this.settled
    if (!s || s.candles !== this.candles || s.lines !== this.lines || s.first !== first || s.last !== last) {
      s = { candles: this.candles, lines: this.lines, first, last, max: volumeMax(this.candles, first, Math.min(last, slot - 1), this.lines) }
      this.settled = s
    }
    let max = s.max
    if (slot >= first && slot <= last) for (const v of live) if (v !== null && v > max) max = v
    const top = volumeTop(max)
    if (top !== this.top) {
      this.top = top
      this.onTop(top)
    }
    const mapping = { x0: m.x0, band: m.band, pane: { ...m.pane, valueBottom: 0, valueTop: top } }
    const candles = this.candles
    return { mapping, redrawn: this.paths.draw(candles, mapping, sameVolumeMapping, (v) => volumeShapes(candles, candles.length - 1, v)) }
  }

  dispose(): void {
    this.paths.dispose()
  }
}

function sameVolumeMapping(a: VolumeMapping, b: VolumeMapping): boolean {
  return a.x0 === b.x0 && a.band === b.band && samePane(a.pane, b.pane)
}
