import { describe, expect, it } from 'vitest'
import { createHistoryHandlers } from './account-history'
import { fakeSession } from './test/account-history.test-util'
import type { OrderRecord } from '../../domain/wire/wire'

const DAY = 86_400_000
const T0 = Date.UTC(2024, 0, 1)

const order = (id: number, status = 'FILLED'): OrderRecord => ({ id, pair: 'BTC_USDT', amount: '1', side: 'BID', status, type: 'LIMIT' }) as OrderRecord

describe('account history in 30-day windows', () => {
  it('reads 75 days as three windows, newest first, with ISO UTC bounds and the wire side', async () => {
    const { session, asked } = fakeSession({})
    await createHistoryHandlers({ session })['account.orders']({ from: T0, to: T0 + 75 * DAY, pair: 'BTC_USDT', side: 'SELL' })
    expect(asked.map((q) => [q.start_time, q.end_time])).toEqual([
      // 2024 is a leap year: 30 days before 16 March is 15 February.
      ['2024-02-15T00:00:00+00:00', '2024-03-16T00:00:00+00:00'],
      ['2024-01-16T00:00:00+00:00', '2024-02-15T00:00:00+00:00'],
      ['2024-01-01T00:00:00+00:00', '2024-01-16T00:00:00+00:00'],
    ])
    expect(asked.every((q) => q.side === 'ASK' && q.pair === 'BTC_USDT')).toBe(true)
  })

  it('rounds the range out to whole seconds, so an order of the last second is inside it', async () => {
    const { session, asked } = fakeSession({})
    await createHistoryHandlers({ session })['account.orders']({ from: T0 + 1_500, to: T0 + DAY + 400 })
    expect(asked.map((q) => [q.start_time, q.end_time])).toEqual([['2024-01-01T00:00:01+00:00', '2024-01-02T00:00:01+00:00']])
  })

  it('keeps an order met on two windows’ shared bound once, and filters by status', async () => {
    const { session } = fakeSession({ orders: (q) => (q.end_time?.startsWith('2024-03') ? [order(3), order(2, 'OPEN')] : [order(2, 'OPEN'), order(1)]) })
    const h = createHistoryHandlers({ session })
    expect((await h['account.orders']({ from: T0, to: T0 + 60 * DAY })).map((o) => o.id)).toEqual([3, 2, 1])
    expect((await h['account.orders']({ from: T0, to: T0 + 60 * DAY, status: 'OPEN' })).map((o) => o.id)).toEqual([2])
  })

  it('drops a history whose account was switched away between two windows', async () => {
    const state = { switchGeneration: 1 }
    const { session } = fakeSession({
      fills: () => {
        state.switchGeneration = 2
        return []
      },
    })
    Object.defineProperty(session, 'switchGeneration', { get: () => state.switchGeneration })
    await expect(createHistoryHandlers({ session })['account.trades']({ pair: 'BTC_USDT', from: T0, to: T0 + 40 * DAY })).rejects.toMatchObject({ code: 'ABORTED' })
  })

  it('refuses a range that ends before it starts, or spans more than 3 years, before asking anything', async () => {
    const { session, asked } = fakeSession({})
    const h = createHistoryHandlers({ session })
    await expect(h['account.orders']({ from: T0, to: T0 })).rejects.toMatchObject({ code: 'INVALID_RANGE', field: 'to' })
    await expect(h['account.trades']({ pair: 'BTC_USDT', from: T0, to: T0 + 4 * 365 * DAY })).rejects.toMatchObject({ code: 'INVALID_RANGE', field: 'from' })
    expect(asked).toEqual([])
  })

  it('refuses a view-only sub-account instead of showing the key owner’s history', async () => {
    const { session, asked } = fakeSession({ accountId: 8 })
    await expect(createHistoryHandlers({ session })['account.orders']({ from: T0, to: T0 + DAY })).rejects.toMatchObject({ code: 'VIEW_ONLY_ACCOUNT' })
    expect(asked).toEqual([])
  })
})
