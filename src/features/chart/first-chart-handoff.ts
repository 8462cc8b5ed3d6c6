// The window's first chart, between the page's entry that draws it (first-chart.ts, before the
// window's code has run) and the candle chart that takes it over when it mounts (CandleChart.vue).
// Held here, in a module of its own, so both reach the one chart; dropped when nothing takes it.
import type { EChartsType } from 'echarts/core'
import type { CandleChartPainter } from './candle-chart-painter'

export interface FirstChart {
  /** The frame on top of the page that holds the chart where the window's chart will be. */
  frame: HTMLElement
  /** The element ECharts draws in: moved into the candle chart's own when it is taken. */
  element: HTMLElement
  instance: EChartsType
  painter: CandleChartPainter
  /** "PAIR|interval": what it shows. */
  series: string
  /** How many candles its paint drew, and how long that paint took (ms). */
  candles: number
  renderMs: number
}

let offered: FirstChart | null = null
let settled: Promise<unknown> = Promise.resolve()

/** The page's entry is drawing the first chart: the window mounts once that is done (or given up). */
export function awaitFirstChart(drawing: Promise<unknown>): void {
  settled = drawing.catch(() => undefined)
}

/** Settles once the first chart is drawn or will not be: the window's mount waits for it (main.ts). */
export function firstChartSettled(): Promise<unknown> {
  return settled
}

/** Holds the first chart until the window's candle chart takes it (or it is dropped). */
export function offerFirstChart(chart: FirstChart): void {
  dropFirstChart()
  offered = chart
}

/** True while `chart` is the one offered, not yet taken or dropped. */
export function isOffered(chart: FirstChart): boolean {
  return offered === chart
}

/**
 * The first chart, moved into `into`, when it shows `series`; null otherwise (it is then dropped: the
 * window's chart draws its own). Taken once.
 */
export function takeFirstChart(series: string, into: HTMLElement): FirstChart | null {
  const chart = offered
  if (!chart || chart.series !== series || chart.instance.isDisposed()) {
    dropFirstChart()
    return null
  }
  offered = null
  into.append(chart.element)
  chart.frame.remove()
  return chart
}

/** Removes a first chart nobody took: the window around the chart is up, or a newer one came. */
export function dropFirstChart(): void {
  const chart = offered
  offered = null
  if (!chart) return
  chart.painter.dispose()
  chart.instance.dispose()
  chart.frame.remove()
}

let mainChartOut = false
/** The start's cached answer said the main chart is in a window of its own (first-chart.ts): nothing was drawn. */
export function markMainChartOut(): void {
  mainChartOut = true
}
/** Whether the start said the main chart is out: the window shows its placeholder until the pop-outs' list is read. */
export function mainChartSaidOut(): boolean {
  return mainChartOut
}
