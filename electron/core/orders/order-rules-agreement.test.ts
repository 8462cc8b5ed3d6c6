// The shared order rules against the demo exchange, on 10,000 random drafts: what the rules accept the
// exchange accepts, what the rules reject the exchange rejects, and the rules never throw.
//
// Each draft is judged by validateOrder with the context the order desk would build (the exchange's
// own pair record, best bid and ask from its ticker) but with available = null: funds are the
// exchange's business, so INSUFFICIENT_FUNDS and NO_LIQUIDITY are counted apart, not as disagreement.
// A draft the rules accept goes out as the terminal sends it (buildOrderBody); one they reject goes
// out raw, its fields as typed, so the exchange judges exactly what the user wrote.
//
// The drafts are biased toward the edges: every pair, type, side and wallet with their aliases in any
// case, amounts at and around the pair's minimum and maximum size, precision at and beyond the limit,
// trailing and leading zeros, zero, negative, empty and garbage text, market sells around the minimum
// value at the best bid, stop operators valid and not, missing and not-applicable fields.
//
// The exchange runs in-process without its live market (live: false), so nothing moves between reading
// the ticker and placing an order except the orders sent here; every batch of 500 drafts gets a fresh
// exchange, so books emptied by market orders and reserves of resting orders never pile up.
//
// Known, intended difference: the terminal restricts client_order_id to 64 safe characters (so the
// lookup after an unknown outcome can find it); the specification and the exchange take any text. A
// draft whose only errors are of that kind is counted as "terminal only", not as disagreement.
// This test pits the pure rules against a running exchange, so unlike the rest of electron/domain it
// needs I/O and the demo exchange; the rules file itself stays pure.
//
// The drafts are made in order-rules-agreement.drafts.test-util.ts, sent through the client in
// order-rules-agreement.wire.test-util.ts, and judged batch by batch (the rules, then the exchange)
// in order-rules-agreement.run.test-util.ts.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { validateOrder } from '../../domain/orders/order-rules'
import type { OrderContext, OrderDraft } from '../../domain/orders/orders'
import { type Pair, pairSchema } from '../../domain/wire/wire'
import { startDemoExchange } from '../../demo-exchange/server'
import { recipe } from './test/order-rules-agreement.drafts.test-util'
import { TEST_FUNDS, type Tally, runBatch } from './test/order-rules-agreement.run.test-util'
import { Wire } from './test/order-rules-agreement.wire.test-util'

const DRAFTS = Number(process.env.ORDER_AGREEMENT_DRAFTS ?? 10_000)
const SEED = Number(process.env.ORDER_AGREEMENT_SEED ?? 20_250_115)
const BATCH = 500

