import { describe, expect, it } from 'vitest'
import { NO_LIMITS, checkRiskLimits, utcDayStart, type RiskLimits, type RiskOrder, type RiskState } from './risk-limits'

const limits = (over: Partial<RiskLimits>): RiskLimits => ({ ...NO_LIMITS('USDT'), ...over })
const calm: RiskState = { openValue: '0', openOrders: 0, realisedToday: '0' }
const entry = (value: string, rests = true): RiskOrder => ({ value, rests, reducesPosition: false })
const exit = (value: string): RiskOrder => ({ value, rests: true, reducesPosition: true })

describe('risk limits: each bound is allowed exactly, one step over it is refused with the figures', () => {
  it('the most one order may be worth', () => {
    const l = limits({ maxOrderValue: '1000' })
    expect(checkRiskLimits(l, calm, entry('1000'))).toEqual({ ok: true })
    expect(checkRiskLimits(l, calm, entry('1000.00000001'))).toEqual({
      ok: false,
      limit: 'maxOrderValue',
      message: "This order is worth 1,000.00000001 USDT, over this account's limit of 1,000 USDT for one order",
    })
    // A market order does not rest, but its worth still counts against this limit.
    expect(checkRiskLimits(l, calm, entry('1000.01', false))).toMatchObject({ ok: false, limit: 'maxOrderValue' })
  })

  it('the most the open orders may be worth together, this order included', () => {
    const l = limits({ maxOpenValue: '5000' })
    const state = { ...calm, openValue: '4000', openOrders: 3 }
    expect(checkRiskLimits(l, state, entry('1000'))).toEqual({ ok: true })
    expect(checkRiskLimits(l, state, entry('1000.01'))).toEqual({
      ok: false,
      limit: 'maxOpenValue',
      message: "With this order the open orders would be worth 5,000.01 USDT (4,000 USDT open now), over this account's limit of 5,000 USDT",
    })
    // A market order does not stay open: it adds nothing to the open orders.
    expect(checkRiskLimits(l, state, entry('1000.01', false))).toEqual({ ok: true })
  })

  it('the most open orders at once', () => {
    const l = limits({ maxOpenOrders: 3 })
    expect(checkRiskLimits(l, { ...calm, openOrders: 2 }, entry('1'))).toEqual({ ok: true })
    expect(checkRiskLimits(l, { ...calm, openOrders: 3 }, entry('1'))).toEqual({ ok: false, limit: 'maxOpenOrders', message: 'This account has 3 open orders, and its limit is 3' })
    expect(checkRiskLimits(l, { ...calm, openOrders: 3 }, entry('1', false))).toEqual({ ok: true })
  })

  it('the daily loss limit: a loss just under it still trades; at it, new entries are refused', () => {
    const l = limits({ dailyLoss: '200' })
    expect(checkRiskLimits(l, { ...calm, realisedToday: '-199.99' }, entry('10'))).toEqual({ ok: true })
    expect(checkRiskLimits(l, { ...calm, realisedToday: '-200' }, entry('10'))).toEqual({
      ok: false,
      limit: 'dailyLoss',
      message: "Today's realised loss is 200 USDT, at or past this account's daily loss limit of 200 USDT: new entries are refused until 00:00 UTC; exits are still allowed",
    })
    expect(checkRiskLimits(l, { ...calm, realisedToday: '350' }, entry('10'))).toEqual({ ok: true }) // a gain is no loss
  })

  it('an exit that reduces a position is allowed past every limit', () => {
    const l = limits({ maxOrderValue: '1', maxOpenValue: '1', maxOpenOrders: 0, dailyLoss: '1' })
    const state = { openValue: '100', openOrders: 5, realisedToday: '-500' }
    expect(checkRiskLimits(l, state, exit('1000'))).toEqual({ ok: true })
    expect(checkRiskLimits(l, state, entry('0.5'))).toMatchObject({ ok: false })
  })

  it('no limit set: anything goes', () => {
    expect(checkRiskLimits(NO_LIMITS('USDT'), { openValue: '1e30', openOrders: 10_000, realisedToday: '-1000000' }, entry('99999999999'))).toEqual({ ok: true })
  })
})

describe('the UTC day', () => {
  it('starts at 00:00 UTC, whatever the local zone', () => {
    expect(utcDayStart(Date.UTC(2026, 10, 26, 23, 59, 59, 999))).toBe(Date.UTC(2026, 10, 26))
    expect(utcDayStart(Date.UTC(2026, 10, 27, 0, 0, 0, 0))).toBe(Date.UTC(2026, 10, 27))
  })
})
