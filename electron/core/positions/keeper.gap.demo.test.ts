// A stop-limit that gaps, against the real demo exchange: coins held (an OCO), their STOP_LIMIT
// resting at the exchange, then the market driven through the stop *and* its limit, so the
// triggered limit rests unfilled. With a keeper on the live feed, the first trade past the limit is
// seen, the stop cancelled and what is held sold at market, the position closed by stop; with no
// keeper running at the gap, the keeper that starts later finds it in its first round and does the
// same; with `hold`, the order stays and the position asks the trader. Nothing is ever oversold.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it, vi } from 'vitest'
import { Decimal } from '../../domain/decimal'
import { protectionWords } from '../../domain/protection/describe'
import type { Position, PositionPlan, StopFallback } from '../../domain/protection/types'
import { createFeedClient, type FeedClient } from '../live/feed-client'
import { sourceOfClient } from '../live/live-link'
import { createOrderDesk } from '../orders/order-desk'
import { createKeeper, type Keeper } from './keeper'
import { createPositionStore } from './position-store'
import { driveDemo } from './test/demo-price.test-util'
import { useDemoTraders } from './test/demo-traders.test-util'

const traders = useDemoTraders(44)
const dirs: string[] = []
const cleanups: (() => Promise<void> | void)[] = []
afterAll(async () => {
  for (const c of cleanups.reverse()) await c()
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
})

const last = (): Promise<Decimal> => traders.last()
const orderOf = async (clientOrderId: string) => (await traders.client.recentOrders(undefined, { pair: 'BTC_USDT' })).find((o) => o.client_order_id === clientOrderId)

function dataDir(): string {
  const dir = mkdtempSync(join(tmpdir(), 'keeper-gap-'))
  dirs.push(dir)
  return dir
}

/** A keeper polling once a minute (its rounds are the test's `sync()`), on the demo's live feed when `feed`. */
function keeperOn(dir: string, feed = false, news: string[] = []): Keeper {
  const desk = createOrderDesk({ client: traders.client, accountId: () => null, lookupDelaysMs: [0] })
  let live: (() => ReturnType<typeof sourceOfClient>) | undefined
  if (feed) {
    const f: FeedClient = createFeedClient({ url: traders.demo.feedUrl! })
    cleanups.push(() => f.close())
    live = () => sourceOfClient(f)
  }
  const keeper = createKeeper({
    client: traders.client,
    desk,
    store: createPositionStore(dir, 'demo'),
    pollMs: 60_000,
    lookupDelaysMs: [0],
    live,
    onNews: (_p, lines) => news.push(...lines.map((l) => l.text)),
  })
  cleanups.push(() => keeper.stop())
  return keeper
}

/** 0.01 BTC already held, its stop 400 under the market with its limit 20 further: a tight stop-limit that a fast market leaves behind. */
function heldPlan(id: string, market: Decimal, stopFallback: StopFallback): PositionPlan {
  const stop = market.minus(400).toDecimalPlaces(0)
  return {
    id,
    pair: 'BTC_USDT',
    side: 'BUY',
    entry: { type: 'HELD', amount: '0.01', price: market.toFixed() },
    protection: 'exchange',
    stop: { price: stop.toFixed(), limit: stop.minus(20).toFixed() },
    slippage: '5',
    targets: [],
    trailing: null,
    breakevenAt: null,
    amountPrecision: 6,
    pricePrecision: 2,
    stopFallback,
  }
}

/** Another trader's bid of 0.05 BTC at `price`: what a market sale after the gap sells into. */
async function bidAt(price: Decimal): Promise<void> {
  await traders.otherOrder('BUY', price, '0.05')
}

/** What the position's orders sold at the exchange, from its records: never more than it held. */
async function soldAtExchange(p: Position): Promise<Decimal> {
  const ours = (await traders.client.recentOrders(undefined, { pair: 'BTC_USDT' })).filter((r) => r.client_order_id?.startsWith(`${p.id}-`))
  return ours.filter((r) => r.side === 'ASK').reduce((s, r) => s.plus(r.amount_filled ?? '0'), new Decimal(0))
}

