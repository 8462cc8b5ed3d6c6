// One batch of the order-rules agreement run (order-rules-agreement.test.ts): a fresh exchange, each
// draft judged by the rules and then by the exchange, the verdicts counted in a tally that the test
// reads.
import { expect } from 'vitest'
import { Decimal } from '../../../domain/decimal'
import { buildOrderBody, clientOrderIdFor, normalizeOrderType, validateOrder } from '../../../domain/orders/order-rules'
import type { OrderCheck, OrderContext, OrderDraft } from '../../../domain/orders/orders'
import { type Pair, pairSchema } from '../../../domain/wire/wire'
import { startDemoExchange } from '../../../demo-exchange/server'
import { type Recipe, isCanonical, materialize } from './order-rules-agreement.drafts.test-util'
import { type Market, Wire, fetchMarket } from './order-rules-agreement.wire.test-util'

/** Enough of every currency in every wallet for the largest order the drafts can make. */
export const TEST_FUNDS = '1000000000000000'
/** Rejections only the exchange can judge (they need the book or the wallet). */
const UNJUDGEABLE = new Set(['INSUFFICIENT_FUNDS', 'NO_LIQUIDITY'])
/** Rules of the terminal's own that the exchange does not have (see the header of order-rules-agreement.test.ts). */
const TERMINAL_ONLY = new Set(['INVALID_CLIENT_ORDER_ID'])

export interface Tally {
  drafts: number
  acceptedBoth: number
  rejectedBoth: number
  unjudgeable: Record<string, number>
  terminalOnly: number
  sameFirstCode: number
  codePairs: Record<string, number>
  /** The same, for drafts written in canonical form (no lowercase, padding or reformatted numbers). */
  canonicalRejected: number
  canonicalSameFirstCode: number
  canonicalCodePairs: Record<string, number>
  /** Liquidity put back when a market order had emptied one side of a book. */
  backstops: number
  disagreements: Array<{ draft: OrderDraft; rules: OrderCheck['errors']; exchange: { status: number; body: string } }>
  rulesThrew: Array<{ draft: OrderDraft; error: string }>
  byType: Record<string, number>
  /** First error code of the rules over the drafts both sides rejected: shows which edges were hit. */
  rejectedBy: Record<string, number>
  /** Accepted orders per type and side. */
  acceptedAs: Record<string, number>
}

function contextFor(draft: OrderDraft, pairs: ReadonlyMap<string, Pair>, markets: ReadonlyMap<string, Market>): OrderContext {
  const name = typeof draft.pair === 'string' ? draft.pair.trim().toUpperCase() : ''
  const pair = pairs.get(name) ?? null
  const market = pair === null ? undefined : markets.get(pair.name)
  return {
    pair,
    bestBid: market?.bid?.toFixed() ?? null,
    bestAsk: market?.ask?.toFixed() ?? null,
    available: null,
    fee: null,
  }
}

