// The live feed's fault modes, as a raw WebSocket client experiences them.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { Decimal } from '../../domain/decimal'
import type { DemoExchange } from '../server'
import { ADMIN_TOKEN_HEADER } from '../admin'
import { Session, bookOf, startTestExchange } from '../test/test-kit.test-util'
import { RawFeed, applyLevels } from './test/raw-feed.test-util'

let ex: DemoExchange
let master: Session
const open: RawFeed[] = []
const connect = async (): Promise<RawFeed> => {
  const feed = await RawFeed.open(ex.feedUrl)
  open.push(feed)
  return feed
}
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

beforeAll(async () => {
  ex = await startTestExchange({ feed: { pingIntervalMs: 100, tickerIntervalMs: 100 } })
  master = await Session.open(ex, 0)
})
afterEach(async () => {
  ex.setFaults({})
  for (const f of open.splice(0)) f.close()
  await master.cancel({ all: true })
})
afterAll(() => ex.close())

const limitBuy = (price: string) => master.order({ pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.01', limit_price: price })

describe('feed faults', () => {
  it('feedDrop cuts every open connection without a close frame; a new one is accepted', async () => {
    const a = await connect()
    const b = await connect()
    ex.setFaults({ feedDrop: true })
    expect((await a.closed).code).toBe(1006)
    expect((await b.closed).code).toBe(1006)
    const again = await connect()
    again.send(['subscribe', 'ticker.BTC_USDT'])
    expect(await again.kind('tk')).toBeDefined()
  })

  it('feedOff refuses the upgrade (404) and cuts open connections, until cleared', async () => {
    const a = await connect()
    ex.setFaults({ feedOff: true })
    await a.closed
    await expect(RawFeed.open(ex.feedUrl)).rejects.toThrow(/404/)
    ex.setFaults({})
    expect((await connect()).ws.readyState).toBe(1)
  })

  it('feedPingsStopped: no "1" while set, pings again once cleared', async () => {
    const feed = await connect()
    await feed.next((f) => f === '1')
    ex.setFaults({ feedPingsStopped: true })
    await pause(110) // a ping already on its way may still land
    const before = feed.frames.length
    await pause(500) // five ping intervals
    expect(feed.frames.slice(before)).not.toContain('1')
    expect(feed.ws.readyState).toBe(1) // silence, not a drop
    ex.setFaults({})
    await feed.next((f) => f === '1')
  })

  it('feedMalformedFrame sends each open connection one frame that is not JSON, and the feed goes on', async () => {
    const feed = await connect()
    feed.send(['subscribe', 'ticker.BTC_USDT'])
    await feed.kind('tk')
    ex.setFaults({ feedMalformedFrame: true })
    const bad = (await feed.next((f) => typeof f === 'string' && f !== '1')) as string
    expect(() => JSON.parse(bad)).toThrow()
    expect(await feed.kind('tk')).toBeDefined()
  })

  it('feedDiffLost: the next diff is never sent, so a book kept from diffs alone drifts from REST (a gap)', async () => {
    const feed = await connect()
    feed.send(['subscribe', 'diff.BTC_USDT'])
    const [, , snap] = (await feed.kind('p')) as [string, number, { Asks: [string, string][]; Bids: [string, string][] }]
    const bids = new Map(snap.Bids)
    const below = new Decimal(snap.Bids[0]![0]).minus(600)
    ex.setFaults({ feedDiffLost: true })
    await limitBuy(below.toFixed(2)) // this diff is lost
    await pause(50)
    expect(feed.all('d')).toEqual([])
    await limitBuy(below.minus(1).toFixed(2)) // this one arrives
    const d = (await feed.kind('d')) as [string, number, string, [[string, string][], [string, string][]]]
    expect(d[3][1]).toEqual([[below.minus(1).toFixed(2), '0.010000']])
    applyLevels(bids, d[3][1])
    const rest = (await bookOf(ex, 'BTC_USDT')).buy.map((l) => new Decimal(String(l.price)).toFixed(2))
    expect(rest).toContain(below.toFixed(2))
    expect(bids.has(below.toFixed(2))).toBe(false)
  })

  it('a slow consumer (reads nothing, asks for much) is dropped once its backlog passes the bound', { timeout: 30_000 }, async () => {
    // pings off: a client that reads nothing also answers no pings, and would be dropped for that first
    ex.setFaults({ feedMaxBufferedBytes: 64 * 1024, feedPingsStopped: true })
    const slow = await connect()
    const fast = await connect()
    fast.send(['subscribe', 'ticker.BTC_USDT'])
    slow.ws.pause() // stops reading: the kernel buffers fill, then the server's backlog grows
    const topics = ['BTC_USDT', 'ETH_USDT', 'ETH_BTC', 'LTC_USDT', 'XRP_USDT', 'DOGE_USDT', 'TRX_USDT', 'USDC_USDT'].map((p) => `market_depth.${p}`)
    // the kernel's socket buffers (a few MB on loopback) fill first; only then does the server's backlog grow
    const deadline = Date.now() + 15_000
    while (ex.feedStats().droppedSlowConsumers === 0 && Date.now() < deadline) {
      for (let i = 0; i < 50; i++) slow.send(['subscribe', ...topics]) // eight book snapshots back, each time
      await pause(5)
    }
    expect(ex.feedStats()).toMatchObject({ droppedSlowConsumers: 1, droppedForMissedPings: 0 })
    slow.ws.resume()
    expect((await slow.closed).code).toBe(1006)
    expect(fast.ws.readyState).toBe(1) // the others are served as before
    await fast.kind('tk')
    expect(slow.frames.length).toBeGreaterThan(0) // it got what the kernel held, then the cut
  })

  it('feed faults switch from another process too, through POST /__admin/faults', async () => {
    const remote = await startTestExchange({ admin: true })
    try {
      const feed = await RawFeed.open(remote.feedUrl)
      const post = (body: unknown) => fetch(remote.baseUrl.replace('/api/v3', '/__admin/faults'), { method: 'POST', headers: { [ADMIN_TOKEN_HEADER]: remote.adminToken! }, body: JSON.stringify(body) })
      const answer = await post({ feedDrop: true, feedMaxBufferedBytes: 4096 })
      expect(answer.status).toBe(200)
      expect(await answer.json()).toEqual({ faults: { feedDrop: true, feedMaxBufferedBytes: 4096 } })
      expect((await feed.closed).code).toBe(1006)
      expect((await post({ feedPingsStopped: 'yes' })).status).toBe(400)
    } finally {
      await remote.close()
    }
  })
})
