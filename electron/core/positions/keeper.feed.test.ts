// The keeper on the live feed (faked): a target crossed in the feed's trades is acted on at once,
// with no poll in between; a burst of trades is one step and never a second exit; while the feed is
// down the polling reads the price, and on the way back one REST round covers the gap; only the
// acting keeper follows, and only the pairs it keeps.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { PositionPlan } from '../../domain/protection/types'
import { PLAN as BASE } from '../../domain/test/position-plan.test-util'
import type { FeedEvent } from '../live/frames'
import { fakeLive, type FakeLive } from '../live/test/fake-live.test-util'
import { createKeeper, type Keeper } from './keeper'
import { createPositionStore } from './position-store'
import { fakeExchange } from './test/fake-exchange.test-util'

const PLAN: PositionPlan = { ...BASE, targets: [{ price: '110', share: '50' }] }
/** What the keeper sends when the target is reached: the stop's cancel, the target's sell, a new stop for the rest. */
const EXIT_STEP = ['cancel:2', 'place:LIMIT:SELL:0.5', 'place:STOP_LIMIT:SELL:0.5']

const dirs: string[] = []
const keepers: Keeper[] = []
afterEach(async () => {
  for (const k of keepers.splice(0)) await k.stop()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

let tradeId = 0
const trade = (price: string, pair = 'BTC_USDT'): FeedEvent => ({ kind: 'trade', time: Date.now() / 1000, id: String(++tradeId), pair, amount: '0.01', price, direction: 'buy' })

/** A keeper that never polls by itself (a minute between rounds), on a fake feed; its position open with the stop resting. */
async function openOnFeed(live: FakeLive | null = fakeLive('live'), plan: PositionPlan = PLAN) {
  const dir = mkdtempSync(join(tmpdir(), 'keeper-feed-'))
  dirs.push(dir)
  const exchange = fakeExchange()
  const steps: string[] = []
  const keeper = (): Keeper => {
    const k = createKeeper({
      client: exchange.client,
      desk: exchange.desk,
      store: createPositionStore(dir, 'prof'),
      pollMs: 60_000,
      live: () => live,
      onChange: (ps) => steps.push(ps.map((p) => p.legs.length).join()),
    })
    keepers.push(k)
    return k
  }
  const k = keeper()
  await k.start()
  exchange.state.fill = true // the entry fills at once
  await k.open(plan)
  exchange.state.fill = false
  await k.sync()
  expect((await k.list())[0]!.legs.map((l) => `${l.role}:${l.status}`)).toEqual(['entry:done', 'stop:resting'])
  exchange.calls.length = 0
  return { exchange, keeper: k, newKeeper: keeper, steps }
}

const legsOf = async (k: Keeper) => (await k.list())[0]!.legs.map((l) => `${l.role}:${l.status}`)

describe('the keeper on the live feed', () => {
  it('acts on a target crossed in the trades at once, with no poll in between', async () => {
    const live = fakeLive('live')
    const { exchange, keeper } = await openOnFeed(live)
    expect(live.topics).toContain('trade.BTC_USDT')
    const reads = exchange.state.tickerReads

    live.push(trade('105'))
    live.push(trade('110'))
    await vi.waitFor(async () => expect(await legsOf(keeper)).toEqual(['entry:done', 'stop:done', 'target:resting', 'stop:resting']), { timeout: 1_000, interval: 5 })
    expect(exchange.calls).toEqual(EXIT_STEP)
    expect(exchange.state.tickerReads).toBe(reads) // no REST round: the feed did it
  })

  it('a burst of trades is one step: the newest price, one exit, nothing sent twice', async () => {
    const live = fakeLive('live')
    const { exchange, keeper, steps } = await openOnFeed(live)
    const before = steps.length
    // 300 trades in one turn of the event loop, crossing the target back and forth
    for (let i = 0; i < 300; i++) live.push(trade(i % 2 === 0 ? '111' : '109'))
    live.push(trade('112'))
    await vi.waitFor(async () => expect(await legsOf(keeper)).toEqual(['entry:done', 'stop:done', 'target:resting', 'stop:resting']), { timeout: 1_000, interval: 5 })
    // and more while the exit's orders were going out: stepped after them, the newest price
    for (let i = 0; i < 50; i++) live.push(trade('113'))
    await new Promise((r) => setTimeout(r, 50))
    expect(exchange.calls).toEqual(EXIT_STEP)
    const p = (await keeper.list())[0]!
    expect(p.targets[0]!.state).toBe('done')
    // one save per step of the exit (the price, the cancel confirmed, two orders accepted), not one per trade
    expect(steps.length - before).toBeLessThanOrEqual(6)
  })

  it('a rising burst moves a trailing stop once, to the newest price, not once per trade', async () => {
    const live = fakeLive('live')
    const { exchange, keeper } = await openOnFeed(live, { ...PLAN, targets: [], trailing: { distance: '5', step: '1' } })
    for (let price = 101; price <= 130; price++) live.push(trade(String(price)))
    await vi.waitFor(async () => expect((await keeper.list())[0]!.stop?.price).toBe('125'), { timeout: 1_000, interval: 5 })
    await new Promise((r) => setTimeout(r, 20))
    expect(exchange.calls).toEqual(['cancel:2', 'place:STOP_LIMIT:SELL:1'])
  })

  it('while the feed is down the polling reads the price; back live, one REST round covers the gap', async () => {
    const live = fakeLive('live')
    const { exchange, keeper } = await openOnFeed(live)
    live.setMode('reconnecting')
    live.push(trade('110')) // a trade from a feed that is not live is not used
    await new Promise((r) => setTimeout(r, 20))
    expect(exchange.calls).toEqual([])

    exchange.state.price = '110.5' // the market crossed the target while the socket was away
    const reads = exchange.state.tickerReads
    live.setMode('live') // reconnected: the stream asks for the REST snapshot, one keeper round
    await vi.waitFor(async () => expect(await legsOf(keeper)).toEqual(['entry:done', 'stop:done', 'target:resting', 'stop:resting']), { timeout: 1_000, interval: 5 })
    expect(exchange.state.tickerReads).toBe(reads + 1)
    expect(exchange.calls).toEqual(EXIT_STEP)
  })

  it('with no feed at all the polling alone acts, as before', async () => {
    const { exchange, keeper } = await openOnFeed(null)
    exchange.state.price = '110'
    await keeper.sync()
    expect(exchange.calls).toEqual(EXIT_STEP)
  })

  it('follows only the pairs it keeps, only while it acts, and lets go when it stops', async () => {
    const live = fakeLive('live')
    const { keeper, newKeeper, exchange } = await openOnFeed(live)
    expect(live.topics.filter((t) => t.startsWith('trade.'))).toEqual(['trade.BTC_USDT'])
    live.push(trade('200', 'ETH_USDT')) // another pair's trade: nothing
    const second = newKeeper() // same profile: no lock, it does not act, so it does not follow
    await second.start()
    expect(second.acting()).toBe(false)
    expect(live.topics.filter((t) => t === 'trade.BTC_USDT')).toHaveLength(1)

    await keeper.close('p1')
    exchange.orders.forEach((o) => (o.status = o.type === 'LIMIT' && o.side === 'ASK' ? 'FILLED' : o.status))
    exchange.orders.forEach((o) => (o.amount_filled = o.status === 'FILLED' ? o.amount : o.amount_filled))
    await keeper.sync()
    expect((await keeper.list())[0]!.state).toBe('closed')
    expect(live.topics).toEqual([]) // nothing kept on the pair: let go
    await keeper.stop()
    expect(live.topics).toEqual([])
  })
})
