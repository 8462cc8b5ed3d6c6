import { describe, expect, it } from 'vitest'
import { alertDraftSchema, alertMessage, lineAlertFires, orderAlertFires, priceAlertFires, type Alert, type OrderSeen } from './alerts'
import { filledOrderWords } from './alert-words'

const order = (id: number, status: string): OrderSeen => ({ id, pair: 'BTC_USDT', status, newlyFilled: status.toUpperCase() === 'FILLED' })

const active = (kind: Alert['kind'], price = '100') => ({ kind, price, status: 'active' as const })

describe('alerts', () => {
  it('above and below fire at or past their level', () => {
    expect(priceAlertFires(active('above'), '99', '99.99')).toBe(false)
    expect(priceAlertFires(active('above'), '99', '100')).toBe(true)
    expect(priceAlertFires(active('below'), '101', '100.01')).toBe(false)
    expect(priceAlertFires(active('below'), '101', '99')).toBe(true)
  })

  it('crossing fires from either side, not while the price stays on one side', () => {
    expect(priceAlertFires(active('cross'), '99', '101')).toBe(true)
    expect(priceAlertFires(active('cross'), '101', '100')).toBe(true)
    expect(priceAlertFires(active('cross'), '101', '102')).toBe(false)
    expect(priceAlertFires(active('cross'), null, '100')).toBe(false)
  })

  it('exact decimals: 0.1 + 0.2 reaches 0.3', () => {
    expect(priceAlertFires({ kind: 'above', price: '0.3', status: 'active' }, '0.1', '0.30000000000000000001')).toBe(true)
    expect(priceAlertFires({ kind: 'above', price: '0.30000000000000000002', status: 'active' }, '0.1', '0.30000000000000000001')).toBe(false)
  })

  it('a line alert fires when the price crosses the line at its own time, a moving line too', () => {
    const line = { kind: 'line' as const, status: 'active' as const }
    // A rising line: the price stays at 100 and the line climbs through it.
    expect(lineAlertFires(line, { price: '100', level: '99' }, { price: '100', level: '100.5' })).toBe(true)
    expect(lineAlertFires(line, { price: '100', level: '99' }, { price: '100', level: '99.5' })).toBe(false)
    expect(lineAlertFires(line, { price: '101', level: '100' }, { price: '100', level: '100' })).toBe(true)
    expect(lineAlertFires(line, null, { price: '100', level: '100' })).toBe(false)
    // No price of the line then (before a ray starts): nothing to cross.
    expect(lineAlertFires(line, { price: '99', level: null }, { price: '101', level: '100' })).toBe(false)
    expect(lineAlertFires({ ...line, status: 'fired' }, { price: '99', level: '100' }, { price: '101', level: '100' })).toBe(false)
  })

  it('a line alert names its drawing; a bad drawing id is refused', () => {
    expect(alertDraftSchema.safeParse({ kind: 'line', pair: 'BTC_USDT', drawingId: 'abc-1' }).success).toBe(true)
    expect(alertDraftSchema.safeParse({ kind: 'line', pair: 'BTC_USDT', drawingId: '../x' }).success).toBe(false)
    expect(alertDraftSchema.safeParse({ kind: 'line', pair: 'BTC_USDT', drawingId: 'a', price: '1' }).success).toBe(false)
  })

  it('a fired or cancelled alert never fires again', () => {
    expect(priceAlertFires({ ...active('above'), status: 'fired' }, '99', '200')).toBe(false)
    expect(orderAlertFires({ kind: 'order-filled', pair: 'BTC_USDT', orderId: 5, status: 'cancelled' }, order(5, 'FILLED'))).toBe(false)
  })

  it('order alerts fire on FILLED of their own order only', () => {
    const alert = { kind: 'order-filled' as const, pair: 'BTC_USDT', orderId: 5, status: 'active' as const }
    expect(orderAlertFires(alert, order(5, 'PARTIAL_FILLED'))).toBe(false)
    expect(orderAlertFires(alert, order(6, 'FILLED'))).toBe(false)
    expect(orderAlertFires(alert, order(5, 'FILLED'))).toBe(true)
    // Its own order fires it even when the fill was not seen happening (the window was closed).
    expect(orderAlertFires(alert, { ...order(5, 'FILLED'), newlyFilled: false })).toBe(true)
  })

  it('an alert on any order of a pair fires on a fill of that pair that is new, never on an old one', () => {
    const alert = { kind: 'order-filled' as const, pair: 'BTC_USDT', status: 'active' as const }
    expect(orderAlertFires(alert, order(7, 'FILLED'))).toBe(true)
    expect(orderAlertFires(alert, { ...order(7, 'filled'), pair: 'btc_usdt' })).toBe(true)
    expect(orderAlertFires(alert, { ...order(7, 'FILLED'), pair: 'ETH_USDT' })).toBe(false)
    expect(orderAlertFires(alert, { ...order(7, 'FILLED'), newlyFilled: false })).toBe(false)
    expect(orderAlertFires(alert, order(7, 'PARTIAL_FILLED'))).toBe(false)
  })

  it('names the order that filled', () => {
    expect(filledOrderWords({ orderId: 5 })).toBe('order 5')
    expect(filledOrderWords({ filledOrderId: 9 })).toBe('order 9')
    expect(filledOrderWords({})).toBe('any order')
  })

  it('refuses bad input', () => {
    expect(alertDraftSchema.safeParse({ kind: 'above', pair: 'BTC_USDT', price: '-1' }).success).toBe(false)
    expect(alertDraftSchema.safeParse({ kind: 'above', pair: 'BTC_USDT', price: '1e5' }).success).toBe(false)
    expect(alertDraftSchema.safeParse({ kind: 'order-filled', pair: 'BTC_USDT', orderId: 3 }).success).toBe(true)
    expect(alertDraftSchema.safeParse({ kind: 'order-filled', pair: 'BTC_USDT' }).success).toBe(true)
  })

  it('says what happened in the notification', () => {
    const alert: Alert = { id: 'a', profileId: 'p', kind: 'above', pair: 'BTC_USDT', price: '100', sound: false, createdAt: 0, status: 'fired', firedBy: '100.5', note: 'breakout' }
    expect(alertMessage(alert)).toEqual({ title: 'BTC/USDT rose to 100', body: 'Last price 100.5 — breakout' })
    // A drawn line's alert: where the line stood when the price crossed it.
    const line: Alert = { ...alert, kind: 'line', price: '100.25', drawingId: 'd1', drawingKind: 'trendline', note: undefined }
    expect(alertMessage(line)).toEqual({ title: 'BTC/USDT crossed its line at 100.25', body: 'Last price 100.5' })
  })
})
