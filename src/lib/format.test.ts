import { afterEach, describe, expect, it, vi } from 'vitest'
import { Decimal } from '@domain/decimal'
import {
  currencyPlaces,
  decimalsOf,
  formatAmount,
  formatCandleTime,
  formatChangePercent,
  formatDateTime,
  formatExact,
  formatRatePercent,
  formatRecentTime,
  intlFormatsStringsExactly,
  setNumberLocale,
} from './format'

afterEach(() => setNumberLocale(undefined))

describe('formatAmount: exact decimals, grouped by the locale', () => {
  it('groups thousands and pads to the precision', () => {
    setNumberLocale('en-US')
    expect(formatAmount('43000.5', 2)).toBe('43,000.50')
    expect(formatAmount('1234567', 0)).toBe('1,234,567')
    expect(formatAmount('43000.5', 2, { grouped: false })).toBe('43000.50')
  })
  it('rounds half up on the decimal, never through a float', () => {
    setNumberLocale('en-US')
    // 1.005 is 1.00499999999999989… as a double: a float formatter shows 1.00.
    expect(formatAmount('1.005', 2)).toBe('1.01')
    expect(formatAmount('0.125', 2)).toBe('0.13')
    expect(formatAmount('2.5', 0)).toBe('3')
  })
  it('keeps the sign of a negative value and never shows minus zero', () => {
    setNumberLocale('en-US')
    expect(formatAmount('-1234.5', 2)).toBe('-1,234.50')
    expect(formatAmount('-0.001', 2)).toBe('0.00')
    expect(formatAmount('1.5', 2, { signed: true })).toBe('+1.50')
    expect(formatAmount('0', 2, { signed: true })).toBe('0.00')
  })
  it('shows huge and tiny values digit for digit', () => {
    setNumberLocale('en-US')
    expect(formatAmount('123456789012345678901234567890.123456789012345678', 18)).toBe('123,456,789,012,345,678,901,234,567,890.123456789012345678')
    expect(formatAmount('0.000000000000000001', 18)).toBe('0.000000000000000001')
    expect(formatAmount('1e-18', 18)).toBe('0.000000000000000001')
    expect(formatAmount(new Decimal('9007199254740993'), 0)).toBe('9,007,199,254,740,993')
  })
  it("uses the locale's separators", () => {
    setNumberLocale('de-DE')
    expect(formatAmount('1234567.891', 3)).toBe('1.234.567,891')
    setNumberLocale('fr-FR')
    // French groups with a narrow no-break space.
    expect(formatAmount('1234567.5', 1)).toBe('1\u202f234\u202f567,5')
    setNumberLocale('en-IN')
    expect(formatAmount('1234567.5', 1)).toBe('12,34,567.5')
  })
  it('formats drawn numbers by their shortest text, and says — for what is not a number', () => {
    setNumberLocale('en-US')
    expect(formatAmount(0.1 + 0.2, 2)).toBe('0.30')
    expect(formatAmount(1e21, 0)).toBe('1,000,000,000,000,000,000,000')
    for (const bad of [null, undefined, '', 'abc', Number.NaN, Number.POSITIVE_INFINITY]) expect(formatAmount(bad, 2)).toBe('—')
  })
  it('runs on an engine whose Intl formats decimal strings exactly (else grouping is done by hand)', () => {
    expect(intlFormatsStringsExactly()).toBe(true)
  })
})

describe('formatExact and the places of a currency', () => {
  it('never rounds away a digit, and pads to a minimum', () => {
    setNumberLocale('en-US')
    expect(formatExact('1234.123456789012345678', 2)).toBe('1,234.123456789012345678')
    expect(formatExact('1.5', 4)).toBe('1.5000')
    expect(decimalsOf('1.50')).toBe(2)
    expect(decimalsOf('1e-8')).toBe(8)
    expect(decimalsOf('100')).toBe(0)
  })
  it("takes a currency's places from the pairs: amounts as base, prices as quote", () => {
    const pairs = [
      { currency1: 'BTC', currency2: 'USDT', amount_precision: 6, price_precision: 2 },
      { currency1: 'ETH', currency2: 'BTC', amount_precision: 4, price_precision: 8 },
    ]
    expect(currencyPlaces('BTC', pairs)).toBe(8)
    expect(currencyPlaces('USDT', pairs)).toBe(2)
    expect(currencyPlaces('DAI', pairs)).toBeNull()
  })
})

describe('percentages', () => {
  it('signs changes and shows fee rates with at least three places', () => {
    setNumberLocale('en-US')
    expect(formatChangePercent('1.2345')).toBe('+1.23 %')
    expect(formatChangePercent(-0.5)).toBe('-0.50 %')
    expect(formatRatePercent('0.001')).toBe('0.100 %')
    expect(formatRatePercent('0.000015')).toBe('0.0015 %')
  })
})

describe('times', () => {
  afterEach(() => vi.unstubAllEnvs())
  it('reads a zone-less exchange time as UTC and shows it in the zone chosen', () => {
    vi.stubEnv('TZ', 'America/New_York')
    expect(formatDateTime('2024-01-31T12:00:00', 'utc')).toBe('2024-01-31 12:00:00')
    expect(formatDateTime('2024-01-31T12:00:00', 'local')).toBe('2024-01-31 07:00:00')
    expect(formatDateTime(1_706_702_400, 'utc')).toBe('2024-01-31 12:00:00')
    expect(formatDateTime('not a time', 'utc')).toBe('not a time')
    expect(formatDateTime(null, 'utc')).toBe('—')
  })
  it('shortens a time to HH:MM:SS on its own day, to the date (and HH:MM) on an older one, in the zone chosen', () => {
    vi.stubEnv('TZ', 'America/New_York')
    const now = Date.UTC(2024, 0, 31, 18, 0, 0) // 13:00 in New York
    expect(formatRecentTime('2024-01-31T12:00:05', 'date', now, 'utc')).toBe('12:00:05')
    expect(formatRecentTime('2024-01-31T12:00:05', 'date-time', now, 'local')).toBe('07:00:05')
    // 01:30 UTC on the 31st is still the 30th in New York: an older day there, today in UTC.
    expect(formatRecentTime('2024-01-31T01:30:00', 'date-time', now, 'local')).toBe('2024-01-30 20:30')
    expect(formatRecentTime('2024-01-31T01:30:00', 'date-time', now, 'utc')).toBe('01:30:00')
    expect(formatRecentTime('2024-01-30T23:59:59', 'date', now, 'utc')).toBe('2024-01-30')
    expect(formatRecentTime('2023-01-31T12:00:05', 'date', now, 'utc')).toBe('2023-01-31')
    expect(formatRecentTime(null, 'date', now, 'utc')).toBe('—')
    expect(formatRecentTime('not a time', 'date', now, 'utc')).toBe('not a time')
  })
  it('labels a daily candle with its UTC date in any zone; intraday candles follow the zone', () => {
    const midnightUtc = Date.UTC(2024, 0, 31) / 1000
    for (const zone of ['America/New_York', 'Asia/Tokyo']) {
      vi.stubEnv('TZ', zone)
      expect(formatCandleTime(midnightUtc, true, 'local')).toBe('2024-01-31')
    }
    vi.stubEnv('TZ', 'America/New_York')
    expect(formatCandleTime(midnightUtc, false, 'local')).toBe('2024-01-30 19:00')
    expect(formatCandleTime(midnightUtc, false, 'utc')).toBe('2024-01-31 00:00')
  })
})
