import { describe, expect, it } from 'vitest'
import type { Balance } from '../wire/wire'
import { availableIn, availableOf } from './balances'

const row = (over: Partial<Balance>): Balance => ({
  balance: '0',
  reserve: '0',
  currency: 'USDT',
  wallet_type: 'SPOT',
  last_update_at: '2024-01-01T00:00:00Z',
  account_id: 1,
  ...over,
})

describe('available balance', () => {
  it('is balance − reserve, exactly, to the last of 18 decimals', () => {
    expect(availableOf({ balance: '100.000000000000000001', reserve: '0.000000000000000001' })).toBe('100')
    expect(availableOf({ balance: '0.3', reserve: '0.1' })).toBe('0.2') // not 0.19999999999999998
    expect(availableOf({ balance: '1', reserve: '1.5' })).toBe('-0.5')
  })

  it('adds up every row of the wallet, aliases included, and only the chosen account', () => {
    const rows = [
      row({ wallet_type: 'CROSS_MARGIN', balance: '10', reserve: '1' }),
      row({ wallet_type: 'MARGIN_CROSS', balance: '5', reserve: '0' }),
      row({ wallet_type: 'SPOT', balance: '1000', reserve: '0' }), // another wallet
      row({ wallet_type: 'CROSS_MARGIN', balance: '7', reserve: '0', account_id: 2 }), // a sub-account's
      row({ wallet_type: 'CROSS_MARGIN', currency: 'BTC', balance: '3', reserve: '0' }), // another currency
    ]
    expect(availableIn(rows, { accountId: 1, currency: 'USDT', walletType: 'cross_margin' })).toBe('14')
    expect(availableIn(rows, { accountId: 2, currency: 'USDT', walletType: 'MARGIN_CROSS' })).toBe('7')
    expect(availableIn(rows, { accountId: null, currency: 'USDT', walletType: 'SPOT' })).toBe('1000')
  })

  it('is null when no row names the wallet, so a caller can tell "nothing" from "not known"', () => {
    expect(availableIn([row({ wallet_type: 'SPOT' })], { accountId: 1, currency: 'USDT', walletType: 'P2P' })).toBeNull()
    expect(availableIn([], { accountId: 1, currency: 'USDT', walletType: 'SPOT' })).toBeNull()
    // FUNDING is the exchange's other name for P2P
    expect(availableIn([row({ wallet_type: 'FUNDING', balance: '2' })], { accountId: 1, currency: 'USDT', walletType: 'P2P' })).toBe('2')
  })
})
