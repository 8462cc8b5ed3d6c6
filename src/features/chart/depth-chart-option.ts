// The depth chart's ECharts option: cumulative bid size stepping down to the left of the mid price,
// cumulative ask size stepping up to the right. Numbers for drawing only: the book's exact decimals
// stay in the order book panel and the preview; the chart's axis labels use the pair's precision.
import { Decimal } from '@domain/decimal'
import { sortLevels, withCumulative, type BookLevel } from '@domain/market/order-book'
import { formatAmount } from '@/lib/format'
import { DOWN_COLOR, UP_COLOR } from '@/styles/colors'

export interface DepthSeries {
  bids: Array<[number, number]>
  asks: Array<[number, number]>
}

/** Points of the two curves, each from the best price outwards; `depth` levels a side at most. */
export function depthSeries(asks: readonly BookLevel[], bids: readonly BookLevel[], depth = 200): DepthSeries {
  const points = (levels: BookLevel[]) => withCumulative(levels.slice(0, depth)).map((r) => [new Decimal(r.price).toNumber(), new Decimal(r.cumulative).toNumber()] as [number, number])
  // Bids are drawn from the lowest price so the line runs left to right.
  return { bids: points(sortLevels(bids, 'bid')).reverse(), asks: points(sortLevels(asks, 'ask')) }
}

export function depthChartOption(series: DepthSeries, pricePrecision: number, amountPrecision: number, textColor: string): Record<string, unknown> {
  const line = (name: string, data: Array<[number, number]>, color: string, step: 'start' | 'end') => ({
    name,
    type: 'line',
    step,
    data,
    symbol: 'none',
    animation: false,
    lineStyle: { color, width: 1.5 },
    areaStyle: { color, opacity: 0.18 },
  })
  return {
    animation: false,
    grid: { left: 8, right: 56, top: 12, bottom: 24, containLabel: false },
    xAxis: {
      type: 'value',
      scale: true,
      axisLabel: { color: textColor, formatter: (v: number) => formatAmount(v, pricePrecision) },
      splitLine: { show: false },
    },
    yAxis: {
      type: 'value',
      position: 'right',
      axisLabel: { color: textColor, formatter: (v: number) => formatAmount(v, Math.min(amountPrecision, 4)) },
      splitLine: { lineStyle: { opacity: 0.15 } },
    },
    series: [line('Bids', series.bids, UP_COLOR, 'start'), line('Asks', series.asks, DOWN_COLOR, 'end')],
  }
}
