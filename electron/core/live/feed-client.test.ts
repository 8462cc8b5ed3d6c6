// The feed client against the demo exchange's real feed (in process, short timers): topics that change
// while connected, pings, auth, and what each feed fault does to it.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DemoExchange } from '../../demo-exchange/server'
import { Session, startTestExchange } from '../../demo-exchange/test/test-kit.test-util'
import type { FeedClient, FeedClientOptions, FeedStatus } from './feed-client'
import { createFeedClient } from './feed-client'
import type { FeedEvent } from './frames'

let ex: DemoExchange
let master: Session
const clients: FeedClient[] = []

beforeAll(async () => {
  ex = await startTestExchange({ feed: { pingIntervalMs: 100, maxMissedPings: 3, tickerIntervalMs: 60 } })
  master = await Session.open(ex, 0)
})
afterEach(async () => {
  ex.setFaults({})
  for (const c of clients.splice(0)) c.close()
  await master.cancel({ all: true })
})
afterAll(() => ex.close())

interface Watched {
  client: FeedClient
  events: FeedEvent[]
  statuses: FeedStatus[]
  malformed: string[]
}

function watch(options: Partial<FeedClientOptions> = {}): Watched {
  const client = createFeedClient({ url: ex.feedUrl, maxBackoffMs: 100, silenceMs: 2_000, ...options })
  clients.push(client)
  const w: Watched = { client, events: [], statuses: [client.status], malformed: [] }
  client.onEvent((e) => w.events.push(e))
  client.onStatus((s) => w.statuses.push(s))
  client.onMalformed((r) => w.malformed.push(r))
  return w
}

const until = (check: () => boolean, timeout = 3_000) => expect.poll(check, { timeout, interval: 10 }).toBe(true)
const count = (w: Watched, kind: FeedEvent['kind']) => w.events.filter((e) => e.kind === kind).length
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

describe('feed client', () => {
  it('connects, goes live, and follows topics added and removed while connected', async () => {
    const w = watch()
    expect(w.client.status).toBe('connecting')
    const stopTicker = w.client.subscribe(['ticker.BTC_USDT'])
    await until(() => w.client.status === 'live' && count(w, 'ticker') >= 2)
    const ticker = w.events.find((e) => e.kind === 'ticker')!
    expect(ticker.kind === 'ticker' && ticker.tickers[0]!.pair).toBe('BTC_USDT')

    const stopTrades = w.client.subscribe(['trade.BTC_USDT'])
    stopTicker()
    await pause(30)
    const tickersBefore = count(w, 'ticker')
    await master.order({ pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.001' })
    await until(() => count(w, 'trade') === 1)
    const trade = w.events.find((e) => e.kind === 'trade')!
    expect(trade).toMatchObject({ kind: 'trade', pair: 'BTC_USDT', direction: 'sell', amount: '0.001' }) // canonical decimal text, as every wire value
    await pause(200) // three ticker intervals: none arrive any more
    expect(count(w, 'ticker')).toBe(tickersBefore)
    stopTrades()
    expect(w.statuses).toEqual(['connecting', 'live'])
  })

  it('answers pings, so the server keeps it (3 missed pings would drop it)', async () => {
    const dropped = ex.feedStats().droppedForMissedPings
    const w = watch()
    await until(() => w.client.status === 'live')
    await pause(700) // seven ping intervals
    expect(w.client.stats().connects).toBe(1)
    expect(ex.feedStats().droppedForMissedPings).toBe(dropped)
  })

  it('auths with the token provider and gets its own order updates; a refused token is asked for again', async () => {
    const asked: boolean[] = []
    const w = watch({
      token: async (refused) => {
        asked.push(refused)
        return asked.length === 1 ? 'not-a-jwt' : master.token
      },
    })
    await until(() => w.events.some((e) => e.kind === 'auth' && e.ok))
    expect(asked).toEqual([false, true])
    expect(w.events.find((e) => e.kind === 'error')).toMatchObject({ code: 'INVALID_TOKEN' })
    const r = await master.order({ pair: 'ETH_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.01', limit_price: '1000' })
    const id = String((r.json as number[])[0])
    await until(() => w.events.some((e) => e.kind === 'order' && e.order.id === id))
    const order = w.events.find((e) => e.kind === 'order')!
    expect(order.kind === 'order' && order.order).toMatchObject({ pair: 'ETH_USDT', side: 'BID', status: 'OPEN', limitPrice: '1000', amountUnfilled: '0.01' })
    await until(() => w.events.some((e) => e.kind === 'wallet' && e.currency === 'USDT' && e.walletType === 'SPOT'))
  })
})

describe('feed client under feed faults', () => {
  it('connection dropped: reconnects with backoff and subscribes again', async () => {
    const w = watch()
    w.client.subscribe(['ticker.ETH_USDT'])
    await until(() => w.client.status === 'live' && count(w, 'ticker') >= 1)
    ex.setFaults({ feedDrop: true })
    await until(() => w.client.stats().connects === 2 && w.client.status === 'live')
    const before = count(w, 'ticker')
    await until(() => count(w, 'ticker') > before) // the topic came back without anyone asking
    expect(w.statuses).toEqual(['connecting', 'live', 'reconnecting', 'live'])
  })

  it('after a reconnect it authenticates again, and private updates keep coming', async () => {
    let asked = 0
    const w = watch({ token: async () => (asked++, master.token) })
    await until(() => w.events.filter((e) => e.kind === 'auth').length === 1)
    ex.setFaults({ feedDrop: true })
    await until(() => w.events.filter((e) => e.kind === 'auth').length === 2)
    expect(asked).toBe(2)
    const r = await master.order({ pair: 'LTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '1', limit_price: '10' })
    const id = String((r.json as number[])[0])
    await until(() => w.events.some((e) => e.kind === 'order' && e.order.id === id))
  })

  it('no feed at all: reconnecting, then down after repeated failures, and live again when the feed returns', async () => {
    const w = watch({ downAfterFailures: 3 })
    await until(() => w.client.status === 'live')
    ex.setFaults({ feedOff: true })
    await until(() => w.client.status === 'down')
    expect(w.statuses.slice(0, 3)).toEqual(['connecting', 'live', 'reconnecting'])
    expect(w.client.stats().connects).toBe(1) // every try after the cut was refused
    ex.setFaults({})
    await until(() => w.client.status === 'live')
  })

  it('pings stopped and nothing else comes: the silence ends the connection and a new one is made', async () => {
    const w = watch({ silenceMs: 150 })
    w.client.subscribe(['trade.LTC_USDT']) // a quiet topic: with the demo standing still, nothing trades
    await until(() => w.client.status === 'live')
    ex.setFaults({ feedPingsStopped: true })
    await until(() => w.client.stats().connects >= 2)
    expect(w.statuses).toContain('reconnecting')
  })

  it('a malformed frame is counted and reported, and the feed goes on', async () => {
    const w = watch()
    w.client.subscribe(['ticker.BTC_USDT'])
    await until(() => count(w, 'ticker') >= 1)
    ex.setFaults({ feedMalformedFrame: true })
    await until(() => w.malformed.length === 1)
    expect(w.malformed[0]).toMatch(/^not JSON/)
    expect(w.client.stats().malformed).toBe(1)
    const before = count(w, 'ticker')
    await until(() => count(w, 'ticker') > before)
    expect(w.client.status).toBe('live')
  })

  it('a URL that cannot work says so and stops', () => {
    const w = watch({ url: 'http//nonsense' })
    expect(w.client.status).toBe('down')
    expect(w.statuses.at(-1)).toBe('down')
  })
})
