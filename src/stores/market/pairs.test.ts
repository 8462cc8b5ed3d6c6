// The pair list's figures: a price or amount written with at least its pair's digits (so a dialog, a
// line and a table agree), never fewer digits than were sent; an unknown pair's as sent.
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import { setNumberLocale } from '@/lib/format'
import { usePairsStore } from './pairs'
import { BTC_USDT } from '../test/market-fixtures.test-util'

beforeEach(() => {
  setActivePinia(createPinia())
  setNumberLocale('en-US')
})

describe('pairs store figures', () => {
  it('writes a price and an amount with the pair’s digits, keeps extra ones, and says — for none', () => {
    const pairs = usePairsStore()
    pairs.pairs = [BTC_USDT]
    expect(pairs.figure('BTC_USDT', '57663', 'price')).toBe(`57,663.${'0'.repeat(BTC_USDT.price_precision)}`)
    expect(pairs.figure('BTC_USDT', '0.1', 'amount')).toBe(`0.1${'0'.repeat(BTC_USDT.amount_precision - 1)}`)
    expect(pairs.figure('BTC_USDT', '1.123456789', 'price')).toBe('1.123456789')
    expect(pairs.figure('NOPE_USDT', '57663', 'price')).toBe('57,663')
    expect(pairs.figure('BTC_USDT', null, 'price')).toBe('—')
    expect(pairs.places('NOPE_USDT', 'amount')).toBe(0)
  })
})