describe('order rules agree with the demo exchange', () => {
  it(`on ${DRAFTS} random drafts: same verdict, and the rules never throw`, async () => {
    const started = Date.now()
    const recipes = fc.sample(recipe, { numRuns: DRAFTS, seed: SEED })
    const tally: Tally = {
      drafts: 0,
      acceptedBoth: 0,
      rejectedBoth: 0,
      unjudgeable: {},
      terminalOnly: 0,
      sameFirstCode: 0,
      codePairs: {},
      canonicalRejected: 0,
      canonicalSameFirstCode: 0,
      canonicalCodePairs: {},
      backstops: 0,
      disagreements: [],
      rulesThrew: [],
      byType: {},
      rejectedBy: {},
      acceptedAs: {},
    }
    for (let i = 0; i < recipes.length; i += BATCH) await runBatch(recipes.slice(i, i + BATCH), SEED + i, tally)

    const unjudgeable = Object.values(tally.unjudgeable).reduce((a, b) => a + b, 0)
    const codeRate = tally.rejectedBoth === 0 ? 1 : tally.sameFirstCode / tally.rejectedBoth
    const top = (pairs: Record<string, number>) =>
      Object.entries(pairs)
        .sort((a, b) => b[1] - a[1])
        .slice(0, 8)
    const canonicalRate = tally.canonicalRejected === 0 ? 1 : tally.canonicalSameFirstCode / tally.canonicalRejected
    console.info(
      [
        `order-rules agreement (seed ${SEED}): ${tally.drafts} drafts in ${((Date.now() - started) / 1000).toFixed(1)} s`,
        `  by type: ${JSON.stringify(tally.byType)}`,
        `  accepted by both: ${tally.acceptedBoth} ${JSON.stringify(tally.acceptedAs)}`,
        `  rejected by both: ${tally.rejectedBoth}, first error of the rules: ${JSON.stringify(tally.rejectedBy)}`,
        `  rejected by the terminal's own client_order_id rule only: ${tally.terminalOnly}`,
        `  exchange-only rejections (funds/liquidity): ${JSON.stringify(tally.unjudgeable)}; backstop orders placed: ${tally.backstops}`,
        `  same first error code: ${tally.sameFirstCode}/${tally.rejectedBoth} (${(codeRate * 100).toFixed(1)}%); most frequent differences (rules -> exchange): ${JSON.stringify(top(tally.codePairs))}`,
        `  same first error code, canonically written drafts: ${tally.canonicalSameFirstCode}/${tally.canonicalRejected} (${(canonicalRate * 100).toFixed(1)}%); differences: ${JSON.stringify(top(tally.canonicalCodePairs))}`,
        `  disagreements: ${tally.disagreements.length}; rules threw: ${tally.rulesThrew.length}`,
      ].join('\n'),
    )

    if (process.env.DEBUG_AGREEMENT) for (const d of tally.disagreements) console.log('DISAGREE', JSON.stringify(d))
    expect(tally.rulesThrew).toEqual([])
    expect(tally.disagreements.slice(0, 5)).toEqual([])
    expect(tally.drafts).toBe(DRAFTS)
    // Both sides of the verdict are exercised in earnest.
    expect(tally.acceptedBoth).toBeGreaterThan(DRAFTS * 0.25)
    expect(tally.rejectedBoth).toBeGreaterThan(DRAFTS * 0.25)
    expect(unjudgeable).toBeLessThan(DRAFTS * 0.02)
    // Every kind of mistake and every kind of order was among them.
    for (const code of [
      'MISSING_FIELD',
      'UNKNOWN_PAIR',
      'INVALID_ORDER_TYPE',
      'INVALID_ORDER_SIDE',
      'INVALID_WALLET_TYPE',
      'INVALID_QUANTITY',
      'INVALID_PRICE',
      'INVALID_STOP_OPERATOR',
      'MIN_ORDER_VALUE',
    ]) {
      expect(tally.rejectedBy[code] ?? 0, code).toBeGreaterThanOrEqual(Math.min(10, DRAFTS / 200))
    }
    for (const kind of ['MARKET BUY', 'MARKET SELL', 'LIMIT BUY', 'LIMIT SELL', 'STOP_LIMIT BUY', 'STOP_LIMIT SELL']) {
      expect(tally.acceptedAs[kind] ?? 0, kind).toBeGreaterThanOrEqual(Math.min(10, DRAFTS / 200))
    }
  }, 180_000)

  // Found by the run above: the rules counted the characters of a number, so "1.000…0" and "000…01"
  // (more than 40 characters, the value 1) were "too many digits", while the exchange (and the
  // specification: a decimal string, places limited by the pair's precision) takes them.
  it('reads zero-padded numbers as the exchange does', async () => {
    const exchange = await startDemoExchange({ port: 0, seed: 3, live: false, historyDays: 1, testFunds: TEST_FUNDS })
    const wire = await Wire.open(exchange)
    try {
      const pair = pairSchema.parse(((await wire.get('/pairs')).json as unknown[]).find((p) => (p as Pair).name === 'USDC_USDT'))
      const ctx: OrderContext = { pair, bestBid: null, bestAsk: null, available: null, fee: null }
      const limitSell = (base: string, price: string): OrderDraft => ({ pair: 'USDC_USDT', order_type: 'LIMIT', order_side: 'SELL', wallet_type: 'SPOT', base_amount: base, limit_price: price })
      const cases: Array<[OrderDraft, boolean]> = [
        [limitSell(`1.${'0'.repeat(45)}`, '1.2'), true],
        [limitSell(`${'0'.repeat(45)}2`, `${'0'.repeat(44)}1.5000000000000000000000000000000000000000`), true],
        [limitSell('2', `0.${'0'.repeat(44)}1`), false], // 45 places: beyond any precision
        [limitSell(`1${'0'.repeat(44)}`, '1.2'), false], // 45 significant digits
      ]
      for (const [draft, valid] of cases) {
        expect(validateOrder(draft, ctx).errors.length === 0, JSON.stringify(draft)).toBe(valid)
        const answer = await wire.order({ ...draft })
        expect(answer.status === 200, answer.text).toBe(valid)
      }
    } finally {
      wire.close()
      await exchange.close()
    }
  })
})
