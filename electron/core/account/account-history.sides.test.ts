// The fills the core hands over carry their side: read from the exchange where it names one, found
// from the account's orders and its wallet movements where it does not (domain/account/fill-sides.ts), and
// never a fill read twice because it sat on the bound two windows share.
import { describe, expect, it } from 'vitest'
import { TerminalError } from '../../domain/errors'
import type { FillRecord, OrderRecord, WalletMotion } from '../../domain/wire/wire'
import { createHistoryHandlers } from './account-history'
import { fakeSession } from './test/account-history.test-util'

const DAY = 86_400_000
const T0 = Date.UTC(2024, 0, 1)
const at = (ms: number): string => new Date(ms).toISOString()

// The official shapes: a fill with no id, order id or side; an order; a wallet movement.
const fill = (ms: number, over: Partial<FillRecord> = {}): FillRecord => ({
  account_id: 7,
  pair: 'ETH_BTC',
  amount: '2',
  amount_unfilled: '0',
  price: '0.05',
  currency: 'ETH',
  status: 'FILLED',
  date: at(ms),
  fee_amount: '0.0001',
  fee_currency: 'BTC',
  fee_rate: '0.001',
  is_maker: true,
  type: 'LIMIT',
  wallet_type: 'SPOT',
  ...over,
})
const order = (id: number, side: 'BID' | 'ASK', ms: number): OrderRecord => ({
  id,
  account_id: 7,
  pair: 'ETH_BTC',
  amount: '2',
  price: '0.05',
  side,
  status: 'FILLED',
  type: 'LIMIT',
  wallet_type: 'SPOT',
  amount_filled: '2',
  amount_canceled: '0',
  date: at(ms - 1000),
  open_at: at(ms - 1000),
  updated_at: at(ms),
  done_at: at(ms),
  tif: 'GTC',
})
const motion = (ms: number, delta: string): WalletMotion => ({
  id: ms,
  account_id: 7,
  wallet_id: 1,
  type: 'TRADE',
  balance: '0',
  balance_delta: delta,
  balance_end: '0',
  currency: 'ETH',
  wallet_type: 'SPOT',
  date: at(ms),
})

describe('fills read with their sides', () => {
  it('reads the pair orders from a window before the range and the base currency movements, and places each fill', async () => {
    const { session, asked } = fakeSession({
      fills: () => [fill(T0 + 2 * DAY), fill(T0 + 3 * DAY, { amount: '1' })],
      orders: () => [order(41, 'BID', T0 + 2 * DAY)],
      activity: () => [motion(T0 + 3 * DAY, '-1')],
    })
    const fills = await createHistoryHandlers({ session })['account.trades']({ pair: 'ETH_BTC', from: T0, to: T0 + 10 * DAY })
    expect(fills.map((f) => f.placement)).toEqual([
      { side: 'BUY', from: 'order', orderId: 41, note: 'Side of order #41' },
      { side: 'SELL', from: 'wallet', orderId: null, note: 'Side from the ETH wallet movement at its time' },
    ])
    // the orders from 30 days before the range (an order placed then may fill inside it), the movements of ETH
    const orders = asked.filter((q) => q.endpoint === 'orders')
    expect(orders.map((q) => [q.pair, q.start_time, q.end_time])).toEqual([
      ['ETH_BTC', '2023-12-12T00:00:00+00:00', '2024-01-11T00:00:00+00:00'],
      ['ETH_BTC', '2023-12-02T00:00:00+00:00', '2023-12-12T00:00:00+00:00'],
    ])
    expect(asked.filter((q) => q.endpoint === 'activity').map((q) => [q.currency, q.start_time, q.end_time])).toEqual([['ETH', '2023-12-31T23:59:58+00:00', '2024-01-11T00:00:02+00:00']])
  })

  it('asks nothing more when every fill names its side', async () => {
    const { session, asked } = fakeSession({ fills: () => [fill(T0 + DAY, { side: 'ASK', order_id: 3 })] })
    const [one] = await createHistoryHandlers({ session })['account.trades']({ pair: 'ETH_BTC', from: T0, to: T0 + 10 * DAY })
    expect(one!.placement).toMatchObject({ side: 'SELL', from: 'exchange', orderId: 3 })
    expect(asked.map((q) => q.endpoint)).toEqual(['trades'])
  })

  it('a witness the exchange does not serve leaves the fills it alone could place unplaced, and says why', async () => {
    const { session } = fakeSession({
      fills: () => [fill(T0 + 2 * DAY), fill(T0 + 3 * DAY, { amount: '1' })],
      orders: () => [order(41, 'BID', T0 + 2 * DAY)],
      activity: () => {
        throw new TerminalError({ kind: 'unsupported', code: 'NOT_SUPPORTED', status: 404, message: 'no' })
      },
    })
    const fills = await createHistoryHandlers({ session })['account.trades']({ pair: 'ETH_BTC', from: T0, to: T0 + 10 * DAY })
    expect(fills.map((f) => [f.placement.side, f.placement.note])).toEqual([
      ['BUY', 'Side of order #41'],
      [null, 'Unplaced: the wallet activity could not be read'],
    ])
  })

  it('a switch of account while the witnesses are read drops the whole answer', async () => {
    const state = { switchGeneration: 1 }
    const { session } = fakeSession({
      fills: () => [fill(T0 + DAY)],
      orders: () => {
        state.switchGeneration = 2
        return []
      },
    })
    Object.defineProperty(session, 'switchGeneration', { get: () => state.switchGeneration })
    await expect(createHistoryHandlers({ session })['account.trades']({ pair: 'ETH_BTC', from: T0, to: T0 + 10 * DAY })).rejects.toMatchObject({ code: 'ABORTED' })
  })
})

describe('fills without ids on two windows', () => {
  it('a fill on the bound two windows share is kept once; two equal fills inside one window are both kept', async () => {
    const bound = Date.UTC(2024, 0, 16) // the windows of [1 Jan, 15 Feb) meet here
    const onBound = fill(bound, { side: 'BID' })
    const twin = fill(T0 + 40 * DAY, { side: 'BID' })
    const { session } = fakeSession({ fills: (q) => (q.start_time?.startsWith('2024-01-16') ? [twin, twin, onBound] : [onBound]) })
    const fills = await createHistoryHandlers({ session })['account.trades']({ pair: 'ETH_BTC', from: T0, to: T0 + 45 * DAY })
    expect(fills.map((f) => f.date)).toEqual([twin.date, twin.date, onBound.date])
  })
})
