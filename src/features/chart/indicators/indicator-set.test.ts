// The chart's indicators stay equal to a full recompute whatever the series does (a tick, a new
// candle, an older page, a repaired candle), and a tick costs no recompute.
import { describe, expect, it, vi } from 'vitest'
import { IndicatorRun, type CandleInput } from './engine'
import { IndicatorSet } from './indicator-set'
import { normaliseConfig } from './specs'

function walk(count: number, start = 1_700_000_000 - (1_700_000_000 % 900)): CandleInput[] {
  let seed = 11
  const rand = () => (seed = (seed * 16807) % 2147483647) / 2147483647
  let price = 100
  return Array.from({ length: count }, (_, i) => {
    const open = price
    price = Math.max(1, price + (rand() - 0.49) * 2)
    return { time: start + i * 900, open, close: price, high: Math.max(open, price) + rand(), low: Math.min(open, price) - rand(), volume: 1 + rand() * 5 }
  })
}

const CONFIGS = [normaliseConfig('BB'), normaliseConfig('RSI'), normaliseConfig('MACD')]
const fresh = (candles: CandleInput[]) => CONFIGS.map((c) => new IndicatorRun(c, 900, candles).result.lines)

describe('IndicatorSet', () => {
  it('follows ticks and new candles incrementally and ends equal to a full recompute', () => {
    const set = new IndicatorSet()
    let candles = walk(300)
    expect(set.sync('BTC_USDT|15', '15', CONFIGS, candles)).toBe('full')
    const recompute = vi.spyOn(IndicatorRun.prototype, 'recompute')
    const last = candles[candles.length - 1]!
    candles = [...candles.slice(0, -1), { ...last, close: last.close + 3, high: last.high + 3 }]
    expect(set.sync('BTC_USDT|15', '15', CONFIGS, candles)).toBe('tick')
    candles = [...candles, { ...last, time: last.time + 900, open: last.close, close: last.close - 1, low: last.low - 2, volume: 0.5 }]
    expect(set.sync('BTC_USDT|15', '15', CONFIGS, candles)).toBe('append')
    expect(recompute).not.toHaveBeenCalled()
    recompute.mockRestore()
    const lines = set.indicators.map((i) => i.lines)
    fresh(candles).forEach((expected, k) => {
      for (const [name, values] of Object.entries(expected)) {
        expect(lines[k]![name]!.length).toBe(candles.length)
        values.forEach((v, i) => (v === null ? expect(lines[k]![name]![i]).toBeNull() : expect(lines[k]![name]![i]).toBeCloseTo(v, 9)))
      }
    })
  })

  it('recomputes when an older page arrives, a settled candle is repaired, or the settings change', () => {
    const set = new IndicatorSet()
    const all = walk(400)
    set.sync('BTC_USDT|15', '15', CONFIGS, all.slice(100))
    expect(set.sync('BTC_USDT|15', '15', CONFIGS, all)).toBe('full')
    expect(set.indicators[1]!.lines.RSI!.length).toBe(400)
    const repaired = all.map((c, i) => (i === 50 ? { ...c, close: c.close * 2 } : c))
    expect(set.sync('BTC_USDT|15', '15', CONFIGS, repaired)).toBe('full')
    expect(set.indicators[0]!.lines.middle).toEqual(fresh(repaired)[0]!.middle)
    expect(set.sync('BTC_USDT|15', '15', [normaliseConfig('RSI', { period: 7 })], repaired)).toBe('full')
    expect(set.indicators.map((i) => i.config.params.period)).toEqual([7])
    expect(set.sync('ETH_USDT|15', '15', [normaliseConfig('RSI', { period: 7 })], repaired)).toBe('full')
  })
})
