// Conformance of the demo's live feed, in raw WebSocket frames: every topic, ping/pong, auth and the
// private updates an order placed over REST causes. Faults: feed-faults.test.ts.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import type { DemoExchange } from '../server'
import { Session, bookOf, raw, startTestExchange } from '../test/test-kit.test-util'
import { RawFeed, applyLevels } from './test/raw-feed.test-util'

let ex: DemoExchange
let master: Session
const open: RawFeed[] = []
const connect = async (answerPings = true): Promise<RawFeed> => {
  const feed = await RawFeed.open(ex.feedUrl, answerPings)
  open.push(feed)
  return feed
}

beforeAll(async () => {
  ex = await startTestExchange({ feed: { pingIntervalMs: 80, maxMissedPings: 3, tickerIntervalMs: 100 } })
  master = await Session.open(ex, 0)
})
afterEach(async () => {
  for (const f of open.splice(0)) f.close()
  await master.cancel({ all: true })
})
afterAll(() => ex.close())

const DECIMAL = /^\d+(\.\d+)?$/
const fixed = (n: number, places: number): string => new Decimal(String(n)).toFixed(places)

describe('public topics', () => {
  it('ticker.* sends every pair at once and again on each interval; ticker.<PAIR> only that pair', async () => {
    const all = await connect()
    all.send(['subscribe', 'ticker.*'])
    const first = await all.kind('tk')
    expect(typeof first[1]).toBe('number')
    const rows = first.slice(2) as unknown[][]
    expect(rows.map((r) => r[0])).toEqual(['BTC_USDT', 'ETH_USDT', 'ETH_BTC', 'LTC_USDT', 'XRP_USDT', 'DOGE_USDT', 'TRX_USDT', 'USDC_USDT'])
    const btc = rows[0]!
    expect(btc).toHaveLength(9)
    for (const field of btc.slice(1)) expect(field).toMatch(/^-?\d+(\.\d+)?$/)
    // the same last price, bid and ask as REST's ticker
    const rest = (await raw(ex, 'GET', '/ticker?pair=BTC_USDT')).json as { last: number; buy: number; sell: number }
    expect([btc[1], btc[7], btc[8]]).toEqual([fixed(rest.last, 2), fixed(rest.buy, 2), fixed(rest.sell, 2)])
    await all.kind('tk') // the interval's next one

    const one = await connect()
    one.send(['subscribe', 'ticker.ETH_BTC'])
    const only = await one.kind('tk')
    expect((only.slice(2) as unknown[][]).map((r) => r[0])).toEqual(['ETH_BTC'])
    expect((only[2] as string[])[1]).toMatch(/^\d+\.\d{6}$/) // ETH_BTC has 6 price decimals
  })

  it('rates.* and rates.<PAIR> send [rate, base, quote] rows', async () => {
    const feed = await connect()
    feed.send(['subscribe', 'rates.ETH_BTC'])
    const frame = await feed.kind('r')
    expect(frame[2]).toEqual([[expect.stringMatching(/^\d+\.\d{6}$/), 'ETH', 'BTC']])
    feed.send(['subscribe', 'rates.*'])
    const all = (await feed.next((f) => Array.isArray(f) && f[0] === 'r' && (f[2] as unknown[]).length === 8)) as unknown[]
    expect((all[2] as string[][]).map((r) => `${r[1]}_${r[2]}`)).toContain('USDC_USDT')
  })

  it('trade.<PAIR> and trade.* carry a trade as REST lists it, with decimal strings; other pairs stay quiet', async () => {
    const btc = await connect()
    const star = await connect()
    const eth = await connect()
    btc.send(['subscribe', 'trade.BTC_USDT'])
    star.send(['subscribe', 'trade.*'])
    eth.send(['subscribe', 'trade.ETH_USDT'])
    await new Promise((r) => setTimeout(r, 50)) // the subscriptions have arrived
    expect((await master.order({ pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '100' })).status).toBe(200)
    const t = await btc.kind('t')
    const [, time, id, pair, amount, price, direction] = t as [string, number, number, string, string, string, string]
    expect(pair).toBe('BTC_USDT')
    expect(direction).toBe('buy')
    expect(amount).toMatch(/^\d+\.\d{6}$/)
    expect(price).toMatch(/^\d+\.\d{2}$/)
    const newest = ((await raw(ex, 'GET', '/trades?pair=BTC_USDT&limit=20')).json as { id: number; price: number; amount: number; timestamp: number }[]).find((r) => r.id === id)!
    expect(newest).toBeDefined()
    expect([price, amount, time]).toEqual([fixed(newest.price, 2), fixed(newest.amount, 6), newest.timestamp])
    expect((await star.kind('t'))[2]).toBe(id)
    await new Promise((r) => setTimeout(r, 50))
    expect(eth.all('t')).toEqual([])
  })

  it('market_depth.<PAIR> sends a snapshot equal to REST /orderbook, with totals', async () => {
    const feed = await connect()
    feed.send(['subscribe', 'market_depth.BTC_USDT'])
    const [, , snap] = (await feed.kind('p')) as [string, number, { Symbol: string; Asks: [string, string][]; Bids: [string, string][]; TotalAsks: string; TotalBids: string }]
    const rest = await bookOf(ex, 'BTC_USDT')
    expect(snap.Symbol).toBe('BTC_USDT')
    expect(snap.Asks).toEqual(rest.sell.map((l) => [fixed(l.price, 2), fixed(l.amount, 6)]))
    expect(snap.Bids).toEqual(rest.buy.map((l) => [fixed(l.price, 2), fixed(l.amount, 6)]))
    expect(snap.TotalAsks).toBe(snap.Asks.reduce((s, [, a]) => s.plus(a), new Decimal(0)).toFixed(6))
    expect(snap.TotalBids).toMatch(DECIMAL)
  })

  it('diff.<PAIR> starts with a snapshot; absolute level totals then keep a copy equal to REST, 0 removing a level', async () => {
    const feed = await connect()
    feed.send(['subscribe', 'diff.BTC_USDT'])
    const [, , snap] = (await feed.kind('p')) as [string, number, { Asks: [string, string][]; Bids: [string, string][] }]
    const asks = new Map(snap.Asks)
    const bids = new Map(snap.Bids)
    const bestBid = new Decimal(snap.Bids[0]![0])
    const away = bestBid.minus(500).toFixed(2) // a fresh level below the book's bids
    const placed = await master.order({ pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.01', limit_price: away })
    const added = (await feed.kind('d')) as [string, number, string, [[string, string][], [string, string][]]]
    expect(added[2]).toBe('BTC_USDT')
    expect(added[3][1]).toContainEqual([away, '0.010000'])
    applyLevels(asks, added[3][0])
    applyLevels(bids, added[3][1])
    await master.cancel({ order_ids: placed.json })
    const removed = (await feed.kind('d')) as typeof added
    expect(removed[3][1]).toContainEqual([away, '0.000000'])
    applyLevels(asks, removed[3][0])
    applyLevels(bids, removed[3][1])
    const rest = await bookOf(ex, 'BTC_USDT')
    expect([...bids]).toEqual(rest.buy.map((l) => [fixed(l.price, 2), fixed(l.amount, 6)]))
    expect([...asks]).toEqual(rest.sell.map((l) => [fixed(l.price, 2), fixed(l.amount, 6)]))
  })

  it('answers an unknown topic, a bad message and an unknown pair with an error frame, and stays open', async () => {
    const feed = await connect()
    feed.send(['subscribe', 'candles.BTC_USDT'])
    expect(await feed.kind('error')).toEqual(['error', expect.any(Number), 'UNKNOWN_TOPIC', expect.stringContaining('candles.BTC_USDT')])
    feed.send(['subscribe', 'diff.*'])
    expect((await feed.kind('error'))[2]).toBe('UNKNOWN_TOPIC')
    feed.send('{not json')
    expect((await feed.kind('error'))[2]).toBe('BAD_MESSAGE')
    feed.send(['subscribe', 'ticker.BTC_USDT'])
    expect(await feed.kind('tk')).toBeDefined()
  })

  it('refuses other paths on the port', async () => {
    await expect(RawFeed.open(ex.feedUrl.replace('/alp-ws', '/ws'))).rejects.toThrow(/404/)
  })
})

describe('ping / pong', () => {
  it('pings with "1"; a client answering "2" stays, one that does not is dropped after the missed pings', async () => {
    const good = await connect(true)
    const silent = await connect(false)
    expect(await silent.next((f) => f === '1')).toBe('1')
    const { code } = await silent.closed // 3 missed pings at 80 ms each
    expect(code).toBe(1006)
    expect(good.ws.readyState).toBe(good.ws.OPEN)
    expect(good.frames.filter((f) => f === '1').length).toBeGreaterThanOrEqual(4)
    expect(ex.feedStats().droppedForMissedPings).toBeGreaterThanOrEqual(1)
  })
})

describe('auth and private updates', () => {
  it('after auth with the REST token, an order placed over REST arrives as o and w frames at once', async () => {
    const feed = await connect()
    feed.send(['auth', master.token])
    expect(await feed.kind('auth')).toEqual(['auth', expect.any(Number), 'ok'])
    const r = await master.order({ pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.01', limit_price: '20000' })
    const id = (r.json as number[])[0]
    const o = (await feed.kind('o')) as unknown[]
    expect(o.slice(2, 9)).toEqual([id, 'BTC_USDT', 'BID', 'LIMIT', '0.010000', '20000.00', '0.010000'])
    expect(o[14]).toBe('OPEN')
    expect(o[16]).toBe('SPOT')
    const w = (await feed.next((f) => Array.isArray(f) && f[0] === 'w' && f[2] === 'USDT')) as unknown[]
    const rest = await master.balance('USDT')
    expect(w.slice(2)).toEqual(['USDT', 'SPOT', 'USDT', new Decimal(String(rest.balance)).toFixed(), new Decimal(String(rest.reserve)).toFixed()])
    expect(new Decimal(w[6] as string).gte(200)).toBe(true) // 0.01 × 20000 held in reserve

    await master.cancel({ order_ids: [id] })
    const cancelled = (await feed.next((f) => Array.isArray(f) && f[0] === 'o' && f[2] === id && f[14] === 'CANCELLED')) as unknown[]
    expect(cancelled[10]).toBe('0.010000') // amount_cancelled
  })

  it('a fill arrives as the order FILLED with its average price and both wallets moved', async () => {
    const feed = await connect()
    feed.send(['auth', master.token])
    await feed.kind('auth')
    const btcBefore = await master.balance('BTC')
    const r = await master.order({ pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '200' })
    const id = (r.json as number[])[0]
    const filled = (await feed.next((f) => Array.isArray(f) && f[0] === 'o' && f[2] === id && f[14] === 'FILLED')) as string[]
    const [amountFilled, valueFilled, priceAvg] = [filled[9]!, filled[11]!, filled[12]!]
    expect(new Decimal(amountFilled).gt(0)).toBe(true)
    expect(new Decimal(valueFilled).lte(200)).toBe(true)
    expect(priceAvg).toBe(new Decimal(valueFilled).div(amountFilled).toDecimalPlaces(2).toFixed(2))
    const btc = (await feed.next((f) => Array.isArray(f) && f[0] === 'w' && f[2] === 'BTC')) as string[]
    const btcAfter = await master.balance('BTC')
    expect(new Decimal(btc[5]!).toNumber()).toBe(btcAfter.balance)
    expect(btcAfter.balance).toBeGreaterThan(btcBefore.balance)
    expect(feed.all('w').map((w) => w[2])).toContain('USDT') // the quote wallet it paid from, in the same turn
  })

  it('a bad token gets an error frame and no private updates; another account sees none of ours', async () => {
    const bad = await connect()
    bad.send(['auth', `${master.token}x`])
    expect(await bad.kind('error')).toEqual(['error', expect.any(Number), 'INVALID_TOKEN', expect.any(String)])
    const other = await connect()
    other.send(['auth', (await Session.open(ex, 1)).token])
    await other.kind('auth')
    await master.order({ pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.01', limit_price: '20000' })
    await new Promise((r) => setTimeout(r, 100))
    expect([...bad.all('o'), ...bad.all('w'), ...other.all('o'), ...other.all('w')]).toEqual([])
  })
})

describe('a market warmed up when first asked for', () => {
  it('reaches its first subscriber as a snapshot, not as its warm-up trades', async () => {
    // A fresh exchange: only its first pair is warmed up until something asks for another.
    const fresh = await startTestExchange({ feed: { pingIntervalMs: 80, maxMissedPings: 3, tickerIntervalMs: 100 } })
    const feed = await RawFeed.open(fresh.feedUrl, true)
    try {
      feed.send(['subscribe', 'trade.USDC_USDT', 'ticker.USDC_USDT'])
      await feed.kind('tk')
      await new Promise((resolve) => setTimeout(resolve, 150))
      expect(feed.all('t')).toEqual([])
      // The warm-up's trades are in its history.
      const trades = (await raw(fresh, 'GET', '/trades?pair=USDC_USDT&limit=1000')).json as unknown[]
      expect(trades.length).toBeGreaterThanOrEqual(40)
    } finally {
      feed.close()
      await fresh.close()
    }
  })
})
