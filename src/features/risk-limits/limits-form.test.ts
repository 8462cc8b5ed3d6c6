import { describe, expect, it } from 'vitest'
import { formOf, limitsOf } from './limits-form'

describe('the Limits form', () => {
  it('empty is no limit; values are the core’s own decimals', () => {
    expect(limitsOf({ currency: 'usdt', maxOrderValue: '1000', maxOpenValue: '', maxOpenOrders: '3', dailyLoss: ' 250.5 ' })).toEqual({
      ok: true,
      limits: { currency: 'USDT', maxOrderValue: '1000', maxOpenValue: null, maxOpenOrders: 3, dailyLoss: '250.5' },
    })
    expect(formOf(null)).toEqual({ currency: 'USDT', maxOrderValue: '', maxOpenValue: '', maxOpenOrders: '', dailyLoss: '' })
  })

  it('each problem on its field', () => {
    expect(limitsOf({ currency: 'USDT', maxOrderValue: '-1', maxOpenValue: '0', maxOpenOrders: '', dailyLoss: 'abc' })).toEqual({
      ok: false,
      errors: { maxOrderValue: 'A positive decimal number, e.g. 1000 or 250.5', maxOpenValue: 'Must be more than 0', dailyLoss: 'A positive decimal number, e.g. 1000 or 250.5' },
    })
    expect(limitsOf({ currency: 'USDT', maxOrderValue: '', maxOpenValue: '', maxOpenOrders: '2.5', dailyLoss: '' })).toEqual({ ok: false, errors: { maxOpenOrders: 'A whole number, 0 or more' } })
  })
})
