// The order rules of section 2.1 and the limits of section 8, as pure functions.
//
// One implementation serves the renderer's live form, the core's order desk (which re-validates
// against fresh pair data just before sending) and the CLI's `validate-order`, so a trader sees the
// same verdict everywhere. No I/O, no clock, no randomness of its own: whatever varies comes in as an
// argument. validateOrder runs on every keystroke, so it uses precompiled regexes and decimal.js only,
// never zod.
//
// Number text accepted for amounts and prices (decided here, tested in order-rules.test.ts):
// - digits with at most one dot: "1", "1.5", "0.5", ".5" and "1." (the form validates while the user
//   types, and "1." is a natural intermediate state); surrounding whitespace is ignored;
// - rejected: exponent notation ("1e5"), signs ("+1", "-1"), commas ("1,5", "1,000"), spaces or any
//   other character inside, and more than 40 significant digits (no real amount has that many;
//   leading zeros and trailing fractional zeros are not significant);
// - decimal places are counted on the canonical value, so "0.10" has 1 place: trailing zeros the
//   user typed never make an order invalid, and the body carries the canonical "0.1".
import { Decimal } from './decimal'
import { TerminalError, type FieldIssue } from './errors'
import { orderFee } from './fee-rules'
import { formatExact } from './number-format'
import type { OrderCheck, OrderContext, OrderDraft, OrderDraftField } from './orders'
import { ORDER_SIDE_ALIASES, WALLET_TYPE_ALIASES } from './constants'
import type { Dec, OrderSide, OrderType, Pair, PlaceOrderBody, StopOperator, WalletType } from './wire'

// ---- Normalisation ---------------------------------------------------------------------------------

/** Canonical side for BUY/SELL/BID/ASK in any case, surrounding spaces ignored; null otherwise. */
export function normalizeSide(text: string): OrderSide | null {
  if (typeof text !== 'string') return null
  return lookup(ORDER_SIDE_ALIASES, text)
}

/** Canonical wallet type, aliases included (MARGIN_CROSS, MARGIN_ISOLATED, FUNDING); null otherwise. */
export function normalizeWalletType(text: string): WalletType | null {
  if (typeof text !== 'string') return null
  return lookup(WALLET_TYPE_ALIASES, text)
}

const ORDER_TYPE_BY_TEXT: Record<string, OrderType> = { MARKET: 'MARKET', LIMIT: 'LIMIT', STOP_LIMIT: 'STOP_LIMIT' }
const STOP_OPERATOR_BY_TEXT: Record<string, StopOperator> = { GTE: 'GTE', LTE: 'LTE' }

/** Canonical order type (case-insensitive, trimmed); null when it is not MARKET, LIMIT or STOP_LIMIT. */
export function normalizeOrderType(text: string): OrderType | null {
  if (typeof text !== 'string') return null
  return lookup(ORDER_TYPE_BY_TEXT, text)
}

/** Canonical stop operator (GTE or LTE, case-insensitive, trimmed); null otherwise. */
export function normalizeStopOperator(text: string): StopOperator | null {
  if (typeof text !== 'string') return null
  return lookup(STOP_OPERATOR_BY_TEXT, text)
}

function lookup<T>(table: Record<string, T>, text: string): T | null {
  const key = text.trim().toUpperCase()
  // Own properties only: "constructor" or "__proto__" typed into a field must not match anything.
  return Object.prototype.hasOwnProperty.call(table, key) ? (table[key] ?? null) : null
}

// ---- Which fields a type and side use --------------------------------------------------------------

const LIMIT_FIELDS: readonly OrderDraftField[] = ['base_amount', 'limit_price']
const STOP_LIMIT_FIELDS: readonly OrderDraftField[] = ['base_amount', 'limit_price', 'stop_price', 'stop_operator']
// Rules 1 and 2 of section 2.1: a market buy spends a quote amount, a market sell sells a base amount.
const MARKET_BUY_FIELDS: readonly OrderDraftField[] = ['quote_amount']
const MARKET_SELL_FIELDS: readonly OrderDraftField[] = ['base_amount']

