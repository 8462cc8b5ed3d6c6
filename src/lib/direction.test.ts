import { describe, expect, it } from 'vitest'
import { Decimal } from '@domain/decimal'
import { ARROWS, dayChangeOf, directionOf, formatChange, withSign } from './direction'

describe('directionOf', () => {
  it('reads the sign of a figure', () => {
    expect(directionOf('1.5')).toBe('up')
    expect(directionOf(new Decimal('-0.01'))).toBe('down')
    expect(directionOf(0)).toBe('flat')
    expect(directionOf('0.000')).toBe('flat')
    expect(directionOf(null)).toBe('flat')
    expect(directionOf('')).toBe('flat')
    expect(directionOf('not a number')).toBe('flat')
  })
})

describe('dayChangeOf', () => {
  it("takes the ticker's own percent first, else open and last", () => {
    expect(dayChangeOf({ pair: 'BTC_USDT', buy: null, sell: null, last: '110', open: '100', diff_percent: '-2.5' })?.toString()).toBe('-2.5')
    expect(dayChangeOf({ pair: 'BTC_USDT', buy: null, sell: null, last: '110', open: '100' })?.toString()).toBe('10')
    expect(dayChangeOf({ pair: 'BTC_USDT', buy: null, sell: null, last: '110', open: '0' })).toBeNull()
    expect(dayChangeOf({ pair: 'BTC_USDT', buy: null, sell: null, last: '110' })).toBeNull()
    expect(dayChangeOf(null)).toBeNull()
  })
})

describe('formatChange: the colour never says it alone', () => {
  it('puts an arrow and a sign on every change that is not zero', () => {
    expect(formatChange('1.234')).toBe('↑ +1.23 %')
    expect(formatChange(new Decimal('-0.444'))).toBe('↓ -0.44 %')
    expect(formatChange(0)).toBe('0.00 %')
    expect(formatChange('0.001')).toBe('0.00 %') // rounds to zero: no arrow for a change the figure does not show
    expect(formatChange(null)).toBe('')
    expect(ARROWS.up).toBe('↑')
  })
})

describe('withSign', () => {
  it('adds the plus a positive figure lacks', () => {
    expect(withSign('12.50')).toBe('+12.50')
    expect(withSign('+12.50')).toBe('+12.50')
    expect(withSign('-3.00')).toBe('-3.00')
    expect(withSign('0.00')).toBe('0.00')
    expect(withSign('≈ 1,234.5')).toBe('≈ +1,234.5')
  })
})
