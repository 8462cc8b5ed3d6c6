// The endpoints of the demo exchange: each handler takes the parsed request and returns status + body.
// Authentication, signatures, faults and the HTTP plumbing live in server.ts.
import { timingSafeEqual } from 'node:crypto'
import { LosslessNumber, stringify as losslessStringify } from 'lossless-json'
import { INTERVAL_SECONDS } from '../domain/wire'
import type { DemoAccount } from './accounts'
import { signJwt } from './auth'
import type { Engine, Order } from './engine'
import { feeRuleJson } from './fees'
import type { Market } from './market'
import type { PairInfo } from './reference'
import { PAIRS, PAIRS_BY_NAME, currencyJson, pairRecord } from './reference'
import { parseOrderRequest } from './validation'
import { accountActivity, accountTrades, historyFilter } from './history-routes'
import type { Ledger } from './ledger'
import { groupParam, groupedDepth } from './book-group'

export interface ExchangeState {
  now: () => number
  /** The server's clock in seconds, including any simulated skew. */
  serverSec: () => number
  tokenLifetimeSec: number
  jwtKey: string
  accounts: readonly DemoAccount[]
  accountsById: ReadonlyMap<number, DemoAccount>
  engine: Engine
  market: Market
  ledger: Ledger
  /** The fault that leaves client_order_id out of order records, as the real exchange does. */
  omitClientOrderId: () => boolean
}

export interface Request {
  query: URLSearchParams
  accountId: number
  body: unknown
}

export interface Reply {
  status: number
  body: string | null
  headers?: Record<string, string>
}

export interface Route {
  method: 'GET' | 'POST' | 'DELETE'
  private: boolean
  handle: (req: Request) => Reply
}

export function ok(body: string): Reply {
  return { status: 200, body }
}

export function error(status: number, code: string, message: string): Reply {
  return { status, body: JSON.stringify({ code, message }) }
}

const badParam = (message: string): Reply => error(400, 'INVALID_PARAMETER', message)

/** An optional integer query parameter within [min, max]; a Reply when it is malformed. */
function intParam(q: URLSearchParams, name: string, fallback: number | null, min: number, max: number): number | null | Reply {
  const text = q.get(name)
  if (text === null || text === '') return fallback
  if (!/^-?\d+$/.test(text)) return badParam(`${name} must be an integer, got ${JSON.stringify(text)}.`)
  const value = Number(text)
  if (value < min || value > max) return badParam(`${name} must be between ${min} and ${max}, got ${text}.`)
  return value
}

function isReply(value: unknown): value is Reply {
  return typeof value === 'object' && value !== null && 'status' in value
}

/** The official client sends booleans in query strings as 1; people write true. */
function boolParam(q: URLSearchParams, name: string): boolean | Reply {
  const text = q.get(name)
  if (text === null || text === '') return false
  const lower = text.toLowerCase()
  if (lower === 'true' || lower === '1') return true
  if (lower === 'false' || lower === '0') return false
  return badParam(`${name} must be true/1 or false/0, got ${JSON.stringify(text)}.`)
}

function pairParam(q: URLSearchParams, required: boolean): PairInfo | null | Reply {
  const name = q.get('pair')
  if (name === null || name === '') return required ? badParam('pair is required.') : null
  return PAIRS_BY_NAME.get(name) ?? error(400, 'UNKNOWN_PAIR', `Unknown pair ${JSON.stringify(name)}.`)
}

const iso = (ms: number | null): string | undefined => (ms === null ? undefined : new Date(ms).toISOString())