/**
 * The amount, price and stop fields the form shows (and the rules check and the body carries) for a
 * type and side, aliases accepted. Every field it lists is required; fields it does not list are
 * ignored. Empty for an unknown type, and for MARKET with an unknown side (the amount field depends
 * on the side, so the side's own error comes first).
 */
export function fieldsFor(orderType: string, side: string): OrderDraftField[] {
  const type = normalizeOrderType(orderType)
  if (type === 'LIMIT') return [...LIMIT_FIELDS]
  if (type === 'STOP_LIMIT') return [...STOP_LIMIT_FIELDS]
  if (type === 'MARKET') {
    const canonicalSide = normalizeSide(side)
    if (canonicalSide === 'BUY') return [...MARKET_BUY_FIELDS]
    if (canonicalSide === 'SELL') return [...MARKET_SELL_FIELDS]
  }
  return []
}

// ---- Number text -----------------------------------------------------------------------------------

const PLAIN_DECIMAL = /^(\d+\.?\d*|\.\d+)$/
const SIGNED_DECIMAL = /^[+-](\d+\.?\d*|\.\d+)$/
const EXPONENT_DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)[eE][+-]?\d+$/
const COMMA_DECIMAL = /^[\d.,]*,[\d.,]*$/
const MAX_DIGITS = 40

type NumberText =
  | { ok: true; value: Decimal }
  | { ok: false; problem: 'malformed' | 'sign' | 'negative' | 'exponent' | 'comma' | 'too-long' }

/**
 * Digits that carry the value: leading zeros of the integer part and trailing zeros of the fraction
 * do not count, so "000…01" and "1.000…0" are the 1 they mean, as the exchange reads them (found by
 * order-rules.agreement.test.ts: the length of the text used to count, rejecting orders the exchange takes).
 */
function significantDigits(plain: string): number {
  // Plain loops, not /0+$/: that regex is quadratic on a long run of zeros, and this runs per keystroke.
  const dot = plain.indexOf('.')
  const wholeEnd = dot < 0 ? plain.length : dot
  let start = 0
  while (start < wholeEnd && plain[start] === '0') start += 1
  let end = plain.length
  if (dot >= 0) while (end > dot + 1 && plain[end - 1] === '0') end -= 1
  return wholeEnd - start + (dot < 0 ? 0 : end - dot - 1)
}

/** Reads amount or price text under the rules in this file's header. */
function readNumber(text: string): NumberText {
  const trimmed = text.trim()
  if (PLAIN_DECIMAL.test(trimmed)) {
    if (significantDigits(trimmed) > MAX_DIGITS) return { ok: false, problem: 'too-long' }
    return { ok: true, value: new Decimal(trimmed) }
  }
  if (SIGNED_DECIMAL.test(trimmed)) return { ok: false, problem: trimmed.startsWith('-') ? 'negative' : 'sign' }
  if (EXPONENT_DECIMAL.test(trimmed)) return { ok: false, problem: 'exponent' }
  if (COMMA_DECIMAL.test(trimmed)) return { ok: false, problem: 'comma' }
  return { ok: false, problem: 'malformed' }
}

const NUMBER_PROBLEM_TEXT: Record<Exclude<NumberText, { ok: true }>['problem'], string> = {
  malformed: 'Enter a number like 0.5',
  sign: 'Enter the number without a sign',
  negative: '', // replaced by the field's "must be greater than 0" sentence
  exponent: 'Write the number out in full, like 0.00001',
  comma: 'Use a dot as the decimal separator, with no thousands separator',
  'too-long': 'That number has too many digits',
}

function isBlank(text: unknown): boolean {
  return typeof text !== 'string' || text.trim() === ''
}

function placesText(places: number): string {
  if (places === 0) return 'Whole numbers only'
  return places === 1 ? 'At most 1 decimal place' : `At most ${places} decimal places`
}

// ---- Field checks ----------------------------------------------------------------------------------

