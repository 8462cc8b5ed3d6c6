// The order rules over drafts nobody wrote by hand: they never throw, and an accepted draft builds a
// body whose numbers are canonical and equal to what was typed, and which passes the rules again;
// and one validation stays well under a millisecond, as the form validates live while the user types.
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { Decimal } from '../decimal'
import { TerminalError } from '../errors'
import type { OrderContext, OrderDraft } from './orders'
import type { Pair } from '../wire/wire'
import { buildOrderBody, validateOrder } from './order-rules'
import { BTC_USDT, CTX, LIMIT_BUY, MARKET_BUY, MARKET_SELL, STOP_BUY } from '../test/order-rules.test-util'

describe('properties', () => {
  // Mostly plausible values, so that many drafts pass and the round-trip half of the property has
  // something to say; arbitrary strings for the never-throws half.
  const mostly = <T>(likely: fc.Arbitrary<T>, other: fc.Arbitrary<T>): fc.Arbitrary<T> => fc.oneof({ arbitrary: likely, weight: 6 }, { arbitrary: other, weight: 1 })
  const numberText = mostly(
    fc.oneof(
      fc.constantFrom('0', '.5', '1.', '0.10', '100', '0.001', '0.0010', '50000.5'),
      fc.tuple(fc.nat({ max: 60_000 }), fc.nat({ max: 99 }), fc.nat({ max: 3 })).map(([i, f, z]) => `${i}.${'0'.repeat(z)}${f}`),
      fc.nat({ max: 100 }).map(String),
    ),
    fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('', ' ', '1e5', '-1', '+1', '1,5', '100.0001', '__proto__')),
  )
  const draftArb = fc.record(
    {
      pair: mostly(fc.constantFrom('BTC_USDT', 'btc_usdt'), fc.oneof(fc.constantFrom('ETH_USDT', ''), fc.string({ maxLength: 10 }))),
      order_type: mostly(fc.constantFrom('MARKET', 'LIMIT', 'STOP_LIMIT', 'limit'), fc.string({ maxLength: 10 })),
      order_side: mostly(fc.constantFrom('BUY', 'SELL', 'bid', 'ASK'), fc.string({ maxLength: 6 })),
      wallet_type: mostly(fc.constantFrom('SPOT', 'FUNDING', 'MARGIN_CROSS', 'P2P'), fc.string({ maxLength: 8 })),
      base_amount: numberText,
      quote_amount: numberText,
      limit_price: numberText,
      stop_price: numberText,
      stop_operator: mostly(fc.constantFrom('GTE', 'LTE', 'lte'), fc.string({ maxLength: 4 })),
      client_order_id: mostly(fc.constantFrom('', 'abc-1'), fc.string({ maxLength: 70 })),
    },
    { requiredKeys: ['pair', 'order_type', 'order_side', 'wallet_type'] },
  )
  const ctxArb = fc.record({
    pair: fc.constantFrom<Pair | null>(BTC_USDT, null, { ...BTC_USDT, amount_precision: 0, price_precision: 8 }),
    bestBid: fc.constantFrom<string | null>(null, '50000', '0.5'),
    bestAsk: fc.constantFrom<string | null>(null, '50010'),
    available: fc.constantFrom<OrderContext['available']>(null, { base: '1', quote: '10000' }),
    fee: fc.constantFrom<OrderContext['fee']>(null, { makerRate: '0.001', takerRate: '0.002', currency: null }),
  })

  it('validateOrder never throws, and an accepted draft builds a body whose numbers round-trip', () => {
    let accepted = 0
    fc.assert(
      fc.property(draftArb, ctxArb, (draft, ctx) => {
        const check = validateOrder(draft, ctx)
        if (check.errors.length > 0) {
          expect(() => buildOrderBody(draft, ctx, 'tt-prop')).toThrow(TerminalError)
          return
        }
        accepted += 1
        const body = buildOrderBody(draft, ctx, 'tt-prop')
        const text = JSON.stringify(body)
        expect(text).not.toMatch(/\d[eE][+-]?\d/)
        for (const key of ['base_amount', 'quote_amount', 'limit_price', 'stop_price'] as const) {
          const value = body[key]
          if (value === undefined) continue
          expect(new Decimal(value).toFixed()).toBe(value) // canonical
          expect(new Decimal(value).eq(new Decimal((draft[key] ?? '').trim()))).toBe(true) // what the user typed
        }
        // The body, read back as a draft, passes the same rules and builds the same body.
        const again: OrderDraft = JSON.parse(text)
        expect(validateOrder(again, ctx).errors).toEqual([])
        expect(JSON.stringify(buildOrderBody(again, ctx, 'tt-prop'))).toBe(text)
      }),
      { numRuns: 3000, seed: 4242 },
    )
    expect(accepted).toBeGreaterThan(100) // the generator reaches valid drafts, so the property says something
  })

  it('validateOrder never throws on drafts of any shape', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string({ maxLength: 15 }), fc.oneof(fc.string(), fc.integer(), fc.constant(null))), ctxArb, (draft, ctx) => {
        const check = validateOrder(draft as unknown as OrderDraft, ctx)
        expect(Array.isArray(check.errors)).toBe(true)
      }),
      { numRuns: 500 },
    )
  })
})

describe('speed', () => {
  it('validates an order well under a millisecond (budget 0.05 ms; asserted with room for a busy machine)', () => {
    const drafts = [LIMIT_BUY, STOP_BUY, MARKET_BUY, MARKET_SELL, { ...LIMIT_BUY, base_amount: '1,5' }]
    for (let i = 0; i < 500; i += 1) validateOrder(drafts[i % drafts.length]!, CTX) // warm up
    const n = 5000
    const start = performance.now()
    for (let i = 0; i < n; i += 1) validateOrder(drafts[i % drafts.length]!, CTX)
    const perCall = (performance.now() - start) / n
    expect(perCall).toBeLessThan(0.25)
  })
})
