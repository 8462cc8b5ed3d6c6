import { describe, expect, it } from 'vitest'
import type { Notice } from '../../domain/api'
import type { OrderRecord } from '../../domain/wire'
import type { ExchangeClient } from '../exchange/client'
import { createAccountFeed } from './account-feed'

const order = (id: number, status: string): OrderRecord => ({ id, account_id: 1, pair: 'BTC_USDT', amount: '1', price: '100', side: 'BID', status, type: 'LIMIT' })

function feedWith(pages: OrderRecord[][]) {
  const client = {
    balances: async () => [],
    feeInfo: async () => [],
    recentOrders: async () => pages.shift() ?? [],
  } as unknown as ExchangeClient
  const notices: Notice[] = []
  const feed = createAccountFeed({ client, switchGeneration: 1, accountId: 1, ownAccountId: 1, isCurrent: () => true, emit: () => undefined, notify: (n) => notices.push(n), intervalMs: 60_000 })
  return { feed, notices }
}

describe('account feed notices', () => {
  it('tells about each fill and cancel it sees change', async () => {
    const { feed, notices } = feedWith([[order(1, 'OPEN'), order(2, 'OPEN')], [order(1, 'FILLED'), order(2, 'CANCELLED')]])
    await feed.fetch()
    await feed.fetch()
    feed.stop()
    expect(notices.map((n) => [n.kind, n.title])).toEqual([
      ['order-filled', 'Order filled'],
      ['order-cancelled', 'Order cancelled'],
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