const MISSING_TEXT: Record<OrderDraftField, string> = {
  pair: 'Choose a pair',
  order_type: 'Choose an order type',
  order_side: 'Choose buy or sell',
  wallet_type: 'Choose a wallet',
  base_amount: 'Enter an amount',
  quote_amount: 'Enter the amount to spend',
  limit_price: 'Enter a price',
  stop_price: 'Enter a stop price',
  stop_operator: 'Choose when the stop triggers (GTE or LTE)',
  client_order_id: 'Enter a client order id',
}

const CLIENT_ORDER_ID = /^[A-Za-z0-9._:-]{1,64}$/

interface Checked {
  pair: Pair | null
  type: OrderType | null
  side: OrderSide | null
  wallet: WalletType | null
  stopOperator: StopOperator | null
  fields: readonly OrderDraftField[]
  /** Parsed value of each amount or price field that passed all its checks. */
  numbers: Partial<Record<'base_amount' | 'quote_amount' | 'limit_price' | 'stop_price', Decimal>>
}

function issue(field: OrderDraftField, code: string, message: string): FieldIssue {
  return { field, code, message }
}

/**
 * Checks one amount or price field; at most one error, the most basic first: missing, malformed,
 * not positive, too many decimal places, outside the pair's size bounds.
 */
function checkNumberField(
  field: 'base_amount' | 'quote_amount' | 'limit_price' | 'stop_price',
  text: string | undefined,
  pair: Pair | null,
): { error: FieldIssue } | { value: Decimal } {
  if (isBlank(text)) return { error: issue(field, 'MISSING_FIELD', MISSING_TEXT[field]) }
  const isPrice = field === 'limit_price' || field === 'stop_price'
  const code = isPrice ? 'INVALID_PRICE' : 'INVALID_QUANTITY'
  const noun = isPrice ? 'Price' : 'Amount'
  const read = readNumber(text as string)
  if (!read.ok) {
    const message = read.problem === 'negative' ? `${noun} must be greater than 0` : NUMBER_PROBLEM_TEXT[read.problem]
    return { error: issue(field, code, message) }
  }
  const value = read.value
  if (value.lte(0)) return { error: issue(field, code, `${noun} must be greater than 0`) }
  if (pair === null) return { value } // precision and bounds are the pair's: checked once it is known
  // A quote amount is money in the quote currency, written with the price's precision.
  const places = field === 'base_amount' ? pair.amount_precision : pair.price_precision
  if (value.decimalPlaces() > places) return { error: issue(field, code, placesText(places)) }
  if (field === 'base_amount') {
    if (value.lt(pair.minimum_order_size)) {
      return { error: issue(field, code, `Amount must be at least ${money(pair.minimum_order_size, pair.currency1, 0)}`) }
    }
    if (value.gt(pair.maximum_order_size)) {
      return { error: issue(field, code, `Amount must be at most ${money(pair.maximum_order_size, pair.currency1, 0)}`) }
    }
  }
  return { value }
}

