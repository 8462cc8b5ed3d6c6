// The random drafts of the order-rules agreement test, biased toward the edges as the header of
// order-rules-agreement.test.ts says: fast-check makes recipes, and materialize turns one into a draft.
import fc from 'fast-check'
import { Decimal } from '../../../domain/decimal'
import { normalizeOrderType } from '../../../domain/orders/order-rules'
import type { OrderDraft } from '../../../domain/orders/orders'
import type { Pair } from '../../../domain/wire/wire'
import type { Market } from './order-rules-agreement.wire.test-util'

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

export interface Recipe {
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

export const recipe: fc.Arbitrary<Recipe> = fc
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
  return {
    ...r,
    pair: choice(r.pair),
    type: choice(r.type),
    side: choice(r.side),
    wallet: choice(r.wallet),
    operator: choice(r.operator),
    base: number(r.base),
    quote: number(r.quote),
    limit: number(r.limit),
    stop: number(r.stop),
  }
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
export function isCanonical(r: Recipe): boolean {
  const choices = [r.pair, r.type, r.side, r.wallet, r.operator]
  const numbers = [r.base, r.quote, r.limit, r.stop]
  return choices.every((c) => c.kind === 'text' || c.casing === 'upper') && numbers.every((n) => !('format' in n) || n.format === 'canonical')
}

export function materialize(r: Recipe, pairs: ReadonlyMap<string, Pair>, markets: ReadonlyMap<string, Market>): OrderDraft {
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
  const uses = (field: string) => r.strayFields || (type === 'MARKET' && (field === 'base_amount' || field === 'quote_amount')) || (type !== 'MARKET' && field !== 'quote_amount')
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
