// The keeper against the real demo exchange, in-process: a protected LIMIT buy fills and its stop
// rests at the exchange for the filled amount; the price driven to the target makes the keeper
// cancel the stop, sell the target's share and place a new stop for the rest; driven down to the
// stop, the position ends closed by the stop. A keeper restarted mid-way reconciles from the orders
// and sends nothing twice (the demo counts every POST /trading/order). On the live feed, the target
// crossed by the drive is acted on from the feed's trades, with no poll in between.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { Decimal } from '../../domain/decimal'
import type { Position } from '../../domain/protection/types'
import { startDemoExchange, type DemoExchange } from '../../demo-exchange/server'
import { createExchangeClient, type ExchangeClient } from '../exchange/client'
import { createFeedClient, type FeedClient } from '../live/feed-client'
import { sourceOfClient } from '../live/live-link'
import { createOrderDesk } from '../orders/order-desk'
import { createKeeper, type Keeper } from './keeper'
import { createPositionStore, type PositionStore } from './position-store'
import { demoLimitBuy, driveDemo } from './test/demo-price.test-util'

let demo: DemoExchange
let client: ExchangeClient
const dirs: string[] = []
const keepers: Keeper[] = []
const feeds: FeedClient[] = []

beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 21, live: false, historyDays: 1, admin: true })
  const { apiKey, apiSecret } = demo.accounts[0]!
  client = createExchangeClient({ baseUrl: demo.baseUrl, credentials: async () => ({ apiKey, apiSecret }) })
})
afterAll(async () => {
  for (const k of keepers) await k.stop()
  for (const f of feeds) f.close()
  await demo.close()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

/** A keeper that polls once a minute (so a test's rounds are its own `sync()` calls), on the demo's live feed when `feed` is given. */
function keeperOn(dir: string, wrap: (s: PositionStore) => PositionStore = (s) => s, feed?: FeedClient): Keeper {
  const desk = createOrderDesk({ client, accountId: () => null, lookupDelaysMs: [0] })
  const live = feed ? () => sourceOfClient(feed) : undefined
  const keeper = createKeeper({ client, desk, store: wrap(createPositionStore(dir, 'demo')), pollMs: 60_000, lookupDelaysMs: [0], live })
  keepers.push(keeper)
  return keeper
}

const drive = (price: string, pair = 'BTC_USDT'): Promise<void> => driveDemo(demo, price, pair)

const orderOf = async (clientOrderId: string, pair = 'BTC_USDT') => (await client.recentOrders(undefined, { pair })).find((o) => o.client_order_id === clientOrderId)
const only = async (k: Keeper): Promise<Position> => (await k.list())[0]!
const legs = (p: Position) => p.legs.map((l) => `${l.role}:${l.status}:${l.amount}:${l.filled}`)

/** Nothing oversold: what the exits sold at the exchange adds up to at most what the entry bought. */
async function assertNeverOversold(p: Position): Promise<void> {
  const records = await client.recentOrders(undefined, { pair: 'BTC_USDT' })
  const ours = records.filter((r) => r.client_order_id?.startsWith(`${p.id}-`))
  const bought = ours.filter((r) => r.side === 'BID').reduce((s, r) => s.plus(r.amount_filled ?? '0'), new Decimal(0))
  const sold = ours.filter((r) => r.side === 'ASK').reduce((s, r) => s.plus(r.amount_filled ?? '0'), new Decimal(0))
  expect(sold.lte(bought)).toBe(true)
  expect(new Decimal(p.exited).lte(p.filled)).toBe(true)
}

describe('the keeper against the demo exchange', () => {
  it('entry fills → stop rests; target → cancel stop, sell the share, new stop; a restart sends nothing twice; stop → closed', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keeper-demo-'))
    dirs.push(dir)
    const saved: Position[][] = []
    const keeper = keeperOn(dir, (s) => ({ ...s, save: (ps) => (saved.push(structuredClone([...ps])), s.save(ps)) }))
    await keeper.start()
    expect(keeper.acting()).toBe(true)

    const last = new Decimal((await client.ticker({ pair: 'BTC_USDT' }))[0]!.last!)
    const entry = last.minus(200).toDecimalPlaces(0)
    const target = entry.plus(600)
    const stop = entry.minus(600)
    const plan = demoLimitBuy('k1', entry, [{ price: target.toFixed(), share: '50' }])
    await keeper.open(plan)
    expect((await orderOf('k1-1'))?.status).toBe('OPEN')

    await drive(entry.toFixed())
    await keeper.sync()
    let p = await only(keeper)
    expect(p.state).toBe('open')
    expect(p.filled).toBe('0.01')
    const firstStop = await orderOf('k1-2')
    expect(firstStop).toMatchObject({ type: 'STOP_LIMIT', side: 'ASK', status: 'PENDING' })
    expect(new Decimal(firstStop!.amount).eq('0.01')).toBe(true)

    await drive(target.toFixed())
    await keeper.sync()
    p = await only(keeper)
    expect((await orderOf('k1-2'))?.status).toBe('CANCELLED')
    expect(legs(p)).toEqual(['entry:done:0.01:0.01', 'stop:done:0.01:0', 'target:resting:0.005:0', 'stop:resting:0.005:0'])
    // the target's sell rests just under the target; the next buyer at the target takes it
    await drive(target.plus(1).toFixed())
    await keeper.sync()
    p = await only(keeper)
    expect(p.exited).toBe('0.005')
    expect(p.legs[2]!.status).toBe('done')

    // a keeper that stopped just after sending the target's sell and the new stop, before their
    // answers were saved: a new keeper on that state finds both orders and sends none again
    const crashed = saved.find((ps) => ps[0]!.legs.length === 4 && ps[0]!.legs[2]!.status === 'placing')!
    const dir2 = mkdtempSync(join(tmpdir(), 'keeper-demo-'))
    dirs.push(dir2)
    await createPositionStore(dir2, 'demo').save(crashed)
    const sent = demo.stats().orderRequests
    const restarted = keeperOn(dir2)
    await restarted.start()
    p = await only(restarted)
    expect(demo.stats().orderRequests).toBe(sent)
    expect(legs(p)).toEqual(['entry:done:0.01:0.01', 'stop:done:0.01:0', 'target:done:0.005:0.005', 'stop:resting:0.005:0'])
    expect(p.legs[3]!.orderId).toBe(String((await orderOf('k1-4'))!.id))
    // the same keeper restarted on its own file: reconciles, nothing sent
    await keeper.stop()
    const again = keeperOn(dir)
    await again.start()
    expect(demo.stats().orderRequests).toBe(sent)
    expect(legs(await only(again))).toEqual(legs(p))
    await restarted.stop()

    // through the stop: it triggers, and its limit sells as soon as a buyer comes back to it
    await drive(stop.minus(60).toFixed())
    await again.sync()
    expect((await only(again)).state).toBe('open')
    await drive(stop.minus(50).toFixed())
    await again.sync()
    p = await only(again)
    expect(p.state).toBe('closed')
    expect(p.closedBy).toBe('stop')
    expect(p.exited).toBe('0.01')
    await assertNeverOversold(p)
  })

  it('on the live feed: the target crossed by the drive is acted on from the trades, with no poll round', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keeper-demo-'))
    dirs.push(dir)
    const feed = createFeedClient({ url: demo.feedUrl })
    feeds.push(feed)
    await vi.waitFor(() => expect(feed.status).toBe('live'), { timeout: 5_000 })
    const keeper = keeperOn(dir, undefined, feed)
    await keeper.start()
    const pair = 'ETH_USDT'
    const last = new Decimal((await client.ticker({ pair }))[0]!.last!)
    const entry = last.minus(20).toDecimalPlaces(0)
    const target = entry.plus(60)
    const stop = entry.minus(60)
    await keeper.open({
      id: 'f1',
      pair,
      side: 'BUY',
      entry: { type: 'LIMIT', amount: '0.1', price: entry.toFixed() },
      protection: 'exchange',
      stop: { price: stop.toFixed(), limit: stop.minus(5).toFixed() },
      slippage: '1',
      targets: [{ price: target.toFixed(), share: '100' }],
      trailing: null,
      breakevenAt: null,
      amountPrecision: 4,
      pricePrecision: 2,
    })
    await drive(entry.toFixed(), pair)
    await keeper.sync() // the fill is read by REST (the account feed is not the keeper's yet): the stop goes out
    expect((await orderOf('f1-2', pair))?.status).toBe('PENDING')

    const sent = demo.stats().orderRequests
    const t0 = Date.now()
    await drive(target.toFixed(), pair)
    // no sync() here, and the next poll is a minute away: only the feed's trade can do this
    await vi.waitFor(async () => expect((await orderOf('f1-2', pair))?.status).toBe('CANCELLED'), { timeout: 5_000, interval: 10 })
    await vi.waitFor(async () => expect((await orderOf('f1-3', pair))?.type).toBe('LIMIT'), { timeout: 5_000, interval: 10 })
    expect(Date.now() - t0).toBeLessThan(5_000)
    const p = await only(keeper)
    expect(legs(p)).toEqual(['entry:done:0.1:0.1', 'stop:done:0.1:0', 'target:resting:0.1:0'])
    expect(demo.stats().orderRequests).toBe(sent + 1) // the target's sell, once; no new stop: nothing is left to protect
  })

  it('moves the stop at the trader’s word: the old stop cancelled at the exchange, then one new stop for what is held; a stop past the price is refused and sends nothing', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'keeper-demo-'))
    dirs.push(dir)
    const keeper = keeperOn(dir)
    await keeper.start()
    const last = new Decimal((await client.ticker({ pair: 'BTC_USDT' }))[0]!.last!)
    const entry = last.minus(200).toDecimalPlaces(0)
    const stop = entry.minus(600)
    const target = entry.plus(900)
    await keeper.open({
      id: 'm1',
      pair: 'BTC_USDT',
      side: 'BUY',
      entry: { type: 'LIMIT', amount: '0.02', price: entry.toFixed() },
      protection: 'exchange',
      stop: { price: stop.toFixed(), limit: stop.minus(50).toFixed() },
      slippage: '5',
      targets: [{ price: target.toFixed(), share: '50' }],
      trailing: null,
      breakevenAt: null,
      amountPrecision: 6,
      pricePrecision: 2,
    })
    await drive(entry.toFixed())
    await keeper.sync()
    expect(await orderOf('m1-2')).toMatchObject({ type: 'STOP_LIMIT', status: 'PENDING' })

    const sent = demo.stats().orderRequests
    await expect(keeper.modify('m1', { stop: entry.plus(10).toFixed() })).rejects.toMatchObject({
      kind: 'validation',
      field: 'stopLoss',
      message: expect.stringMatching(/stop must be below the last price/),
    })
    expect(demo.stats().orderRequests).toBe(sent)

    const moved = stop.plus(250)
    const p = (await keeper.modify('m1', { stop: moved.toFixed(), targets: [{ index: 0, price: target.plus(100).toFixed() }] }))!
    expect(p.stop?.price).toBe(moved.toFixed())
    expect(p.targets[0]!.price).toBe(target.plus(100).toFixed())
    expect((await orderOf('m1-2'))?.status).toBe('CANCELLED')
    const next = await orderOf('m1-3')
    expect(next).toMatchObject({ type: 'STOP_LIMIT', side: 'ASK', status: 'PENDING' })
    expect(new Decimal(next!.stop_price!).eq(moved)).toBe(true)
    expect(new Decimal(next!.price!).eq(moved.minus(50))).toBe(true)
    expect(new Decimal(next!.amount).eq('0.02')).toBe(true)
    // one stop of the position rests at the exchange, and one order was sent for the move
    const resting = (await client.recentOrders(undefined, { pair: 'BTC_USDT' })).filter((o) => o.client_order_id?.startsWith('m1-') && o.type === 'STOP_LIMIT' && o.status === 'PENDING')
    expect(resting.map((o) => o.client_order_id)).toEqual(['m1-3'])
    expect(demo.stats().orderRequests).toBe(sent + 1)
    await keeper.close('m1')
  })
})
