// The keeper on the live feed's book (faked): a running chase whose order the touch left is placed
// again at once — cancel, confirmed, then one new order at the new touch — with no poll in between;
// a burst of diffs is one move; while the book is not live the polling reads the ticker's touch; only
// the acting keeper follows, only the pairs of running chases, and lets go when they end.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { planOf, SPECS } from '../../domain/test/algo-plan.test-util'
import { diffEvent, fakeLive, snapshotEvent, type FakeLive } from '../live/test/fake-live.test-util'
import { createKeeper, type Keeper } from './keeper'
import { createPositionStore } from './position-store'
import { fakeExchange } from './test/fake-exchange.test-util'

const dirs: string[] = []
const keepers: Keeper[] = []
afterEach(async () => {
  for (const k of keepers.splice(0)) await k.stop()
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true })
})

const PAIR = 'BTC_USDT'
const CHASE = planOf({ ...SPECS.chase, maxMoves: 5, finish: 'leave' }, { id: 'chase1', amount: '0.01', startAt: Date.now() })

/** A keeper that never polls by itself (a minute between rounds) on a fake feed, its chase's first order resting at the bid (100). */
async function chaseOnFeed(live: FakeLive | null) {
  const dir = mkdtempSync(join(tmpdir(), 'keeper-touch-'))
  dirs.push(dir)
  const exchange = fakeExchange()
  const newKeeper = (): Keeper => {
    const k = createKeeper({ client: exchange.client, desk: exchange.desk, store: createPositionStore(dir, 'prof'), pollMs: 60_000, live: () => live })
    keepers.push(k)
    return k
  }
  const keeper = newKeeper()
  await keeper.start()
  await keeper.algo({ type: 'algo-start', plan: CHASE })
  await keeper.sync() // its order's record: resting
  expect(exchange.calls).toEqual(['place:LIMIT:BUY:0.01'])
  return { exchange, keeper, newKeeper }
}

const chaseOf = async (k: Keeper) => (await k.algos()).find((a) => a.id === CHASE.id)!
/** The chase's orders at the exchange: status and price. */
const ordersOf = (exchange: ReturnType<typeof fakeExchange>) => exchange.orders.map((o) => `${o.status}@${o.price}`)

describe('a chase on the live feed’s touch', () => {
  it('a touch move from the feed gets the chase re-placed at once, without waiting for a round', async () => {
    const live = fakeLive('live')
    const { exchange, keeper } = await chaseOnFeed(live)
    expect(live.topics).toContain(`diff.${PAIR}`)
    live.push(snapshotEvent(PAIR, [['102', '1']], [['100', '0.01']])) // the book as it is: the chase's order is the bid
    const reads = exchange.state.tickerReads
    await new Promise((r) => setTimeout(r, 20))
    expect(exchange.calls).toEqual(['place:LIMIT:BUY:0.01']) // the touch is where the order is: nothing to do

    live.push(diffEvent(PAIR, [], [['101', '0.5']])) // another trader bids higher
    await vi.waitFor(() => expect(ordersOf(exchange)).toEqual(['CANCELLED@100', 'OPEN@101']), { timeout: 1_000, interval: 5 })
    expect(exchange.calls).toEqual(['place:LIMIT:BUY:0.01', 'cancel:1', 'place:LIMIT:BUY:0.01'])
    expect(exchange.state.tickerReads).toBe(reads) // no REST round: the feed did it
    const chase = await chaseOf(keeper)
    expect(chase.chase?.moves).toBe(1)
    expect(chase.slices.map((s) => `${s.status}@${s.limitPrice}`)).toEqual(['done@100', 'resting@101'])
  })

  it('a burst of diffs is one move, to the newest touch; the chase’s own order at the touch moves nothing', async () => {
    const live = fakeLive('live')
    const { exchange } = await chaseOnFeed(live)
    live.push(snapshotEvent(PAIR, [['110', '1']], [['100', '0.01']]))
    for (let p = 101; p <= 105; p++) live.push(diffEvent(PAIR, [], [[String(p), '0.2']]))
    await vi.waitFor(() => expect(ordersOf(exchange)).toEqual(['CANCELLED@100', 'OPEN@105']), { timeout: 1_000, interval: 5 })
    // the book then shows the old order gone and the new one added at 105: the touch is the chase's own
    live.push(diffEvent(PAIR, [], [['100', '0']]))
    live.push(diffEvent(PAIR, [], [['105', '0.21']]))
    await new Promise((r) => setTimeout(r, 30))
    expect(exchange.calls).toEqual(['place:LIMIT:BUY:0.01', 'cancel:1', 'place:LIMIT:BUY:0.01'])
  })

  it('while the feed is not live nothing comes from it; the polling reads the ticker’s touch', async () => {
    const live = fakeLive('live')
    const { exchange, keeper } = await chaseOnFeed(live)
    live.push(snapshotEvent(PAIR, [['102', '1']], [['100', '0.01']]))
    live.setMode('reconnecting')
    live.push(diffEvent(PAIR, [], [['101', '0.5']])) // from a feed that is not live: not used
    await new Promise((r) => setTimeout(r, 30))
    expect(exchange.calls).toEqual(['place:LIMIT:BUY:0.01'])
    exchange.state.price = '101'
    await keeper.sync()
    expect(ordersOf(exchange)).toEqual(['CANCELLED@100', 'OPEN@101'])
  })

  it('with no feed at all the polling alone moves the chase, as before', async () => {
    const { exchange, keeper } = await chaseOnFeed(null)
    exchange.state.price = '101'
    await keeper.sync()
    expect(ordersOf(exchange)).toEqual(['CANCELLED@100', 'OPEN@101'])
  })

  it('follows only while it acts and a chase runs, and lets go when it ends', async () => {
    const live = fakeLive('live')
    const { keeper, newKeeper } = await chaseOnFeed(live)
    const second = newKeeper() // same profile: no lock, so it does not follow
    await second.start()
    expect(second.acting()).toBe(false)
    expect(live.topics.filter((t) => t === `diff.${PAIR}`)).toHaveLength(1)
    await keeper.algo({ type: 'algo-pause', id: CHASE.id })
    expect(live.topics).toEqual([]) // a paused chase sends nothing: its touch is not followed
    await keeper.algo({ type: 'algo-resume', id: CHASE.id })
    expect(live.topics).toEqual([`diff.${PAIR}`])
    await keeper.algo({ type: 'algo-cancel', id: CHASE.id })
    await keeper.sync()
    expect((await chaseOf(keeper)).state).toBe('cancelled')
    expect(live.topics).toEqual([])
  })
})
