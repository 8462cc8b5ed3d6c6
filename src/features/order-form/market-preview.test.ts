// The market-order preview against hand-computed books: average, worst, slippage, fee by the rule,
// balances after, and the warning when the visible book cannot fill the amount.
import { describe, expect, it } from 'vitest'
import { marketPreview, type MarketPreviewInput } from './market-preview'

const PAIR = { currency1: 'BTC', currency2: 'USDT', amount_precision: 6, price_precision: 2 }
const ASKS = [
  { price: '101', amount: '1' },
  { price: '100', amount: '0.5' },
]
const BIDS = [
  { price: '99', amount: '0.4' },
  { price: '98', amount: '1' },
]
const base: MarketPreviewInput = { side: 'BUY', amount: '150', asks: ASKS, bids: BIDS, pair: PAIR, takerRate: '0.001', ruleCurrency: null, available: { base: '2', quote: '1000' } }

describe('market-order preview', () => {
  it('a buy of 150 USDT takes 0.5 at 100 and 1 at 101 — hand-computed numbers', () => {
    const p = marketPreview(base)!
    // 50 USDT buys 0.5 at 100, the other 100 USDT buys 0.990099… at 101.
    expect(Number(p.walk.base)).toBeCloseTo(0.5 + 100 / 101, 12)
    expect(p.walk.quote).toBe('150')
    expect(p.walk.worstPrice).toBe('101')
    expect(p.walk.bestPrice).toBe('100')
    expect(Number(p.walk.averagePrice)).toBeCloseTo(150 / (0.5 + 100 / 101), 10)
    // A buy pays the fee in the base currency, taker rate, rounded up to the amount precision.
    expect(p.feeCurrency).toBe('BTC')
    expect(p.fee).toBe('0.001491')
    expect(p.after!.quote).toBe('850')
    expect(Number(p.after!.base)).toBeCloseTo(2 + 0.5 + 100 / 101 - 0.001491, 12)
    expect(p.shortfall).toBeNull()
  })

  it('a sell of 0.6 BTC takes 0.4 at 99 and 0.2 at 98; the fee in USDT', () => {
    const p = marketPreview({ ...base, side: 'SELL', amount: '0.6' })!
    expect(p.walk.quote).toBe('59.2') // 39.6 + 19.6
    expect(Number(p.walk.averagePrice)).toBeCloseTo(59.2 / 0.6, 10)
    expect(Number(p.walk.slippagePercent)).toBeCloseTo(((99 - 59.2 / 0.6) / 99) * 100, 10)
    expect(p.fee).toBe('0.06') // 59.2 × 0.001 = 0.0592, rounded up to 2 places
    expect(p.feeCurrency).toBe('USDT')
    expect(p.after).toEqual({ base: '1.4', quote: '1059.14' })
  })

  it('warns with the unfilled amount when the visible book is too thin', () => {
    const p = marketPreview({ ...base, side: 'SELL', amount: '2' })!
    expect(p.walk.unfilled).toBe('0.6')
    expect(p.shortfall).toMatch(/cannot fill 0\.6 BTC/)
  })

  it('previews nothing for an empty or non-numeric amount, and no balances before the account is known', () => {
    expect(marketPreview({ ...base, amount: '' })).toBeNull()
    expect(marketPreview({ ...base, amount: 'abc' })).toBeNull()
    expect(marketPreview({ ...base, amount: '0' })).toBeNull()
    expect(marketPreview({ ...base, available: null })!.after).toBeNull()
  })
})