function orderJson(o: Order, withClientOrderId: boolean): Record<string, unknown> {
  const record: Record<string, unknown> = {
    id: o.id,
    account_id: o.accountId,
    pair: o.pair.name,
    amount: o.amount.toNumber(),
    price: o.price === null ? null : o.price.toNumber(),
    side: o.side === 'BUY' ? 'BID' : 'ASK',
    status: o.status,
    type: o.type,
    wallet_type: o.wallet,
    amount_canceled: o.canceled.toNumber(),
    amount_filled: o.filled.toNumber(),
    quote_amount: o.quoteAmount === null ? null : o.quoteAmount.toNumber(),
    date: iso(o.createdAt),
    open_at: iso(o.openAt),
    tif: 'GTC',
    updated_at: iso(o.updatedAt),
    // A time that is not set is left out (the official client's models reject null there).
    done_at: iso(o.doneAt),
    stop_price: o.stopPrice === null ? null : o.stopPrice.toNumber(),
    stop_operator: o.stopOperator,
  }
  if (withClientOrderId) record.client_order_id = o.clientOrderId
  return record
}

function accountJson(a: DemoAccount): Record<string, unknown> {
  // the specification: parent_id is present only for sub-accounts
  return a.parentId === null ? { id: a.id, email: a.email, name: a.name } : { id: a.id, email: a.email, name: a.name, parent_id: a.parentId }
}

function secretMatches(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8')
  const b = Buffer.from(given, 'utf8')
  return a.length === b.length && timingSafeEqual(a, b)
}

