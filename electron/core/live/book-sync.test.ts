// The order book kept from the demo's real feed, through each fault that could leave it built across a
// gap: it must say it is in doubt, show nothing meanwhile, and come back equal to the exchange's.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { DemoExchange } from '../../demo-exchange/server'
import { Session, startTestExchange } from '../../demo-exchange/test/test-kit.test-util'
import { createExchangeClient } from '../exchange/client'
import type { BookSync, BookView } from './book-sync'
import { createBookSync, restBookReader } from './book-sync'
import { createFeedClient } from './feed-client'
import { sourceOfClient } from './live-link'
import { diffEvent, fakeLive } from './test/fake-live.test-util'
import type { FeedEvent } from './frames'
import type { BookSides } from './local-book'
import { LocalBook } from './local-book'

let ex: DemoExchange
let master: Session
const closers: (() => void)[] = []

beforeAll(async () => {
  ex = await startTestExchange({ feed: { pingIntervalMs: 200, tickerIntervalMs: 100 } })
  master = await Session.open(ex, 0)
})
afterEach(async () => {
  ex.setFaults({})
  for (const close of closers.splice(0)) close()
  await master.cancel({ all: true })
})
afterAll(() => ex.close())

const PAIR = 'BTC_USDT'
const until = (check: () => boolean, timeout = 4_000) => expect.poll(check, { timeout, interval: 10 }).toBe(true)

function start(recheckMs = 60_000): { sync: BookSync; views: BookView[]; doubts: string[]; readRest: () => Promise<BookSides> } {
  const client = createFeedClient({ url: ex.feedUrl, maxBackoffMs: 100 })
  const readRest = restBookReader(createExchangeClient({ baseUrl: ex.baseUrl }), PAIR)
  const sync = createBookSync({ feed: sourceOfClient(client), pair: PAIR, readSnapshot: readRest, recheckMs, snapshotWaitMs: 200 })
  closers.push(
    () => sync.close(),
    () => client.close(),
  )
  const views: BookView[] = []
  const doubts: string[] = []
  sync.onChange(() => views.push(sync.view()))
  sync.onDoubt((r) => doubts.push(r))
  return { sync, views, doubts, readRest }
}

/** Whether the live view equals the exchange's book right now. */
async function equalsExchange(view: BookView, readRest: () => Promise<BookSides>): Promise<boolean> {
  const rest = new LocalBook()
  rest.reset(await readRest())
  return view.state === 'live' && rest.matches(view, 1000) && rest.sides().asks.length === view.asks.length && rest.sides().bids.length === view.bids.length
}

