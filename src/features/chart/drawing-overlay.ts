// The drawings on the candle chart: painted with Canvas 2D into a canvas of their own, shown on the
// chart as one zrender image on a layer of its own (zlevel 2, over the live layer's). A live tick
// repaints the live layer only: the drawings add one element to what zrender walks, however many
// there are (250 elements of their own had cost a tick ~0.6 ms). They are painted again only when the
// view moves (pan, zoom, resize, new candles: ECharts' 'updated', compared with the mapping last
// drawn) or the drawings change.
//
// The pointer: the image answers zrender's hover test with the drawings' own hit test
// (drawing-scene.ts), so it takes the pointer only over a drawing; it is `draggable`, which tells
// ECharts' pan not to take a drag that starts on a drawing. The drag itself is ChartDrawings.vue's.
import { graphic, type EChartsType } from 'echarts/core'
import type { Drawing } from '@domain/drawings/drawings'
import { CHART_FONT } from './candle-chart-option'
import { readMapping } from './chart-mapping'
import { type DrawMapping, type DrawingTarget, type SceneShape, type TimeAxis, drawingShapes, hitTest } from './drawing-scene'

export type { DrawingTarget } from './drawing-scene'

/** Each overlay by its image: what a zrender event's target says. */
const overlays = new WeakMap<object, DrawingOverlay>()

/** The drawing (and handle) under a zrender event at (x, y), or null. */
export function drawingTargetOf(target: unknown, x: number, y: number): DrawingTarget | null {
  const overlay = target && typeof target === 'object' ? overlays.get(target) : undefined
  return overlay ? overlay.hit(x, y) : null
}

export const DRAWING_ZLEVEL = 2

export class DrawingOverlay {
  private readonly image: graphic.Image
  private readonly canvas: HTMLCanvasElement | null
  private drawings: readonly Drawing[] = []
  private axis: TimeAxis = { times: [], intervalMs: 60_000 }
  private selectedId: string | null = null
  private places = 8
  private mapping: DrawMapping | null = null
  private mappingKey = ''
  /** What was laid out last, per drawing: what the pointer is tested against. */
  private drawn: { id: string; shapes: SceneShape[] }[] = []
  /** How many layouts were made (tests read it: ticks must not add any). */
  layouts = 0

  constructor(private readonly chart: EChartsType) {
    this.canvas = typeof document === 'undefined' ? null : document.createElement('canvas')
    this.image = new graphic.Image({ style: { x: 0, y: 0, width: 0, height: 0 }, zlevel: DRAWING_ZLEVEL, draggable: true, cursor: 'move' })
    const image = this.image as unknown as { contain(x: number, y: number): boolean; drift(): void; cursor: string }
    image.contain = (x, y) => {
      const hit = this.hit(x, y)
      if (hit) image.cursor = hit.handle === null ? 'move' : 'crosshair'
      return hit !== null
    }
    // The drawing moves by its points (ChartDrawings.vue), not by zrender shifting the picture.
    image.drift = () => undefined
    overlays.set(this.image, this)
    chart.getZr().add(this.image)
    chart.on('updated', () => this.follow())
  }

  /** New drawings, candles' times, selection or price places: painted again at once. */
  set(drawings: readonly Drawing[], axis: TimeAxis, selectedId: string | null, places = 8): void {
    this.drawings = drawings
    this.axis = axis
    this.selectedId = selectedId
    this.places = places
    this.mapping = this.read()
    this.layout()
  }

  /** The chart was laid out anew: the drawings follow only if the view moved. */
  follow(): void {
    const before = this.mappingKey
    this.mapping = this.read()
    if (this.mappingKey !== before) this.layout()
  }

  /** The current mapping (for the pointer), or null when the chart has none. */
  current(): DrawMapping | null {
    return this.mapping ?? this.read()
  }

  /** The drawing (and handle) at a point of the chart, as laid out last. */
  hit(x: number, y: number): DrawingTarget | null {
    return this.mapping ? hitTest(this.drawn, this.mapping.pane, x, y) : null
  }

  dispose(): void {
    overlays.delete(this.image)
    if (!this.chart.isDisposed()) this.chart.getZr().remove(this.image)
  }

  private read(): DrawMapping | null {
    if (this.chart.isDisposed()) return null
    const m = readMapping(this.chart, 1)
    const pane = m?.panes[0]
    if (!m || !pane) {
      this.mappingKey = ''
      return null
    }
    this.mappingKey = [m.x0, m.band, pane.left, pane.right, pane.top, pane.bottom, pane.valueTop, pane.valueBottom].join(',')
    return { x0: m.x0, band: m.band, pane }
  }

  private layout(): void {
    const m = this.mapping
    if (this.chart.isDisposed()) return
    this.drawn = m ? this.drawings.map((d) => ({ id: d.id, shapes: drawingShapes(d, this.axis, m, d.id === this.selectedId, this.places) })) : []
    if (m) this.layouts++
    this.paint(m)
  }

  /** The drawings into the canvas, the canvas onto the chart (a canvas-less test paints nothing). */
  private paint(m: DrawMapping | null): void {
    const ctx = this.canvas?.getContext('2d')
    if (!this.canvas || !ctx) return
    const zr = this.chart.getZr()
    const width = zr.getWidth() ?? 0
    const height = zr.getHeight() ?? 0
    const dpr = globalThis.devicePixelRatio || 1
    this.canvas.width = Math.max(1, Math.round(width * dpr))
    this.canvas.height = Math.max(1, Math.round(height * dpr))
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0)
    ctx.clearRect(0, 0, width, height)
    if (m) {
      const { pane } = m
      ctx.save()
      ctx.beginPath()
      ctx.rect(pane.left, pane.top, pane.right - pane.left, pane.bottom - pane.top)
      ctx.clip()
      for (const d of this.drawn) for (const shape of d.shapes) paintShape(ctx, shape, d.id === this.selectedId)
      ctx.restore()
    }
    this.image.setStyle({ image: this.canvas, x: 0, y: 0, width, height })
    this.image.markRedraw()
    zr.refresh()
  }
}

function paintShape(ctx: CanvasRenderingContext2D, s: SceneShape, selected: boolean): void {
  switch (s.type) {
    case 'line':
      ctx.beginPath()
      ctx.setLineDash(s.dashed ? [4, 3] : [])
      ctx.strokeStyle = s.color
      ctx.lineWidth = selected ? s.width + 1 : s.width
      ctx.moveTo(s.x1, s.y1)
      ctx.lineTo(s.x2, s.y2)
      ctx.stroke()
      ctx.setLineDash([])
      return
    case 'rect':
      ctx.globalAlpha = s.opacity
      ctx.fillStyle = s.color
      ctx.fillRect(s.x, s.y, s.width, s.height)
      ctx.globalAlpha = 1
      return
    case 'text':
      ctx.font = `11px ${CHART_FONT}`
      ctx.fillStyle = s.color
      ctx.textAlign = s.align
      ctx.textBaseline = 'middle'
      ctx.fillText(s.text, s.x, s.y)
      return
    case 'handle':
      ctx.fillStyle = '#ffffff'
      ctx.strokeStyle = s.color
      ctx.lineWidth = 1.5
      ctx.fillRect(s.x - 4, s.y - 4, 8, 8)
      ctx.strokeRect(s.x - 4, s.y - 4, 8, 8)
  }
}
