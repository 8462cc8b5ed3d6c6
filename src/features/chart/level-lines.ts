// The chart's level lines: a horizontal line across a pane at one value, with its words or none. The
// open orders (chart-order-marks.ts), the protected positions' levels (chart-position-marks.ts) and
// RSI's 30 and 70 (indicator-chart-option.ts) are levels.
//
// They are drawn by the chart's own code on the live layer (zlevel 1, under the live shapes), not as
// ECharts markLines. A markLine is part of the option, so each new or changed order cost a setOption
// that made ECharts process every series again (~15 ms an order on the slow machine of 2026-12-07,
// in the frames between the order's answer and its "placed": docs/performance.md). Here a change is a
// few shapes on a layer that every tick repaints anyway. As markLines, a level does not widen its
// pane's axis: one outside the pane's values is not drawn.
import { graphic, type EChartsType } from 'echarts/core'
import { CHART_FONT } from './chart-palette'
import { type PaneGeometry, crisp, samePane, within, yOf } from './live-layer'

/** Where a level's words sit: at the line's start, or in its middle, above or below it. */
export type LevelLabelAt = 'start-top' | 'middle-top' | 'middle-bottom'

export interface Level {
  /** Which pane: 0 the prices, 2 on the indicators' sub-panes. */
  pane: number
  value: number
  color: string
  type: 'dashed' | 'dotted' | 'solid'
  /** The line's opacity (the label's words are always opaque); 1 by default. */
  opacity?: number
  label?: { text: string; at: LevelLabelAt }
}

/** Whether two lists draw the same lines. */
export function sameLevels(a: readonly Level[], b: readonly Level[]): boolean {
  if (a === b) return true
  if (a.length !== b.length) return false
  return a.every((l, i) => {
    const m = b[i]!
    return l.pane === m.pane && l.value === m.value && l.color === m.color && l.type === m.type && l.opacity === m.opacity && l.label?.text === m.label?.text && l.label?.at === m.label?.at
  })
}

/** Between a label and its line, and a start label and the pane's left edge (px). */
const LABEL_GAP = 4

/** One level's shapes in pixels, or null when it lies outside its pane (or the pane is unknown). */
export function levelShape(level: Level, panes: readonly PaneGeometry[]) {
  const pane = panes[level.pane]
  if (!pane || !Number.isFinite(level.value) || !within(pane, level.value)) return null
  const y = crisp(yOf(pane, level.value))
  const label = level.label
  const text = !label
    ? null
    : {
        text: label.text,
        x: label.at === 'start-top' ? pane.left + LABEL_GAP : (pane.left + pane.right) / 2,
        y: label.at === 'middle-bottom' ? y + LABEL_GAP : y - LABEL_GAP,
        align: label.at === 'start-top' ? ('left' as const) : ('center' as const),
        verticalAlign: label.at === 'middle-bottom' ? ('top' as const) : ('bottom' as const),
      }
  return { x1: pane.left, x2: pane.right, y, text }
}

export class LevelLines {
  private levels: readonly Level[] = []
  private readonly group = new graphic.Group()
  private readonly lines: graphic.Line[] = []
  private readonly texts: graphic.Text[] = []
  /** What was last drawn: these levels on these panes. */
  private drawn: { levels: readonly Level[]; panes: readonly PaneGeometry[] } | null = null
  /** How many levels are drawn (the rest of the shapes are hidden). */
  private count = 0

  constructor(private readonly chart: EChartsType) {
    chart.getZr().add(this.group)
  }

  /** The levels to draw from now on (kept as they are when they draw what is drawn already). */
  set(levels: readonly Level[]): void {
    if (!sameLevels(levels, this.levels)) this.levels = levels
  }

  /** Draws the levels on the panes (none: nothing to draw on); true when anything on screen changed. */
  place(panes: readonly PaneGeometry[] | null): boolean {
    const drawn = this.drawn
    if (drawn && drawn.levels === this.levels && panes && drawn.panes.length === panes.length && drawn.panes.every((p, i) => samePane(p, panes[i]!))) return false
    const before = this.count
    this.drawn = panes ? { levels: this.levels, panes: panes.map((p) => ({ ...p })) } : null
    this.count = 0
    if (panes)
      for (const level of this.levels) {
        const shape = levelShape(level, panes)
        if (!shape) continue
        const i = this.count++
        const line = this.line(i)
        line.setShape({ x1: shape.x1, y1: shape.y, x2: shape.x2, y2: shape.y })
        line.setStyle({ stroke: level.color, lineDash: level.type, opacity: level.opacity ?? 1 })
        line.show()
        const text = this.text(i)
        if (shape.text) {
          const { text: words, ...at } = shape.text
          text.setStyle({ ...at, text: words, fill: level.color })
          text.show()
        } else text.hide()
      }
    for (let i = this.count; i < this.lines.length; i++) {
      this.lines[i]!.hide()
      this.texts[i]!.hide()
    }
    return this.count > 0 || before > 0
  }

  dispose(): void {
    if (!this.chart.isDisposed()) this.chart.getZr().remove(this.group)
  }

  private line(i: number): graphic.Line {
    let line = this.lines[i]
    if (!line) {
      line = new graphic.Line({ style: { lineWidth: 1 }, silent: true, zlevel: 1, z: -1 })
      this.lines[i] = line
      this.group.add(line)
    }
    return line
  }

  private text(i: number): graphic.Text {
    let text = this.texts[i]
    if (!text) {
      text = new graphic.Text({ style: { fontSize: 11, fontFamily: CHART_FONT }, silent: true, zlevel: 1, z: -1 })
      this.texts[i] = text
      this.group.add(text)
    }
    return text
  }
}
