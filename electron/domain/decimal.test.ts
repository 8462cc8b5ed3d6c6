import { describe, expect, it } from 'vitest'
import { Decimal, canonicalDecimal, decimalFromWire, decimalPlaces, floorDecimal, formatDecimal, parseDecimal } from './decimal'

describe('decimalFromWire', () => {
  it.each([
    [1e-7, '0.0000001'],
    [0.1, '0.1'],
    [0.3, '0.3'],
    [50000, '50000'],
    [-2.5, '-2.5'],
    [1e21, '1000000000000000000000'],
    [123456789.12345678, '123456789.12345678'],
    [0.00000001, '0.00000001'],
  ])('number %s → %j (what the server wrote, never exponent notation)', (value, text) => {
    expect(decimalFromWire(value)).toBe(text)
  })

  it.each([
    ['0.10', '0.1'],
    [' 5 ', '5'],
    ['1e-7', '0.0000001'],
    ['-0.5', '-0.5'],
    ['12345678901234567890.123456789', '12345678901234567890.123456789'],
  ])('string %j → %j', (value, text) => {
    expect(decimalFromWire(value)).toBe(text)
  })

  it.each([Number.NaN, Infinity, -Infinity, 'abc', '', '1,5', '0x10', '.5', 'Infinity'])('rejects %j', (value) => {
    expect(decimalFromWire(value)).toBeNull()
  })
})

describe('parseDecimal', () => {
  it.each([
    ['1', '1'],
    ['1.5', '1.5'],
    ['.5', '0.5'],
    [' 3 ', '3'],
    ['-2', '-2'],
  ])('reads %j as %s', (text, value) => {
    expect(parseDecimal(text)?.toFixed()).toBe(value)
  })

  it.each(['1e5', '', ' ', '1,5', '--1', '1.2.3', 'NaN', '1 000'])('rejects %j', (text) => {
    expect(parseDecimal(text)).toBeNull()
  })
})

describe('helpers', () => {
  it('counts decimal places as written', () => {
    expect(decimalPlaces('1.50')).toBe(2)
    expect(decimalPlaces('12')).toBe(0)
    expect(decimalPlaces(' 0.001 ')).toBe(3)
  })
  it('formats with exactly the given places, rounding half up', () => {
    expect(formatDecimal('1.005', 2)).toBe('1.01')
    expect(formatDecimal('1.004', 2)).toBe('1.00')
    expect(formatDecimal('7', 3)).toBe('7.000')
  })
  it('floors to the given places, toward zero', () => {
    expect(floorDecimal('1.999', 2)).toBe('1.99')
    expect(floorDecimal('0.00009', 4)).toBe('0.0000')
    expect(floorDecimal('-1.001', 2)).toBe('-1.00')
  })
  it('canonicalises without trailing zeros or exponent', () => {
    expect(canonicalDecimal('1.500')).toBe('1.5')
    expect(canonicalDecimal(new Decimal('1e-12'))).toBe('0.000000000001')
  })
  it('computes in decimal, not binary floating point, and prints tiny values in full', () => {
    expect(new Decimal('0.1').plus('0.2').toString()).toBe('0.3')
    expect(new Decimal('0.0000001').toString()).toBe('0.0000001')
    expect(new Decimal('0.00000001').times('50000.01').toFixed()).toBe('0.0005000001')
  })
})
