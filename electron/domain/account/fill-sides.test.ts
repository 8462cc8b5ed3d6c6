// Finding the side of a fill that names none (the real exchange's fills do not), on hand-made cases:
// placed only where the account's orders or its wallet movements leave one answer, unplaced wherever
// a buy and a sell could both explain it.
import { describe, expect, it } from 'vitest'
import { placeFills, pnlInputs, type SideEvidence } from './fill-sides'
import { realisedPnl } from './pnl'
import type { FillRecord, OrderRecord, WalletMotion } from '../wire/wire'

const T = Date.UTC(2024, 0, 31, 12, 0, 0)
const iso = (ms: number): string => new Date(ms).toISOString().replace('.000Z', '+00:00')

/** A fill as the official AccountTrade has it: no side, no order id; `type` is the order's type. */
const fill = (over: Partial<FillRecord> = {}): FillRecord => ({
  account_id: 7,
  pair: 'BTC_USDT',
  amount: '0.1',
  amount_unfilled: '0',
  price: '99.5',
  currency: 'BTC',
  status: 'FILLED',
  date: iso(T),
  fee_amount: '0.0995',
  fee_currency: 'USDT',
  fee_rate: '0.01',
  is_maker: false,
  type: 'LIMIT',
  wallet_type: 'SPOT',
  ...over,
})
const order = (over: Partial<OrderRecord> & Pick<OrderRecord, 'id' | 'side'>): OrderRecord => ({
  account_id: 7,
  pair: 'BTC_USDT',
  amount: '0.1',
  price: '100',
  status: 'FILLED',
  type: 'LIMIT',
  wallet_type: 'SPOT',
  amount_canceled: '0',
  amount_filled: '0.1',
  date: iso(T - 60_000),
  open_at: iso(T - 60_000),
  updated_at: iso(T),
  done_at: iso(T),
  tif: 'GTC',
  ...over,
})
const motion = (delta: string, over: Partial<WalletMotion> = {}): WalletMotion => ({
  id: 1,
  account_id: 7,
  wallet_id: 3,
  type: 'TRADE',
  balance: '1',
  balance_delta: delta,
  balance_end: '1',
  currency: 'BTC',
  wallet_type: 'SPOT',
  date: iso(T),
  ...over,
})
const sideOf = (f: FillRecord, evidence: SideEvidence) => placeFills([f], evidence)[0]!.placement

describe('a side the exchange names', () => {
  it('is taken as said: BID / ASK in `side`, or buy / sell in `type` as older servers wrote it', () => {
    expect(sideOf(fill({ side: 'ASK', order_id: 4 }), { orders: [], motions: [] })).toMatchObject({ side: 'SELL', from: 'exchange', orderId: 4 })
    expect(sideOf(fill({ type: 'buy' }), { orders: null, motions: null })).toMatchObject({ side: 'BUY', from: 'exchange' })
  })
})

describe('the side from the account own orders', () => {
  it('one order that could have made it: its side and its id', () => {
    expect(sideOf(fill(), { orders: [order({ id: 11, side: 'BID' })], motions: [] })).toEqual({ side: 'BUY', from: 'order', orderId: 11, note: 'Side of order #11' })
  })

  it('an order of another pair, type, account or wallet, or one that filled less, is no witness', () => {
    const others = [
      order({ id: 1, side: 'ASK', pair: 'ETH_USDT' }),
      order({ id: 2, side: 'ASK', type: 'MARKET', price: null }),
      order({ id: 3, side: 'ASK', account_id: 8 }),
      order({ id: 4, side: 'ASK', wallet_type: 'CROSS_MARGIN' }),
      order({ id: 5, side: 'ASK', amount_filled: '0.05', price: '90' }),
    ]
    expect(sideOf(fill(), { orders: [...others, order({ id: 6, side: 'BID' })], motions: [] })).toMatchObject({ side: 'BUY', orderId: 6 })
  })

  it('a price the order could not fill at is no witness: a buy limit below the fill, a sell limit above it', () => {
    const orders = [order({ id: 1, side: 'BID', price: '99' }), order({ id: 2, side: 'ASK', price: '99.4' })]
    expect(sideOf(fill({ price: '99.5' }), { orders, motions: [] })).toMatchObject({ side: 'SELL', orderId: 2 })
    expect(sideOf(fill({ price: '98.9' }), { orders, motions: [] })).toMatchObject({ side: 'BUY', orderId: 1 })
  })

  it('a fill outside the order life is not its: placed after the fill, or done before it', () => {
    const later = order({ id: 1, side: 'ASK', date: iso(T + 5_000), open_at: iso(T + 5_000), done_at: iso(T + 9_000) })
    const earlier = order({ id: 2, side: 'ASK', date: iso(T - 9_000), done_at: iso(T - 5_000) })
    const open = order({ id: 3, side: 'BID', status: 'PARTIAL_FILLED', done_at: undefined, updated_at: iso(T - 30_000) })
    expect(sideOf(fill(), { orders: [later, earlier, open], motions: [] })).toMatchObject({ side: 'BUY', orderId: 3 })
  })

  it('times written in whole seconds match within a second; times with milliseconds only to the millisecond', () => {
    const done = (ms: number, text: (m: number) => string) => order({ id: 1, side: 'ASK', price: '99', date: text(T - 9_000), done_at: text(ms) })
    const ms = (m: number): string => new Date(m).toISOString()
    expect(sideOf(fill({ date: ms(T + 300) }), { orders: [done(T, iso)], motions: [] })).toMatchObject({ side: 'SELL' })
    expect(sideOf(fill({ date: ms(T + 300) }), { orders: [done(T + 295, ms)], motions: [] }).side).toBeNull()
    expect(sideOf(fill({ date: ms(T + 300) }), { orders: [done(T + 300, ms)], motions: [] })).toMatchObject({ side: 'SELL' })
  })

  it('a market order matches at any price; a triggered stop-limit matches a fill typed LIMIT', () => {
    expect(sideOf(fill({ type: 'MARKET', price: '120' }), { orders: [order({ id: 1, side: 'ASK', type: 'MARKET', price: null })], motions: [] })).toMatchObject({ side: 'SELL', orderId: 1 })
    expect(sideOf(fill(), { orders: [order({ id: 2, side: 'BID', type: 'STOP_LIMIT', stop_price: '98' })], motions: [] })).toMatchObject({ side: 'BUY', orderId: 2 })
  })

  it('several orders of one side place it without naming an order', () => {
    expect(sideOf(fill(), { orders: [order({ id: 1, side: 'BID' }), order({ id: 2, side: 'BID' })], motions: [] })).toEqual({
      side: 'BUY',
      from: 'order',
      orderId: null,
      note: 'Side of the 2 orders that could have made it',
    })
  })
})

