// Zod schemas of the exchange's wire format (docs/exchange-api.md).
//
// These schemas are also the terminal's models: each parses a server answer into the record the rest
// of the code uses. They are lenient on extra fields (the real exchange sends more than the spec names)
// and strict on the fields the specification names. The client reads answers losslessly
// (wire-json.ts): a number that is not an exact integer reaches these schemas as the
// decimal text the server wrote. Money fields leave the schema as decimal strings with every digit
// kept, so no price or amount is ever rounded or computed in binary floating point. Candle values and
// times become numbers: they are only drawn or compared, never computed with.
import { z } from 'zod'
import { decimalFromWire } from '../decimal'
import { CANDLE_INTERVALS, canonicalStatus, type OrderSide, type OrderType, type StopOperator, type WalletType } from './constants'

export {
  CANDLE_INTERVALS,
  INTERVAL_SECONDS,
  CANDLES_MAX_LIMIT,
  ORDER_STATUSES,
  LIVE_ORDER_STATUSES,
  ORDER_TYPES,
  ORDER_SIDES,
  ORDER_SIDE_ALIASES,
  WALLET_TYPES,
  WALLET_TYPE_ALIASES,
  STOP_OPERATORS,
} from './constants'
export type { CandleInterval, OrderType, OrderSide, WalletType, StopOperator } from './constants'

/** A decimal string such as "0.00012" (never exponent notation). */
export type Dec = string

/** A money field: accepts a JSON number or a decimal string, yields a plain decimal string. */
export const money = z.union([z.number(), z.string()]).transform((value, ctx) => {
  const text = decimalFromWire(value)
  if (text === null) {
    ctx.addIssue({ code: 'custom', message: `not a decimal number: ${String(value)}` })
    return z.NEVER
  }
  return text
})

const nullableMoney = money.nullable()

/**
 * A price where there may be none. The real exchange's models require a number (REST) or text (the
 * feed) even where an order or a book side has no price, so a server writes 0 there; no real price is
 * 0 (the specification wants prices above 0), so 0 and null both mean "no price".
 */
export const isZeroDecimal = (text: string): boolean => /^[+-]?0*(\.0*)?$/.test(text) && /\d/.test(text)
export const priceOrNone = nullableMoney.transform((value): Dec | null => (value === null || isZeroDecimal(value) ? null : value))

const NUMBER_TEXT = /^-?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/

/**
 * A value only drawn or compared (candle prices, times): a JSON number or its exact decimal text.
 * One transform, not a regex check, a pipe and a refine: a chart's answer holds thousands of them,
 * and the first start reads them before its first paint.
 */
export const drawnNumber = z.union([z.number(), z.string()]).transform((value, ctx) => {
  if (typeof value === 'string' && !NUMBER_TEXT.test(value)) {
    ctx.addIssue({ code: 'custom', message: 'not a number', input: value })
    return z.NEVER
  }
  const number = Number(value)
  if (!Number.isFinite(number)) {
    ctx.addIssue({ code: 'custom', message: 'not a finite number', input: value })
    return z.NEVER
  }
  return number
})
const optionalId = z.number().int().optional()

export const currencySchema = z.looseObject({
  short_name: z.string().min(1),
  sign: z.string(),
  id: optionalId,
})
export type Currency = z.output<typeof currencySchema>

export const pairSchema = z.looseObject({
  name: z.string().regex(/^[A-Z0-9]+_[A-Z0-9]+$/),
  currency1: z.string().min(1),
  currency2: z.string().min(1),
  price_precision: z.number().int().min(0).max(18),
  amount_precision: z.number().int().min(0).max(18),
  minimum_order_size: money,
  maximum_order_size: money,
  minimum_order_value: money,
  id: optionalId,
})
export type Pair = z.output<typeof pairSchema>

export const candleIntervalSchema = z.enum(CANDLE_INTERVALS)

export const candleSchema = z.looseObject({
  time: z.number().int(),
  open: drawnNumber,
  close: drawnNumber,
  low: drawnNumber,
  high: drawnNumber,
  volume: drawnNumber,
  quoteVolume: drawnNumber.optional(),
  tradesCount: z.number().int().optional(),
  takerBuyBaseVolume: drawnNumber.optional(),
  takerBuyQuoteVolume: drawnNumber.optional(),
})
export type Candle = z.output<typeof candleSchema>

export const tradeSchema = z.looseObject({
  id: z.number().int(),
  price: money,
  amount: money,
  timestamp: drawnNumber,
  pair: z.string(),
  type: z.string(),
})
export type Trade = z.output<typeof tradeSchema>

export const accountSchema = z.looseObject({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
  parent_id: z.number().int().nullable().optional(),
})
export type Account = z.output<typeof accountSchema>

export const balanceSchema = z.looseObject({
  balance: money,
  reserve: money,
  currency: z.string(),
  wallet_type: z.string(),
  last_update_at: z.string(),
  account_id: z.number().int(),
})
export type Balance = z.output<typeof balanceSchema>

const isoOrNull = z.string().nullable()
export const feeRuleSchema = z.looseObject({
  account_id: z.number().int(),
  // [valid_from, valid_to]; either bound may be null (open). The whole field null means unbounded.
  active_once: z.tuple([isoOrNull, isoOrNull]).nullable(),
  taker_fee_rate: money,
  maker_fee_rate: money,
  fee_currency: z.string().nullable(),
  priority: z.number().int(),
  currency: z.number().int().nullable(),
  pair: z.number().int().nullable(),
  is_active: z.boolean(),
})
export type FeeRule = z.output<typeof feeRuleSchema>

export const serverTimeSchema = z.looseObject({ serverTime: drawnNumber })

