// The live candle, its volume bar, the indicators' last segments and the last-price line, drawn as
// a few zrender elements on the chart's upper canvas layer (the crosshair's, zlevel 1): a tick moves
// these and repaints that layer only, while ECharts and its 500-candle layer stay untouched.
//
// The shapes come from live-layer.ts on the chart's current mapping (chart-mapping.ts). The mapping is read
// again after every ECharts update (pan, zoom, resize, setOption: the 'updated' event). When a live
// value falls outside its pane's axis, nothing is drawn and the owner is told (onMisfit), so that it
// restates the extents in ECharts and the axis grows to cover the value.
//
// The level lines (the open orders, the positions' levels: level-lines.ts) are drawn on the same layer,
// under the live shapes, and follow the same mapping.
//
// The shapes follow ECharts' update before it paints (ECharts' post-update hook), so its own repaint
// draws them with the chart: one repaint of the canvas layers, not a second one for the overlay.
import { graphic, registerPostUpdate, type EChartsType } from 'echarts/core'
import { CHART_FONT } from './candle-chart-option'
import type { Candle } from '@domain/wire/wire'
import { type Level, LevelLines } from './level-lines'
import { type LiveScene, type LiveState, VOLUME_PANE, liveScene } from './live-layer'
import { type Mapping, readMapping, sameMapping } from './chart-mapping'
import { SettledCandles } from './settled-candles'
import type { VolumeMapping } from './candle-shapes'
import type { VolumeLines } from './chart-scale'
import { VolumePane } from './volume-bars'

/** Each chart's overlay, by the chart's zrender instance (what ECharts' post-update hook is given). */
const overlays = new WeakMap<object, LiveOverlay>()
let hooked = false

/** Once: after any ECharts update is laid out, and before it is painted, that chart's overlay follows it. */
function followUpdates(): void {
  if (hooked) return
  hooked = true
  registerPostUpdate((_model, api) => overlays.get(api.getZr())?.follow(false))
}

type Shape = graphic.Rect | graphic.Line | graphic.Polyline | graphic.Text

export class LiveOverlay {
  private readonly group = new graphic.Group()
  private readonly settled: SettledCandles
  private readonly volume: VolumePane
  private readonly levels: LevelLines
  private readonly shapes = new Map<string, Shape>()
  private mapping: Mapping = null
  private state: LiveState | null = null
  private paneCount = 2
  /** The state whose extents ECharts holds: if it still does not fit, drawing it is all there is to do. */
  private inChart: LiveState | null = null
  /** The scene last drawn (tests read it back), and the state it shows. */
  scene: LiveScene | null = null
  private drawn: LiveState | null = null

  constructor(
    private readonly chart: EChartsType,
    private readonly onMisfit: () => void,
    /** The volume pane's scale changed (its own series, if any, must be given it). */
    onVolumeTop: (top: number) => void = () => {},
  ) {
    this.settled = new SettledCandles(chart)
    this.volume = new VolumePane(chart, onVolumeTop)
    this.levels = new LevelLines(chart)
    chart.getZr().add(this.group)
    // The overlay's canvas layer is made, and its pixels allocated, with the chart rather than at its
    // first paint with candles: a new canvas's first drawing allocates them (1–8 ms in Chromium), and
    // the window makes the chart when it mounts, while the candles still load. (No such layer in SVG.)
    const zr = chart.getZr() as unknown as { painter?: { getLayer?(zlevel: number): { ctx?: CanvasRenderingContext2D } | undefined } }
    zr.painter?.getLayer?.(1)?.ctx?.clearRect(0, 0, 1, 1)
    overlays.set(chart.getZr(), this)
    // After ECharts lays out an update (pan, zoom, resize, setOption), the live shapes follow the new
    // mapping before ECharts paints; 'updated' (after the paint) catches whatever that missed. A
    // crosshair move is an update too: then the mapping is as drawn and nothing needs redrawing.
    followUpdates()
    chart.on('updated', () => this.follow(true))
  }

  /**
   * ECharts laid the chart out anew: the settled candles and the live shapes follow its mapping
   * (painted at once when `flush`; otherwise by the repaint ECharts is about to make).
   */
  follow(flush: boolean): void {
    const before = this.mapping
    this.mapping = readMapping(this.chart, this.paneCount)
    const candlesMoved = this.drawCandles()
    if (this.state === this.drawn && sameMapping(before, this.mapping)) {
      if (candlesMoved && flush) this.chart.getZr().flush()
      return
    }
    if (this.state && !this.draw(flush)) this.onMisfit()
    else if (candlesMoved && flush) this.chart.getZr().flush()
  }

  /**
   * The series' candles: all but the newest are drawn as settled (settled-candles.ts, volume-bars.ts)
   * on the next mapping; `volumeLines`, the values of the volume pane's own series, share its scale.
   */
  setCandles(candles: readonly Candle[], volumeLines: VolumeLines = []): void {
    this.settled.set(candles)
    this.volume.set(candles, volumeLines)
  }

  /** The level lines to draw (level-lines.ts), by the next draw() or update. */
  setLevels(levels: readonly Level[]): void {
    this.levels.set(levels)
  }

  /** The settled candles, volume bars and level lines on the current mapping and volume scale. True when anything was redrawn. */
  private drawCandles(): boolean {
    const candles = this.drawSettledCandles()
    const levels = this.levels.place(this.mapping?.panes ?? null)
    return this.placeVolume().redrawn || candles || levels
  }

  private drawSettledCandles(): boolean {
    const m = this.mapping
    return this.settled.draw(m && m.panes[0] ? { x0: m.x0, band: m.band, price: m.panes[0] } : null)
  }