describe('the side from the wallet movements', () => {
  it('the base currency moving by the amount at the fill time: + for a buy, − for a sell', () => {
    expect(sideOf(fill(), { orders: [], motions: [motion('0.1')] })).toMatchObject({ side: 'BUY', from: 'wallet', orderId: null })
    expect(sideOf(fill(), { orders: [], motions: [motion('-0.1')] })).toMatchObject({ side: 'SELL', from: 'wallet' })
  })

  it('a fee taken in the base currency may be netted into the movement', () => {
    const f = fill({ fee_amount: '0.0001', fee_currency: 'BTC' })
    expect(sideOf(f, { orders: [], motions: [motion('0.0999')] })).toMatchObject({ side: 'BUY', from: 'wallet' })
    expect(sideOf(f, { orders: [], motions: [motion('-0.1001')] })).toMatchObject({ side: 'SELL', from: 'wallet' })
  })

  it('a movement of another currency or time, a fee row or one of another amount is no witness', () => {
    const motions = [motion('0.1', { currency: 'USDT' }), motion('0.1', { date: iso(T + 5_000) }), motion('-0.1', { type: 'FEE' }), motion('0.2')]
    expect(sideOf(fill(), { orders: [], motions })).toEqual({ side: null, from: null, orderId: null, note: 'Unplaced: no order or wallet movement matches it' })
  })

  it('a time cut to whole seconds still matches', () => {
    expect(sideOf(fill({ date: iso(T + 400) }), { orders: [], motions: [motion('-0.1')] })).toMatchObject({ side: 'SELL' })
  })
})

describe('ambiguous fills stay unplaced', () => {
  // A buy limit at 100 and a sell limit at 99 both fill 0.1 at 99.5 in the same second.
  const both = [order({ id: 1, side: 'BID', price: '100' }), order({ id: 2, side: 'ASK', price: '99' })]

  it('orders of both sides, settled by the wallet', () => {
    expect(sideOf(fill(), { orders: both, motions: [motion('-0.1')] })).toMatchObject({ side: 'SELL', from: 'wallet', orderId: null })
  })

  it('orders of both sides and wallet movements of both signs: unplaced', () => {
    expect(sideOf(fill(), { orders: both, motions: [motion('0.1'), motion('-0.1', { id: 2 })] })).toEqual({
      side: null,
      from: null,
      orderId: null,
      note: 'Unplaced: both a buy and a sell could have made it',
    })
  })

  it('an order and the wallet pointing to different sides: unplaced', () => {
    expect(sideOf(fill(), { orders: [order({ id: 1, side: 'BID' })], motions: [motion('-0.1')] })).toMatchObject({
      side: null,
      note: 'Unplaced: its order and the wallet movement point to different sides',
    })
  })

  it('witnesses that could not be read are named', () => {
    expect(sideOf(fill(), { orders: null, motions: null }).note).toBe('Unplaced: the orders and the wallet activity could not be read')
    expect(sideOf(fill({ date: null }), { orders: [order({ id: 1, side: 'BID' })], motions: [] }).note).toBe('Unplaced: the fill has no time to match it by')
  })
})

describe('the P&L of placed fills', () => {
  it('counts the placed fills and leaves the unplaced out, counted', () => {
    const buy = fill({ date: iso(T - 30_000), price: '90', fee_amount: '0', side: 'BID' })
    const sell = fill({ price: '99.5', fee_amount: '0' })
    const unknown = fill({ price: '200', fee_amount: '0', date: iso(T + 60_000) })
    const placed = placeFills([buy, sell, unknown], { orders: [], motions: [motion('-0.1')] })
    const { fills, unplaced } = pnlInputs(placed)
    expect(unplaced).toBe(1)
    // bought 0.1 at 90, sold 0.1 at 99.5: 0.95 (the unplaced fill at 200 would have changed it)
    expect(realisedPnl(fills)).toMatchObject([{ pair: 'BTC_USDT', realised: '0.95', openAmount: '0', fills: 2 }])
  })
})
