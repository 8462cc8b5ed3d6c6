// The chart's time axis: daily candles carry their UTC date in every zone; intraday labels follow
// the zone the trader chose.
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { Candle } from '@domain/wire/wire'
import { fullOption, type ChartInput } from './candle-chart-option'

afterEach(() => vi.unstubAllEnvs())

const DAY = 86_400
const midnights = [Date.UTC(2024, 0, 30) / 1000, Date.UTC(2024, 0, 31) / 1000]
const candles: Candle[] = midnights.map((time) => ({ time, open: 1, close: 2, low: 0.5, high: 2.5, volume: 1 }))

function axisLabel(input: Partial<ChartInput>, time: number): string {
  const option = fullOption({ candles, pair: null, daily: true, zone: 'local', theme: 'dark', lastPrice: 2, orders: [], view: { start: 0, end: 2 }, ...input })
  const axes = option.xAxis as { axisLabel: { formatter?: (value: number) => string } }[]
  return axes[1]!.axisLabel.formatter!(time)
}

describe('time axis labels', () => {
  it('label a daily candle with its UTC date, also where local midnight is the day before', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles')
    expect(axisLabel({ daily: true, zone: 'local' }, midnights[1]!)).toBe('2024-01-31')
    expect(axisLabel({ daily: true, zone: 'utc' }, midnights[1]!)).toBe('2024-01-31')
  })
  it('label intraday candles in the chosen zone', () => {
    vi.stubEnv('TZ', 'America/Los_Angeles')
    expect(axisLabel({ daily: false, zone: 'local' }, midnights[1]! + DAY / 2)).toBe('2024-01-31 04:00')
    expect(axisLabel({ daily: false, zone: 'utc' }, midnights[1]! + DAY / 2)).toBe('2024-01-31 12:00')
  })
})
