// From a positions.protect request to the reducer's plan: sizes, defaults and refusals.
import { describe, expect, it } from 'vitest'
import Decimal from 'decimal.js'
import { planOf, protectInputSchema, type ProtectFacts } from './protect-plan'
import { openPosition } from '../protection/step'

const FACTS: ProtectFacts = {
  id: 'pos1',
  pair: { name: 'BTC_USDT', currency1: 'BTC', currency2: 'USDT', price_precision: 2, amount_precision: 6, minimum_order_size: '0.00001', maximum_order_size: '100' },
  last: '100',
  equity: '10000',
  fee: { makerRate: '0', takerRate: '0', currency: null },
}
const input = (extra: object) => protectInputSchema.parse({ pair: 'BTC_USDT', side: 'BUY', entry: { type: 'LIMIT', price: '100' }, stopLoss: '90', ...extra })

describe('planOf', () => {
  it('keeps the fee rates the risk is planned with, and the first stop, for the journal’s R', () => {
    const fee = { makerRate: '0.001', takerRate: '0.002', currency: null }
    // a LIMIT entry may take: the larger rate; a MARKET entry takes; held coins pay none; the stop takes
    expect(planOf(input({ size: { amount: '1' } }), { ...FACTS, fee }).plannedFees).toEqual({ entryRate: '0.002', exitRate: '0.002' })
    expect(planOf(input({ size: { amount: '1' } }), { ...FACTS, fee: { ...fee, makerRate: '0.003' } }).plannedFees).toEqual({ entryRate: '0.003', exitRate: '0.002' })
    expect(planOf(input({ entry: { type: 'HELD', amount: '1' } }), { ...FACTS, fee }).plannedFees).toEqual({ entryRate: '0', exitRate: '0.002' })
    expect(planOf(input({ size: { amount: '1' } }), { ...FACTS, fee: null }).plannedFees).toBeUndefined()
    const { position } = openPosition(planOf(input({ size: { amount: '1' } }), { ...FACTS, fee }))
    expect(position.planned).toEqual({ stop: '90', entryFeeRate: '0.002', exitFeeRate: '0.002' })
  })

  it('a LIMIT entry with an amount, targets, trailing and breakeven: the defaults said in the schema', () => {
    const plan = planOf(input({ size: { amount: '0.5' }, takeProfits: [{ price: '120', share: '50' }], trail: '5', breakeven: true }), FACTS)
    expect(plan).toMatchObject({
      entry: { type: 'LIMIT', amount: '0.5', price: '100' },
      protection: 'exchange',
      stop: { price: '90', limit: '89.5' },
      slippage: '0.5',
      targets: [{ price: '120', share: '50' }],
      trailing: { distance: '5', step: '0.5' },
      breakevenAt: '120',
    })
  })

  it('sizes from risk on the quote balance: 1 % of 10000 lost over a 10.5 distance (no fees)', () => {
    expect(planOf(input({ size: { riskPercent: '1' } }), FACTS).entry.amount).toBe('9.523809')
  })

  it('a MARKET buy given as an amount spends that amount at the last price, never more; HELD coins need no size', () => {
    const market = planOf(input({ entry: { type: 'MARKET' }, size: { amount: '2' } }), FACTS)
    expect(market.entry).toEqual({ type: 'MARKET', amount: '2', price: '100', quoteAmount: '200' })
    expect(planOf(input({ entry: { type: 'HELD', amount: '0.3' }, takeProfits: [{ price: '110', share: '100' }] }), FACTS).entry).toEqual({ type: 'HELD', amount: '0.3', price: '100' })
  })

  it('a MARKET buy sized by risk is sized at the worst fill it accepts: the loss at the stop stays within the risk for every fill within the slippage', () => {
    // By hand: the worst fill 100 + 0.5; per coin 100.5 − 89.5 = 11; 100 USDT ÷ 11 = 9.090909 (down);
    // it spends 9.090909 × 100.5 = 913.6363545 → 913.63 (down).
    const plan = planOf(input({ entry: { type: 'MARKET' }, size: { riskPercent: '1' } }), FACTS)
    expect(plan.entry).toEqual({ type: 'MARKET', amount: '9.090909', price: '100', quoteAmount: '913.63' })
    for (const fill of ['99', '100', '100.25', '100.5']) {
      const coins = new Decimal('913.63').div(fill)
      expect(coins.times(new Decimal(fill).minus('89.5')).lte(100)).toBe(true)
    }
    // a MARKET sell (a short) the same way: sized at 100 − 0.5 against its stop's limit 110.5
    const short = planOf(input({ side: 'SELL', entry: { type: 'MARKET' }, stopLoss: '110', size: { riskPercent: '1' } }), FACTS)
    expect(short.entry).toEqual({ type: 'MARKET', amount: '9.090909', price: '100' })
  })

  it('a long keeps back the fee its exchange takes in the coins bought (no fee currency, or the base); never a short, held coins, or a fee in another currency', () => {
    const fee = (currency: string | null) => ({ ...FACTS, fee: { makerRate: '0.001', takerRate: '0.002', currency } })
    expect(planOf(input({ size: { amount: '1' } }), fee(null)).entryFeeRate).toBe('0.002')
    expect(planOf(input({ size: { amount: '1' } }), fee('BTC')).entryFeeRate).toBe('0.002')
    expect(planOf(input({ size: { amount: '1' } }), fee('USDT')).entryFeeRate).toBeUndefined()
    expect(planOf(input({ side: 'SELL', entry: { type: 'LIMIT', price: '100' }, stopLoss: '110', size: { amount: '1' } }), fee(null)).entryFeeRate).toBeUndefined()
    expect(planOf(input({ entry: { type: 'HELD', amount: '1' } }), fee(null)).entryFeeRate).toBeUndefined()
    expect(planOf(input({ size: { amount: '1' } }), FACTS).entryFeeRate).toBeUndefined()
  })

  it('refuses a stop on the wrong side, a target short of the entry, shares over 100 %, a missing size', () => {
    expect(() => planOf(input({ stopLoss: '101', size: { amount: '1' } }), FACTS)).toThrow(/stop must be below/)
    expect(() => planOf(input({ size: { amount: '1' }, takeProfits: [{ price: '99', share: '50' }] }), FACTS)).toThrow(/not beyond the entry/)
    expect(() =>
      planOf(
        input({
          size: { amount: '1' },
          takeProfits: [
            { price: '110', share: '60' },
            { price: '120', share: '50' },
          ],
        }),
        FACTS,
      ),
    ).toThrow(/at most 100 %/)
    expect(() => planOf(input({}), FACTS)).toThrow(/amount or the risk percent/)
  })
})