describe('a stop-limit that gaps, on the demo exchange', () => {
  it('with the keeper on the live feed: seen at once, the stop cancelled, what is held sold at market, closed by stop', async () => {
    const news: string[] = []
    const keeper = keeperOn(dataDir(), true, news)
    await keeper.start()
    const market = await last()
    const plan = heldPlan('g1', market, 'market')
    await keeper.open(plan)
    await keeper.sync()
    expect((await orderOf('g1-1'))?.status).toBe('PENDING')
    expect(protectionWords((await keeper.list())[0]!).text).toBe('protected by the exchange')

    // through the stop and its limit in one move: the triggered limit is left behind, a bid far below it
    const gapTo = new Decimal(plan.stop!.limit).minus(600)
    await bidAt(gapTo.minus(100))
    await driveDemo(traders.demo, gapTo.toFixed())
    // flat within 2 s: the feed's first trade past the limit, the stop's cancel confirmed, the sale at market
    await vi.waitFor(async () => expect((await keeper.list())[0]!.state).toBe('closed'), { timeout: 2_000, interval: 20 })
    const p = (await keeper.list())[0]!
    expect(p).toMatchObject({ closedBy: 'stop', exited: '0.01' })
    expect(p.legs.map((l) => `${l.role}:${l.type}:${l.status}`)).toEqual(['stop:STOP_LIMIT:done', 'close:MARKET:done'])
    expect(protectionWords(p).text).toMatch(/^closed by stop, by the fallback: market, sent at [\d.]+ \([\d.]+ % below the stop\)$/)
    expect(news).toContainEqual(expect.stringMatching(/^The stop gapped: the market \([\d.]+\) is [\d.]+ % below its limit/))
    // told once the step is saved, just after the state is
    await vi.waitFor(() => expect(news).toContainEqual(expect.stringMatching(/^Ended: closed by stop, by the fallback: market/)), { timeout: 1_000, interval: 10 })
    expect((await soldAtExchange(p)).toFixed()).toBe('0.01')
  })

  it('with no keeper running at the gap: the keeper that starts later finds the triggered, unfilled stop and sells at market', async () => {
    const dir = dataDir()
    const first = keeperOn(dir)
    await first.start()
    const plan = heldPlan('g2', await last(), 'market')
    await first.open(plan)
    await first.sync()
    await first.stop()
    const gapTo = new Decimal(plan.stop!.limit).minus(600)
    await bidAt(gapTo.minus(100))
    await driveDemo(traders.demo, gapTo.toFixed())
    expect((await orderOf('g2-1'))?.status).not.toBe('FILLED') // the gap: triggered, resting unfilled

    const later = keeperOn(dir)
    await later.start() // its first round is the reconcile
    const p = (await later.list())[0]!
    expect(p).toMatchObject({ state: 'closed', closedBy: 'stop', exited: '0.01' })
    expect(p.history?.map((h) => h.text)).toContainEqual(expect.stringMatching(/^The stop gapped/))
    expect(p.history!.every((h) => typeof h.at === 'number' && h.at > 0)).toBe(true)
    expect((await soldAtExchange(p)).toFixed()).toBe('0.01')
  })

  it('a book the gap emptied: the market sale is refused, a limit past the market rests, and fills when buyers come back', async () => {
    const keeper = keeperOn(dataDir(), true)
    await keeper.start()
    const plan = heldPlan('g4', await last(), 'market')
    await keeper.open(plan)
    await keeper.sync()
    const gapTo = new Decimal(plan.stop!.limit).minus(600)
    await driveDemo(traders.demo, gapTo.toFixed()) // no bid left under the price
    await vi.waitFor(
      async () => expect((await keeper.list())[0]!.legs.map((l) => `${l.role}:${l.type}:${l.status}`)).toEqual(['stop:STOP_LIMIT:done', 'close:MARKET:refused', 'close:LIMIT:resting']),
      {
        timeout: 2_000,
        interval: 20,
      },
    )
    const resting = (await keeper.list())[0]!
    expect(resting.legs[2]!.limitPrice).toBe(gapTo.minus(20).toFixed()) // the stop's offset past the market
    expect(protectionWords(resting).text).toContain('the terminal chases it with a limit')
    await bidAt(gapTo) // buyers come back
    await keeper.sync()
    const p = (await keeper.list())[0]!
    expect(p).toMatchObject({ state: 'closed', closedBy: 'stop', exited: '0.01' })
    expect((await soldAtExchange(p)).toFixed()).toBe('0.01')
  })

  it('hold: the order stays at the exchange, and the position asks the trader in words', async () => {
    const keeper = keeperOn(dataDir())
    await keeper.start()
    const plan = heldPlan('g3', await last(), 'hold')
    await keeper.open(plan)
    await keeper.sync()
    const gapTo = new Decimal(plan.stop!.limit).minus(600)
    await driveDemo(traders.demo, gapTo.toFixed())
    await keeper.sync()
    const p = (await keeper.list())[0]!
    expect(p.state).toBe('open')
    expect(p.attention?.reason).toBe('stop-gapped')
    expect(protectionWords(p)).toMatchObject({ kind: 'gapped', text: expect.stringMatching(/^Stop triggered but not filled: the market is [\d.]+ % below its limit; held, as you chose: you decide$/) })
    expect(['OPEN', 'PARTIAL_FILLED', 'PENDING']).toContain((await orderOf('g3-1'))?.status)
    // the trader closes: the stop is cancelled first, then what is held is sold (into a buyer at the market)
    await bidAt(gapTo)
    await keeper.close('g3')
    await keeper.sync()
    await vi.waitFor(async () => expect((await keeper.list())[0]!.state).toBe('closed'), { timeout: 5_000, interval: 50 })
  })
})
