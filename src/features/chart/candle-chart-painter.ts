// Decides, for each change of the chart's data, the least work that draws it truly:
//   - a new series (pair, interval, precision), a theme or time-zone switch, other indicators: the
//     whole option, once (notMerge);
//   - a new candle, an older page, a corrected candle, changed order lines, or live values that left
//     an axis's range: a data-only merge (candle-chart-option.ts dataUpdate);
//   - a tick of the live candle inside the axes: no setOption at all, the live overlay alone
//     (live-overlay.ts), which repaints one small canvas layer.
// The view (the slots on screen) is kept here too: a page of older candles moves it by as many slots,
// so nothing on screen moves, and while it ends at the newest candle a new candle scrolls into view.
// A whole option hands ECharts the settled values from just left of the view (firstHanded); a pan or
// zoom that reaches further left restates them all before the frame is shown.
// CandleChart.vue drives it from the stores; the bench's chart page drives it the same way.
import type { EChartsType } from 'echarts/core'
import type { Candle, CandleInterval } from '@domain/wire/wire'
import { IndicatorSet } from '@/features/chart/indicators/indicator-set'
import type { IndicatorConfig } from '@/features/chart/indicators/specs'
import { CHART_FONT, type ChartInput, dataUpdate, firstHanded, fullOption, initialView, levelsOf, liveOf } from './candle-chart-option'
import { countBefore, sameSettled } from './candle-series-diff'
import { paneIndexes, subPaneCount } from './indicator-chart-option'
import { VOLUME_PANE } from './live-layer'
import type { Level } from './level-lines'
import { LiveOverlay } from './live-overlay'
import { volumeMax, volumeTop } from './chart-scale'

export interface PaintRequest {
  /** The candle series: pair and interval (the indicators are computed per series). */
  series: string
  /** What makes a new series for the chart: the series and the pair's precision. */
  key: string
  /** What restates the whole option's look: theme and time zone. */
  look: string
  interval: CandleInterval
  configs: readonly IndicatorConfig[]
  /** The chart's data; view, indicators and height are the painter's. */
  data: Omit<ChartInput, 'view' | 'indicators' | 'height'>
  /** The chart's height (px): read only for a whole option, since reading it forces a layout. */
  height: () => number | null
}

/** What a paint did: the whole option, a data merge, the live overlay only, or nothing (nothing to show changed). */
export type PaintKind = 'full' | 'update' | 'live' | 'none'

interface Shown {
  key: string
  look: string
  configs: string
  length: number
  first: number
  last: number
  candles: readonly Candle[]
}

/** What the level lines were made from: the same inputs make the same lines (formatting them costs a tick). */
interface LevelsMade {
  orders: ChartInput['orders']
  positions: ChartInput['positions']
  pair: ChartInput['pair']
  theme: ChartInput['theme']
  configs: string
  levels: Level[]
}

/**
 * Looks the chart's font up once, when a chart is made (in the window: when it mounts, while the
 * candles load). The first text measured in a font family makes the browser resolve the family and
 * its fallbacks, and the first paint with candles measures every axis label: it paid that lookup.
 */
function resolveFont(): void {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext?.('2d')
  if (!context) return
  for (const size of [10, 11, 12]) {
    context.font = `${size}px ${CHART_FONT}`
    context.measureText('0')
  }
}

export class CandleChartPainter {
  readonly indicators = new IndicatorSet()
  /** The slots in view (indexes into the candles); kept in step with the user's panning. */
  view = { start: 0, end: 0 }
  /** True while the view ends at the newest candle: a new candle then scrolls into view. */
  following = true
  private shown: Shown | null = null
  private last: ChartInput | null = null
  private readonly overlay: LiveOverlay
  /** The first settled slot ECharts holds (a whole option hands the view and a margin; an update, all). */
  private handed = 0
  /** A restatement queued for right after ECharts' update: of the live extents, or of every settled value too. */
  private restating: { settled: boolean } | null = null
  /** The volume pane's scale as the overlay draws it, and as ECharts' volume axis holds it (for a series of its own there). */
  private volumeTop: number | null = null
  private axisVolumeTop: number | null = null
  private levelsMade: LevelsMade | null = null

  constructor(private readonly chart: EChartsType) {
    this.overlay = new LiveOverlay(
      chart,
      () => this.restateSoon(false),
      (top) => {
        this.volumeTop = top
        if (top !== this.axisVolumeTop && this.volumeLines().length > 0) this.restateSoon(false)
      },
    )
    resolveFont()
  }

  /** How many candles the chart holds. */
  get length(): number {
    return this.shown?.length ?? 0
  }

  /** The live shapes last drawn (tests read them back). */
  get scene() {
    return this.overlay.scene
  }

