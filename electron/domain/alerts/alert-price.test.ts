// An alert's price: a slip of the finger (an extra zero, a misplaced decimal point) is refused or
// pointed out before the alert is armed; the IPC schema refuses what the window refuses, in its words.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Decimal } from '../decimal'
import { alertPriceWarnings, checkAlertPrice, MAX_PRICE_INTEGER_DIGITS } from './alert-price'
import { alertDraftSchema, alertSchema } from './alerts'
import { setNumberLocale } from '../number-format'

beforeAll(() => setNumberLocale('en-US'))
afterAll(() => setNumberLocale(undefined))

const BTC = { name: 'BTC_USDT', price_precision: 2 }
const problem = (text: string, pair: typeof BTC | null = BTC) => {
  const checked = checkAlertPrice(text, pair)
  return checked.ok ? null : checked.problem
}
const warnings = (kind: 'above' | 'below' | 'cross', price: string, last: string | null) => alertPriceWarnings(kind, new Decimal(price), last)

describe('an alert price', () => {
  it('has at most the pair’s decimals, counted on the value, not the text', () => {
    expect(problem('43000.123456789012')).toBe('BTC/USDT prices have at most 2 decimals')
    expect(problem('43000.123')).toBe('BTC/USDT prices have at most 2 decimals')
    expect(problem('43000.12')).toBeNull()
    expect(problem('43000.10000')).toBeNull() // trailing zeros are not decimals the exchange sees
    expect(problem('43000.5', { name: 'DOGE_BTC', price_precision: 1 })).toBeNull()
    expect(problem('0.05', { name: 'DOGE_BTC', price_precision: 1 })).toBe('DOGE/BTC prices have at most 1 decimal')
    expect(problem('1.5', { name: 'BTC_IDR', price_precision: 0 })).toBe('BTC/IDR prices are whole numbers')
    // Without the pair (not loaded yet) the decimals cannot be judged; the rest still is.
    expect(problem('43000.123', null)).toBeNull()
  })

  it(`refuses more than ${MAX_PRICE_INTEGER_DIGITS} digits before the point, exactly at the bound`, () => {
    expect(problem('100000000000000000000000')).toMatch(/more than 18 digits before the decimal point/)
    expect(problem('1'.repeat(19))).toMatch(/more than 18 digits/)
    expect(problem('9'.repeat(18) + '.99')).toBeNull()
    expect(problem('000000000000000000000042.5')).toBeNull() // leading zeros are not digits of the value
  })

  it('refuses what is not a price above zero, in the order form’s words', () => {
    expect(problem('')).toBe('Enter a price')
    expect(problem('0')).toBe('Enter a price above zero')
    expect(problem('-5')).toBe('Enter a price above zero')
    expect(problem('12,5')).toMatch(/Use a dot as the decimal separator/)
    expect(problem('1e23')).toMatch(/Write the number out in full/)
    expect(problem('abc')).toMatch(/Enter a number/)
  })

  it('the IPC schema refuses an absurd price or zero even if the window sent it, and says why', () => {
    const parse = (price: string) => alertDraftSchema.safeParse({ kind: 'above', pair: 'BTC_USDT', price })
    const huge = parse('100000000000000000000000')
    expect(huge.success).toBe(false)
    expect(huge.error?.issues[0]).toMatchObject({ path: ['price'], message: expect.stringMatching(/more than 18 digits before the decimal point/) })
    expect(parse('0').error?.issues[0]?.message).toBe('Enter a price above zero')
    expect(parse('43000.5').success).toBe(true)
    // An alert stored before the bound still reads: a damaged-file verdict would set every alert aside.
    expect(alertSchema.safeParse({ id: 'a', profileId: 'p', kind: 'above', pair: 'BTC_USDT', price: '1'.repeat(24), sound: false, createdAt: 1, status: 'active' }).success).toBe(true)
  })
})

describe('warnings about an alert price', () => {
  it('an "above" alert at or under the last price, or a "below" one at or over it, fires at once', () => {
    expect(warnings('above', '100', '100')).toEqual(['The last price (100) is already at or above this: the alert fires at once'])
    expect(warnings('above', '99.5', '100')[0]).toMatch(/already at or above this: the alert fires at once/)
    expect(warnings('above', '100.01', '100')).toEqual([])
    expect(warnings('below', '100.5', '100')[0]).toMatch(/already at or below this: the alert fires at once/)
    expect(warnings('below', '99.99', '100')).toEqual([])
    expect(warnings('cross', '100', '100')).toEqual([])
  })

  it('a price more than 5× the last price, or under a fifth of it, is pointed out', () => {
    expect(warnings('above', '430000', '43000')).toEqual(['This is 10× the last price (43,000): check for an extra digit or a misplaced decimal point'])
    expect(warnings('above', '215001', '43000')[0]).toMatch(/^This is 5\.0× the last price/)
    expect(warnings('above', '215000', '43000')).toEqual([]) // exactly 5×: a rally, not a typo
    expect(warnings('cross', '1'.repeat(18), '43000')[0]).toMatch(/^This is over 1000× the last price/)
    expect(warnings('below', '4300', '43000')).toEqual(['This is under a fifth of the last price (43,000): check for a missing digit or a misplaced decimal point'])
    expect(warnings('below', '8600', '43000')).toEqual([])
    // Both at once: a "rises to" far under the market.
    expect(warnings('above', '4300', '43000')).toHaveLength(2)
  })

  it('says nothing without a last price: never a guess', () => {
    expect(warnings('above', '1', null)).toEqual([])
    expect(warnings('above', '1', '')).toEqual([])
    expect(warnings('above', '1', '0')).toEqual([])
  })
})