export const tickerSchema = z.looseObject({
  pair: z.string(),
  last: nullableMoney,
  open: nullableMoney.optional(),
  vol: nullableMoney.optional(),
  buy: priceOrNone, // best bid
  sell: priceOrNone, // best ask
  high: nullableMoney.optional(),
  low: nullableMoney.optional(),
  diff: nullableMoney.optional(),
  diff_percent: nullableMoney.optional(),
  price_precision: z.number().int().optional(),
  amount_precision: z.number().int().optional(),
  timestamp: drawnNumber.optional(),
})
export type Ticker = z.output<typeof tickerSchema>

const bookLevelSchema = z.looseObject({ amount: money, price: money })
export const orderBookSchema = z.looseObject({
  buy: z.array(bookLevelSchema),
  sell: z.array(bookLevelSchema),
})
export type OrderBook = z.output<typeof orderBookSchema>

const nullableString = z.string().nullable().optional()
export const orderRecordSchema = z.looseObject({
  id: z.number().int(),
  account_id: z.number().int().optional(),
  pair: z.string(),
  amount: money,
  /** The limit price; null for a market order (which the real exchange writes as 0). */
  price: priceOrNone.optional(),
  side: z.string(), // BID / ASK on the wire
  status: z.string().transform(canonicalStatus),
  type: z.string(),
  wallet_type: z.string().optional(),
  amount_canceled: nullableMoney.optional(),
  amount_filled: nullableMoney.optional(),
  date: z.union([z.string(), z.number()]).nullable().optional(),
  open_at: z.union([z.string(), z.number()]).nullable().optional(),
  tif: nullableString,
  updated_at: z.union([z.string(), z.number()]).nullable().optional(),
  done_at: z.union([z.string(), z.number()]).nullable().optional(),
  expire_after: z.union([z.string(), z.number()]).nullable().optional(),
  stop_price: priceOrNone.optional(),
  client_order_id: nullableString,
})
export type OrderRecord = z.output<typeof orderRecordSchema>

/**
 * One of the account's own fills (GET /accounts/trades). The official client's model has no side, no
 * order id and no trade id, and its `type` is the order's type (MARKET, LIMIT, ...); a server may still
 * send a side (BID / ASK) or, as older servers did, `type` buy / sell. Where neither says the side, the
 * terminal finds it (fill-sides.ts).
 */
export const fillRecordSchema = z.looseObject({
  id: z.number().int().optional(),
  order_id: z.number().int().optional(),
  account_id: z.number().int().optional(),
  pair: z.string(),
  amount: money,
  amount_unfilled: nullableMoney.optional(),
  price: money,
  currency: nullableString,
  side: z.string().optional(),
  type: z.string().optional(),
  status: z.string().transform(canonicalStatus).optional(),
  date: z.union([z.string(), z.number()]).nullable().optional(),
  fee_amount: nullableMoney.optional(),
  fee_currency: nullableString,
  fee_rate: nullableMoney.optional(),
  is_maker: z.boolean().nullable().optional(),
  wallet_type: nullableString,
})
export type FillRecord = z.output<typeof fillRecordSchema>

/** One movement of a wallet (GET /accounts/activity): what a trade or its fee did to a balance. */
export const walletMotionSchema = z.looseObject({
  id: z.number().int().optional(),
  account_id: z.number().int().optional(),
  wallet_id: z.number().int().optional(),
  type: z.string().nullable().optional(),
  balance: nullableMoney.optional(),
  balance_delta: money,
  balance_end: nullableMoney.optional(),
  reserve: nullableMoney.optional(),
  reserve_delta: nullableMoney.optional(),
  reserve_end: nullableMoney.optional(),
  currency: z.string(),
  wallet_type: nullableString,
  date: z.union([z.string(), z.number()]),
})
export type WalletMotion = z.output<typeof walletMotionSchema>

/** POST /trading/order answers with the integer ids of the created orders. */
export const placeOrderResponseSchema = z.array(z.number().int())

/** DELETE /trading/order by ids maps each id to a status string. */
export const cancelByIdsResponseSchema = z.record(z.string(), z.string())

export const errorBodySchema = z.looseObject({
  code: z.union([z.string(), z.number()]).transform(String),
  message: z.string(),
})
export type ErrorBody = z.output<typeof errorBodySchema>

export const currenciesResponseSchema = z.array(currencySchema)
export const pairsResponseSchema = z.array(pairSchema)
export const candlesResponseSchema = z.array(candleSchema)
export const tradesResponseSchema = z.array(tradeSchema)
export const accountsResponseSchema = z.array(accountSchema)
export const balancesResponseSchema = z.array(balanceSchema)
export const feeRulesResponseSchema = z.array(feeRuleSchema)
export const tickersResponseSchema = z.array(tickerSchema)
export const orderRecordsResponseSchema = z.array(orderRecordSchema)
export const fillRecordsResponseSchema = z.array(fillRecordSchema)
export const walletMotionsResponseSchema = z.array(walletMotionSchema)

// ---- Order placement request (docs/exchange-api.md, "Orders") -----------------------------------

/** The exact JSON body the terminal sends to POST /trading/order: every amount a decimal string. */
export interface PlaceOrderBody {
  pair: string
  order_type: OrderType
  order_side: OrderSide
  wallet_type: WalletType
  base_amount?: Dec
  quote_amount?: Dec
  limit_price?: Dec
  stop_price?: Dec
  stop_operator?: StopOperator
  client_order_id: string
}

/** Exactly one of the three shapes DELETE /trading/order accepts. */
export type CancelOrdersBody = { order_ids: number[] } | { all: true } | { pair: string }