  paint(request: PaintRequest): PaintKind {
    const { candles } = request.data
    const first = candles[0]?.time ?? 0
    const last = candles[candles.length - 1]?.time ?? 0
    const configsKey = JSON.stringify(request.configs)
    const change = this.indicators.sync(request.series, request.interval, request.configs, candles)
    const shown = this.shown
    // Still no candles, and the empty chart's look and panes as they were: it shows no label, so a new
    // pair or precision changes nothing on it (the window's start names the pair, then its precision,
    // before the candles come: each was a whole option of an empty chart, 10-30 ms at start-up).
    if (shown && shown.length === 0 && candles.length === 0 && shown.look === request.look && shown.configs === configsKey) {
      this.shown = { ...shown, key: request.key }
      return 'none'
    }
    if (!shown || shown.key !== request.key || shown.look !== request.look || shown.configs !== configsKey || shown.length === 0 || candles.length === 0) {
      if (!shown || shown.key !== request.key || shown.length === 0) {
        this.view = initialView(candles.length)
        this.following = true
      }
      const volumeLines = this.volumeLines()
      // The volume pane's scale over the view, as the overlay will find it once laid out.
      this.axisVolumeTop = volumeTop(volumeMax(candles, this.view.start, this.view.end, volumeLines))
      const input = { ...this.input(request, request.height()), volumeTop: this.axisVolumeTop }
      this.setLive(input, true)
      this.overlay.setCandles(candles, volumeLines)
      this.overlay.setLevels(this.levels(input, configsKey))
      this.chart.setOption(fullOption(input), { notMerge: true })
      this.handed = firstHanded(this.view, candles.length)
      this.shown = { key: request.key, look: request.look, configs: configsKey, length: candles.length, first, last, candles }
      return 'full'
    }
    let viewMoved = false
    // Candles added before the first one shown: move the view by as many, so nothing on screen moves.
    const prepended = first < shown.first ? countBefore(candles, shown.first) : 0
    if (prepended > 0) {
      this.view = { start: this.view.start + prepended, end: this.view.end + prepended }
      viewMoved = true
    }
    const appended = candles.length - shown.length - prepended
    if (appended > 0 && this.following) {
      this.view = { start: this.view.start + appended, end: this.view.end + appended }
      viewMoved = true
    }
    const times = candles.length !== shown.length || first !== shown.first || last !== shown.last
    // A new candle or a recompute moves settled indicator values too.
    const settled = times || change === 'append' || change === 'full' || !sameSettled(shown.candles, candles)
    const input = this.input(request, null)
    // Changed level lines (an order placed or gone) are the overlay's alone: drawn with the live state.
    this.overlay.setLevels(this.levels(input, configsKey))
    this.shown = { ...shown, length: candles.length, first, last, candles }
    if (!times && !settled && !viewMoved) {
      this.setLive(input, false)
      if (this.overlay.draw()) return 'live'
    }
    // Whenever the slots change the view is restated in slots: ECharts would otherwise keep a panned
    // view as percentages, and the candles on screen would drift as the series grows.
    this.setLive(input, true)
    if (settled) this.overlay.setCandles(candles, this.volumeLines())
    this.chart.setOption(dataUpdate(input, { times, view: viewMoved || times, settled, ...this.volumeAxis() }))
    if (settled) this.handed = 0
    return 'update'
  }

  /** The user panned or zoomed: the view in slots (from ECharts' datazoom event). */
  zoomed(range: { start?: number; end?: number; startValue?: number; endValue?: number }): boolean {
    const length = this.length
    if (length === 0) return false
    if (typeof range.startValue === 'number' && typeof range.endValue === 'number') {
      this.view = { start: range.startValue, end: range.endValue }
    } else if (typeof range.start === 'number' && typeof range.end === 'number') {
      this.view = { start: Math.round((range.start / 100) * (length - 1)), end: Math.round((range.end / 100) * (length - 1)) }
    } else return false
    this.following = this.view.end >= length - 1
    // Slots left of what ECharts holds come into view: hand it every settled value (once).
    if (this.view.start <= this.handed && this.handed > 0) this.restateSoon(true)
    return true
  }

  dispose(): void {
    this.overlay.dispose()
  }

  /** The level lines of `input`: made again only when what they are made from changed. */
  private levels(input: ChartInput, configs: string): Level[] {
    const made = this.levelsMade
    if (made && made.orders === input.orders && made.positions === input.positions && made.pair === input.pair && made.theme === input.theme && made.configs === configs) return made.levels
    const levels = levelsOf(input)
    this.levelsMade = { orders: input.orders, positions: input.positions, pair: input.pair, theme: input.theme, configs, levels }
    return levels
  }

  private input(request: PaintRequest, height: number | null): ChartInput {
    return { ...request.data, view: this.view, indicators: this.indicators.indicators, height }
  }

  /** The values of the indicators drawn on the volume pane (the volume average), which share its scale. */
  private volumeLines(): (number | null | undefined)[][] {
    const indicators = this.indicators.indicators
    const panes = paneIndexes(indicators)
    return indicators.flatMap((indicator, k) => (panes[k] === VOLUME_PANE ? Object.values(indicator.lines) : []))
  }

  /** The volume axis's scale for a merge, when a series of its own on the pane needs the one the overlay draws. */
  private volumeAxis(): { volumeTop?: number } {
    const top = this.volumeTop
    if (top === null || top === this.axisVolumeTop || this.volumeLines().length === 0) return {}
    this.axisVolumeTop = top
    return { volumeTop: top }
  }

  private setLive(input: ChartInput, inChart: boolean): void {
    this.last = input
    this.overlay.set(liveOf(input), 2 + subPaneCount(input.indicators ?? []), inChart)
  }

  /**
   * Restates, right after ECharts' update and before the frame is shown, the live extents (a live
   * value left its axis while ECharts was not repainting: a pan brought the live candle back into
   * view), and with `settled` every settled value (a pan or zoom reached left of the handed slots).
   */
  private restateSoon(settled: boolean): void {
    if (this.restating) {
      this.restating.settled ||= settled
      return
    }
    this.restating = { settled }
    queueMicrotask(() => {
      const all = this.restating?.settled ?? false
      this.restating = null
      const input = this.last
      if (!input || this.chart.isDisposed()) return
      this.setLive(input, true)
      this.chart.setOption(dataUpdate(input, { times: false, view: false, settled: all, ...this.volumeAxis() }))
      if (all) this.handed = 0
    })
  }
}