function checkFields(draft: OrderDraft, ctx: OrderContext, errors: FieldIssue[]): Checked {
  const d = (draft ?? {}) as Partial<Record<OrderDraftField, unknown>>
  const text = (field: OrderDraftField): string | undefined => {
    const value = d[field]
    return typeof value === 'string' ? value : undefined
  }

  let pair: Pair | null = null
  const pairText = text('pair')
  if (isBlank(pairText)) errors.push(issue('pair', 'MISSING_FIELD', MISSING_TEXT.pair))
  else if (ctx.pair === null || ctx.pair.name.toUpperCase() !== (pairText as string).trim().toUpperCase()) {
    errors.push(issue('pair', 'UNKNOWN_PAIR', `Unknown pair ${(pairText as string).trim()}`))
  } else pair = ctx.pair

  const typeText = text('order_type')
  const type = typeText === undefined ? null : normalizeOrderType(typeText)
  if (isBlank(typeText)) errors.push(issue('order_type', 'MISSING_FIELD', MISSING_TEXT.order_type))
  else if (type === null) errors.push(issue('order_type', 'INVALID_ORDER_TYPE', 'Order type must be MARKET, LIMIT or STOP_LIMIT'))

  const sideText = text('order_side')
  const side = sideText === undefined ? null : normalizeSide(sideText)
  if (isBlank(sideText)) errors.push(issue('order_side', 'MISSING_FIELD', MISSING_TEXT.order_side))
  else if (side === null) errors.push(issue('order_side', 'INVALID_ORDER_SIDE', 'Side must be BUY or SELL'))

  const walletText = text('wallet_type')
  const wallet = walletText === undefined ? null : normalizeWalletType(walletText)
  if (isBlank(walletText)) errors.push(issue('wallet_type', 'MISSING_FIELD', MISSING_TEXT.wallet_type))
  else if (wallet === null) {
    errors.push(issue('wallet_type', 'INVALID_WALLET_TYPE', 'Wallet must be SPOT, CROSS_MARGIN, ISOLATED_MARGIN or P2P'))
  }

  const fields = type === null ? [] : fieldsFor(type, side ?? '')
  const numbers: Checked['numbers'] = {}
  let stopOperator: StopOperator | null = null
  for (const field of fields) {
    if (field === 'stop_operator') {
      const operatorText = text('stop_operator')
      stopOperator = operatorText === undefined ? null : normalizeStopOperator(operatorText)
      if (isBlank(operatorText)) errors.push(issue(field, 'MISSING_FIELD', MISSING_TEXT.stop_operator))
      else if (stopOperator === null) errors.push(issue(field, 'INVALID_STOP_OPERATOR', 'Stop operator must be GTE or LTE'))
      continue
    }
    if (field === 'base_amount' || field === 'quote_amount' || field === 'limit_price' || field === 'stop_price') {
      const result = checkNumberField(field, text(field), pair)
      if ('error' in result) errors.push(result.error)
      else numbers[field] = result.value
    }
  }

  // Optional; blank means "let the terminal choose one".
  const clientOrderId = text('client_order_id')
  if (!isBlank(clientOrderId) && !CLIENT_ORDER_ID.test((clientOrderId as string).trim())) {
    errors.push(
      issue('client_order_id', 'INVALID_CLIENT_ORDER_ID', 'Use up to 64 letters, digits, dots, colons, dashes or underscores'),
    )
  }

  return { pair, type, side, wallet, stopOperator, fields, numbers }
}

// ---- Cross-field checks, warnings and estimates ----------------------------------------------------

/** The market and account facts of an OrderContext as decimals; a fact that is not a number is unknown. */
interface Facts {
  bestBid: Decimal | null
  bestAsk: Decimal | null
  available: { base: Decimal; quote: Decimal } | null
  takerRate: Decimal | null
  feeCurrency: string | null
}

function safeDecimal(text: unknown): Decimal | null {
  if (typeof text !== 'string' && typeof text !== 'number') return null
  try {
    const value = new Decimal(text)
    return value.isFinite() ? value : null
  } catch {
    return null
  }
}

// The context comes from other sources (ticker, order book, balances) than the draft; a bad value
// there must make a check skip, never make validateOrder throw.
function readFacts(ctx: OrderContext): Facts {
  const base = ctx.available === null ? null : safeDecimal(ctx.available.base)
  const quote = ctx.available === null ? null : safeDecimal(ctx.available.quote)
  return {
    bestBid: ctx.bestBid === null ? null : safeDecimal(ctx.bestBid),
    bestAsk: ctx.bestAsk === null ? null : safeDecimal(ctx.bestAsk),
    available: base !== null && quote !== null ? { base, quote } : null,
    takerRate: ctx.fee === null ? null : safeDecimal(ctx.fee.takerRate),
    feeCurrency: ctx.fee?.currency ?? null,
  }
}

/** How far (as a fraction) a limit price may stray from the market before the form warns. */
const FAR_FROM_MARKET = new Decimal('0.1')

