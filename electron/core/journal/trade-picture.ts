// The picture of a closed trade: the journal's trade chart (domain/journal/trade-chart.ts, the option
// the window's card draws) rendered to an SVG string in plain Node by ECharts' server-side rendering,
// with no DOM and no window. ECharts is loaded lazily, on the first picture, so a core that makes none
// never loads it. The SVG is made from numbers only (prices, times, the pair's name, which the
// exchange's pattern keeps to letters and digits): it holds no script. The only module of the core
// that imports echarts (core/journal/README.md).
import type * as EchartsModule from 'echarts'
import { tradeChartOption, type ChartCandle, type TradeChartColors, type TradeChartTrade } from '../../domain/journal/trade-chart'

export const PICTURE_WIDTH = 480
export const PICTURE_HEIGHT = 160
/** At most this many points are drawn: a long trade's candles are thinned, its first and last kept. */
export const PICTURE_MAX_POINTS = 600

/** The trader's colours (src/styles/colors.ts), with words in a grey that reads on a dark and a light page. */
export const PICTURE_COLORS: TradeChartColors = { text: '#8a8f98', line: '#5b8ff9', up: '#26a69a', down: '#ef5350', warn: '#f0a020' }

type Echarts = typeof EchartsModule
let loading: Promise<Echarts> | null = null
const echartsModule = (): Promise<Echarts> => (loading ??= import('echarts'))

/** Every k-th candle, so at most `max` remain; the last is always kept. */
export function thinned<C>(candles: readonly C[], max = PICTURE_MAX_POINTS): C[] {
  if (candles.length <= max) return [...candles]
  const step = Math.ceil(candles.length / max)
  const out = candles.filter((_, i) => i % step === 0)
  if ((candles.length - 1) % step !== 0) out[out.length - 1] = candles[candles.length - 1]!
  return out
}

/**
 * The trade's chart as an SVG document: its candles' closes between its ends, which are its average
 * entry at its opening and its average exit at its closing (prices of that time too, as its MAE
 * reads them), so a trade shorter than a candle still has its line and marks. Throws what ECharts throws.
 */
export async function renderTradePicture(trade: TradeChartTrade, candles: readonly ChartCandle[]): Promise<string> {
  const echarts = await echartsModule()
  const chart = echarts.init(null, null, { renderer: 'svg', ssr: true, width: PICTURE_WIDTH, height: PICTURE_HEIGHT })
  try {
    const ends = [{ time: trade.openedAt / 1000, close: Number(trade.entry) }, ...thinned(candles), { time: trade.closedAt / 1000, close: Number(trade.exit) }]
    chart.setOption(tradeChartOption(trade, ends, PICTURE_COLORS))
    return chart.renderToSVGString()
  } finally {
    chart.dispose()
  }
}