const hasBid = (view: BookView, price: string) => view.bids.some((l) => l.price === price)
const buy = (price: string) => master.order({ pair: PAIR, order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.01', limit_price: price })

describe('book sync against the demo feed', () => {
  it('goes live from the feed snapshot, equal to REST, and follows the diffs', async () => {
    const { sync, readRest } = start()
    expect(sync.view()).toMatchObject({ state: 'syncing', asks: [], bids: [] })
    await until(() => sync.view().state === 'live')
    expect(await equalsExchange(sync.view(), readRest)).toBe(true)
    await buy('30000')
    await until(() => hasBid(sync.view(), '30000'))
    expect(await equalsExchange(sync.view(), readRest)).toBe(true)
  })

  it('a lost diff (a gap) is found by the comparison with REST: doubtful, then re-read, then whole again', async () => {
    const { sync, doubts, views, readRest } = start(150)
    await until(() => sync.view().state === 'live')
    ex.setFaults({ feedDiffLost: true })
    await buy('30001') // its diff never comes
    await until(() => doubts.some((d) => /differs from the exchange/.test(d)))
    await until(() => sync.view().state === 'live' && hasBid(sync.view(), '30001'))
    expect(await equalsExchange(sync.view(), readRest)).toBe(true)
    // while in doubt it showed an empty book, never the one with the hole
    const doubtful = views.filter((v) => v.state === 'doubtful')
    expect(doubtful.length).toBeGreaterThan(0)
    expect(doubtful.every((v) => v.asks.length === 0 && v.bids.length === 0)).toBe(true)
  })

  it('a dropped connection: doubtful at once, and after the reconnect a fresh snapshot has what happened meanwhile', async () => {
    const { sync, doubts, readRest } = start()
    await until(() => sync.view().state === 'live')
    ex.setFaults({ feedOff: true }) // cut, and no way back for now
    await until(() => sync.view().state === 'doubtful')
    expect(doubts[0]).toMatch(/the feed is (reconnecting|polling)/)
    await buy('30002') // happens while the feed is gone
    ex.setFaults({})
    await until(() => sync.view().state === 'live')
    expect(hasBid(sync.view(), '30002')).toBe(true)
    expect(await equalsExchange(sync.view(), readRest)).toBe(true)
  })

  it('a malformed frame (it may have been a diff) forces a re-read', async () => {
    const { sync, doubts, views } = start()
    await until(() => sync.view().state === 'live')
    ex.setFaults({ feedMalformedFrame: true })
    await until(() => doubts.some((d) => /malformed/.test(d)))
    await until(() => sync.view().state === 'live')
    expect(views.map((v) => v.state)).toEqual(['live', 'doubtful', 'live'])
  })
})

describe('book sync where the feed sends no snapshot', () => {
  const diff = (bids: [string, string][]): FeedEvent => diffEvent(PAIR, [], bids)

  it('never applies a diff without its snapshot: it reads REST, then applies what came meanwhile', async () => {
    const client = fakeLive()
    let answer: ((b: BookSides) => void) | null = null
    const sync = createBookSync({ feed: client, pair: PAIR, readSnapshot: () => new Promise((r) => (answer = r)), snapshotWaitMs: 20 })
    closers.push(() => sync.close())
    client.push(diff([['99', '5']])) // before any snapshot: dropped
    expect(sync.view().state).toBe('syncing')
    await until(() => answer !== null) // no `p` came: REST is being read
    client.push(diff([['98', '2']])) // arrives while REST is read: held
    answer!({ asks: [{ price: '101', amount: '1' }], bids: [{ price: '100', amount: '1' }] })
    await until(() => sync.view().state === 'live')
    expect(sync.view().bids).toEqual([
      { price: '100', amount: '1' },
      { price: '98', amount: '2' },
    ])
  })

  it('a REST read begun before the trader’s order frame and lacking the order is doubted, not trusted', async () => {
    const client = fakeLive()
    let answer: ((b: BookSides) => void) | null = null
    const sync = createBookSync({ feed: client, pair: PAIR, readSnapshot: () => new Promise((r) => (answer = r)), snapshotWaitMs: 20, ownGraceMs: 30 })
    closers.push(() => sync.close())
    await until(() => answer !== null) // REST is being read
    const o = {
      id: '9',
      pair: PAIR,
      side: 'BID',
      type: 'LIMIT',
      baseAmount: '1',
      limitPrice: '99',
      amountUnfilled: '1',
      amountFilled: '0',
      amountCancelled: '0',
      valueFilled: '0',
      priceAvg: null,
      doneAt: null,
      status: 'OPEN',
      quoteAmount: null,
      walletType: 'SPOT',
      stopPrice: null,
      stopOperator: null,
    }
    client.push({ kind: 'order', time: 0, order: o })
    answer!({ asks: [{ price: '101', amount: '1' }], bids: [{ price: '100', amount: '1' }] }) // read before the order: it lacks it
    await until(() => sync.view().state === 'doubtful')
    expect(sync.view().reason).toMatch(/your order at 99/)
    expect(client.resubscribed).toBe(1)
  })

  it('a crossed book after a diff: doubt, ask the feed, fall back to REST', async () => {
    const client = fakeLive()
    let reads = 0
    const sync = createBookSync({
      feed: client,
      pair: PAIR,
      readSnapshot: async () => (reads++, { asks: [{ price: '101', amount: '1' }], bids: [{ price: '100', amount: '1' }] }),
      snapshotWaitMs: 20,
    })
    closers.push(() => sync.close())
    await until(() => sync.view().state === 'live')
    client.push(diff([['102', '1']]))
    expect(sync.view()).toMatchObject({ state: 'doubtful', bids: [], reason: expect.stringMatching(/crossed/) })
    expect(client.resubscribed).toBe(1)
    await until(() => sync.view().state === 'live' && reads === 2)
    expect(sync.view().bids).toEqual([{ price: '100', amount: '1' }])
  })
})
