import { describe, expect, it } from 'vitest'
import { sizeFromRisk } from '@domain/risk/position-size'
import { BTC_USDT } from '@domain/test/order-rules.test-util'
import { emptyFields, fieldOf, readProtect, type ProtectFacts, type ProtectFields } from './protect-form'

const FACTS: ProtectFacts = { pair: BTC_USDT, last: '50000', equity: '10000', fee: { makerRate: '0.001', takerRate: '0.002', currency: null } }
const fields = (over: Partial<ProtectFields>): ProtectFields => ({ ...emptyFields(), price: '50000', stop: '49000', amount: '0.1', ...over })

describe('the protect form, read', () => {
  it('a LIMIT buy by amount with a target: the input the core takes and the figures with the core’s stop limit (0.5 % below the stop)', () => {
    const r = readProtect(fields({ targets: [{ price: '52000', share: '100' }] }), FACTS)
    expect(r.errors).toEqual({})
    expect(r.input).toEqual({
      pair: 'BTC_USDT',
      side: 'BUY',
      stopLoss: '49000',
      entry: { type: 'LIMIT', price: '50000' },
      size: { amount: '0.1' },
      takeProfits: [{ price: '52000', share: '100' }],
      stopFallback: 'market',
    })
    // slippage 250 (0.5 % of 50000): the stop sells at 48750 at worst; per unit 1250 + 100 + 97.5
    expect(r.figures).toMatchObject({ amount: '0.1000', risk: '144.75', riskPercent: '1.45', fees: { entry: '10', stop: '9.75' } })
    expect(r.figures?.rewardToRisk).not.toBeNull()
  })

  it('by risk percent: the amount sizeFromRisk gives, sent as the percent (the core sizes again on fresh facts)', () => {
    const r = readProtect(fields({ sizeBy: 'risk', risk: '1' }), FACTS)
    const sized = sizeFromRisk({ side: 'BUY', entryType: 'LIMIT', entry: '50000', stop: '49000', stopLimit: '48750', equity: '10000', riskPercent: '1', fee: FACTS.fee, pair: BTC_USDT, targets: [] })
    expect(r.figures).toEqual(sized)
    expect(r.input?.size).toEqual({ riskPercent: '1' })
  })

  it('says what is wrong under each field, and sends nothing', () => {
    expect(readProtect(fields({ price: '', stop: 'abc' }), FACTS).errors).toEqual({ price: 'Enter the entry price', stop: 'The stop-loss must be a positive number, e.g. 43000.5' })
    expect(readProtect(fields({ stop: '51000' }), FACTS)).toMatchObject({ input: null, errors: { stop: 'A long’s stop must be below the entry' } })
    expect(readProtect(fields({ targets: [{ price: '49500', share: '50' }] }), FACTS).errors).toEqual({ 'targets.0': 'Target 1 must be above the entry' })
    expect(readProtect(fields({ amount: '0.0001' }), FACTS).errors).toEqual({ amount: 'The pair’s minimum is 0.001 BTC' })
    expect(readProtect(fields({ sizeBy: 'risk', risk: '1' }), { ...FACTS, fee: null }).errors.form).toMatch(/fee rule is not known/)
    expect(readProtect(fields({}), { ...FACTS, pair: null }).errors).toEqual({ form: 'Choose a pair on the chart first' })
  })

  it('market and held coins (an OCO) take the last price; held coins send their amount, no size', () => {
    expect(readProtect(fields({ entry: 'MARKET', price: '' }), FACTS).input?.entry).toEqual({ type: 'MARKET' })
    const oco = readProtect(fields({ entry: 'HELD', amount: '0.5', trail: '300', breakeven: true }), FACTS).input
    expect(oco).toEqual({ pair: 'BTC_USDT', side: 'BUY', stopLoss: '49000', entry: { type: 'HELD', amount: '0.5' }, trail: '300', breakeven: true, stopFallback: 'market' })
    // the fallback the trader chose for a gapped stop goes with it
    expect(readProtect(fields({ stopFallback: 'hold' }), FACTS).input?.stopFallback).toBe('hold')
    expect(readProtect(fields({ entry: 'MARKET' }), { ...FACTS, last: null }).errors.form).toMatch(/last price/)
  })

  it('a refusal of the core lands under its field', () => {
    expect(fieldOf('stopLoss', 'amount')).toBe('stop')
    expect(fieldOf('size', 'risk')).toBe('risk')
    expect(fieldOf('takeProfits', 'amount')).toBe('targets')
    expect(fieldOf(undefined, 'amount')).toBe('form')
  })
})