  /** The volume pane on the current mapping, scaled for the live state (volume-bars.ts). */
  private placeVolume(): { mapping: VolumeMapping | null; redrawn: boolean } {
    const m = this.mapping
    const pane = m?.panes[VOLUME_PANE]
    const state = this.state
    const live = state ? [state.candle?.volume ?? null, ...state.segments.filter((s) => s.pane === VOLUME_PANE).map((s) => s.value)] : []
    return this.volume.place(m && pane ? { x0: m.x0, band: m.band, pane } : null, state?.slot ?? -1, live)
  }

  /** The live values to draw; `inChart` when the same state's extents go to ECharts with it. */
  set(state: LiveState, paneCount: number, inChart: boolean): void {
    this.state = state
    if (paneCount !== this.paneCount) this.mapping = null
    this.paneCount = paneCount
    if (inChart) this.inChart = state
  }

  /**
   * Draws the live state on the current mapping and paints the layer at once. False (nothing drawn)
   * only when a live value lies outside its axis and ECharts has not been given this state yet, so
   * a restatement always ends the misfit. Without a mapping (no candles, a chart of no size) nothing
   * is drawn: there is nothing to see. Without `flush` the layer is painted by ECharts' next repaint.
   */
  draw(flush = true): boolean {
    const state = this.state
    if (!state || this.chart.isDisposed()) return true
    // A mapping read here for the first time places the settled candles too (follow() does after
    // updates); the volume pane is placed here on every draw: the live volume may rescale it, and so
    // redraw the settled bars.
    if (!this.mapping) {
      this.mapping = readMapping(this.chart, this.paneCount)
      this.drawSettledCandles()
    }
    const m = this.mapping
    this.levels.place(m?.panes ?? null)
    const volume = this.placeVolume().mapping
    const panes = m && volume ? m.panes.map((p, i) => (i === VOLUME_PANE ? volume.pane : p)) : m?.panes
    // A state ECharts already holds is drawn even if it does not fit (an axis it cannot cover).
    const scene = m && panes ? liveScene(state, { x: m.x0 + state.slot * m.band, band: m.band, panes }, state === this.inChart) : null
    if (scene && !scene.fits && state !== this.inChart) return false
    this.apply(scene)
    this.drawn = state
    if (flush) this.chart.getZr().flush()
    return true
  }

  dispose(): void {
    overlays.delete(this.chart.getZr())
    this.settled.dispose()
    this.volume.dispose()
    this.levels.dispose()
    if (!this.chart.isDisposed()) this.chart.getZr().remove(this.group)
    this.shapes.clear()
  }

  private apply(scene: LiveScene | null): void {
    this.scene = scene
    const used = new Set<string>()
    if (!scene) {
      for (const el of this.shapes.values()) el.hide()
      return
    }
    const put = <T extends Shape>(key: string, make: () => T, update: (el: T) => void) => {
      let el = this.shapes.get(key) as T | undefined
      if (!el) {
        el = make()
        el.silent = true
        el.zlevel = 1
        this.shapes.set(key, el)
        this.group.add(el)
      }
      el.show()
      update(el)
      used.add(key)
    }
    if (scene.wick) {
      const w = scene.wick
      put(
        'wick',
        () => new graphic.Line({ style: { lineWidth: 1 } }),
        (el) => {
          el.setShape({ x1: w.x, y1: w.top, x2: w.x, y2: w.bottom })
          el.setStyle({ stroke: w.color })
        },
      )
    }
    if (scene.body) {
      const b = scene.body
      put(
        'body',
        () => new graphic.Rect({ style: { lineWidth: 1 } }),
        (el) => {
          el.setShape({ x: b.x, y: b.y, width: b.width, height: b.height })
          el.setStyle({ fill: b.color, stroke: b.color })
        },
      )
    }
    if (scene.volume) {
      const v = scene.volume
      put(
        'volume',
        () => new graphic.Rect({ style: { opacity: 0.55 } }),
        (el) => {
          el.setShape({ x: v.x, y: v.y, width: v.width, height: v.height })
          el.setStyle({ fill: v.color })
        },
      )
    }
    scene.bars.forEach((bar, i) =>
      put(
        `bar-${i}`,
        () => new graphic.Rect({ style: { opacity: 0.6 } }),
        (el) => {
          el.setShape({ x: bar.x, y: bar.y, width: bar.width, height: bar.height })
          el.setStyle({ fill: bar.color })
        },
      ),
    )
    scene.lines.forEach((line, i) =>
      put(
        `line-${i}`,
        () => new graphic.Polyline({ style: { fill: 'none' } }),
        (el) => {
          el.setShape({ points: line.points })
          el.setStyle({ stroke: line.color, lineWidth: line.width })
        },
      ),
    )
    const p = scene.priceLine
    if (p) {
      put(
        'price',
        () => new graphic.Line({ style: { lineWidth: 1, opacity: 0.8 } }),
        (el) => {
          el.setShape({ x1: p.left, y1: p.y, x2: p.right, y2: p.y })
          el.setStyle({ stroke: p.color })
        },
      )
      // As ECharts placed the markLine's label: at the line's end, on the price axis.
      put(
        'price-label',
        () => new graphic.Text({ style: { fill: '#fff', fontSize: 11, fontFamily: CHART_FONT, padding: [2, 4], borderRadius: 2, verticalAlign: 'middle', align: 'left' } }),
        (el) => {
          el.setStyle({ x: p.right + 5, y: p.y, text: p.text, backgroundColor: p.color })
        },
      )
    }
    for (const [key, el] of this.shapes) if (!used.has(key)) el.hide()
  }
}
