import { describe, expect, it } from 'vitest'
import { orderValue } from './order-value'

describe('orderValue', () => {
  it('shows every digit of an exact value: a tiny limit order is not "0.00"', () => {
    expect(orderValue('0.001', { type: 'LIMIT', side: 'BUY' }, 2)).toEqual({ label: 'Value', text: '0.001' })
    expect(orderValue('71.336923', { type: 'STOP_LIMIT', side: 'SELL' }, 2)).toEqual({ label: 'Value', text: '71.336923' })
    expect(orderValue('430', { type: 'LIMIT', side: 'SELL' }, 2)).toEqual({ label: 'Value', text: '430.00' })
    expect(orderValue('150000', { type: 'MARKET', side: 'BUY' }, 2)).toEqual({ label: 'Value', text: '150,000.00' })
  })

  it("rounds a market sell's value, an estimate at the best bid, and marks it ≈", () => {
    expect(orderValue('28904.7512345', { type: 'MARKET', side: 'SELL' }, 2)).toEqual({ label: 'Value ≈', text: '28,904.75' })
  })

  it('says — with no value yet', () => {
    expect(orderValue(null, { type: 'LIMIT', side: 'BUY' }, 2).text).toBe('—')
  })
})
