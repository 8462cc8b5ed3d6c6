// The trader's own order must be in the book once its grace has passed. A timer can fire a moment
// before the clock says that grace is over; the order is then looked at again, never forgotten (the
// book would go on being shown without it).
import { afterEach, describe, expect, it } from 'vitest'
import { createBookSync } from './book-sync'
import { fakeLive, snapshotEvent } from './test/fake-live.test-util'
import type { FeedEvent } from './frames'

const PAIR = 'BTC_USDT'
const closers: (() => void)[] = []
afterEach(() => {
  for (const close of closers.splice(0)) close()
})
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const order: FeedEvent = {
  kind: 'order',
  time: 0,
  order: {
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
  },
}

describe('an own order checked a moment before its grace ends', () => {
  it('is checked again when the grace has passed, and its absence doubts the book', async () => {
    let clock = 1_000
    const client = fakeLive()
    const sync = createBookSync({ feed: client, pair: PAIR, readSnapshot: () => new Promise(() => {}), ownGraceMs: 30, now: () => clock })
    closers.push(() => sync.close())
    client.push(snapshotEvent(PAIR, [['101', '1']], [['100', '1']]))
    expect(sync.view().state).toBe('live')
    client.push(order) // noted at 1000; its diff never comes
    clock = 1_029 // the check's timer fires when the clock still reads a millisecond short of the grace
    await sleep(80)
    expect(sync.view().state).toBe('live')
    clock = 1_031
    await expect.poll(() => sync.view().state, { timeout: 2_000, interval: 5 }).toBe('doubtful')
    expect(sync.view().reason).toMatch(/your order at 99 is not in the book/)
  })
})