export async function runBatch(recipes: Recipe[], seed: number, tally: Tally): Promise<void> {
  const exchange = await startDemoExchange({ port: 0, seed, live: false, historyDays: 1, testFunds: TEST_FUNDS })
  let closeWire = () => undefined as void
  try {
    const session = await Wire.open(exchange)
    closeWire = () => session.close()
    const pairList = (await session.get('/pairs')).json as unknown[]
    const pairs = new Map(pairList.map((p) => pairSchema.parse(p)).map((p) => [p.name, p]))
    const markets = new Map<string, Market>()
    for (const name of pairs.keys()) markets.set(name, await fetchMarket(session, name))
    const opened = new Map(markets)
    const dirty = new Set<string>()
    // A seeded source for client order ids (mulberry32), so a run can be repeated exactly.
    let state = seed >>> 0
    const random = () => {
      state = (state + 0x6d2b79f5) >>> 0
      let t = state
      t = Math.imul(t ^ (t >>> 15), t | 1)
      t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
      return ((t ^ (t >>> 14)) >>> 0) / 4294967296
    }

    for (const r of recipes) {
      tally.drafts += 1
      // A market order is judged against the best bid of this moment: refresh it when an order placed
      // since the last look may have moved the book. Other types use it only for warnings and to
      // choose prices near the market, where a slightly old look does no harm.
      const draft0 = materialize(r, pairs, markets)
      const name = typeof draft0.pair === 'string' ? draft0.pair.trim().toUpperCase() : ''
      let draft = draft0
      const isMarket = normalizeOrderType(typeof draft0.order_type === 'string' ? draft0.order_type : '') === 'MARKET'
      if (isMarket && pairs.has(name) && dirty.has(name)) {
        let market = await fetchMarket(session, name)
        // Without the live market nobody requotes: a market order of the maximum size sweeps one side
        // of the book away. Put a deep order back (this account's own; it may trade with itself), so
        // later market orders are judged against a book rather than failing for NO_LIQUIDITY.
        if (market.bid === null || market.ask === null) {
          // This account's resting orders on the pair (some at absurd prices) go first, then a deep
          // bid at half and a deep ask at twice the opening prices, which cross nothing.
          expect((await session.cancel({ pair: name })).status).toBe(202)
          market = await fetchMarket(session, name)
          const pair = pairs.get(name)!
          const opening = opened.get(name)!
          for (const [side, missing, price] of [
            ['BUY', market.bid === null, (opening.bid ?? opening.last).times('0.5')],
            ['SELL', market.ask === null, (opening.ask ?? opening.last).times(2)],
          ] as const) {
            if (!missing) continue
            const limit = Decimal.max(price.toDecimalPlaces(pair.price_precision, Decimal.ROUND_HALF_UP), new Decimal(1).div(new Decimal(10).pow(pair.price_precision)))
            const placed = await session.order({ pair: name, order_type: 'LIMIT', order_side: side, wallet_type: 'SPOT', base_amount: pair.maximum_order_size, limit_price: limit.toFixed() })
            expect(placed.status, placed.text).toBe(200)
            tally.backstops += 1
          }
          market = await fetchMarket(session, name)
        }
        markets.set(name, market)
        dirty.delete(name)
        draft = materialize(r, pairs, markets)
      }
      const ctx = contextFor(draft, pairs, markets)
      const typeName = normalizeOrderType(typeof draft.order_type === 'string' ? draft.order_type : '') ?? 'INVALID'
      tally.byType[typeName] = (tally.byType[typeName] ?? 0) + 1

      let check: OrderCheck
      try {
        check = validateOrder(draft, ctx)
      } catch (error) {
        tally.rulesThrew.push({ draft, error: String(error) })
        continue
      }

      if (check.errors.length === 0) {
        let body: Record<string, unknown>
        try {
          body = { ...buildOrderBody(draft, ctx, clientOrderIdFor(draft, random)) }
        } catch (error) {
          tally.rulesThrew.push({ draft, error: `buildOrderBody: ${String(error)}` })
          continue
        }
        const answer = await session.order(body)
        if (answer.status === 200) {
          tally.acceptedBoth += 1
          const as = `${String(body.order_type)} ${String(body.order_side)}`
          tally.acceptedAs[as] = (tally.acceptedAs[as] ?? 0) + 1
          dirty.add(name)
          continue
        }
        const code = (answer.json as { code?: string } | undefined)?.code ?? ''
        if (UNJUDGEABLE.has(code)) {
          tally.unjudgeable[code] = (tally.unjudgeable[code] ?? 0) + 1
          if (process.env.DEBUG_AGREEMENT) console.log(code, JSON.stringify(body), JSON.stringify(markets.get(name)), answer.text)
        } else tally.disagreements.push({ draft, rules: [], exchange: { status: answer.status, body: answer.text } })
        continue
      }

      // Rejected by the rules: the exchange sees the fields exactly as typed.
      const answer = await session.order({ ...draft })
      if (answer.status === 400) {
        tally.rejectedBoth += 1
        const code = (answer.json as { code?: string } | undefined)?.code ?? ''
        const first = check.errors[0]?.code ?? ''
        tally.rejectedBy[first] = (tally.rejectedBy[first] ?? 0) + 1
        const key = `${first} -> ${code}`
        if (code === first) tally.sameFirstCode += 1
        else tally.codePairs[key] = (tally.codePairs[key] ?? 0) + 1
        if (isCanonical(r)) {
          tally.canonicalRejected += 1
          if (code === first) tally.canonicalSameFirstCode += 1
          else tally.canonicalCodePairs[key] = (tally.canonicalCodePairs[key] ?? 0) + 1
        }
        continue
      }
      if (answer.status === 200) dirty.add(name)
      if (answer.status === 200 && check.errors.every((e) => TERMINAL_ONLY.has(e.code))) {
        tally.terminalOnly += 1
        continue
      }
      tally.disagreements.push({ draft, rules: check.errors, exchange: { status: answer.status, body: answer.text } })
    }
  } finally {
    closeWire()
    await exchange.close()
  }
}
