// Reading what a trader types into an order: sides, wallets, types and operators in their accepted
// spellings, the fields each type and side uses, and amount/price text under the rules in
// order-rules.ts's header. Pure; runs on every keystroke (precompiled regexes, no zod).
import { Decimal } from '../decimal'
import type { OrderDraftField } from './orders'
import { ORDER_SIDE_ALIASES, WALLET_TYPE_ALIASES } from '../wire/constants'
import type { OrderSide, OrderType, StopOperator, WalletType } from '../wire/wire'

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
// Order rules 1 and 2 (docs/exchange-api.md): a market buy spends a quote amount, a market sell sells a base amount.
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

export type NumberText = { ok: true; value: Decimal } | { ok: false; problem: 'malformed' | 'sign' | 'negative' | 'exponent' | 'comma' | 'too-long' }

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
export function readNumber(text: string): NumberText {
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

export const NUMBER_PROBLEM_TEXT: Record<Exclude<NumberText, { ok: true }>['problem'], string> = {
  malformed: 'Enter a number like 0.5',
  sign: 'Enter the number without a sign',
  negative: '', // replaced by the field's "must be greater than 0" sentence
  exponent: 'Write the number out in full, like 0.00001',
  comma: 'Use a dot as the decimal separator, with no thousands separator',
  'too-long': 'That number has too many digits',
}

export function isBlank(text: unknown): boolean {
  return typeof text !== 'string' || text.trim() === ''
}

export function placesText(places: number): string {
  if (places === 0) return 'Whole numbers only'
  return places === 1 ? 'At most 1 decimal place' : `At most ${places} decimal places`
}