function crossChecks(checked: Checked, ctx: Facts, errors: FieldIssue[], warnings: FieldIssue[]): void {
  const { pair, type, side, numbers } = checked
  const base = numbers.base_amount
  const quote = numbers.quote_amount
  const limit = numbers.limit_price
  const stop = numbers.stop_price
  const baseCode = pair?.currency1 ?? ''
  const quoteCode = pair?.currency2 ?? ''
  // Places of money in the base and the quote currency (prices and quote amounts share the latter).
  const basePlaces = pair?.amount_precision ?? 0
  const quotePlaces = pair?.price_precision ?? 0

  // Rule 3 of 2.1 and the value floor of section 8: a market sell must be worth the pair's minimum
  // value at the best bid. Without a best bid it cannot be known here; the exchange still checks it.
  if (type === 'MARKET' && side === 'SELL' && base !== undefined && pair !== null) {
    if (ctx.bestBid === null) {
      warnings.push(issue('base_amount', 'MIN_VALUE_UNCHECKED', 'No best bid yet: the minimum order value could not be checked'))
    } else {
      const value = base.times(ctx.bestBid)
      if (value.lt(pair.minimum_order_value)) {
        errors.push(
          issue(
            'base_amount',
            'MIN_ORDER_VALUE',
            `Worth ${money(value, quoteCode, pair.price_precision)} at the best bid; the minimum is ${money(pair.minimum_order_value, quoteCode, pair.price_precision)}`,
          ),
        )
      }
    }
  }

  // Insufficient funds is a warning, not an error: the balance shown may lag the exchange's.
  if (ctx.available !== null && side !== null) {
    if (side === 'BUY') {
      let needed: Decimal | null = null
      let field: OrderDraftField = 'base_amount'
      if (type === 'MARKET' && quote !== undefined) {
        needed = quote
        field = 'quote_amount'
      } else if ((type === 'LIMIT' || type === 'STOP_LIMIT') && base !== undefined && limit !== undefined) {
        needed = base.times(limit)
      }
      if (needed !== null && needed.gt(ctx.available.quote)) {
        warnings.push(
          issue(field, 'INSUFFICIENT_FUNDS', `Needs ${money(needed, quoteCode, quotePlaces)}; ${money(ctx.available.quote, quoteCode, quotePlaces)} available`),
        )
      }
    } else if (base !== undefined && type !== null && base.gt(ctx.available.base)) {
      warnings.push(
        issue('base_amount', 'INSUFFICIENT_FUNDS', `Needs ${money(base, baseCode, basePlaces)}; ${money(ctx.available.base, baseCode, basePlaces)} available`),
      )
    }
  }

  // A limit price far from the market is usually a typo (an extra digit, the wrong pair's price).
  if (type === 'LIMIT' && limit !== undefined && side !== null) {
    const reference = side === 'BUY' ? (ctx.bestAsk ?? ctx.bestBid) : (ctx.bestBid ?? ctx.bestAsk)
    if (reference !== null && reference.gt(0)) {
      const distance = limit.minus(reference).abs().div(reference)
      if (distance.gt(FAR_FROM_MARKET)) {
        const percent = distance.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed()
        warnings.push(issue('limit_price', 'PRICE_FAR_FROM_MARKET', `Price is ${percent}% away from the market (${formatExact(reference, quotePlaces)})`))
      }
    }
  }

  // A stop that the market has already passed triggers at once: probably not what the trader meant.
  if (type === 'STOP_LIMIT' && stop !== undefined && checked.stopOperator !== null) {
    const market = marketPrice(ctx)
    if (market !== null) {
      const reached = checked.stopOperator === 'GTE' ? market.gte(stop) : market.lte(stop)
      if (reached) {
        warnings.push(issue('stop_price', 'STOP_ALREADY_REACHED', `The market (${formatExact(market, quotePlaces)}) has already reached this stop; it would trigger at once`))
      }
    }
  }
}

/**
 * "1,234.50 USDT", or just the figure when the currency is not known: every digit of the amount, at
 * least the currency's places, grouped as the window groups it (number-format.ts).
 */
