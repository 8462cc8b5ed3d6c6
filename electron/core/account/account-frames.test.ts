import { describe, expect, it } from 'vitest'
import type { AccountSnapshot } from '../../domain/api/api'
import { availableIn } from '../../domain/account/balances'
import type { Balance, OrderRecord } from '../../domain/wire/wire'
import { patchOrder, patchWallet, type OrderEvent, type WalletEvent } from './account-frames'
import { parseFrame } from '../live/frames'

const OWN = 7
const SUB = 8
const T = 1_700_000_000.25 // the frame's time, Unix seconds

const balance = (account: number, currency: string, wallet: string, amount: string, reserve = '0'): Balance => ({
  account_id: account,
  currency,
  wallet_type: wallet,
  balance: amount,
  reserve,
  last_update_at: '2023-11-14T00:00:00.000Z',
})

const order = (id: number, status: string, filled = '0'): OrderRecord => ({
  id,
  account_id: OWN,
  pair: 'BTC_USDT',
  amount: '0.5',
  price: '60000',
  side: 'BID',
  status,
  type: 'LIMIT',
  amount_filled: filled,
  date: '2023-11-14T00:00:00.000Z',
})

const snapshot = (accountId: number, over: Partial<AccountSnapshot> = {}): AccountSnapshot => ({
  switchGeneration: 3,
  accountId,
  balances: [balance(accountId, 'BTC', 'SPOT', '1.5', '0.5'), balance(accountId, 'USDT', 'SPOT', '1000')],
  feeRules: [],
  orders: [order(11, 'OPEN')],
  fetchedAt: 1,
  ...over,
})

/** Through the real frame parser, as the feed client would hand them over. */
function frame<K extends 'wallet' | 'order'>(kind: K, raw: unknown[]): Extract<WalletEvent | OrderEvent, { kind: K }> {
  const parsed = parseFrame(JSON.stringify(raw))
  if (parsed.type !== 'event' || parsed.event.kind !== kind) throw new Error(`not a ${kind} frame: ${JSON.stringify(parsed)}`)
  return parsed.event as Extract<WalletEvent | OrderEvent, { kind: K }>
}

const wallet = (currency: string, amount: string, reserve: string, walletType = 'SPOT') => frame('wallet', ['w', T, currency, walletType, currency, amount, reserve])
const orderFrame = (id: number | string, status: string, o: { base?: string | null; filled?: string; pair?: string } = {}) =>
  frame('order', ['o', T, id, o.pair ?? 'BTC_USDT', 'BID', 'LIMIT', o.base === undefined ? '0.5' : o.base, '59000', '0.5', o.filled ?? '0', '0', '0', null, null, status, null, 'SPOT', null, null])

describe('a wallet frame on the last snapshot', () => {
  it('changes the own account’s row, and available follows balance − reserve exactly', () => {
    const next = patchWallet(snapshot(OWN), wallet('BTC', '2.00000001', '0.3'), { ownAccountId: OWN })
    const btc = next?.balances.find((b) => b.currency === 'BTC')
    expect(btc).toMatchObject({ balance: '2.00000001', reserve: '0.3', last_update_at: new Date(T * 1000).toISOString() })
    expect(availableIn(next!.balances, { accountId: OWN, currency: 'BTC', walletType: 'SPOT' })).toBe('1.70000001')
    // the other rows untouched
    expect(next?.balances.find((b) => b.currency === 'USDT')?.balance).toBe('1000')
  })

  it('matches the wallet under either of its names', () => {
    const snap = snapshot(OWN, { balances: [balance(OWN, 'BTC', 'CROSS_MARGIN', '1')] })
    expect(patchWallet(snap, wallet('BTC', '4', '0', 'MARGIN_CROSS'), { ownAccountId: OWN })?.balances[0]?.balance).toBe('4')
  })

  it('leaves a sub-account’s view alone: the frames are the key’s own account', () => {
    expect(patchWallet(snapshot(SUB), wallet('BTC', '9', '0'), { ownAccountId: OWN })).toBeNull()
  })

  it('waits for REST on a currency or wallet the snapshot has no row for', () => {
    expect(patchWallet(snapshot(OWN), wallet('ETH', '9', '0'), { ownAccountId: OWN })).toBeNull()
    expect(patchWallet(snapshot(OWN), wallet('BTC', '9', '0', 'FUNDING'), { ownAccountId: OWN })).toBeNull()
  })

  it('waits for REST when a wallet is listed twice (which row would it be?)', () => {
    const snap = snapshot(OWN, { balances: [balance(OWN, 'BTC', 'CROSS_MARGIN', '1'), balance(OWN, 'BTC', 'MARGIN_CROSS', '2')] })
    expect(patchWallet(snap, wallet('BTC', '9', '0', 'CROSS_MARGIN'), { ownAccountId: OWN })).toBeNull()
  })

  it('refuses a negative amount', () => {
    expect(patchWallet(snapshot(OWN), wallet('BTC', '-1', '0'), { ownAccountId: OWN })).toBeNull()
  })
})

describe('an order frame on the last snapshot', () => {
  it('updates the order of the same id: status, filled, times from the frame', () => {
    const next = patchOrder(snapshot(OWN), orderFrame(11, 'PARTIAL_FILLED', { filled: '0.2' }), { ownAccountId: OWN })
    expect(next?.orders?.[0]).toMatchObject({ id: 11, status: 'PARTIAL_FILLED', amount_filled: '0.2', price: '60000', date: '2023-11-14T00:00:00.000Z' })
  })

  it('adds an order it has not seen, as the key’s own account’s', () => {
    const next = patchOrder(snapshot(OWN), orderFrame('12', 'OPEN'), { ownAccountId: OWN })
    expect(next?.orders?.map((o) => [o.id, o.status])).toEqual([
      [12, 'OPEN'],
      [11, 'OPEN'],
    ])
    expect(next?.orders?.[0]).toMatchObject({ account_id: OWN, pair: 'BTC_USDT', amount: '0.5', price: '59000', side: 'BID', type: 'LIMIT' })
    // its placing time is not in the frame: the row says when it was last updated, nothing invented
    expect(next?.orders?.[0]?.date).toBeUndefined()
    expect(next?.orders?.[0]?.updated_at).toBe(new Date(T * 1000).toISOString())
  })

  it('does not add an order without a base amount (a market order by quote amount)', () => {
    expect(patchOrder(snapshot(OWN), orderFrame(12, 'FILLED', { base: null }), { ownAccountId: OWN })).toBeNull()
  })

  it('refuses an id that is not an integer, or a known id on another pair', () => {
    expect(patchOrder(snapshot(OWN), orderFrame('12a', 'OPEN'), { ownAccountId: OWN })).toBeNull()
    expect(patchOrder(snapshot(OWN), orderFrame(11, 'FILLED', { pair: 'ETH_USDT' }), { ownAccountId: OWN })).toBeNull()
  })

  it('leaves a sub-account’s view and a server without the orders list alone', () => {
    expect(patchOrder(snapshot(SUB), orderFrame(12, 'OPEN'), { ownAccountId: OWN })).toBeNull()
    expect(patchOrder(snapshot(OWN, { orders: null }), orderFrame(12, 'OPEN'), { ownAccountId: OWN })).toBeNull()
  })
})
