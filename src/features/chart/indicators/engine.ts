// Indicator values over the chart's candles, by trading-signals: a well-kept library whose indicators
// take values one at a time and can `replace` the last one, so the live candle's every tick updates
// each indicator in constant time instead of recomputing the series. A new candle is an `add`; a
// changed history (another pair, interval, or an older page loaded) is a full recompute.
import { BollingerBands, EMA, MACD, RSI, SMA, VWAP } from 'trading-signals'
import type { IndicatorConfig, IndicatorId } from './specs'

export interface CandleInput {
  time: number
  open: number
  high: number
  low: number
  close: number
  volume: number
}

/** One value per candle, null while the indicator is not stable yet. */
export type Line = (number | null)[]

export interface IndicatorResult {
  id: IndicatorId
  lines: Record<string, Line>
}

const DAY = 86_400

interface Stepper {
  /** Feeds a candle (replace: it restates the last one) and returns each line's value for it. */
  step(candle: CandleInput, replace: boolean): Record<string, number | null>
}

function single(indicator: { update(v: number, r: boolean): unknown; isStable: boolean; getResult(): unknown }, name: string, pick: (c: CandleInput) => number): Stepper {
  return {
    step(candle, replace) {
      indicator.update(pick(candle), replace)
      const value = indicator.isStable ? (indicator.getResult() as number | null) : null
      return { [name]: value }
    },
  }
}

// VWAP restarts at each UTC midnight (the usual session VWAP); daily and longer candles use one
// running VWAP over the series.
function sessionVwap(intervalSec: number): Stepper {
  let vwap = new VWAP()
  let day: number | null = null
  return {
    step(candle, replace) {
      // A replaced candle has the time of the last one, so it is always of the current day.
      const candleDay = intervalSec >= DAY ? 0 : Math.floor(candle.time / DAY)
      if (!replace && candleDay !== day) {
        vwap = new VWAP()
        day = candleDay
      }
      const value = vwap.update({ high: candle.high, low: candle.low, close: candle.close, volume: candle.volume }, replace)
      return { VWAP: value ?? null }
    },
  }
}

function stepperFor(config: IndicatorConfig, intervalSec: number): Stepper {
  const p = config.params
  const close = (c: CandleInput) => c.close
  switch (config.id) {
    case 'SMA':
      return single(new SMA(p.period!), 'SMA', close)
    case 'EMA':
      return single(new EMA(p.period!), 'EMA', close)
    case 'VOLMA':
      return single(new SMA(p.period!), 'VOLMA', (c) => c.volume)
    case 'RSI':
      return single(new RSI(p.period!), 'RSI', close)
    case 'VWAP':
      return sessionVwap(intervalSec)
    case 'BB': {
      const bb = new BollingerBands(p.period!, p.deviation!)
      return {
        step(candle, replace) {
          const r = bb.update(candle.close, replace)
          return { upper: r?.upper ?? null, middle: r?.middle ?? null, lower: r?.lower ?? null }
        },
      }
    }
    case 'MACD': {
      const macd = new MACD(new EMA(p.fast!), new EMA(p.slow!), new EMA(p.signal!))
      return {
        step(candle, replace) {
          const r = macd.update(candle.close, replace)
          return { macd: r?.macd ?? null, signal: r?.signal ?? null, histogram: r?.histogram ?? null }
        },
      }
    }
  }
}

/** One configured indicator over one candle series, kept up to date candle by candle. */
export class IndicatorRun {
  private stepper: Stepper
  private lastTime: number | null = null
  readonly result: IndicatorResult

  constructor(
    readonly config: IndicatorConfig,
    private readonly intervalSec: number,
    candles: readonly CandleInput[],
  ) {
    this.stepper = stepperFor(config, intervalSec)
    this.result = { id: config.id, lines: {} }
    this.recompute(candles)
  }

  /** Everything again, from the first candle. */
  recompute(candles: readonly CandleInput[]): void {
    this.stepper = stepperFor(this.config, this.intervalSec)
    this.lastTime = null
    const lines: Record<string, Line> = {}
    for (const candle of candles) {
      const values = this.stepper.step(candle, false)
      for (const [name, value] of Object.entries(values)) (lines[name] ??= []).push(value)
      this.lastTime = candle.time
    }
    this.result.lines = lines
  }

  /**
   * The live candle changed (same time as the last: replace) or a new one opened (later time: add).
   * Returns false when the candle is older than the last one: the caller recomputes.
   */
  update(candle: CandleInput): boolean {
    if (this.lastTime !== null && candle.time < this.lastTime) return false
    const replace = this.lastTime === candle.time
    const values = this.stepper.step(candle, replace)
    for (const [name, value] of Object.entries(values)) {
      const line = (this.result.lines[name] ??= [])
      if (replace) line[line.length - 1] = value
      else line.push(value)
    }
    this.lastTime = candle.time
    return true
  }
}
