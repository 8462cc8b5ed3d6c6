// The exchange's official Python client (`alpcom-api`) parses every answer into pydantic 2 models. These
// are those models, field by field, written in zod with pydantic 2's lax-mode rules, so a test can ask
// "would the official client accept this record?" without Python:
//   - `x: float = None` takes a number or a missing key, never an explicit null;
//   - a field with no default is required;
//   - float and int take JSON numbers or numeric text (an int only a whole one), never null or a bool;
//   - str takes only text (pydantic 2 no longer turns a number into text);
//   - datetime takes ISO 8601 text or Unix time (a number);
//   - enums take exactly their values; extra keys are ignored.
// Where the specification and these models disagree (fee rules), the specification wins: no fee rule
// model here. Used by the demo's dialect test and by the terminal's contract fixtures.
import { z } from 'zod'

const NUMERIC_TEXT = /^\s*[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?\s*$/
const ISO_DATETIME = /^\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}(:\d{2}(\.\d{1,6})?)?(Z|[+-]\d{2}:?\d{2})?$/

const float = z.union([z.number(), z.string().regex(NUMERIC_TEXT, 'not a number')])
const int = z.union([z.number().int(), z.string().regex(/^\s*[+-]?\d+\s*$/, 'not an integer')])
const str = z.string()
const bool = z.union([z.boolean(), z.literal(0), z.literal(1), z.enum(['true', 'false', '0', '1', 'yes', 'no', 'on', 'off'])])
const datetime = z.union([z.number(), z.string().regex(ISO_DATETIME, 'not an ISO 8601 datetime')])

export const OFFICIAL_ORDER_STATUSES = ['UNDEFINED', 'PENDING', 'OPEN', 'CANCELLED', 'PARTIAL_CANCELLED', 'PARTIAL_FILLED', 'FILLED', 'EXPIRED', 'FAILED'] as const
const status = z.enum(OFFICIAL_ORDER_STATUSES)
const orderType = z.enum(['MARKET', 'LIMIT', 'STOP_LIMIT', 'STOP_MARKET'])
const walletType = z.enum(['SPOT', 'CROSS_MARGIN', 'ISOLATED_MARGIN', 'FUNDING'])

export const officialModels = {
  Order: z.looseObject({
    id: int,
    account_id: int,
    pair: str,
    amount: float,
    price: float,
    side: z.enum(['BID', 'ASK']),
    status,
    type: orderType,
    wallet_type: walletType,
    amount_canceled: float,
    amount_filled: float,
    date: datetime,
    open_at: datetime,
    tif: z.enum(['GTC', 'IOC', 'AON', 'FOK']),
    updated_at: datetime,
    done_at: datetime.optional(),
    expire_after: datetime.optional(),
    stop_price: float.optional(),
  }),
  AccountTrade: z.looseObject({
    account_id: int,
    pair: str,
    amount: float,
    amount_unfilled: float,
    price: float,
    currency: str,
    status,
    date: datetime,
    fee_amount: float,
    fee_currency: str,
    fee_rate: float,
    is_maker: bool,
    type: orderType,
    wallet_type: walletType,
  }),
  WalletMotion: z.looseObject({
    id: int,
    account_id: int,
    wallet_id: int,
    type: str,
    balance: float,
    balance_delta: float,
    balance_end: float,
    reserve: float,
    reserve_delta: float,
    reserve_end: float,
    currency: str,
    wallet_type: walletType,
    date: datetime,
  }),
  Trade: z.looseObject({ id: int, account_id: int, pair: str, amount: float, price: float, timestamp: float, type: str }),
  Ticker: z.looseObject({ pair: str, last: float, vol: float, buy: float, sell: float, high: float, low: float, diff: float, timestamp: float }),
  Account: z.looseObject({ id: int, email: str, name: str, parent_id: int.nullable().optional() }),
  Balance: z.looseObject({ balance: float, reserve: float, currency: str, wallet_type: walletType, last_update_at: str, account_id: int }),
}

const strOrNull = str.nullable()
const level = z.tuple([str, str])

/**
 * The feed frames: `[kind, time, ...fields]`. The official client reads the fields by position into
 * its models (docs/exchange-api.md "The live feed"); the time is the `date` of a trade.
 */
export const officialFrames = {
  o: z.tuple([
    z.literal('o'),
    z.number(),
    int, // order_id
    str, // symbol
    str, // side
    str, // order_type
    str, // base_amount
    str, // limit_price: text, never null
    str, // amount_unfilled
    str, // amount_filled
    str, // amount_cancelled
    str, // value_filled
    strOrNull, // price_avg
    z.number().nullable(), // done_at
    str, // status
    strOrNull, // quote_amount
    str, // wallet_type
    strOrNull, // stop_price
    str, // stop_operator: text, never null
  ]),
  w: z.tuple([z.literal('w'), z.number(), str, str, strOrNull, str, str]),
  t: z.tuple([z.literal('t'), z.number(), int, str, str, str, str], z.unknown()),
  tk: z.tuple([z.literal('tk'), z.number()], z.tuple([str, str, str, str, str, str, str, str, str])),
  d: z.tuple([z.literal('d'), z.number(), str, z.tuple([z.array(level), z.array(level)])]),
  p: z.tuple([z.literal('p'), z.number(), z.looseObject({ Symbol: str, Asks: z.array(level), Bids: z.array(level), TotalAsks: str, TotalBids: str })]),
}

export type OfficialModel = keyof typeof officialModels

/** Why the official client would refuse `record` as a `model`, or null when it would take it. */
export function officialProblem(model: OfficialModel | keyof typeof officialFrames, record: unknown): string | null {
  const schema = model in officialModels ? officialModels[model as OfficialModel] : officialFrames[model as keyof typeof officialFrames]
  const parsed = schema.safeParse(record)
  if (parsed.success) return null
  return parsed.error.issues.map((i) => `${model}.${i.path.map(String).join('.')}: ${i.message}`).join('; ')
}
