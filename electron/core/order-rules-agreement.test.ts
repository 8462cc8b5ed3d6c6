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
import { Agent, request } from 'node:http'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { Decimal } from '../domain/decimal'
import { buildOrderBody, clientOrderIdFor, normalizeOrderType, validateOrder } from '../domain/order-rules'
import type { OrderCheck, OrderContext, OrderDraft } from '../domain/orders'
import { type Pair, type Ticker, pairSchema, tickerSchema } from '../domain/wire'
import { startDemoExchange } from '../demo-exchange/server'
import { hmacHex, login } from '../demo-exchange/test-kit'
import type { DemoExchange } from '../demo-exchange/server'

const DRAFTS = Number(process.env.ORDER_AGREEMENT_DRAFTS ?? 10_000)
const SEED = Number(process.env.ORDER_AGREEMENT_SEED ?? 20_250_115)
const BATCH = 500
/** Enough of every currency in every wallet for the largest order the drafts can make. */
const TEST_FUNDS = '1000000000000000'
/** Rejections only the exchange can judge (they need the book or the wallet). */
const UNJUDGEABLE = new Set(['INSUFFICIENT_FUNDS', 'NO_LIQUIDITY'])
/** Rules of the terminal's own that the exchange does not have (see the header). */
const TERMINAL_ONLY = new Set(['INVALID_CLIENT_ORDER_ID'])

const PAIR_NAMES = ['BTC_USDT', 'ETH_USDT', 'ETH_BTC', 'LTC_USDT', 'XRP_USDT', 'DOGE_USDT', 'TRX_USDT', 'USDC_USDT'] as const

// ---- Draft recipes ---------------------------------------------------------------------------------
// A recipe says what kind of value each field gets; it becomes text only when it is sent, with the
// pair record and the ticker at hand (a market sell "at the minimum value" needs the best bid of now).

type Casing = 'upper' | 'lower' | 'mixed' | 'padded'
type Choice = { kind: 'known'; index: number; casing: Casing } | { kind: 'text'; text: string | undefined }

type NumberRecipe =
  | { kind: 'edge'; at: 'min' | 'max' | 'min-value'; ulps: number; format: Format }
  | { kind: 'between'; fraction: number; format: Format }
  | { kind: 'near-market'; ratio: number; format: Format }
  | { kind: 'too-precise'; fraction: number; extra: number }
  | { kind: 'text'; text: string | undefined }

type Format = 'canonical' | 'trailing-zeros' | 'leading-zeros' | 'leading-dot' | 'trailing-dot' | 'padded'

interface Recipe {
  pair: Choice
  type: Choice
  side: Choice
  wallet: Choice
  base: NumberRecipe
  quote: NumberRecipe
  limit: NumberRecipe
  stop: NumberRecipe
  operator: Choice
  clientOrderId: string | undefined
  /** Fill fields the order type does not use with something, to check both sides ignore them. */
  strayFields: boolean
  /** Write every text in the exchange's canonical form (upper case, no padding, plain numbers). */
  tidy: boolean
}

const TYPES = ['MARKET', 'LIMIT', 'STOP_LIMIT']
const SIDES = ['BUY', 'SELL', 'BID', 'ASK']
const WALLETS = ['SPOT', 'CROSS_MARGIN', 'ISOLATED_MARGIN', 'P2P', 'MARGIN_CROSS', 'MARGIN_ISOLATED', 'FUNDING']
const OPERATORS = ['GTE', 'LTE']

const GARBAGE_NUMBERS = [
  '',
  '   ',
  '0',
  '0.0',
  '-0',
  '00',
  '-1',
  '+1',
  '1e-5',
  '1E3',
  '1,5',
  '1,000',
  '1 000',
  '0x10',
  'Infinity',
  'NaN',
  'abc',
  '1..2',
  '.',
  '-.5',
  '١٢',
  '１',
  `${'0'.repeat(45)}1`,
  `1.${'0'.repeat(45)}`,
  '9'.repeat(30),
]

const casing = fc.constantFrom<Casing>('upper', 'upper', 'upper', 'lower', 'mixed', 'padded')

