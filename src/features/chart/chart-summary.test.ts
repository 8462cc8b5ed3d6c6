import { describe, expect, it } from 'vitest'
import { Decimal } from '@domain/decimal'
import type { Candle } from '@domain/wire/wire'
import { candleChartLabel } from './chart-names'
import { candleSummary, depthSummary } from './chart-summary'

const candle: Candle = { time: 1_700_000_000, open: 57000, high: 58000.5, low: 56900.25, close: 57781.99, volume: 12.5 }

describe('candleChartLabel', () => {
  it('names the pair and the interval as the toolbar does', () => {
    expect(candleChartLabel('BTC/USDT', '60')).toBe('BTC/USDT candles, 1h')
    expect(candleChartLabel('ETH/BTC', '1D')).toBe('ETH/BTC candles, 1D')
    expect(candleChartLabel('', '1')).toBe('No pair candles, 1m')
  })
})

describe('candleSummary', () => {
  it('says the last price, the day change in a word and with its sign, and the newest candle, with the decimals the window shows', () => {
    expect(candleSummary({ last: '57781.99', dayChange: new Decimal('-3.6312'), candle, pricePlaces: 2, quote: 'USDT' })).toBe(
      'Last price 57,781.99 USDT. 24 h change: down, -3.63 %. Newest candle: open 57,000.00, high 58,000.50, low 56,900.25, close 57,781.99.',
    )
    expect(candleSummary({ last: '0.050149', dayChange: new Decimal('1.8'), candle: { ...candle, open: 0.05, high: 0.0502, low: 0.0499, close: 0.050149 }, pricePlaces: 6, quote: 'BTC' })).toBe(
      'Last price 0.050149 BTC. 24 h change: up, +1.80 %. Newest candle: open 0.050000, high 0.050200, low 0.049900, close 0.050149.',
    )
  })

  it('keeps every digit of the last price the exchange sent (as above the chart)', () => {
    expect(candleSummary({ last: '57781.995', dayChange: new Decimal(0), candle, pricePlaces: 2, quote: 'USDT' })).toMatch(/^Last price 57,781\.995 USDT\. 24 h change: unchanged, 0\.00 %\./)
  })

  it('says what is not known yet instead of a figure', () => {
    expect(candleSummary({ last: null, dayChange: null, candle: null, pricePlaces: 2, quote: 'USDT' })).toBe('No last price yet. 24 h change: not known. No candles yet.')
  })
})

describe('depthSummary', () => {
  it('says the best prices and how much each side holds', () => {
    const asks = [
      { price: '101.5', amount: '1.25' },
      { price: '102', amount: '2' },
    ]
    const bids = [{ price: '100', amount: '0.5' }]
    expect(depthSummary(asks, bids, { price: 2, amount: 4 }, 'BTC')).toBe('Best bid 100.00, best ask 101.50. Bids 0.5000 BTC in 1 level, asks 3.2500 BTC in 2 levels.')
  })

  it('says an empty side as such', () => {
    expect(depthSummary([], [], { price: 2, amount: 4 }, 'BTC')).toBe('No bids, no asks. Bids 0.0000 BTC in 0 levels, asks 0.0000 BTC in 0 levels.')
  })
})