function money(amount: Decimal | string, currency: string, places: number): string {
  const figure = formatExact(amount, places)
  return currency === '' ? figure : `${figure} ${currency}`
}

/** Mid of best bid and ask, or whichever is known. */
function marketPrice(ctx: Facts): Decimal | null {
  if (ctx.bestBid !== null && ctx.bestAsk !== null) return ctx.bestBid.plus(ctx.bestAsk).div(2)
  return ctx.bestBid ?? ctx.bestAsk
}

function estimate(checked: Checked, ctx: Facts): OrderCheck['estimate'] {
  const { pair, type, side, numbers } = checked
  let value: Decimal | null = null
  if ((type === 'LIMIT' || type === 'STOP_LIMIT') && numbers.base_amount !== undefined && numbers.limit_price !== undefined) {
    value = numbers.base_amount.times(numbers.limit_price)
  } else if (type === 'MARKET' && side === 'BUY' && numbers.quote_amount !== undefined) {
    value = numbers.quote_amount
  } else if (type === 'MARKET' && side === 'SELL' && numbers.base_amount !== undefined && ctx.bestBid !== null) {
    value = numbers.base_amount.times(ctx.bestBid)
  }
  // The base amount the order trades: typed, or for a market buy by quote amount the quote at the
  // best ask (an estimate, as the fill price is).
  let base: Decimal | null = numbers.base_amount ?? null
  if (type === 'MARKET' && side === 'BUY') base = numbers.quote_amount !== undefined && ctx.bestAsk !== null && ctx.bestAsk.gt(0) ? numbers.quote_amount.div(ctx.bestAsk) : null
  const { fee, feeCurrency } = orderFee({ side, pair, base, value, takerRate: ctx.takerRate, ruleCurrency: ctx.feeCurrency })
  return { value: value === null ? null : value.toFixed(), fee, feeCurrency }
}

// ---- Public entry points ---------------------------------------------------------------------------

/**
 * Every rule of section 2.1 and every limit of section 8, as field-level errors (blocking) and
 * warnings (shown). Never throws, whatever the draft holds. Fields the type does not use are ignored.
 */
export function validateOrder(draft: OrderDraft, ctx: OrderContext): OrderCheck {
  const errors: FieldIssue[] = []
  const warnings: FieldIssue[] = []
  const checked = checkFields(draft, ctx, errors)
  const facts = readFacts(ctx)
  crossChecks(checked, facts, errors, warnings)
  return { errors, warnings, estimate: estimate(checked, facts) }
}

/**
 * The exact body of POST /trading/order: canonical decimal strings, aliases normalised, only the
 * fields the type needs, keys in a fixed order. Throws TerminalError (kind 'validation', the field
 * errors in `issues`) when the draft has an error, so an invalid order can never be serialised.
 */
export function buildOrderBody(draft: OrderDraft, ctx: OrderContext, clientOrderId: string): PlaceOrderBody {
  const check = validateOrder(draft, ctx)
  const errors = [...check.errors]
  if (typeof clientOrderId !== 'string' || !CLIENT_ORDER_ID.test(clientOrderId)) {
    errors.push(issue('client_order_id', 'INVALID_CLIENT_ORDER_ID', 'Use up to 64 letters, digits, dots, colons, dashes or underscores'))
  }
  const first = errors[0]
  if (first !== undefined) {
    const more = errors.length > 1 ? ` (and ${errors.length - 1} more)` : ''
    throw new TerminalError({
      kind: 'validation',
      code: 'INVALID_ORDER',
      message: `The order is not valid: ${first.message}${more}`,
      field: first.field,
      issues: errors,
    })
  }
  // Re-reading is cheap and keeps validateOrder's result free of internal state.
  const checked = checkFields(draft, ctx, [])
  const { pair, type, side, wallet, numbers, stopOperator } = checked
  if (pair === null || type === null || side === null || wallet === null) {
    throw new TerminalError({ kind: 'internal', code: 'INTERNAL', message: 'Order rules accepted an incomplete draft' })
  }
  // Spreads keep the fixed key order of the body: pair, order_type, order_side, wallet_type, the
  // amounts and prices, stop_operator, client_order_id.
  const body: PlaceOrderBody = {
    pair: pair.name,
    order_type: type,
    order_side: side,
    wallet_type: wallet,
    ...(numbers.base_amount !== undefined ? { base_amount: numbers.base_amount.toFixed() } : {}),
    ...(numbers.quote_amount !== undefined ? { quote_amount: numbers.quote_amount.toFixed() } : {}),
    ...(numbers.limit_price !== undefined ? { limit_price: numbers.limit_price.toFixed() } : {}),
    ...(numbers.stop_price !== undefined ? { stop_price: numbers.stop_price.toFixed() } : {}),
    ...(stopOperator !== null ? { stop_operator: stopOperator } : {}),
    client_order_id: clientOrderId,
  }
  return body
}

