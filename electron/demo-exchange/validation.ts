// Order-request rules as the exchange enforces them (docs/exchange-api.md, "Orders": the rules and limits). Checks
// run in a fixed order so each mistake gets its own code deterministically:
// pair → order_type → order_side → wallet_type → amounts → prices → stop_operator; the engine then
// checks liquidity, the minimum value and funds. Fields that do not apply to the order type are ignored.
import { Decimal } from '../domain/decimal'
import { ORDER_SIDE_ALIASES, WALLET_TYPE_ALIASES } from '../domain/wire/wire'
import type { OrderRequest, OrderType } from './engine'
import type { PairInfo } from './reference'

export interface Rejection {
  code: string
  message: string
}

export type Parsed<T> = { ok: true; value: T } | ({ ok: false } & Rejection)

const DECIMAL_STRING = /^-?\d+(\.\d+)?$/
const ORDER_TYPES: ReadonlySet<string> = new Set(['MARKET', 'LIMIT', 'STOP_LIMIT'])

function reject(code: string, message: string): { ok: false } & Rejection {
  return { ok: false, code, message }
}

/** A decimal from a string ("0.5") or a JSON number (the official client sends numbers); null if neither. */
export function wireDecimal(value: unknown): Decimal | null {
  if (typeof value === 'number') return Number.isFinite(value) ? new Decimal(value) : null
  if (typeof value === 'string' && DECIMAL_STRING.test(value)) return new Decimal(value)
  return null
}

function present(body: Record<string, unknown>, field: string): boolean {
  return body[field] !== undefined && body[field] !== null && body[field] !== ''
}

function decimalField(body: Record<string, unknown>, field: string, code: 'INVALID_QUANTITY' | 'INVALID_PRICE', places: number): Parsed<Decimal> {
  const value = wireDecimal(body[field])
  if (value === null) return reject(code, `${field} must be a decimal number, got ${JSON.stringify(body[field])}.`)
  if (value.lte(0)) return reject(code, `${field} must be greater than zero.`)
  if (value.decimalPlaces() > places) return reject(code, `${field} has more than ${places} decimal places.`)
  return { ok: true, value }
}

function missing(field: string, why: string): { ok: false } & Rejection {
  return reject('MISSING_FIELD', `${field} is required${why}.`)
}

export function parseOrderRequest(body: Record<string, unknown>, pairs: ReadonlyMap<string, PairInfo>): Parsed<OrderRequest> {
  if (!present(body, 'pair')) return missing('pair', '')
  const pair = typeof body.pair === 'string' ? pairs.get(body.pair) : undefined
  if (!pair) return reject('UNKNOWN_PAIR', `Unknown pair ${JSON.stringify(body.pair)}.`)

  if (!present(body, 'order_type')) return missing('order_type', '')
  const typeText = typeof body.order_type === 'string' ? body.order_type.toUpperCase() : ''
  if (!ORDER_TYPES.has(typeText)) {
    return reject('INVALID_ORDER_TYPE', `order_type must be one of MARKET, LIMIT, STOP_LIMIT, got ${JSON.stringify(body.order_type)}.`)
  }
  const type = typeText as OrderType

  if (!present(body, 'order_side')) return missing('order_side', '')
  const side = typeof body.order_side === 'string' ? ORDER_SIDE_ALIASES[body.order_side.toUpperCase()] : undefined
  if (!side) return reject('INVALID_ORDER_SIDE', `order_side must be BUY or SELL (or BID/ASK), got ${JSON.stringify(body.order_side)}.`)

  if (!present(body, 'wallet_type')) return missing('wallet_type', '')
  const wallet = typeof body.wallet_type === 'string' ? WALLET_TYPE_ALIASES[body.wallet_type.toUpperCase()] : undefined
  if (!wallet) {
    return reject('INVALID_WALLET_TYPE', `wallet_type must be one of SPOT, CROSS_MARGIN, ISOLATED_MARGIN, P2P (or MARGIN_CROSS, MARGIN_ISOLATED, FUNDING), got ${JSON.stringify(body.wallet_type)}.`)
  }

  // ---- amounts: base_amount for everything except a market buy, which is sized by quote_amount
  let baseAmount: Decimal | null = null
  let quoteAmount: Decimal | null = null
  if (type === 'MARKET' && side === 'BUY') {
    if (!present(body, 'quote_amount')) return missing('quote_amount', ' for a MARKET BUY order')
    const q = decimalField(body, 'quote_amount', 'INVALID_QUANTITY', pair.pricePrecision)
    if (!q.ok) return q
    quoteAmount = q.value
  } else {
    if (!present(body, 'base_amount')) {
      return missing('base_amount', type === 'MARKET' ? ' for a MARKET SELL order' : ` for a ${type} order`)
    }
    const b = decimalField(body, 'base_amount', 'INVALID_QUANTITY', pair.amountPrecision)
    if (!b.ok) return b
    if (b.value.lt(pair.minSize)) {
      return reject('INVALID_QUANTITY', `base_amount ${b.value.toFixed()} is below the minimum order size ${pair.minSize.toFixed()} ${pair.base}.`)
    }
    if (b.value.gt(pair.maxSize)) {
      return reject('INVALID_QUANTITY', `base_amount ${b.value.toFixed()} is above the maximum order size ${pair.maxSize.toFixed()} ${pair.base}.`)
    }
    baseAmount = b.value
  }

  // ---- prices
  let limitPrice: Decimal | null = null
  let stopPrice: Decimal | null = null
  if (type !== 'MARKET') {
    if (!present(body, 'limit_price')) return missing('limit_price', ` for a ${type} order`)
    const l = decimalField(body, 'limit_price', 'INVALID_PRICE', pair.pricePrecision)
    if (!l.ok) return l
    limitPrice = l.value
  }
  if (type === 'STOP_LIMIT') {
    if (!present(body, 'stop_price')) return missing('stop_price', ' for a STOP_LIMIT order')
    const s = decimalField(body, 'stop_price', 'INVALID_PRICE', pair.pricePrecision)
    if (!s.ok) return s
    stopPrice = s.value
  }

  // ---- stop operator
  let stopOperator: 'GTE' | 'LTE' | null = null
  if (type === 'STOP_LIMIT') {
    if (!present(body, 'stop_operator')) return missing('stop_operator', ' for a STOP_LIMIT order')
    const op = typeof body.stop_operator === 'string' ? body.stop_operator.toUpperCase() : ''
    if (op !== 'GTE' && op !== 'LTE') {
      return reject('INVALID_STOP_OPERATOR', `stop_operator must be GTE or LTE, got ${JSON.stringify(body.stop_operator)}.`)
    }
    stopOperator = op
  }

  // client_order_id is free text; the official client sends "1" by default, some send numbers
  let clientOrderId: string | null = null
  const cid = body.client_order_id
  if (typeof cid === 'string' || typeof cid === 'number') clientOrderId = String(cid).slice(0, 128)

  return { ok: true, value: { pair, type, side, wallet, baseAmount, quoteAmount, limitPrice, stopPrice, stopOperator, clientOrderId } }
}
