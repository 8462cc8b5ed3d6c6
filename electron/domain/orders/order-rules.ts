// The order rules and limits of docs/exchange-api.md ("Orders"), as pure functions.
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
import { Decimal } from '../decimal'
import { TerminalError, type FieldIssue } from '../errors'
import { orderFee } from './fee-rules'
import { formatExact } from '../number-format'
import type { OrderCheck, OrderContext, OrderDraft, OrderDraftField } from './orders'
import type { Dec, PlaceOrderBody } from '../wire/wire'
import { normalizeOrderType, normalizeSide, readNumber } from './order-text'
import { CLIENT_ORDER_ID, checkFields, issue, money, type Checked } from './order-fields'

// Callers keep one import for the order rules.
export { fieldsFor, normalizeOrderType, normalizeSide, normalizeStopOperator, normalizeWalletType } from './order-text'
export { clientOrderIdFor, newClientOrderId } from './client-order-id'

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

  // Rule 3, the value floor: a market sell must be worth the pair's minimum
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
        warnings.push(issue(field, 'INSUFFICIENT_FUNDS', `Needs ${money(needed, quoteCode, quotePlaces)}; ${money(ctx.available.quote, quoteCode, quotePlaces)} available`))
      }
    } else if (base !== undefined && type !== null && base.gt(ctx.available.base)) {
      warnings.push(issue('base_amount', 'INSUFFICIENT_FUNDS', `Needs ${money(base, baseCode, basePlaces)}; ${money(ctx.available.base, baseCode, basePlaces)} available`))
    }
  }

  // A limit price far from the market is usually a typo (an extra digit, the wrong pair's price).
  if (type === 'LIMIT' && limit !== undefined && side !== null) {
    const reference = side === 'BUY' ? (ctx.bestAsk ?? ctx.bestBid) : (ctx.bestBid ?? ctx.bestAsk)
    if (reference !== null && reference.gt(0)) {
      const distance = limit.minus(reference).abs().div(reference)
      if (distance.gt(FAR_FROM_MARKET)) {
        const market = formatExact(reference, quotePlaces)
        // Tenfold off is an extra or a missing digit: said in words (a percentage of twenty digits,
        // as "1e23" gave, tells the trader nothing).
        let message: string
        if (limit.gte(reference.times(10))) message = `Price is over 10× the market (${market}): an extra digit?`
        else if (limit.lte(reference.div(10))) message = `Price is under a tenth of the market (${market}): a missing digit?`
        else message = `Price is ${distance.times(100).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toFixed()}% away from the market (${market})`
        warnings.push(issue('limit_price', 'PRICE_FAR_FROM_MARKET', message))
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
 * Every order rule and limit (docs/exchange-api.md, "Orders"), as field-level errors (blocking) and
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
export function presetAmount(percent: PresetPercent, draft: OrderDraft, ctx: OrderContext): { field: 'base_amount' | 'quote_amount'; value: Dec } | null {
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
