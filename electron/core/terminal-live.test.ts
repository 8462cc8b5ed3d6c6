// The terminal core on the live feed of the real demo exchange, under each of the feed's faults. The
// polls are made slow (a minute) so that whatever arrives quickly can only have come from the feed;
// the demo's own market is still (live: false) so every trade is one the test made.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { EventName, EventPayloads, FeedModes, TerminalCore } from '../domain/api/api'
import { startDemoExchange, type DemoExchange } from '../demo-exchange/server'
import { createLogger } from './storage/logger'
import { createProfileStore } from './profiles/profile-store'
import { createTerminal } from './terminal'
import { createVault } from './credentials/vault'
import { memoryKeytar } from './test/terminal-harness.test-util'

const SLOW = { tradesMs: 60_000, candlesMs: 60_000, tickerMs: 60_000, accountMs: 60_000, bookMs: 60_000 }
const WAIT_MS = 8_000

let demo: DemoExchange
const dirs: string[] = []
const cores: TerminalCore[] = []

beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 21, live: false, feed: { pingIntervalMs: 300, tickerIntervalMs: 200 } })
})
afterEach(async () => {
  demo.setFaults({})
  while (cores.length) await cores.pop()!.dispose()
})
afterAll(async () => {
  await demo.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

async function open(feed: { enabled?: boolean } = {}, logLines?: string[]): Promise<TerminalCore> {
  const dir = mkdtempSync(join(tmpdir(), 'terminal-live-'))
  dirs.push(dir)
  const core = await createTerminal({
    host: 'cli',
    version: '0.0.0-test',
    dataDir: dir,
    vault: createVault({ keytar: memoryKeytar() }),
    profiles: createProfileStore(dir),
    demo: { start: async () => ({ baseUrl: demo.baseUrl, accounts: demo.accounts }) },
    rates: SLOW,
    ...(logLines ? { logger: createLogger({ sink: (line) => logLines.push(line) }) } : {}),
    feed: { ...feed, client: { maxBackoffMs: 300, silenceMs: 1_000 } },
  })
  cores.push(core)
  return core
}

function next<E extends EventName>(core: TerminalCore, event: E, where: (p: EventPayloads[E]) => boolean, what: string): Promise<EventPayloads[E]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} (${what}) within ${WAIT_MS} ms`)), WAIT_MS)
    const dispose = core.on(event, (payload) => {
      if (!where(payload)) return
      clearTimeout(timer)
      dispose()
      resolve(payload)
    })
  })
}

const modes = (core: TerminalCore, want: Partial<FeedModes>) => next(core, 'feed.status', (p) => Object.entries(want).every(([k, v]) => p.modes[k as keyof FeedModes] === v), JSON.stringify(want))

/** Subscribes and waits until both feeds stream. */
async function subscribed(core: TerminalCore) {
  const live = modes(core, { market: 'live', account: 'live' })
  const snapshot = await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '1' })
  await live
  return snapshot
}

async function buyAtMarket(core: TerminalCore): Promise<number> {
  const placed = await core.call('orders.place', { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '50' })
  if (placed.outcome !== 'placed') throw new Error(`not placed: ${JSON.stringify(placed)}`)
  return placed.orderIds[0]!
}

describe('terminal on the live feed', () => {
  it('shows a trade, its candle and the account change at once, long before any poll', async () => {
    const core = await open()
    const snapshot = await subscribed(core)
    const before = snapshot.candles.at(-1)!
    const trade = next(core, 'market.trades', () => true, 'the trade')
    const candle = next(core, 'market.candles', () => true, 'the candle')
    const account = next(core, 'account.changed', () => true, 'the fill')
    const started = Date.now()
    const orderId = await buyAtMarket(core)
    const [t, c, a] = await Promise.all([trade, candle, account])
    // The polls run once a minute: these came from the stream.
    expect(Date.now() - started).toBeLessThan(2_000)
    expect(t.trades[0]!.type).toBe('buy')
    const last = c.candles.at(-1)!
    expect(last.time).toBeGreaterThanOrEqual(before.time)
    expect(last.close).toBe(Number(t.trades[0]!.price))
    expect(a.orders?.some((o) => o.id === orderId)).toBe(true)
  })

  it("streams the pair list's prices of every pair, tagged with the session, long before any REST read", async () => {
    const core = await open()
    const snapshot = await subscribed(core)
    const started = Date.now()
    const tickers = await next(core, 'market.tickers', (p) => p.tickers.some((t) => t.pair === 'ETH_USDT'), 'ETH_USDT among the tickers')
    expect(Date.now() - started).toBeLessThan(5_000)
    expect(tickers.session).toEqual(snapshot.session)
    expect(tickers.tickers.map((t) => t.pair)).toEqual(expect.arrayContaining(['BTC_USDT', 'ETH_USDT', 'LTC_USDT']))
    expect(tickers.tickers.find((t) => t.pair === 'ETH_USDT')!.last).toMatch(/^\d+\.\d+$/)
  })

  it('after a lost connection says reconnecting, resynchronises from REST and streams again', async () => {
    const core = await open()
    await subscribed(core)
    const reconnecting = modes(core, { market: 'reconnecting' })
    demo.setFaults({ feedDrop: true })
    await reconnecting
    demo.setFaults({})
    await modes(core, { market: 'live' })
    const trade = next(core, 'market.trades', () => true, 'a trade after the reconnect')
    await buyAtMarket(core)
    await trade
    // What the Diagnostics panel and the CLI's diagnostics say of it: one reconnect, and the frames' lag.
    const report = await core.call('diagnostics.get', undefined)
    expect(report.reconnects).toMatchObject({ count: 1, recent: [{ kind: 'reconnected', reason: null }, { kind: 'lost' }] })
    expect(report.feedLag).toMatchObject({ frames: expect.any(Number), clockCorrected: false })
    expect(report.feedLag!.maxMs).toBeLessThan(WAIT_MS)
  })

  it('never shows a candle built across a gap: a trade missed while the feed was off comes from REST', async () => {
    const core = await open()
    const snapshot = await subscribed(core)
    const shown = new Map(snapshot.candles.map((c) => [c.time, c]))
    core.on('market.candles', (p) => p.candles.forEach((c) => shown.set(c.time, c)))
    const polling = modes(core, { market: 'polling' })
    demo.setFaults({ feedOff: true })
    await polling
    await buyAtMarket(core) // the stream never sees this trade
    const back = modes(core, { market: 'live' })
    demo.setFaults({})
    await back
    // The resync's REST read brings the candle that holds the missed trade; the stream alone could not.
    const rest = await core.call('market.candles', { pair: 'BTC_USDT', interval: '1', limit: 2 })
    const want = rest.at(-1)!
    await expect.poll(() => shown.get(want.time)?.volume, { timeout: WAIT_MS }).toBe(want.volume)
  })

  it('survives a malformed frame and a lost diff, and is not fooled by stopped pings while frames flow', async () => {
    const core = await open()
    await subscribed(core)
    const seen: string[] = []
    core.on('feed.status', (p) => seen.push(p.modes.market))
    demo.setFaults({ feedMalformedFrame: true, feedDiffLost: true, feedPingsStopped: true })
    const trade = next(core, 'market.trades', () => true, 'a trade after the bad frame')
    await buyAtMarket(core)
    await trade
    // Longer than the client's silence limit: tickers still arrive, so the connection is alive.
    await new Promise((r) => setTimeout(r, 1_500))
    expect(seen.filter((m) => m !== 'live')).toEqual([])
  })

  it('with the feed disabled polls, and says so', async () => {
    const core = await open({ enabled: false })
    const polling = modes(core, { market: 'polling', account: 'polling' })
    await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '1' })
    await polling
    expect(demo.feedStats().connections).toBe(0)
  })
})

describe('the order book on the live feed', () => {
  const hasBid = (p: EventPayloads['market.book'], price: string) => p.book?.buy.some((l) => Number(l.price) === Number(price)) ?? false
  const limitBuy = async (core: TerminalCore, price: string): Promise<number> => {
    const placed = await core.call('orders.place', { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: price })
    if (placed.outcome !== 'placed') throw new Error(`not placed: ${JSON.stringify(placed)}`)
    return placed.orderIds[0]!
  }
  const feedBook = (core: TerminalCore) => next(core, 'market.book', (p) => p.source === 'feed' && p.book !== null, 'a book from the feed')

  it('comes from the feed: a limit order is in the next book at once, tagged with its session', async () => {
    const core = await open()
    const first = feedBook(core)
    const snapshot = await subscribed(core)
    expect((await first).session).toEqual(snapshot.session)
    const shown = next(core, 'market.book', (p) => hasBid(p, '20001.37'), 'the order at its level')
    const started = Date.now()
    const id = await limitBuy(core, '20001.37')
    const book = await shown
    expect(Date.now() - started).toBeLessThan(2_000) // the book is polled once a minute here
    expect(book).toMatchObject({ source: 'feed', doubt: null, session: snapshot.session })
    await core.call('orders.cancel', { order_ids: [id] })
    // a feed no longer subscribed says nothing more, whatever the book does
    await core.call('market.unsubscribe', undefined)
    const after: unknown[] = []
    core.on('market.book', (p) => after.push(p))
    await limitBuy(core, '20001.38')
    await new Promise((r) => setTimeout(r, 300))
    expect(after).toEqual([])
  })

  it('a lost diff of the trader’s own order: found at once, the book re-read, and none shown without the order', async () => {
    const log: string[] = []
    const core = await open({}, log)
    const first = feedBook(core)
    await subscribed(core)
    await first
    const seen: EventPayloads['market.book'][] = []
    demo.setFaults({ feedDiffLost: true }) // the order's diff is the next one: the market is still
    const whole = next(core, 'market.book', (p) => hasBid(p, '20002.41'), 'the order after the re-read')
    await limitBuy(core, '20002.41')
    core.on('market.book', (p) => seen.push(p))
    await whole
    // found by the order frame, or by the comparison with REST if its turn (every 2 s) came first; the
    // doubt itself may never reach the window: the re-read came within the same emit interval
    expect(log.some((line) => /order book re-read.*(your order at 20002\.41|differs from the exchange)/.test(line))).toBe(true)
    expect(seen.filter((p) => p.book !== null).every((p) => hasBid(p, '20002.41'))).toBe(true)
  })

  it('polls while the feed is off, and takes the feed’s book again when it returns', async () => {
    const core = await open()
    const first = feedBook(core)
    await subscribed(core)
    await first
    const polled = next(core, 'market.book', (p) => p.source === 'poll' && p.book !== null, 'a polled book')
    demo.setFaults({ feedOff: true })
    await polled
    const back = feedBook(core)
    demo.setFaults({})
    await back
  })
})

describe('the feed URL of a profile', () => {
  it('is refused on another host than the base URL, and used when it is a good one', async () => {
    const core = await open()
    const master = demo.accounts.find((a) => a.parentId === null)!
    const creds = { apiKey: master.apiKey, apiSecret: master.apiSecret }
    await expect(core.call('profiles.create', { name: 'Elsewhere', baseUrl: demo.baseUrl, feedUrl: 'ws://127.0.0.2/alp-ws', ...creds })).rejects.toMatchObject({
      code: 'BAD_FEED_URL',
      field: 'feedUrl',
    })
    const profile = await core.call('profiles.create', { name: 'Own feed', baseUrl: demo.baseUrl, feedUrl: demo.feedUrl, ...creds })
    expect(profile.feedUrl).toBe(demo.feedUrl)
    const live = modes(core, { market: 'live' })
    await core.call('profiles.activate', { id: profile.id })
    await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '1' })
    await live
    // empty: back to the feed beside the base URL
    expect((await core.call('profiles.update', { id: profile.id, feedUrl: '' })).feedUrl).toBeNull()
  })
})
