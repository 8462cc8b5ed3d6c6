// The candle chart's frame, everything of its option but the series: the palette and font, the
// grids (candles on top, volume below, then a sub-pane per RSI or MACD from indicator-chart-option.ts),
// one category x axis per grid sharing one mapping (one slot per candle, so gaps in trading do not
// leave holes), prices on the right like every trading screen, the zoom and the crosshair. Its own
// file because it changes with the theme, the pair's precision and the number of panes, never with a
// tick: the series (candle-chart-option.ts) are what a tick restates.
import type { ComposeOption } from 'echarts/core'
import type { BarSeriesOption, CandlestickSeriesOption, LineSeriesOption } from 'echarts/charts'
import type { AxisPointerComponentOption, DataZoomComponentOption, GridComponentOption } from 'echarts/components'
import type { Theme } from '@domain/api/api'
import type { TimeZoneMode } from '@/lib/display-zone'
import { formatAmount, formatCandleTime } from '@/lib/format'
import { chartGrids } from './indicator-chart-option'
import { CHART_FONT, paletteFor } from './chart-palette'
import { PRICE_SPLIT_NUMBER } from './chart-scale'

export { CHART_FONT, paletteFor, type ChartPalette } from './chart-palette'

/** The candle chart's whole ECharts option: the frame built here, the series in candle-chart-option.ts. */
export type ChartOption = ComposeOption<CandlestickSeriesOption | BarSeriesOption | LineSeriesOption | GridComponentOption | DataZoomComponentOption | AxisPointerComponentOption>

export interface LayoutInput {
  theme: Theme
  /** The price axis's decimals (the pair's price precision). */
  places: number
  /** Every candle's time: the category of each slot. */
  times: number[]
  daily: boolean
  zone: TimeZoneMode
  view: { start: number; end: number }
  /** RSI and MACD panes below the volume. */
  subPanes: number
  /** The chart's height in px (unknown: a typical height). */
  height: number | null
  /** The volume pane's top value (volume-bars.ts; unknown: ECharts' own). */
  volumeTop?: number | null
}

/** The option without its series, for a whole option (fullOption). */
export function chartLayout(input: LayoutInput): Omit<ChartOption, 'series'> {
  const { subPanes, places } = input
  const palette = paletteFor(input.theme)
  const timeLabel = (value: string | number): string => formatCandleTime(Number(value), input.daily, input.zone)
  const grids = 2 + subPanes
  const axisCommon = {
    type: 'category' as const,
    data: input.times,
    boundaryGap: true,
    axisLine: { lineStyle: { color: palette.axis } },
    axisTick: { show: false },
    splitLine: { show: false },
  }
  return {
    animation: false,
    backgroundColor: 'transparent',
    textStyle: { color: palette.text, fontFamily: CHART_FONT },
    // One x mapping for both panes: ECharts 6 shrinks a grid whose axis labels overflow its bounds
    // (outerBoundsMode 'auto'), and the time labels under the volume pane overflow at the edges
    // once zoomed out, so the volume pane (and its crosshair line) came out narrower than the candle
    // pane. With the bounds off both grids keep exactly the rect given here; the end labels are
    // aligned inwards instead of being pushed off the canvas.
    // RSI and MACD get sub-panes below the volume; the time labels stay under the lowest pane.
    grid: chartGrids(subPanes, input.height),
    xAxis: Array.from({ length: grids }, (_, gridIndex) =>
      gridIndex === grids - 1
        ? {
            ...axisCommon,
            gridIndex,
            axisLabel: { color: palette.text, formatter: timeLabel, hideOverlap: true, alignMinLabel: 'left', alignMaxLabel: 'right' },
            axisPointer: { show: true, label: { formatter: ({ value }: { value: unknown }) => timeLabel(value as number) } },
          }
        : { ...axisCommon, gridIndex, axisLabel: { show: false }, axisPointer: { show: true, label: { show: false } } },
    ),
    yAxis: [
      {
        gridIndex: 0,
        scale: true,
        position: 'right',
        splitNumber: PRICE_SPLIT_NUMBER,
        axisLine: { show: false },
        axisLabel: { color: palette.text, formatter: (value: number) => formatAmount(value, places) },
        splitLine: { lineStyle: { color: palette.grid } },
        axisPointer: { show: true, label: { formatter: ({ value }: { value: unknown }) => formatAmount(Number(value), places) } },
      },
      {
        gridIndex: 1,
        scale: false,
        // The volume pane's scale is the chart's own (volume-bars.ts): given here for a series of
        // its own on the pane (the volume average), so that its line and the bars agree.
        min: 0,
        ...(input.volumeTop ? { max: input.volumeTop } : {}),
        position: 'right',
        splitNumber: 2,
        axisLine: { show: false },
        axisLabel: { show: false },
        splitLine: { show: false },
        axisPointer: { show: false },
      },
      ...Array.from({ length: subPanes }, (_, i) => ({
        gridIndex: 2 + i,
        scale: true,
        position: 'right' as const,
        splitNumber: 2,
        axisLine: { show: false },
        // No label at a pane's top edge: it would sit on the label at the bottom edge of the pane above.
        axisLabel: { color: palette.text, fontSize: 10, showMaxLabel: false, formatter: (value: number) => formatAmount(value, 2) },
        splitLine: { lineStyle: { color: palette.grid } },
        axisPointer: { show: false },
      })),
    ],
    dataZoom: [
      {
        type: 'inside',
        xAxisIndex: Array.from({ length: grids }, (_, i) => i),
        startValue: input.view.start,
        endValue: input.view.end,
        minValueSpan: 10,
        filterMode: 'filter',
      },
    ],
    // The crosshair is the axis pointers alone (x on both grids, y on the candle grid): no tooltip
    // component, whose content was never shown anyway. It draws on a canvas layer of its own
    // (zlevel 1), so moving the mouse repaints three lines, never the candles.
    axisPointer: {
      zlevel: 1,
      triggerOn: 'mousemove',
      link: [{ xAxisIndex: 'all' }],
      lineStyle: { color: palette.pointer, type: 'dashed' },
      label: { backgroundColor: palette.axis, color: palette.text },
    },
  }
}
