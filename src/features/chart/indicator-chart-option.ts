// The indicators' part of the candle chart's option: where the panes sit (the grid layout adapts to
// how many sub-panes RSI and MACD need), the series each indicator draws, and the legend's values.
// Pure functions, like candle-chart-option.ts, so they are tested without a canvas.
//
// Every pane shares the candles' x mapping: one category axis per grid with the same data (one slot
// per candle) and one dataZoom over all of them. Each line's series holds the settled values (all
// candles but the newest; restated only when a candle is added or the series changes): the segment
// to the live value is drawn over the chart with the live candle (live-layer.ts).
import type { BarSeriesOption, LineSeriesOption } from 'echarts/charts'
import type { GridComponentOption } from 'echarts/components'
import { INDICATOR_SPECS, indicatorLabel, type IndicatorConfig } from './indicators/specs'
import type { Line } from './indicators/engine'
import type { ChartIndicator } from './indicators/indicator-set'
import type { Level } from './level-lines'
import { formatAmount } from '@domain/number-format'
import { DOWN_COLOR, UP_COLOR } from '@/styles/colors'

export type { ChartIndicator }

export const PANE = { top: 30, labels: 26, gap: 8, volumeGap: 28, minPrice: 120 } as const
/** Where the two panes sit with no sub-panes (px): candles above, volume below, prices on the right. */
export const CHART_GRIDS = {
  price: { left: 8, right: 72, top: 30, bottom: 118 },
  volume: { left: 8, right: 72, height: 64, bottom: 26 },
} as const

/** How many sub-panes (one per RSI or MACD) the chart needs. */
export function subPaneCount(indicators: readonly ChartIndicator[]): number {
  return indicators.filter((i) => INDICATOR_SPECS[i.config.id].pane === 'own').length
}

/**
 * The grids, top to bottom: candles, volume, then one per sub-pane; the time labels go under the
 * lowest. With sub-panes the sizes come from the chart's height (px), so the candles keep most of it.
 */
export function chartGrids(subPanes: number, height: number | null): GridComponentOption[] {
  const side = { left: CHART_GRIDS.price.left, right: CHART_GRIDS.price.right, outerBoundsMode: 'none' as const }
  if (subPanes === 0)
    return [
      { ...CHART_GRIDS.price, ...side },
      { ...CHART_GRIDS.volume, ...side },
    ]
  const h = height && height > 0 ? height : 600
  const volume = h < 520 ? 44 : 56
  const room = h - PANE.top - PANE.labels - volume - PANE.volumeGap - PANE.minPrice
  const sub = Math.max(36, Math.min(110, Math.round(h * 0.16), Math.floor(room / subPanes) - PANE.gap))
  const grids: GridComponentOption[] = []
  for (let i = subPanes - 1; i >= 0; i--) grids.unshift({ ...side, bottom: PANE.labels + (subPanes - 1 - i) * (sub + PANE.gap), height: sub })
  const volumeBottom = PANE.labels + subPanes * (sub + PANE.gap)
  grids.unshift({ ...side, bottom: volumeBottom, height: volume })
  grids.unshift({ ...side, top: PANE.top, bottom: volumeBottom + volume + PANE.volumeGap })
  return grids
}

/** The grid (and axis) index each indicator draws on: 0 candles, 1 volume, 2… its own sub-pane. */
export function paneIndexes(indicators: readonly ChartIndicator[]): number[] {
  let next = 2
  return indicators.map((i) => {
    const pane = INDICATOR_SPECS[i.config.id].pane
    return pane === 'price' ? 0 : pane === 'volume' ? 1 : next++
  })
}

type Point = [number, number | '-']

/** [slot, value] for slots from..to-1; a missing value is ECharts' empty '-'. */
function points(line: Line, from: number, to: number): Point[] {
  const out = new Array<Point>(Math.max(0, to - from))
  for (let i = from; i < to; i++) out[i - from] = [i, line[i] ?? '-']
  return out
}

const seriesId = (k: number, line: string) => `ind-${k}-${line}`

/** A shade of the indicator's colour for its second and third lines, so each can be told apart. */
export function lineColor(config: IndicatorConfig, index: number): string {
  if (index === 0) return config.color
  return `${config.color}${index === 1 ? 'b3' : '80'}`
}

/** Bollinger's middle band is the thin one. */
export function lineWidth(config: IndicatorConfig, index: number): number {
  return index === 1 && config.id === 'BB' ? 1 : 1.5
}

