// Each indicator against a plain reference implementation of its textbook definition on fixed
// candles, to the digits double arithmetic keeps (1e-9 relative); and the live path (replace the last
// candle, add a new one) against a full recompute.
import { describe, expect, it } from 'vitest'
import { IndicatorRun, type CandleInput } from './engine'
import { normaliseConfig, type IndicatorId } from './specs'

// 120 fixed candles: a deterministic walk with varied volume.
const candles: CandleInput[] = []
let seed = 7
const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647
let price = 100
for (let i = 0; i < 120; i++) {
  const open = price
  price = Math.max(1, price + (rand() - 0.48) * 3)
  const close = price
  candles.push({ time: 1_700_000_000 + i * 3600, open, close, high: Math.max(open, close) + rand(), low: Math.min(open, close) - rand(), volume: 1 + rand() * 10 })
}
const closes = candles.map((c) => c.close)

const sma = (xs: number[], n: number) => xs.map((_, i) => (i + 1 < n ? null : xs.slice(i + 1 - n, i + 1).reduce((a, b) => a + b, 0) / n))
function ema(xs: number[], n: number): number[] {
  const k = 2 / (n + 1)
  const out: number[] = []
  xs.forEach((x, i) => out.push(i === 0 ? x : x * k + out[i - 1]! * (1 - k)))
  return out
}
const stable = (xs: number[], n: number) => xs.map((x, i) => (i + 1 < n ? null : x))
function wilderRsi(xs: number[], n: number): (number | null)[] {
  const out: (number | null)[] = [null]
  let gain = 0
  let loss = 0
  for (let i = 1; i < xs.length; i++) {
    const d = xs[i]! - xs[i - 1]!
    const g = Math.max(d, 0)
    const l = Math.max(-d, 0)
    if (i <= n) {
      gain += g / n
      loss += l / n
    } else {
      gain = (gain * (n - 1) + g) / n
      loss = (loss * (n - 1) + l) / n
    }
    out.push(i < n ? null : loss === 0 ? 100 : 100 - 100 / (1 + gain / loss))
  }
  return out
}
function bollinger(xs: number[], n: number, k: number) {
  return xs.map((_, i) => {
    if (i + 1 < n) return null
    const w = xs.slice(i + 1 - n, i + 1)
    const mean = w.reduce((a, b) => a + b, 0) / n
    const sd = Math.sqrt(w.reduce((a, b) => a + (b - mean) ** 2, 0) / n)
    return { upper: mean + k * sd, middle: mean, lower: mean - k * sd }
  })
}
function vwapByUtcDay(cs: CandleInput[]) {
  let day = -1
  let pv = 0
  let v = 0
  return cs.map((c) => {
    const d = Math.floor(c.time / 86400)
    if (d !== day) {
      day = d
      pv = 0
      v = 0
    }
    pv += ((c.high + c.low + c.close) / 3) * c.volume
    v += c.volume
    return pv / v
  })
}

function expectClose(actual: (number | null)[], expected: (number | null)[]): void {
  expect(actual.length).toBe(expected.length)
  actual.forEach((a, i) => {
    const e = expected[i]
    if (e === null || e === undefined) return expect(a, `index ${i}`).toBeNull()
    expect(a, `index ${i}`).not.toBeNull()
    expect(Math.abs(a! - e) / Math.max(1, Math.abs(e)), `index ${i}: ${a} vs ${e}`).toBeLessThan(1e-9)
  })
}

const run = (id: IndicatorId, params = {}) => new IndicatorRun(normaliseConfig(id, params), 3600, candles).result.lines

describe('indicators against reference implementations', () => {
  it('SMA and the volume average', () => {
    expectClose(run('SMA', { period: 20 }).SMA!, sma(closes, 20))
    expectClose(
      run('VOLMA', { period: 10 }).VOLMA!,
      sma(
        candles.map((c) => c.volume),
        10,
      ),
    )
  })

  it('EMA, seeded with the first close, shown once stable', () => {
    expectClose(run('EMA', { period: 21 }).EMA!, stable(ema(closes, 21), 21))
  })

  it("RSI with Wilder's smoothing", () => {
    expectClose(run('RSI', { period: 14 }).RSI!, wilderRsi(closes, 14))
  })

  it('Bollinger Bands: mean ± k population standard deviations', () => {
    const lines = run('BB', { period: 20, deviation: 2 })
    const ref = bollinger(closes, 20, 2)
    expectClose(
      lines.upper!,
      ref.map((r) => r?.upper ?? null),
    )
    expectClose(
      lines.middle!,
      ref.map((r) => r?.middle ?? null),
    )
    expectClose(
      lines.lower!,
      ref.map((r) => r?.lower ?? null),
    )
  })

  it('VWAP of the typical price, restarting each UTC day', () => {
    expectClose(run('VWAP').VWAP!, vwapByUtcDay(candles))
  })

  it('MACD: fast EMA − slow EMA, its signal EMA and the histogram', () => {
    const lines = run('MACD', { fast: 12, slow: 26, signal: 9 })
    const line = ema(closes, 12).map((f, i) => f - ema(closes, 26)[i]!)
    const signal = ema(line.slice(25), 9)
    const last = lines.macd!.length - 1
    expect(lines.macd![24]).toBeNull()
    expect(Math.abs(lines.macd![last]! - line[last]!)).toBeLessThan(1e-9)
    expect(Math.abs(lines.signal![last]! - signal.at(-1)!)).toBeLessThan(1e-9)
    expect(Math.abs(lines.histogram![last]! - (line[last]! - signal.at(-1)!))).toBeLessThan(1e-9)
  })
})

describe('live updates', () => {
  it('replacing the live candle and adding new ones equals a full recompute, for every indicator', () => {
    for (const id of ['SMA', 'EMA', 'BB', 'VWAP', 'RSI', 'MACD', 'VOLMA'] as const) {
      const config = normaliseConfig(id)
      const live = new IndicatorRun(config, 3600, candles.slice(0, 100))
      for (let i = 100; i < 120; i++) {
        const c = candles[i]!
        // three ticks of the forming candle, then its final state
        for (const f of [0.3, 0.7, 1]) live.update({ ...c, close: c.open + (c.close - c.open) * f, volume: c.volume * f })
      }
      const full = new IndicatorRun(config, 3600, candles).result.lines
      for (const name of Object.keys(full)) expectClose(live.result.lines[name]!, full[name]!)
    }
  })

  it('an older candle is refused so the caller recomputes', () => {
    const live = new IndicatorRun(normaliseConfig('SMA'), 3600, candles)
    expect(live.update(candles[5]!)).toBe(false)
  })
})

describe('configs', () => {
  it('fills defaults and clamps bad parameters', () => {
    expect(normaliseConfig('BB', { period: -3, deviation: 2.5 }).params).toEqual({ period: 20, deviation: 2.5 })
    expect(normaliseConfig('MACD', { fast: 30, slow: 10 }).params).toMatchObject({ fast: 30, slow: 31 })
    expect(normaliseConfig('SMA', {}, 'red').color).toBe('#f5c542')
  })
})
