// The demo speaks the real exchange's dialect: every record and every feed frame it sends is one the
// official client's models (domain/test/official-models.test-util.ts) accept. Orders of every type and
// status the demo can produce, the fills and wallet movements they cause, the public data, and the
// frames of every topic and of the private updates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { officialProblem, type OfficialModel } from '../domain/test/official-models.test-util'
import type { DemoExchange } from './server'
import { Session, bookOf, raw, startTestExchange } from './test/test-kit.test-util'
import { RawFeed } from './feed/test/raw-feed.test-util'

let ex: DemoExchange
let master: Session
let feed: RawFeed

const every = (model: OfficialModel, records: unknown): void => {
  expect(Array.isArray(records), `${model}: an array`).toBe(true)
  expect((records as unknown[]).length, `${model}: some records`).toBeGreaterThan(0)
  const problems = (records as unknown[]).map((r) => officialProblem(model, r)).filter((p) => p !== null)
  expect(problems, `${model} records the official client refuses`).toEqual([])
}

beforeAll(async () => {
  ex = await startTestExchange({ feed: { tickerIntervalMs: 100 } })
  master = await Session.open(ex, 0)
  feed = await RawFeed.open(ex.feedUrl)
  feed.send(['auth', master.token])
  await feed.kind('auth')
  feed.send(['subscribe', 'ticker.*', 'trade.BTC_USDT', 'diff.BTC_USDT', 'market_depth.BTC_USDT'])
  await feed.kind('p')

  const place = async (body: Record<string, unknown>): Promise<number> => {
    const r = await master.order({ pair: 'BTC_USDT', wallet_type: 'SPOT', ...body })
    expect(r.status, r.text).toBe(200)
    return (r.json as number[])[0]!
  }
  await place({ order_type: 'MARKET', order_side: 'BUY', quote_amount: '500' }) // FILLED, by quote amount
  await place({ order_type: 'MARKET', order_side: 'SELL', base_amount: '0.002' }) // FILLED
  await place({ order_type: 'LIMIT', order_side: 'BUY', base_amount: '0.001', limit_price: '1000' }) // OPEN
  await place({ order_type: 'STOP_LIMIT', order_side: 'BUY', base_amount: '0.001', limit_price: '99000', stop_price: '98000', stop_operator: 'GTE' }) // PENDING
  // A limit buy at the best ask for more than that level holds: part filled, the rest cancelled.
  const best = (await bookOf(ex, 'BTC_USDT')).sell[0]!
  const partial = await place({ order_type: 'LIMIT', order_side: 'BUY', base_amount: String(Number((best.amount * 2).toFixed(6))), limit_price: String(best.price) })
  expect((await master.cancel({ order_ids: [partial] })).status).toBe(200)
  await feed.kind('o')
})
afterAll(() => {
  feed.close()
  return ex.close()
})

describe('REST records validate against the official models', () => {
  it('orders of every type and status: no null price or stop price, open_at always there', async () => {
    const orders = (await master.get('/accounts/order?pair=BTC_USDT')).json as Array<Record<string, unknown>>
    expect(new Set(orders.map((o) => o.status))).toEqual(new Set(['FILLED', 'OPEN', 'PENDING', 'PARTIAL_CANCELLED']))
    expect(new Set(orders.map((o) => o.type))).toEqual(new Set(['MARKET', 'LIMIT', 'STOP_LIMIT']))
    every('Order', orders)
  })

  it('fills: the order type in `type`, and no side, order id or trade id (the official model has none)', async () => {
    const fills = (await master.get('/accounts/trades?pair=BTC_USDT')).json as Array<Record<string, unknown>>
    every('AccountTrade', fills)
    expect(new Set(fills.map((f) => f.type))).toEqual(new Set(['MARKET', 'LIMIT']))
    for (const f of fills) for (const key of ['side', 'order_id', 'id']) expect(key in f, key).toBe(false)
  })

  it('wallet activity, balances (a P2P wallet is FUNDING on the wire) and accounts', async () => {
    every('WalletMotion', (await master.get('/accounts/activity?currency=BTC')).json)
    every('WalletMotion', (await master.get('/accounts/activity?currency=USDT')).json)
    const balances = (await master.get('/accounts/balances')).json as Array<{ wallet_type: string }>
    every('Balance', balances)
    expect(balances.some((b) => b.wallet_type === 'FUNDING')).toBe(true)
    every('Account', (await master.get('/accounts/accounts?include_subaccounts=1')).json)
  })

  it('public trades and tickers', async () => {
    every('Trade', (await raw(ex, 'GET', '/trades?pair=BTC_USDT&limit=20')).json)
    every('Ticker', (await raw(ex, 'GET', '/ticker')).json)
    every('Ticker', [(await raw(ex, 'GET', '/ticker?pair=ETH_BTC')).json])
  })
})

describe('feed frames validate against the official models', () => {
  it.each(['o', 'w', 't', 'tk', 'd', 'p'] as const)('every %s frame', (kind) => {
    const frames = feed.all(kind)
    expect(frames.length, `${kind} frames received`).toBeGreaterThan(0)
    expect(frames.map((f) => officialProblem(kind, f)).filter((p) => p !== null)).toEqual([])
  })

  it('a market order frame carries its limit price as text, and a non-stop order a stop operator as text', () => {
    const market = feed.all('o').find((f) => f[5] === 'MARKET')
    expect(market).toBeDefined()
    expect(typeof market![7]).toBe('string')
    expect(typeof market![18]).toBe('string')
  })
})