function choice(count: number, junk: string[]): fc.Arbitrary<Choice> {
  return fc.oneof(
    { arbitrary: fc.record({ kind: fc.constant('known' as const), index: fc.nat(count - 1), casing }), weight: 12 },
    { arbitrary: fc.record({ kind: fc.constant('text' as const), text: fc.constantFrom<string | undefined>(undefined, '', '  ', ...junk) }), weight: 1 },
  )
}

const format = fc.constantFrom<Format>('canonical', 'canonical', 'canonical', 'trailing-zeros', 'leading-zeros', 'leading-dot', 'trailing-dot', 'padded')
const ulps = fc.integer({ min: -2, max: 2 })

const numberRecipe: fc.Arbitrary<NumberRecipe> = fc.oneof(
  { arbitrary: fc.record({ kind: fc.constant('edge' as const), at: fc.constantFrom<'min' | 'max' | 'min-value'>('min', 'max', 'min-value'), ulps, format }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('between' as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }), format }), weight: 4 },
  { arbitrary: fc.record({ kind: fc.constant('near-market' as const), ratio: fc.double({ min: 0.9, max: 1.1, noNaN: true }), format }), weight: 6 },
  { arbitrary: fc.record({ kind: fc.constant('too-precise' as const), fraction: fc.double({ min: 0, max: 1, noNaN: true }), extra: fc.integer({ min: 1, max: 3 }) }), weight: 2 },
  { arbitrary: fc.record({ kind: fc.constant('text' as const), text: fc.constantFrom<string | undefined>(undefined, ...GARBAGE_NUMBERS) }), weight: 2 },
)

const recipe: fc.Arbitrary<Recipe> = fc
  .record({
  pair: choice(PAIR_NAMES.length, ['BTC_EUR', 'BTCUSDT', 'BTC-USDT', 'USDT_BTC', '__proto__', 'constructor']),
  type: choice(TYPES.length, ['STOP_MARKET', 'LIMITT', 'STOP', 'MARKET_LIMIT', 'constructor']),
  side: choice(SIDES.length, ['HOLD', 'LONG', 'B', 'toString']),
  wallet: choice(WALLETS.length, ['MARGIN', 'FUTURES', 'spot wallet', 'hasOwnProperty']),
  base: numberRecipe,
  quote: numberRecipe,
  limit: numberRecipe,
  stop: numberRecipe,
  operator: choice(OPERATORS.length, ['GT', 'LT', 'EQ', '>=', 'valueOf']),
  clientOrderId: fc.oneof(
    { arbitrary: fc.constant(undefined), weight: 40 },
    { arbitrary: fc.constantFrom('', 'my-order.1', 'a:b_c-d', 'x'.repeat(64)), weight: 4 },
    { arbitrary: fc.constantFrom('has space', 'x'.repeat(65), 'naïve', 'a/b'), weight: 1 },
  ),
  strayFields: fc.boolean(),
  tidy: fc.constantFrom(true, true, false),
})
  .map((r) => (r.tidy ? tidied(r) : r))

function tidied(r: Recipe): Recipe {
  const blank = (text: string | undefined) => (text !== undefined && text.trim() === '' ? '' : text)
  const choice = (c: Choice): Choice => (c.kind === 'known' ? { ...c, casing: 'upper' } : { ...c, text: blank(c.text) })
  const number = (n: NumberRecipe): NumberRecipe => ('format' in n ? { ...n, format: 'canonical' } : n.kind === 'text' ? { ...n, text: blank(n.text) } : n)
  return { ...r, pair: choice(r.pair), type: choice(r.type), side: choice(r.side), wallet: choice(r.wallet), operator: choice(r.operator), base: number(r.base), quote: number(r.quote), limit: number(r.limit), stop: number(r.stop) }
}

function cased(text: string, how: Casing): string {
  if (how === 'lower') return text.toLowerCase()
  if (how === 'mixed') return text.charAt(0) + text.slice(1).toLowerCase()
  if (how === 'padded') return ` ${text} `
  return text
}

function pick(c: Choice, values: readonly string[]): string | undefined {
  return c.kind === 'text' ? c.text : cased(values[c.index] ?? '', c.casing)
}

