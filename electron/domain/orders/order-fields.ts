// The order form's fields one by one: present where the type and side need them, readable as numbers
// (order-text.ts), within the pair's places and limits. What the fields say together (value, funds,
// distance from the market) is checked in order-rules.ts.
import type { Decimal } from '../decimal'
import type { FieldIssue } from '../errors'
import { formatExact } from '../number-format'
import type { OrderContext, OrderDraft, OrderDraftField } from './orders'
import type { OrderSide, OrderType, Pair, StopOperator, WalletType } from '../wire/wire'
import { NUMBER_PROBLEM_TEXT, fieldsFor, isBlank, normalizeOrderType, normalizeSide, normalizeStopOperator, normalizeWalletType, placesText, readNumber } from './order-text'

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

export const CLIENT_ORDER_ID = /^[A-Za-z0-9._:-]{1,64}$/

export interface Checked {
  pair: Pair | null
  type: OrderType | null
  side: OrderSide | null
  wallet: WalletType | null
  stopOperator: StopOperator | null
  fields: readonly OrderDraftField[]
  /** Parsed value of each amount or price field that passed all its checks. */
  numbers: Partial<Record<'base_amount' | 'quote_amount' | 'limit_price' | 'stop_price', Decimal>>
}

export function issue(field: OrderDraftField, code: string, message: string): FieldIssue {
  return { field, code, message }
}

/**
 * Checks one amount or price field; at most one error, the most basic first: missing, malformed,
 * not positive, too many decimal places, outside the pair's size bounds.
 */
function checkNumberField(field: 'base_amount' | 'quote_amount' | 'limit_price' | 'stop_price', text: string | undefined, pair: Pair | null): { error: FieldIssue } | { value: Decimal } {
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

export function checkFields(draft: OrderDraft, ctx: OrderContext, errors: FieldIssue[]): Checked {
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
    errors.push(issue('client_order_id', 'INVALID_CLIENT_ORDER_ID', 'Use up to 64 letters, digits, dots, colons, dashes or underscores'))
  }

  return { pair, type, side, wallet, stopOperator, fields, numbers }
}

/** An amount with its currency, every place shown. */
export function money(amount: Decimal | string, currency: string, places: number): string {
  const figure = formatExact(amount, places)
  return currency === '' ? figure : `${figure} ${currency}`
}
