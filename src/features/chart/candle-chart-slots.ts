// Which candles the candle chart's series hold, slot by slot, and which of them it shows. Every
// candle has a slot (its index): the series carry the slot with each point, so ECharts can filter to
// the view, and a whole option hands only the slots near the view (firstHanded). Its own file because
// this is arithmetic on the candle list, shared by the option builder (candle-chart-option.ts), the
// painter and the chart component, and independent of how anything is drawn.
import type { Candle } from '@domain/wire/wire'

/** Candles drawn in view when a chart opens. */
export const INITIAL_VISIBLE = 120
/** Within this many candles of the left edge, the next older page is loaded. */
export const LOAD_OLDER_MARGIN = 5

export interface SeriesData {
  /** Candle times (Unix seconds): the category of each slot. */
  times: number[]
  /**
   * [slot, open, close, low, high]. The explicit slot lets dataZoom filter the candles outside the
   * view, so a tick lays out ~120 candles instead of every one loaded.
   */
  ohlc: [number, number, number, number, number][]
}

export function seriesData(candles: readonly Candle[], from = 0, to = candles.length): SeriesData {
  const n = Math.max(0, to - from)
  const times = new Array<number>(n)
  const ohlc = new Array<[number, number, number, number, number]>(n)
  for (let k = 0; k < n; k++) {
    const i = from + k
    const c = candles[i]!
    times[k] = c.time
    ohlc[k] = [i, c.open, c.close, c.low, c.high]
  }
  return { times, ohlc }
}

/** The settled candles as the chart's series hold them: all but the newest (live) one. */
export function settledData(candles: readonly Candle[]): SeriesData {
  return seriesData(candles, 0, Math.max(0, candles.length - 1))
}

/** Settled slots handed to ECharts left of the view by a whole option (see firstHanded). */
export const HANDED_MARGIN = 10

/**
 * The first slot whose settled values a whole option hands to ECharts. ECharts filters every series
 * to the view anyway (dataZoom filterMode 'filter': it lays out and draws only the slots in view, and
 * each y axis covers only those), but it still copies, stores, stacks and filters every point it is
 * given, and that was most of a first paint's data work: with 500 candles and three indicators, 12
 * series of 499 points for ~120 on screen. So a whole option hands the view and a margin (the slots
 * right of the view are the newest, always handed); the axes keep every slot's category, so slots
 * stay indexes into the candles. The painter restates the rest before a pan or zoom could show it.
 */
export function firstHanded(view: { start: number }, length: number): number {
  return Math.min(Math.max(0, view.start - HANDED_MARGIN), Math.max(0, length - 1))
}

/** The first view of a series: the last INITIAL_VISIBLE candles. */
export function initialView(length: number): { start: number; end: number } {
  const end = Math.max(0, length - 1)
  return { start: Math.max(0, length - INITIAL_VISIBLE), end }
}