function formatted(value: Decimal, how: Format): string {
  const text = value.toFixed()
  switch (how) {
    case 'canonical':
      return text
    case 'trailing-zeros':
      return text.includes('.') ? `${text}000` : `${text}.00`
    case 'leading-zeros':
      return `00${text}`
    case 'leading-dot':
      return text.startsWith('0.') ? text.slice(1) : text
    case 'trailing-dot':
      return text.includes('.') ? text : `${text}.`
    case 'padded':
      return ` ${text} `
  }
}

interface Market {
  bid: Decimal | null
  ask: Decimal | null
  last: Decimal
}

function materializeNumber(r: NumberRecipe, pair: Pair, market: Market, field: 'base' | 'quote' | 'price'): string | undefined {
  if (r.kind === 'text') return r.text
  const places = field === 'base' ? pair.amount_precision : pair.price_precision
  const ulp = new Decimal(1).div(new Decimal(10).pow(places))
  const min = new Decimal(pair.minimum_order_size)
  const max = new Decimal(pair.maximum_order_size)
  const minValue = new Decimal(pair.minimum_order_value)
  const reference = market.bid ?? market.ask ?? market.last
  // A range of sensible values for the field: sizes between the pair's bounds; prices and quote
  // amounts around the market and the minimum value.
  const low = field === 'base' ? min : field === 'quote' ? minValue : ulp
  const high = field === 'base' ? max : field === 'quote' ? minValue.times(2000) : reference.times(3)
  const round = (v: Decimal) => v.toDecimalPlaces(places, Decimal.ROUND_HALF_UP)
  switch (r.kind) {
    case 'edge': {
      let at: Decimal
      if (r.at === 'min') at = low
      else if (r.at === 'max') at = field === 'base' ? max : high
      // The amount whose value at the best bid is just the minimum (market sells), or the minimum value itself.
      else at = field === 'base' ? minValue.div(reference).toDecimalPlaces(places, Decimal.ROUND_UP) : minValue
      return formatted(round(at).plus(ulp.times(r.ulps)), r.format)
    }
    case 'between':
      return formatted(round(low.plus(high.minus(low).times(r.fraction))), r.format)
    case 'near-market': {
      const base = field === 'base' ? Decimal.min(max, Decimal.max(min, minValue.times(4).div(reference))) : field === 'quote' ? minValue.times(20) : reference
      return formatted(Decimal.max(ulp, round(base.times(r.ratio))), r.format)
    }
    case 'too-precise': {
      const v = low.plus(high.minus(low).times(r.fraction)).toDecimalPlaces(places + r.extra, Decimal.ROUND_DOWN)
      // Make the last extra place non-zero, so the value really has too many places.
      return v.plus(new Decimal(1).div(new Decimal(10).pow(places + r.extra))).toFixed()
    }
  }
}

/** True when every text of the recipe is written as the exchange's own canonical form would be. */
function isCanonical(r: Recipe): boolean {
  const choices = [r.pair, r.type, r.side, r.wallet, r.operator]
  const numbers = [r.base, r.quote, r.limit, r.stop]
  return choices.every((c) => c.kind === 'text' || c.casing === 'upper') && numbers.every((n) => !('format' in n) || n.format === 'canonical')
}

function materialize(r: Recipe, pairs: ReadonlyMap<string, Pair>, markets: ReadonlyMap<string, Market>): OrderDraft {
  const pairText = pick(r.pair, PAIR_NAMES)
  const known = pairText === undefined ? undefined : pairs.get(pairText.trim().toUpperCase())
  // Numbers for an unknown pair are still made from some pair's scale: the rules must reject the
  // pair, not choke on the numbers.
  const pair = known ?? pairs.get('BTC_USDT')!
  const market = markets.get(pair.name)!
  const type = normalizeOrderType(pick(r.type, TYPES) ?? '')
  const draft: Record<string, string | undefined> = {
    pair: pairText,
    order_type: pick(r.type, TYPES),
    order_side: pick(r.side, SIDES),
    wallet_type: pick(r.wallet, WALLETS),
  }
  const uses = (field: string) =>
    r.strayFields ||
    (type === 'MARKET' && (field === 'base_amount' || field === 'quote_amount')) ||
    (type !== 'MARKET' && field !== 'quote_amount')
  if (uses('base_amount')) draft.base_amount = materializeNumber(r.base, pair, market, 'base')
  if (uses('quote_amount')) draft.quote_amount = materializeNumber(r.quote, pair, market, 'quote')
  if (uses('limit_price')) draft.limit_price = materializeNumber(r.limit, pair, market, 'price')
  if (type === 'STOP_LIMIT' || r.strayFields) {
    draft.stop_price = materializeNumber(r.stop, pair, market, 'price')
    draft.stop_operator = pick(r.operator, OPERATORS)
  }
  if (r.clientOrderId !== undefined) draft.client_order_id = r.clientOrderId
  for (const key of Object.keys(draft)) if (draft[key] === undefined) delete draft[key]
  // Missing required fields are part of the test: the IPC schema would refuse them, the rules must not throw.
  return draft as unknown as OrderDraft
}