export type PresetPercent = 25 | 50 | 75 | 100

/**
 * The amount for a "25 / 50 / 75 / 100 %" button: that fraction of the available balance, rounded
 * down so the order never asks for more than is there. A limit or stop-limit buy turns the quote
 * balance into a base amount at the limit price; a market buy spends a quote amount; a sell sells
 * base. Null when the facts it needs (pair, balance, side, type, a valid limit price) are unknown.
 * No room is left for fees: how a fee is charged is the exchange's business, and the insufficient-
 * funds warning covers the rest.
 */
export function presetAmount(
  percent: PresetPercent,
  draft: OrderDraft,
  ctx: OrderContext,
): { field: 'base_amount' | 'quote_amount'; value: Dec } | null {
  const pair = ctx.pair
  const available = readFacts(ctx).available
  if (pair === null || available === null) return null
  if (percent !== 25 && percent !== 50 && percent !== 75 && percent !== 100) return null
  const type = normalizeOrderType(draft.order_type)
  const side = normalizeSide(draft.order_side)
  if (type === null || side === null) return null
  const fraction = new Decimal(percent).div(100)
  const share = (balance: Decimal): Decimal => Decimal.max(balance, 0).times(fraction)

  if (side === 'SELL') {
    return { field: 'base_amount', value: floorTo(share(available.base), pair.amount_precision) }
  }
  if (type === 'MARKET') {
    return { field: 'quote_amount', value: floorTo(share(available.quote), pair.price_precision) }
  }
  const priceText = draft.limit_price
  if (typeof priceText !== 'string') return null
  const price = readNumber(priceText)
  if (!price.ok || price.value.lte(0)) return null
  return { field: 'base_amount', value: floorTo(share(available.quote).div(price.value), pair.amount_precision) }
}

function floorTo(value: Decimal, places: number): Dec {
  return value.toDecimalPlaces(places, Decimal.ROUND_DOWN).toFixed()
}

const ID_ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'
const ID_RANDOM_CHARS = 16

/**
 * A fresh client_order_id: "tt-" and 16 base-36 characters (about 82 bits) from `random`, which
 * behaves like Math.random (a number in [0, 1)). No time in it, so two terminals never collide by
 * clock, and tests can pass a seeded source. 19 characters: within any exchange's limit we know of.
 */
export function newClientOrderId(random: () => number): string {
  let id = 'tt-'
  for (let i = 0; i < ID_RANDOM_CHARS; i += 1) {
    const r = random()
    // A source that strays outside [0, 1) must not produce undefined characters.
    const index = Number.isFinite(r) ? Math.min(ID_ALPHABET.length - 1, Math.max(0, Math.floor(r * ID_ALPHABET.length))) : 0
    id += ID_ALPHABET[index]
  }
  return id
}

/**
 * The client_order_id to send for a draft: the one the user chose (trimmed), or a fresh one. The
 * order desk and the CLI both use this, so `--client-order-id` and the form's field mean the same.
 */
export function clientOrderIdFor(draft: OrderDraft, random: () => number): string {
  const chosen = typeof draft.client_order_id === 'string' ? draft.client_order_id.trim() : ''
  return chosen === '' ? newClientOrderId(random) : chosen
}
