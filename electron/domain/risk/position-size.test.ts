// Size from risk, with figures computed by hand, then as properties over random inputs: the risk
// never exceeds the asked share of equity, the amount is the largest that does, and it respects the
// pair's precision and bounds.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Decimal } from '../decimal'
import { riskOfAmount, sizeFromRisk, type SizeInput } from './position-size'
import { BTC_USDT } from '../test/order-rules.test-util'

const FEE = { makerRate: '0.001', takerRate: '0.002', currency: null }
const LONG: SizeInput = { side: 'BUY', entryType: 'LIMIT', entry: '50000', stop: '49000', equity: '10000', riskPercent: '1', fee: FEE, pair: BTC_USDT }

describe('sizeFromRisk, by hand', () => {
  it('a limit buy: loss per unit 1000 + 100 entry fee (the larger rate: a limit may take) + 98 stop fee = 1198', () => {
    // 1 % of 10,000 = 100; 100 / 1198 = 0.08347… → 0.0834 (4 places, down)
    expect(sizeFromRisk(LONG)).toEqual({
      ok: true,
      amount: '0.0834',
      risk: '99.9132', // 0.0834 × 1198
      riskPercent: '1', // 0.999132 % rounded up to 2 places
      fees: { entry: '8.34', stop: '8.1732' }, // 0.0834 × 50000 × 0.002, 0.0834 × 49000 × 0.002
      reward: null,
      rewardToRisk: null,
    })
  })

  it('reward-to-risk over two targets of half each', () => {
    const size = sizeFromRisk({
      ...LONG,
      targets: [
        { price: '52000', share: '50' },
        { price: '54000', share: '50' },
      ],
    })
    // 0.0417 × (2000 − 100 − 104) + 0.0417 × (4000 − 100 − 108) = 74.8932 + 158.1264
    expect(size).toMatchObject({ ok: true, reward: '233.0196', rewardToRisk: '2.33' }) // 233.0196 / 99.9132 = 2.332…
    // a share left without a target earns nothing in the sum
    expect(sizeFromRisk({ ...LONG, targets: [{ price: '52000', share: '50' }] })).toMatchObject({ reward: '74.8932', rewardToRisk: '0.74' })
  })

  it('a market sell (short) from the book’s expected average, exiting at the stop’s limit: taker both ways', () => {
    const size = sizeFromRisk({ ...LONG, side: 'SELL', entryType: 'MARKET', entry: '50000.125', stop: '51000', stopLimit: '51100', equity: '5000', riskPercent: '2' })
    // 1099.875 + 50000.125 × 0.002 (100.00025) + 51100 × 0.002 (102.2) = 1302.07525; 100 / 1302.07525 = 0.07680… → 0.0768
    expect(size).toEqual({
      ok: true,
      amount: '0.0768',
      risk: '99.9993792', // 0.0768 × 1302.07525
      riskPercent: '2',
      fees: { entry: '7.6800192', stop: '7.84896' },
      reward: null,
      rewardToRisk: null,
    })
  })

  it('a maker rebate never lowers the risk: a negative rate counts as 0', () => {
    const rebate = { makerRate: '-0.0005', takerRate: '0', currency: null }
    // 1000 + 0 + 0: 100 / 1000 = 0.1
    expect(sizeFromRisk({ ...LONG, fee: rebate })).toMatchObject({ amount: '0.1000', risk: '100', fees: { entry: '0', stop: '0' } })
  })

  it('refuses a stop on the wrong side, at the entry, or a stop limit past the stop', () => {
    expect(sizeFromRisk({ ...LONG, stop: '51000' })).toMatchObject({ ok: false, field: 'stop', code: 'STOP_WRONG_SIDE', message: 'A buy’s stop must be below the entry' })
    expect(sizeFromRisk({ ...LONG, side: 'SELL' })).toMatchObject({ ok: false, code: 'STOP_WRONG_SIDE', message: 'A sell’s stop must be above the entry' })
    expect(sizeFromRisk({ ...LONG, stop: '50000.00' })).toMatchObject({ ok: false, code: 'STOP_AT_ENTRY' })
    expect(sizeFromRisk({ ...LONG, stopLimit: '49000.01' })).toMatchObject({ ok: false, field: 'stopLimit', code: 'STOP_LIMIT_WRONG_SIDE' })
  })

  it('refuses a risk of 0 or less, or over 100 %, and a missing fee rule or equity', () => {
    for (const riskPercent of ['0', '-1', '100.01', 'x', '']) expect(sizeFromRisk({ ...LONG, riskPercent }), riskPercent).toMatchObject({ ok: false, code: 'INVALID_RISK' })
    expect(sizeFromRisk({ ...LONG, riskPercent: '100' }).ok).toBe(true)
    expect(sizeFromRisk({ ...LONG, fee: null })).toMatchObject({ ok: false, code: 'FEE_UNKNOWN' })
    expect(sizeFromRisk({ ...LONG, equity: '0' })).toMatchObject({ ok: false, code: 'NO_EQUITY' })
  })

  it('refuses prices beyond the pair’s precision, except a market entry’s expected average', () => {
    expect(sizeFromRisk({ ...LONG, entry: '50000.001' })).toMatchObject({ ok: false, field: 'entry', code: 'INVALID_PRICE' })
    expect(sizeFromRisk({ ...LONG, stop: '49000.001' })).toMatchObject({ ok: false, field: 'stop', code: 'INVALID_PRICE' })
    expect(sizeFromRisk({ ...LONG, entryType: 'MARKET', entry: '50000.001' }).ok).toBe(true)
  })

  it('refuses an amount under the pair’s minimum, naming it and the risk that reaches it', () => {
    // 1 % of 100 = 1; 1 / 1198 → 0.0008 < 0.001; 0.001 × 1198 = 1.198 = 1.198 % of 100 → 1.2 %
    expect(sizeFromRisk({ ...LONG, equity: '100' })).toEqual({
      ok: false,
      field: 'riskPercent',
      code: 'BELOW_MIN_SIZE',
      message: 'This risk buys 0.0008 BTC; the pair’s minimum is 0.0010 BTC, which needs a risk of at least 1.2 % (1.198 USDT)',
    })
    expect(sizeFromRisk({ ...LONG, equity: '1', riskPercent: '50' })).toMatchObject({ code: 'BELOW_MIN_SIZE', message: expect.stringContaining('more than the whole equity') })
  })

  it('refuses an amount above the pair’s maximum instead of clamping it', () => {
    // 50 % of 10,000,000 = 5,000,000 / 1198 = 4173.6… > 100; 100 × 1198 = 119,800 = 1.198 % → 1.19 % (down)
    expect(sizeFromRisk({ ...LONG, equity: '10000000', riskPercent: '50' })).toEqual({
      ok: false,
      field: 'riskPercent',
      code: 'ABOVE_MAX_SIZE',
      message: 'This risk asks for 4,173.6227 BTC; the pair allows at most 100.0000 BTC: lower the risk to 1.19 % or less, or widen the stop',
    })
  })

  it('refuses targets on the wrong side, without a share, or sharing more than the whole', () => {
    expect(sizeFromRisk({ ...LONG, targets: [{ price: '49500', share: '50' }] })).toMatchObject({ ok: false, field: 'targets.0', code: 'TARGET_WRONG_SIDE' })
    expect(sizeFromRisk({ ...LONG, targets: [{ price: '51000', share: '0' }] })).toMatchObject({ ok: false, code: 'INVALID_SHARE' })
    const over = [
      { price: '51000', share: '60' },
      { price: '52000', share: '40.5' },
    ]
    expect(sizeFromRisk({ ...LONG, targets: over })).toMatchObject({ ok: false, code: 'SHARES_OVER_100', message: 'The targets’ shares add up to 100.5 %; at most 100 %' })
  })
})

