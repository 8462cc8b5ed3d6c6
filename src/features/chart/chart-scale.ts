// The chart's value scales as ECharts computes them, without ECharts: the price axis's nice range and
// ticks (its interval scale with `scale: true`), and the volume pane's top (volume-bars.ts). Pure
// arithmetic, so the cached chart's first frame (cached-frame.ts) can be laid out before ECharts has
// loaded and still sit exactly where ECharts then puts it (cached-frame.test.ts holds the two equal).
import type { Candle } from '@domain/wire/wire'

/** ECharts' quantityExponent (util/number.js): the power of ten of `value`'s leading digit. */
function exponentOf(value: number): number {
  if (value === 0) return 0
  let exp = Math.floor(Math.log(value) / Math.LN10)
  if (value / 10 ** exp >= 10) exp++
  return exp
}

/** ECharts' nice(value, round) (util/number.js): 1, 2, 3, 5 or 10 times a power of ten. */
export function niceNumber(value: number): number {
  const exponent = exponentOf(value)
  const exp10 = 10 ** exponent
  const f = value / exp10
  const nf = f < 1.5 ? 1 : f < 2.5 ? 2 : f < 4 ? 3 : f < 7 ? 5 : 10
  const nice = nf * exp10
  return exponent >= -20 ? Number(nice.toFixed(exponent < 0 ? -exponent : 0)) : nice
}

/** ECharts' getPrecision (util/number.js): the decimals of `value` (a nice interval, so at most 15). */
function precisionOf(value: number): number {
  for (let i = 0, e = 1; i < 15; i++, e *= 10) if (Math.round(value * e) / e === value) return i
  return 15
}

const round = (x: number, places: number) => Number(x.toFixed(Math.min(Math.max(0, places), 100)))

/** The price axis's splitNumber (candle-chart-layout.ts): about this many intervals between its ticks. */
export const PRICE_SPLIT_NUMBER = 6

/** A value axis's range and ticks: bottom and top values, and every tick from bottom to top. */
export interface AxisScale {
  min: number
  max: number
  ticks: number[]
}

/**
 * The range and ticks ECharts gives a value axis with `scale: true` over data from `low` to `high`
 * (axisNiceTicks.js): the span split into about `splitNumber` nice intervals, both ends moved out to
 * an interval. Null for an empty or flat range (ECharts widens it by rules of its own).
 */
export function niceScale(low: number, high: number, splitNumber: number): AxisScale | null {
  if (!Number.isFinite(low) || !Number.isFinite(high) || !(high > low)) return null
  const interval = niceNumber((high - low) / splitNumber)
  const places = precisionOf(interval) + 2
  const min = round(Math.floor(low / interval) * interval, places)
  const max = round(Math.ceil(high / interval) * interval, places)
  const ticks: number[] = []
  for (let tick = min; tick <= max + interval * 1e-9 && ticks.length < 100; tick = round(tick + interval, places)) ticks.push(Math.min(tick, max))
  return { min, max, ticks }
}

/**
 * The value at the volume pane's top for a tallest value `max`: as ECharts' value axis rounded
 * [0, max] into two intervals (splitNumber 2), so the bars stand as tall as they did on its axis.
 */
export function volumeTop(max: number): number {
  if (!(max > 0) || !Number.isFinite(max)) return 1
  const interval = niceNumber(max / 2)
  return Number((Math.ceil(max / interval - 1e-9) * interval).toPrecision(12))
}

/** Values of the volume pane's own series (the volume average), by slot. */
export type VolumeLines = readonly (readonly (number | null | undefined)[])[]

/** The largest value among slots first..last of the candles' volumes and of `lines` (the volume pane's indicator lines). */
export function volumeMax(candles: readonly Candle[], first: number, last: number, lines: VolumeLines = []): number {
  let max = 0
  for (let i = Math.max(0, first); i <= last; i++) {
    const v = candles[i]?.volume
    if (v !== undefined && v > max) max = v
    for (const line of lines) {
      const l = line[i]
      if (l !== null && l !== undefined && l > max) max = l
    }
  }
  return max
}
