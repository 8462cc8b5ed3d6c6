// The words of the candle chart: the readout in the pair's precision, and what the chart area says
// while it has no candles to show.
import { describe, expect, it } from 'vitest'
import { BTC_USDT } from '@/stores/test/market-fixtures.test-util'
import { candleReadout, chartOverlay } from './chart-readout'

const CANDLE = { time: 1_700_000_000, open: 43000, high: 43500.5, low: 42900.25, close: 43215, volume: 1.23456 }

describe('candleReadout', () => {
  it("reads a candle in the pair's precision, with its change and direction", () => {
    const r = candleReadout(CANDLE, BTC_USDT)!
    expect(r.up).toBe(true)
    expect([r.open, r.high, r.low, r.close, r.volume]).toEqual(['43,000.00', '43,500.50', '42,900.25', '43,215.00', '1.2346'])
    expect(r.change).toMatch(/0\.50/)
    expect(candleReadout({ ...CANDLE, close: 42000 }, BTC_USDT)!.up).toBe(false)
  })

  it('shows 8 places before the pair is known, and nothing without a candle', () => {
    expect(candleReadout(CANDLE, null)!.close).toBe('43,215.00000000')
    expect(candleReadout(null, BTC_USDT)).toBeNull()
  })
})

describe('chartOverlay', () => {
  const base = { candles: 0, waitingForPair: false, pairsError: null, pairsLoading: false, loading: false, error: null, pair: 'BTC_USDT' }
  it('says why there are no candles, the most telling reason first', () => {
    expect(chartOverlay({ ...base, pairsError: 'The exchange is away', loading: true })).toBe('The exchange is away')
    expect(chartOverlay({ ...base, loading: true })).toBe('Loading candles…')
    expect(chartOverlay({ ...base, error: 'No such pair' })).toBe('No such pair')
    expect(chartOverlay({ ...base, pair: '' })).toBe('Choose a pair')
    expect(chartOverlay(base)).toBe('No candles for this interval yet')
  })

  it('says nothing over candles, unless they wait for the pair list', () => {
    expect(chartOverlay({ ...base, candles: 5 })).toBeNull()
    expect(chartOverlay({ ...base, candles: 5, waitingForPair: true })).toBe('Loading…')
  })
})