describe('sizeFromRisk, properties', () => {
  const dec = (min: number, max: number, places: number): fc.Arbitrary<string> =>
    fc.integer({ min: Math.round(min * 10 ** places), max: Math.round(max * 10 ** places) }).map((n) => new Decimal(n).div(new Decimal(10).pow(places)).toFixed())
  const inputArb = fc
    .record({
      side: fc.constantFrom<'BUY' | 'SELL'>('BUY', 'SELL'),
      entryType: fc.constantFrom<'LIMIT' | 'MARKET'>('LIMIT', 'MARKET'),
      entry: dec(0.01, 100_000, 2),
      distance: dec(0.01, 0.5, 4), // the stop's distance as a fraction of the entry
      slip: dec(0, 0.01, 4),
      equity: dec(0.01, 10_000_000, 2),
      riskPercent: dec(0.01, 100, 2),
      maker: dec(-0.001, 0.01, 5),
      taker: dec(0, 0.01, 5),
      amountPrecision: fc.integer({ min: 0, max: 8 }),
      min: dec(0.00000001, 1, 8),
      maxFactor: fc.integer({ min: 1, max: 1_000_000 }),
    })
    .map((r): SizeInput => {
      const entry = new Decimal(r.entry)
      const sign = r.side === 'BUY' ? -1 : 1
      const stop = Decimal.max(entry.times(new Decimal(1).plus(new Decimal(r.distance).times(sign))).toDecimalPlaces(2), '0.01')
      const stopLimit = Decimal.max(stop.times(new Decimal(1).plus(new Decimal(r.slip).times(sign))).toDecimalPlaces(2), '0.01')
      const min = new Decimal(r.min).toDecimalPlaces(r.amountPrecision, Decimal.ROUND_UP)
      return {
        side: r.side,
        entryType: r.entryType,
        entry: r.entry,
        stop: stop.toFixed(),
        stopLimit: stopLimit.toFixed(),
        equity: r.equity,
        riskPercent: r.riskPercent,
        fee: { makerRate: r.maker, takerRate: r.taker, currency: null },
        pair: { ...BTC_USDT, amount_precision: r.amountPrecision, minimum_order_size: min.toFixed(), maximum_order_size: min.times(r.maxFactor).toFixed() },
      }
    })

  it('the risk never exceeds the asked share of equity, the amount is the largest that keeps it so, within precision and bounds', () => {
    let sized = 0
    fc.assert(
      fc.property(inputArb, (input) => {
        const result = sizeFromRisk(input)
        const budget = new Decimal(input.equity).times(input.riskPercent).div(100)
        if (!result.ok) {
          expect(['BELOW_MIN_SIZE', 'ABOVE_MAX_SIZE', 'STOP_AT_ENTRY', 'STOP_WRONG_SIDE']).toContain(result.code)
          return
        }
        sized += 1
        const amount = new Decimal(result.amount)
        const risk = new Decimal(result.risk)
        expect(risk.lte(budget)).toBe(true)
        expect(amount.decimalPlaces()).toBeLessThanOrEqual(input.pair.amount_precision)
        expect(amount.gte(input.pair.minimum_order_size) && amount.lte(input.pair.maximum_order_size)).toBe(true)
        // one more step of the amount would risk more than asked
        const step = new Decimal(1).div(new Decimal(10).pow(input.pair.amount_precision))
        expect(risk.div(amount).times(amount.plus(step)).gt(budget)).toBe(true)
        expect(risk).toEqual(new Decimal(result.fees.entry).plus(result.fees.stop).plus(amount.times(new Decimal(input.entry).minus(input.stopLimit!).abs())))
      }),
      { numRuns: 2000, seed: 7 },
    )
    expect(sized).toBeGreaterThan(200)
  })
})

describe('riskOfAmount: the same figures for an amount the trader typed', () => {
  it('the amount sizeFromRisk answers gives back its figures; without equity the share is 0', () => {
    const targets = [{ price: '52000', share: '50' }]
    const sized = sizeFromRisk({ ...LONG, targets })
    expect(riskOfAmount({ ...LONG, targets, amount: '0.0834' })).toEqual(sized)
    expect(riskOfAmount({ ...LONG, amount: '1', equity: null })).toMatchObject({ ok: true, risk: '1198', riskPercent: '0', fees: { entry: '100', stop: '98' } })
    expect(riskOfAmount({ ...LONG, amount: '0.00001' })).toMatchObject({ ok: false, field: 'amount' })
    expect(riskOfAmount({ ...LONG, stop: '51000', amount: '1' })).toMatchObject({ ok: false, field: 'stop', code: 'STOP_WRONG_SIDE' })
  })
})