/** Every series the indicators draw, with their settled values from slot `from` (the full option). */
export function indicatorSeries(indicators: readonly ChartIndicator[], length: number, from = 0): (LineSeriesOption | BarSeriesOption)[] {
  const panes = paneIndexes(indicators)
  const out: (LineSeriesOption | BarSeriesOption)[] = []
  indicators.forEach((indicator, k) => {
    const axis = { xAxisIndex: panes[k]!, yAxisIndex: panes[k]! }
    INDICATOR_SPECS[indicator.config.id].lines.forEach((name, index) => {
      const data = settledPoints(indicator.lines[name] ?? [], length, from)
      if (name === 'histogram') {
        // One series per sign, in large mode like the volume (one path each, not an element per bar,
        // and no colour callback per bar), stacked so both signs share one column per slot.
        for (const [sign, color] of [
          [1, UP_COLOR],
          [-1, DOWN_COLOR],
        ] as const) {
          out.push({
            id: seriesId(k, `${name}${sign}`),
            name: seriesId(k, `${name}${sign}`),
            type: 'bar',
            ...axis,
            data: ofSign(data, sign),
            encode: { x: 0, y: 1, itemId: 0 },
            stack: seriesId(k, name),
            barMaxWidth: 8,
            silent: true,
            itemStyle: { opacity: 0.6, color },
            large: true,
            largeThreshold: 2,
          })
        }
        return
      }
      const style = { color: lineColor(indicator.config, index), width: lineWidth(indicator.config, index) }
      out.push({
        id: seriesId(k, name),
        name: seriesId(k, name),
        type: 'line',
        ...axis,
        encode: { x: 0, y: 1, itemId: 0 },
        // No symbols at all (not merely hidden): ECharts then keeps no symbol elements for hover.
        symbol: 'none',
        showSymbol: false,
        silent: true,
        animation: false,
        lineStyle: style,
        itemStyle: { color: style.color },
        data,
      })
    })
  })
  return out
}

/** RSI's usual overbought and oversold levels, 30 and 70, faint and dashed on its pane (level-lines.ts). */
export function indicatorLevels(indicators: readonly ChartIndicator[]): Level[] {
  const panes = paneIndexes(indicators)
  return indicators.flatMap((indicator, k) =>
    indicator.config.id === 'RSI' ? [30, 70].map((value) => ({ pane: panes[k]!, value, color: lineColor(indicator.config, 0), type: 'dashed' as const, opacity: 0.35 })) : [],
  )
}

/** The points of one sign (a histogram's bars above zero: 1, below: -1); empty values are left out. */
function ofSign(data: Point[], sign: 1 | -1): Point[] {
  return data.filter((p) => p[1] !== '-' && (sign === 1 ? p[1] >= 0 : p[1] < 0))
}

/** The settled values from slot `from`: every candle but the newest. */
function settledPoints(line: Line, length: number, from = 0): Point[] {
  return points(line, from, Math.max(from, length - 1))
}

/** The data-only update of the indicators' settled values (a new candle or a recompute). */
export function indicatorUpdates(indicators: readonly ChartIndicator[], length: number): { id: string; data: Point[] }[] {
  const out: { id: string; data: Point[] }[] = []
  indicators.forEach((indicator, k) => {
    for (const name of INDICATOR_SPECS[indicator.config.id].lines) {
      const data = settledPoints(indicator.lines[name] ?? [], length)
      if (name === 'histogram') out.push({ id: seriesId(k, `${name}1`), data: ofSign(data, 1) }, { id: seriesId(k, `${name}-1`), data: ofSign(data, -1) })
      else out.push({ id: seriesId(k, name), data })
    }
  })
  return out
}

export interface LegendEntry {
  label: string
  color: string
  /** Each line's value at the candle, formatted; '—' while the indicator is not stable yet. */
  values: string[]
}

/** The legend: each indicator's name (indicatorLabel) and its value at `index` (the newest by default). */
export function legendEntries(indicators: readonly ChartIndicator[], index: number | null, places: { price: number; amount: number }): LegendEntry[] {
  return indicators.map(({ config, lines }) => {
    const spec = INDICATOR_SPECS[config.id]
    const decimals = config.id === 'RSI' ? 2 : spec.pane === 'volume' ? places.amount : places.price
    const values = spec.lines.map((name) => {
      const line = lines[name] ?? []
      const value = line[index ?? line.length - 1]
      return value === null || value === undefined || !Number.isFinite(value) ? '—' : formatAmount(value, decimals)
    })
    return { label: indicatorLabel(config), color: config.color, values }
  })
}
