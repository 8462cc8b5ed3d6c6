import { afterEach, describe, expect, it } from 'vitest'
import { formatAmount, groupByHand, setNumberLocale } from './number-format'

afterEach(() => setNumberLocale(undefined))

describe('grouping by hand (engines whose Intl would round a string)', () => {
  it("groups the whole part with the locale's separators and keeps every fraction digit", () => {
    setNumberLocale('en-US')
    expect(groupByHand('1234567.123456789012345678', true)).toBe('1,234,567.123456789012345678')
    expect(groupByHand('-1234', true)).toBe('-1,234')
    expect(groupByHand('1234.5', false)).toBe('1234.5')
    setNumberLocale('de-DE')
    expect(groupByHand('1234567.5', true)).toBe('1.234.567,5')
  })
  it('agrees with Intl wherever Intl is exact', () => {
    setNumberLocale('en-US')
    for (const text of ['0.000000000000000001', '-987654321.12', '1000', '12.5']) {
      const places = text.includes('.') ? text.split('.')[1]!.length : 0
      expect(groupByHand(text, true)).toBe(formatAmount(text, places))
    }
  })
})