// ---- The run ---------------------------------------------------------------------------------------

/**
 * A signed client for the master account on one keep-alive connection: node:http, because 10,000
 * orders through fetch take about four times as long. JWT and X-SIGN come from the demo exchange's
 * test kit (computed by hand, not by the terminal's client).
 */
class Wire {
  private readonly agent = new Agent({ keepAlive: true, maxSockets: 1 })
  private readonly url: URL

  private constructor(
    exchange: DemoExchange,
    private readonly token: string,
    private readonly secret: string,
  ) {
    this.url = new URL(exchange.baseUrl)
  }

  static async open(exchange: DemoExchange): Promise<Wire> {
    const account = exchange.accounts[0]!
    return new Wire(exchange, await login(exchange, account), account.apiSecret)
  }

  get(path: string): Promise<{ status: number; text: string; json: unknown }> {
    return this.send('GET', path, null)
  }

  order(body: Record<string, unknown>): Promise<{ status: number; text: string; json: unknown }> {
    return this.send('POST', '/trading/order', JSON.stringify(body))
  }

  cancel(body: Record<string, unknown>): Promise<{ status: number; text: string; json: unknown }> {
    return this.send('DELETE', '/trading/order', JSON.stringify(body))
  }

  close(): void {
    this.agent.destroy()
  }

  private send(method: string, path: string, body: string | null): Promise<{ status: number; text: string; json: unknown }> {
    const headers: Record<string, string | number> = { authorization: `Bearer ${this.token}` }
    if (body !== null) {
      headers['x-sign'] = hmacHex(this.secret, body)
      headers['content-type'] = 'application/json'
      headers['content-length'] = Buffer.byteLength(body)
    }
    return new Promise((resolve, reject) => {
      const req = request(
        { agent: this.agent, host: this.url.hostname, port: this.url.port, path: `${this.url.pathname}${path}`, method, headers, timeout: 5_000 },
        (res) => {
          const chunks: Buffer[] = []
          res.on('data', (chunk: Buffer) => chunks.push(chunk))
          res.on('end', () => {
            const text = Buffer.concat(chunks).toString('utf8')
            let json: unknown
            try {
              json = text === '' ? undefined : JSON.parse(text)
            } catch {
              json = undefined
            }
            resolve({ status: res.statusCode ?? 0, text, json })
          })
          res.on('error', reject)
        },
      )
      req.on('timeout', () => req.destroy(new Error(`${method} ${path}: no answer within 5 s`)))
      req.on('error', reject)
      req.end(body ?? undefined)
    })
  }
}

interface Tally {
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

async function fetchMarket(wire: Wire, pair: string): Promise<Market> {
  const ticker: Ticker = tickerSchema.parse((await wire.get(`/ticker?pair=${pair}`)).json)
  return {
    bid: ticker.buy === null ? null : new Decimal(ticker.buy),
    ask: ticker.sell === null ? null : new Decimal(ticker.sell),
    last: new Decimal(ticker.last ?? '1'),
  }
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

async function runBatch(recipes: Recipe[], seed: number, tally: Tally): Promise<void> {
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
        }
        else tally.disagreements.push({ draft, rules: [], exchange: { status: answer.status, body: answer.text } })
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
    for (const code of ['MISSING_FIELD', 'UNKNOWN_PAIR', 'INVALID_ORDER_TYPE', 'INVALID_ORDER_SIDE', 'INVALID_WALLET_TYPE', 'INVALID_QUANTITY', 'INVALID_PRICE', 'INVALID_STOP_OPERATOR', 'MIN_ORDER_VALUE']) {
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