export function createRoutes(state: ExchangeState): Map<string, Route> {
  const { engine, market } = state
  const currencies = currencyJson()
  const allPairs = PAIRS.map(pairRecord)
  const allPairsJson = JSON.stringify(allPairs)
  const roundTo = (value: number, places: number): number => Number(value.toFixed(places))

  const ticker = (p: PairInfo): Record<string, unknown> => {
    const nowSec = state.now() / 1000
    const day = market.stats24h(p.name, nowSec)
    const last = engine.lastPrice(p.name).toNumber()
    const diff = roundTo(last - day.open, p.pricePrecision)
    return {
      pair: p.name,
      last,
      open: day.open,
      vol: roundTo(day.volume, p.amountPrecision),
      buy: engine.bestBid(p.name)?.toNumber() ?? null,
      sell: engine.bestAsk(p.name)?.toNumber() ?? null,
      high: day.high,
      low: day.low,
      diff,
      diff_percent: day.open === 0 ? 0 : roundTo((diff / day.open) * 100, 2),
      price_precision: p.pricePrecision,
      amount_precision: p.amountPrecision,
      timestamp: Math.floor(nowSec),
    }
  }

  const routes = new Map<string, Route>()
  const add = (path: string, method: Route['method'], isPrivate: boolean, handle: Route['handle']): void => {
    routes.set(`${method} ${path}`, { method, private: isPrivate, handle })
  }

  // ---- public market data
  add('/currencies', 'GET', false, () => ok(currencies))

  add('/pairs', 'GET', false, ({ query }) => {
    const c1 = query.get('currency1')
    const c2 = query.get('currency2')
    if (!c1 && !c2) return ok(allPairsJson)
    return ok(JSON.stringify(allPairs.filter((p) => (!c1 || p.currency1 === c1) && (!c2 || p.currency2 === c2))))
  })

  add('/charts', 'GET', false, ({ query }) => {
    const pair = pairParam(query, true)
    if (isReply(pair)) return pair
    const interval = query.get('interval')
    if (interval === null || interval === '') return badParam('interval is required (one of 1, 5, 15, 30, 60, 240, 1D).')
    const intervalSec = (INTERVAL_SECONDS as Record<string, number | undefined>)[interval]
    if (intervalSec === undefined) return badParam(`interval must be one of 1, 5, 15, 30, 60, 240, 1D, got ${JSON.stringify(interval)}.`)
    const since = intParam(query, 'since', null, 0, 1e11)
    if (isReply(since)) return since
    const until = intParam(query, 'until', null, 0, 1e11)
    if (isReply(until)) return until
    if (since !== null && until !== null && since > until) return badParam('since must not be after until.')
    const limit = intParam(query, 'limit', 500, 1, 500)
    if (isReply(limit)) return limit
    return ok(JSON.stringify(market.candles(pair!.name, { intervalSec, since, until, limit: limit! }, state.now() / 1000)))
  })

  add('/trades', 'GET', false, ({ query }) => {
    const pair = pairParam(query, true)
    if (isReply(pair)) return pair
    const limit = intParam(query, 'limit', 100, 1, 1000)
    if (isReply(limit)) return limit
    return ok(engine.tradesJson(pair!.name, limit!))
  })

  add('/time', 'GET', false, () => ok(`{"serverTime":${Math.floor(state.serverSec())}}`))

  add('/ticker', 'GET', false, ({ query }) => {
    const pair = pairParam(query, false)
    if (isReply(pair)) return pair
    if (pair) return ok(JSON.stringify(ticker(pair)))
    return ok(JSON.stringify(PAIRS.map(ticker)))
  })

  add('/orderbook', 'GET', false, ({ query }) => {
    const pair = pairParam(query, true)
    if (isReply(pair)) return pair
    const limitBuy = intParam(query, 'limit_buy', 100, 0, 1000)
    if (isReply(limitBuy)) return limitBuy
    const limitSell = intParam(query, 'limit_sell', 100, 0, 1000)
    if (isReply(limitSell)) return limitSell
    const group = groupParam(query)
    if (group && 'error' in group) return badParam(group.error)
    if (group) {
      const all = (side: 'BUY' | 'SELL') => engine.levels(pair!.name, side, Number.POSITIVE_INFINITY)
      return ok(JSON.stringify({ buy: groupedDepth(all('BUY'), 'BUY', group.step, limitBuy!), sell: groupedDepth(all('SELL'), 'SELL', group.step, limitSell!) }))
    }
    return ok(JSON.stringify({ buy: engine.depth(pair!.name, 'BUY', limitBuy!), sell: engine.depth(pair!.name, 'SELL', limitSell!) }))
  })

  add('/auth', 'POST', false, ({ body }) => {
    const b = body as Record<string, unknown>
    if (typeof b.api_key !== 'string' || b.api_key === '') return error(400, 'MISSING_FIELD', 'api_key is required.')
    if (typeof b.api_secret !== 'string' || b.api_secret === '') return error(400, 'MISSING_FIELD', 'api_secret is required.')
    const account = state.accounts.find((a) => a.apiKey === b.api_key)
    if (!account || !secretMatches(account.apiSecret, b.api_secret)) {
      return error(401, 'INVALID_CREDENTIALS', 'The API key or secret is wrong.')
    }
    const iat = Math.floor(state.serverSec())
    const token = signJwt({ sub: account.id, iat, exp: iat + state.tokenLifetimeSec }, state.jwtKey)
    return ok(JSON.stringify(token))
  })

  // ---- private: the caller's own account
  add('/accounts/accounts', 'GET', true, ({ query, accountId }) => {
    const include = boolParam(query, 'include_subaccounts')
    if (isReply(include)) return include
    const me = state.accountsById.get(accountId)!
    const list = include && me.parentId === null ? state.accounts.filter((a) => a.id === me.id || a.parentId === me.id) : [me]
    return ok(JSON.stringify(list.map(accountJson)))
  })

  // A master key sees its sub-accounts' balances and fee rules too, each row tagged with its
  // account_id (that is why the records carry one); a sub-account key sees only its own.
  const visibleAccounts = (accountId: number): number[] => {
    const me = state.accountsById.get(accountId)!
    return me.parentId === null ? state.accounts.filter((a) => a.id === me.id || a.parentId === me.id).map((a) => a.id) : [me.id]
  }

  // Written with lossless-json: a JSON number with every digit of the balance (an 18-decimal token's
  // too), as the real exchange writes it; toNumber() would round it to a double before it left.
  add('/accounts/balances', 'GET', true, ({ accountId }) =>
    ok(
      losslessStringify(
        visibleAccounts(accountId).flatMap((id) => engine.balancesOf(id)).map((e) => ({
          balance: new LosslessNumber(e.balance.toFixed()),
          reserve: new LosslessNumber(e.reserve.toFixed()),
          currency: e.currency,
          wallet_type: e.wallet,
          last_update_at: new Date(e.updatedAt).toISOString(),
          account_id: e.accountId,
        })),
      ) as string, // an array always stringifies
    ),
  )

  add('/accounts/feeinfo', 'GET', true, ({ accountId }) =>
    ok(JSON.stringify(engine.feeRules.filter((r) => visibleAccounts(accountId).includes(r.accountId)).map(feeRuleJson))),
  )

  add('/accounts/order', 'GET', true, ({ query, accountId }) => {
    const pair = pairParam(query, false)
    if (isReply(pair)) return pair
    const limit = intParam(query, 'limit', 100, 1, 100)
    if (isReply(limit)) return limit
    const openOnly = boolParam(query, 'open_only')
    if (isReply(openOnly)) return openOnly
    const filter = historyFilter(query)
    if (isReply(filter)) return filter
    const matches = (o: Order): boolean =>
      (!openOnly || engine.isLive(o)) &&
      (!filter.side || o.side === filter.side) &&
      (filter.startMs == null || o.createdAt >= filter.startMs) &&
      (filter.endMs == null || o.createdAt <= filter.endMs)
    return ok(JSON.stringify(engine.recentOrders(accountId, limit!, pair?.name ?? null, matches).map((o) => orderJson(o, !state.omitClientOrderId()))))
  })

  add('/accounts/trades', 'GET', true, ({ query, accountId }) => accountTrades(state.ledger, accountId, query, (name) => PAIRS_BY_NAME.has(name)))
  add('/accounts/activity', 'GET', true, ({ query, accountId }) => accountActivity(state.ledger, accountId, query))

  add('/trading/order', 'POST', true, ({ body, accountId }) => {
    const parsed = parseOrderRequest(body as Record<string, unknown>, PAIRS_BY_NAME)
    if (!parsed.ok) return error(400, parsed.code, parsed.message)
    const result = engine.placeUser(accountId, parsed.value)
    if (!result.ok) return error(400, result.code, result.message)
    return ok(`[${result.id}]`)
  })

  add('/trading/order', 'DELETE', true, ({ body, accountId }) => {
    const b = body as Record<string, unknown>
    const given = (['order_ids', 'all', 'pair'] as const).filter((k) => b[k] !== undefined && b[k] !== null)
    if (given.length === 0) return error(400, 'MISSING_FIELD', 'One of order_ids, all or pair is required.')
    if (given.length > 1) return error(400, 'INVALID_BODY', 'Give exactly one of order_ids, all or pair.')
    if (given[0] === 'order_ids') {
      const ids = b.order_ids
      if (!Array.isArray(ids) || ids.length === 0 || ids.length > 1000 || !ids.every((id) => Number.isSafeInteger(id) && (id as number) > 0)) {
        return badParam('order_ids must be a non-empty array of positive integer order ids (at most 1000).')
      }
      return ok(JSON.stringify(engine.cancelByIds(accountId, ids as number[])))
    }
    if (given[0] === 'all') {
      if (b.all !== true && b.all !== 1 && b.all !== 'true') return badParam('all must be true.')
      engine.cancelAll(accountId, null)
      return { status: 202, body: null }
    }
    const pair = typeof b.pair === 'string' ? PAIRS_BY_NAME.get(b.pair) : undefined
    if (!pair) return error(400, 'UNKNOWN_PAIR', `Unknown pair ${JSON.stringify(b.pair)}.`)
    engine.cancelAll(accountId, pair.name)
    return { status: 202, body: null }
  })

  return routes
}
