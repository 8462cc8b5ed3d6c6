// The drawings on the candle chart, as zrender elements on a canvas layer of their own (zlevel 2), over
// the live layer's: a live tick repaints the live layer only and never touches the drawings, so 50
// drawings cost a tick nothing. They are laid out again only when the view moves (pan, zoom, resize,
// new candles: ECharts' 'updated', compared with the mapping last drawn) or the drawings change.
// Their elements are `draggable`, which tells ECharts' pan not to take a drag that starts on one;
// the pointer itself is ChartDrawings.vue's.
import { graphic, type EChartsType } from 'echarts/core'
import type { Drawing } from '@domain/drawings/drawings'
import { CHART_FONT } from './candle-chart-option'
import { readMapping } from './live-overlay'
import { type DrawMapping, type SceneShape, type TimeAxis, drawingShapes } from './drawing-scene'

/** What a pointer on an element is over: a drawing, and which of its handles (null: the drawing itself). */
export interface DrawingTarget {
  id: string
  handle: number | null
}

const targets = new WeakMap<object, DrawingTarget>()

/** The drawing (and handle) under a zrender event's target, or null. */
export function drawingTargetOf(target: unknown): DrawingTarget | null {
  let el = target as { parent?: unknown } | null | undefined
  // A text's own parts answer for it: climb to the element that was made here.
  for (let i = 0; el && i < 3; i++, el = el.parent as typeof el) {
    const found = targets.get(el)
    if (found) return found
  }
  return null
}

export const DRAWING_ZLEVEL = 2

export class DrawingOverlay {
  private readonly group = new graphic.Group()
  private drawings: readonly Drawing[] = []
  private axis: TimeAxis = { times: [], intervalMs: 60_000 }
  private selectedId: string | null = null
  private places = 8
  private mapping: DrawMapping | null = null
  private mappingKey = ''
  /** How many layouts were made (tests and the bench read it: ticks must not add any). */
  layouts = 0

  constructor(private readonly chart: EChartsType) {
    chart.getZr().add(this.group)
    chart.on('updated', () => this.follow())
  }

  /** New drawings, candles' times, selection or price places: laid out again at once. */
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

  dispose(): void {
    if (!this.chart.isDisposed()) this.chart.getZr().remove(this.group)
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
    this.group.removeAll()
    const m = this.mapping
    if (!m || this.chart.isDisposed()) return
    this.layouts++
    const { pane } = m
    this.group.setClipPath(new graphic.Rect({ shape: { x: pane.left, y: pane.top, width: pane.right - pane.left, height: pane.bottom - pane.top } }))
    for (const d of this.drawings) {
      for (const shape of drawingShapes(d, this.axis, m, d.id === this.selectedId, this.places)) {
        const el = elementOf(shape, d.id === this.selectedId)
        el.zlevel = DRAWING_ZLEVEL
        el.draggable = true
        el.cursor = shape.type === 'handle' ? 'crosshair' : 'move'
        targets.set(el, { id: d.id, handle: shape.type === 'handle' ? shape.index : null })
        this.group.add(el)
      }
    }
    this.chart.getZr().refresh()
  }
}

function elementOf(shape: SceneShape, selected: boolean): graphic.Line | graphic.Rect | graphic.Text {
  switch (shape.type) {
    case 'line':
      return new graphic.Line({
        shape: { x1: shape.x1, y1: shape.y1, x2: shape.x2, y2: shape.y2 },
        style: { stroke: shape.color, lineWidth: selected ? shape.width + 1 : shape.width, ...(shape.dashed ? { lineDash: [4, 3] } : {}) },
      })
    case 'rect':
      return new graphic.Rect({ shape: { x: shape.x, y: shape.y, width: shape.width, height: shape.height }, style: { fill: shape.color, opacity: shape.opacity } })
    case 'text':
      return new graphic.Text({ style: { x: shape.x, y: shape.y, text: shape.text, fill: shape.color, fontSize: 11, fontFamily: CHART_FONT, align: shape.align, verticalAlign: 'middle' } })
    case 'handle':
      return new graphic.Rect({ shape: { x: shape.x - 4, y: shape.y - 4, width: 8, height: 8 }, style: { fill: '#ffffff', stroke: shape.color, lineWidth: 1.5 } })
  }
}
