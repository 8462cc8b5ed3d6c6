// The feed's frames (docs/exchange-api.md "The live feed") checked with zod and turned into typed events.
// Lenient where the facts are thin: extra trailing elements are tolerated ("more may follow"), money
// may come as a decimal string or a JSON number, arrays of two elements or fewer and unknown kinds are
// ignored, as the official client does. A frame of a known kind with the wrong shape is malformed:
// reported, never thrown.
import { z } from 'zod'
import type { Dec } from '../../domain/wire/wire'
import { canonicalStatus } from '../../domain/wire/constants'
import { money, priceOrNone } from '../../domain/wire/wire'

const time = z.number().finite()
const id = z.union([z.number(), z.string()])
const optionalMoney = money.nullable()
const level = z.tuple([money, money], z.unknown()).transform(([price, amount]): BookLevel => ({ price, amount }))
const side = z.array(level)

// a type, not an interface: it passes as a wire level (OrderBook's loose objects) without copying
export type BookLevel = {
  price: Dec
  amount: Dec
}

export interface TickerRow {
  pair: string
  close: Dec
  baseVolume: Dec
  quoteVolume: Dec
  change: Dec
  high: Dec
  low: Dec
  bid: Dec | null
  ask: Dec | null
}

const tickerRow = z
  .tuple([z.string(), money, money, money, money, money, money, priceOrNone, priceOrNone], z.unknown())
  .transform(([pair, close, baseVolume, quoteVolume, change, high, low, bid, ask]): TickerRow => ({ pair, close, baseVolume, quoteVolume, change, high, low, bid, ask }))

const schemas = {
  tk: z.tuple([z.literal('tk'), time], tickerRow).transform(([, t, ...tickers]) => ({ kind: 'ticker' as const, time: t, tickers })),
  t: z
    .tuple([z.literal('t'), time, id, z.string(), money, money, z.string()], z.unknown())
    .transform(([, t, tradeId, pair, amount, price, direction]) => ({ kind: 'trade' as const, time: t, id: String(tradeId), pair, amount, price, direction })),
  r: z
    .tuple([z.literal('r'), time, z.array(z.tuple([money, z.string(), z.string()], z.unknown()))], z.unknown())
    .transform(([, t, rows]) => ({ kind: 'rates' as const, time: t, rates: rows.map(([rate, base, quote]) => ({ rate, base, quote })) })),
  d: z.tuple([z.literal('d'), time, z.string(), z.tuple([side, side], z.unknown())], z.unknown()).transform(([, t, pair, [asks, bids]]) => ({ kind: 'diff' as const, time: t, pair, asks, bids })),
  p: z
    .tuple([z.literal('p'), time, z.looseObject({ Symbol: z.string(), Asks: side, Bids: side })], z.unknown())
    .transform(([, t, book]) => ({ kind: 'snapshot' as const, time: t, pair: book.Symbol, asks: book.Asks, bids: book.Bids })),
  w: z
    // symbol may be null (the official model says so): the currency is then the code
    .tuple([z.literal('w'), time, id, z.string(), z.string().nullable(), money, money], z.unknown())
    .transform(([, t, code, walletType, symbol, balance, reserve]) => ({ kind: 'wallet' as const, time: t, code: String(code), walletType, currency: symbol ?? String(code), balance, reserve })),
  o: z
    .tuple(
      [
        z.literal('o'),
        time,
        id,
        z.string(),
        z.string(),
        z.string(),
        optionalMoney,
        priceOrNone, // limit_price: "0" on a market order
        optionalMoney,
        optionalMoney,
        optionalMoney,
        optionalMoney,
        optionalMoney,
        z.union([z.number(), z.string()]).nullable(),
        z.string(),
        optionalMoney,
        z.string(),
        priceOrNone,
        z.string().nullable(), // stop_operator: "" where there is no stop
      ],
      z.unknown(),
    )
    .transform(
      ([
        ,
        t,
        orderId,
        pair,
        orderSide,
        orderType,
        baseAmount,
        limitPrice,
        amountUnfilled,
        amountFilled,
        amountCancelled,
        valueFilled,
        priceAvg,
        doneAt,
        status,
        quoteAmount,
        walletType,
        stopPrice,
        stopOperator,
      ]) => ({
        kind: 'order' as const,
        time: t,
        order: {
          id: String(orderId),
          pair,
          side: orderSide,
          type: orderType,
          baseAmount,
          limitPrice,
          amountUnfilled,
          amountFilled,
          amountCancelled,
          valueFilled,
          priceAvg,
          doneAt,
          status: canonicalStatus(status),
          quoteAmount,
          walletType,
          stopPrice,
          stopOperator,
        },
      }),
    ),
  // the demo's own answers (a real server may send neither)
  auth: z.tuple([z.literal('auth'), time, z.string()], z.unknown()).transform(([, t, result]) => ({ kind: 'auth' as const, time: t, ok: result === 'ok' })),
  error: z.tuple([z.literal('error'), time, z.string(), z.string()], z.unknown()).transform(([, t, code, message]) => ({ kind: 'error' as const, time: t, code, message })),
}

type Schemas = typeof schemas
export type FeedEvent = z.output<Schemas[keyof Schemas]>
export type TradeEvent = Extract<FeedEvent, { kind: 'trade' }>
export type DiffEvent = Extract<FeedEvent, { kind: 'diff' }>
export type SnapshotEvent = Extract<FeedEvent, { kind: 'snapshot' }>

export type ParsedFrame = { type: 'ping' } | { type: 'event'; event: FeedEvent } | { type: 'ignored' } | { type: 'malformed'; reason: string }

const MAX_REASON = 200

export function parseFrame(text: string): ParsedFrame {
  if (text === '1') return { type: 'ping' }
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return { type: 'malformed', reason: `not JSON: ${text.slice(0, 40)}${text.length > 40 ? '…' : ''}` }
  }
  if (!Array.isArray(value)) return { type: 'malformed', reason: 'not a JSON array' }
  if (value.length <= 2) return { type: 'ignored' }
  const kind = value[0]
  const schema = typeof kind === 'string' && Object.hasOwn(schemas, kind) ? schemas[kind as keyof Schemas] : undefined
  if (!schema) return { type: 'ignored' }
  const parsed = schema.safeParse(value)
  if (parsed.success) return { type: 'event', event: parsed.data }
  const issue = parsed.error.issues[0]
  const reason = `${kind} frame: ${issue ? `[${issue.path.map(String).join('.')}] ${issue.message}` : 'invalid'}`
  return { type: 'malformed', reason: reason.slice(0, MAX_REASON) }
}
