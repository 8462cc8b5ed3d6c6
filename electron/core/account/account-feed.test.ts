import { describe, expect, it } from 'vitest'
import type { AccountSnapshot, Notice } from '../../domain/api/api'
import type { OrderRecord } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'
import { type OrderOwner, createAccountFeed } from './account-feed'

const order = (id: number, status: string): OrderRecord => ({ id, account_id: 1, pair: 'BTC_USDT', amount: '1', price: '100', side: 'BID', status, type: 'LIMIT' })

function feedWith(pages: OrderRecord[][], orderOwner?: (id: number) => OrderOwner | null) {
  const client = {
    balances: async () => [],
    feeInfo: async () => [],
    recentOrders: async () => pages.shift() ?? [],
  } as unknown as ExchangeClient
  const notices: Notice[] = []
  const feed = createAccountFeed({
    client,
    switchGeneration: 1,
    accountId: 1,
    ownAccountId: 1,
    isCurrent: () => true,
    emit: () => undefined,
    notify: (n) => notices.push(n),
    orderOwner,
    intervalMs: 60_000,
  })
  return { feed, notices }
}

describe('account feed notices', () => {
  it('tells about each fill and cancel it sees change', async () => {
    const { feed, notices } = feedWith([
      [order(1, 'OPEN'), order(2, 'OPEN')],
      [order(1, 'FILLED'), order(2, 'CANCELLED')],
    ])
    await feed.fetch()
    await feed.fetch()
    feed.stop()
    expect(notices.map((n) => [n.kind, n.title])).toEqual([
      ['order-filled', 'Order filled'],
      ['order-cancelled', 'Order cancelled'],
    ])
  })

  it('names a protected position’s order (and an algorithm’s slice) by what it is for; the trader’s own orders keep the plain words', async () => {
    const owners: Record<number, OrderOwner> = {
      1: { role: 'stop', pair: 'BTC_USDT' },
      2: { role: 'target', pair: 'BTC_USDT' },
      3: { role: 'entry', pair: 'BTC_USDT' },
      4: { algo: 'twap', pair: 'BTC_USDT' },
    }
    const { feed, notices } = feedWith(
      [
        [order(1, 'OPEN'), order(2, 'OPEN'), order(3, 'OPEN'), order(4, 'OPEN')],
        [order(1, 'CANCELLED'), order(2, 'FILLED'), { ...order(3, 'PARTIAL_FILLED'), amount_filled: '0.4' }, order(4, 'OPEN')],
        [order(4, 'CANCELLED')],
      ],
      (id) => owners[id] ?? null,
    )
    await feed.fetch()
    await feed.fetch()
    await feed.fetch()
    feed.stop()
    expect(notices).toEqual([
      { kind: 'order-cancelled', title: 'Position stop cancelled', body: 'Buy 1 BTC/USDT @ 100 (#1) — the stop of the protected BTC/USDT position (see Positions).' },
      { kind: 'order-filled', title: 'Position take-profit filled', body: 'Buy 1 BTC/USDT @ 100 (#2) — the take-profit of the protected BTC/USDT position (see Positions).' },
      { kind: 'order-filled', title: 'Position entry partly filled', body: 'Buy 1 BTC/USDT @ 100 (#3): 0.4 filled — the entry of the protected BTC/USDT position (see Positions).' },
      {
        kind: 'order-cancelled',
        title: 'TWAP slice cancelled',
        body: 'Buy 1 BTC/USDT @ 100 (#4) — a slice of the TWAP on BTC/USDT, cancelled outside the algorithm: this pauses the TWAP (see Algos).',
      },
    ])
  })

  it('sums up a burst of changes in one notice', async () => {
    const open = Array.from({ length: 20 }, (_, i) => order(i, 'OPEN'))
    const done = open.map((o, i) => ({ ...o, status: i < 15 ? 'FILLED' : 'CANCELLED' }))
    const { feed, notices } = feedWith([open, done])
    await feed.fetch()
    await feed.fetch()
    feed.stop()
    expect(notices).toEqual([{ kind: 'order-filled', title: '20 orders changed', body: '15 filled, 5 cancelled — see Open orders.' }])
  })
})

/** A feed whose reads wait for `release()`; `leave()` is an account switch (the next generation's feed takes over). */
function heldFeed() {
  let release: () => void = () => undefined
  const gate = new Promise<void>((resolve) => (release = resolve))
  let generation = 4
  const emitted: AccountSnapshot[] = []
  const client = {
    balances: async () => {
      await gate
      return []
    },
    feeInfo: async () => [],
    recentOrders: async () => [],
  } as unknown as ExchangeClient
  const feed = createAccountFeed({
    client,
    switchGeneration: 4,
    accountId: 1,
    ownAccountId: 1,
    isCurrent: (g) => g === generation,
    emit: (s) => emitted.push(s),
    notify: () => undefined,
    intervalMs: 60_000,
  })
  const answered = () => new Promise((resolve) => setTimeout(resolve, 5))
  return { feed, emitted, release, answered, leave: () => void (generation = 5) }
}

// The core's own checks behind stop(): a read in flight when its account is left never reaches the window.
describe('account feed reads', () => {
  it('sends a read answered in its session', async () => {
    const { feed, emitted, release, answered } = heldFeed()
    feed.kick()
    release()
    await answered()
    feed.stop()
    expect(emitted.map((s) => s.switchGeneration)).toEqual([4])
  })

  it('drops a read answered after its session was left, before the feed was stopped', async () => {
    const { feed, emitted, release, answered, leave } = heldFeed()
    feed.kick()
    leave()
    release()
    await answered()
    feed.stop()
    expect(emitted).toEqual([])
  })

  it('drops a read answered after the feed was stopped', async () => {
    const { feed, emitted, release, answered } = heldFeed()
    feed.kick()
    feed.stop()
    release()
    await answered()
    expect(emitted).toEqual([])
  })
})
