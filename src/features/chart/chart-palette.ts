// The candle chart's colours and font, per theme: what ECharts' option (candle-chart-layout.ts) and the
// chart's own drawing (the level lines, the cached chart's first frame) take. Its own small file, free
// of the formatters, so the first frame's code (cached-frame.ts) carries nothing else.
import type { Theme } from '@domain/api/api'
import { MONO_STACK } from '@/styles/fonts'

/** The chart's font: its labels, the crosshair's and the live price's. */
export const CHART_FONT = MONO_STACK

export interface ChartPalette {
  text: string
  axis: string
  grid: string
  pointer: string
  orderBuy: string
  orderSell: string
}

export function paletteFor(theme: Theme): ChartPalette {
  return theme === 'light'
    ? { text: '#5b616e', axis: '#d5d8de', grid: '#eef0f3', pointer: '#7d8491', orderBuy: '#1b8a7f', orderSell: '#d84340' }
    : { text: '#8a8f9c', axis: '#2a2e39', grid: '#1f232d', pointer: '#6b7080', orderBuy: '#4fd1c5', orderSell: '#ff8a80' }
}
