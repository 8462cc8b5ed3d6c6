// The terminal reads the real exchange's dialect: answers and frames written from the official
// client's field lists (domain/test/official-fixtures.test-util.ts) go over HTTP through the client, the
// history reader and the feed parser. Everything parses, no decimal loses a digit, every fill gets the
// side a trader would give it by hand (or stays unplaced), and the P&L is the one computed by hand.
import { afterEach, describe, expect, it } from 'vitest'
import { pnlInputs } from '../../domain/account/fill-sides'
import { officialProblem, type OfficialModel } from '../../domain/test/official-models.test-util'
import { ACCOUNTS_JSON, BALANCES_JSON, BTC_MOTIONS_JSON, FILLS_JSON, FILL_SIDES, FRAMES, HAND_PNL, ORDERS_JSON, TICKERS_JSON, TRADES_JSON } from '../../domain/test/official-fixtures.test-util'
import { realisedPnl } from '../../domain/account/pnl'
import type { AccountSnapshot } from '../../domain/api/api'
import { patchSnapshot, type AccountEvent } from '../account/account-frames'
import { createHistoryHandlers } from '../account/account-history'
import { parseFrame, type FeedEvent } from '../live/frames'
import { closeStub, setup, withAuth } from './test/client-harness.test-util'

afterEach(closeStub)

const ANSWERS: Record<string, [OfficialModel, string]> = {
  '/api/v3/accounts/order': ['Order', ORDERS_JSON],
  '/api/v3/accounts/trades': ['AccountTrade', FILLS_JSON],
  '/api/v3/accounts/activity': ['WalletMotion', BTC_MOTIONS_JSON],
  '/api/v3/accounts/balances': ['Balance', BALANCES_JSON],
  '/api/v3/ticker': ['Ticker', TICKERS_JSON],
  '/api/v3/trades': ['Trade', TRADES_JSON],
  '/api/v3/accounts/accounts': ['Account', ACCOUNTS_JSON],
}

const official = () =>
  setup(
    withAuth((req) => {
      const answer = ANSWERS[req.path]
      // the history endpoints answer the day's records in the window that holds 2024-01-31 only
      const holdsTheDay = !req.query.get('end_time') || (req.query.get('start_time')! <= '2024-01-31T12:00' && req.query.get('end_time')! >= '2024-01-31T12:30')
      return answer ? { status: 200, body: holdsTheDay ? answer[1] : '[]', headers: { 'content-type': 'application/json' } } : { status: 404, body: '' }
    }),
  )

describe('the fixtures are the official shapes', () => {
  it.each(Object.entries(ANSWERS))('%s validates against the official model', (_path, [model, text]) => {
    expect((JSON.parse(text) as unknown[]).map((r) => officialProblem(model, r)).filter(Boolean)).toEqual([])
  })
  it.each(['o', 'w', 't', 'tk', 'd', 'p'] as const)('every %s frame validates against the official model', (kind) => {
    const frames = Object.entries(FRAMES).filter(([name]) => name.startsWith(kind) && (kind !== 't' || name === 't'))
    expect(frames.length).toBeGreaterThan(0)
    expect(frames.map(([, text]) => officialProblem(kind, JSON.parse(text))).filter(Boolean)).toEqual([])
  })
})

describe('REST answers read exactly', () => {
  it('orders: floats as the exchange wrote them, 18 decimals kept, a market order price 0 read as none, statuses in one spelling', async () => {
    const { client } = await official()
    const orders = await client.accountOrders({})
    expect(orders.map((o) => [o.id, o.amount, o.price, o.amount_filled, o.status, o.stop_price ?? null])).toEqual([
      [106, '1234.123456789012345678', '0.30000000000000004', '0.00000001', 'PARTIAL_CANCELLED', null],
      [105, '0.1', '41000', '0', 'PENDING', '41500.5'],
      [104, '0.1', '43000', '0.1', 'FILLED', null],
      [103, '0.1', '43200', '0.1', 'FILLED', null],
      [102, '0.25', null, '0.25', 'FILLED', null],
      [101, '0.5', '43000.1', '0.5', 'FILLED', null],
    ])
    expect(orders[0]!.amount_canceled).toBe('1234.123456779012345678')
    expect(orders[1]!.expire_after).toBe('2024-02-07T12:25:00Z')
    expect('done_at' in orders[1]!).toBe(false)
  })

  it('balances, tickers (an empty book side written 0 is no price), public trades and accounts', async () => {
    const { client } = await official()
    expect((await client.balances()).map((b) => [b.currency, b.wallet_type, b.balance, b.reserve])).toEqual([
      ['BTC', 'SPOT', '0.45', '0'],
      ['DAI', 'FUNDING', '1234.123456789012345678', '0.00000001'],
    ])
    expect((await client.ticker()).map((t) => [t.pair, t.last, t.buy, t.sell, t.vol, t.diff])).toEqual([
      ['BTC_USDT', '43150', '43149.9', '43150.1', '12.5', '-0.5'],
      ['DOGE_USDT', '0.08123', null, null, '0.00000001', '0'],
    ])
    expect((await client.trades({ pair: 'BTC_USDT' })).map((t) => [t.id, t.amount, t.price, t.timestamp, t.type])).toEqual([
      [9001, '0.00012345', '43150', 1706703600.5, 'buy'],
      [9000, '0.00000001', '43149.99', 1706703599, 'sell'],
    ])
    expect((await client.accounts({ include_subaccounts: true })).map((a) => [a.id, a.parent_id ?? null])).toEqual([
      [7, null],
      [8, 7],
      [9, null],
    ])
  })
})

describe('fills in the official shape, read with their sides', () => {
  const read = async () => {
    const { client } = await official()
    const session = { client, active: { accountId: 7 }, accountId: 7, switchGeneration: 1, signal: new AbortController().signal }
    return createHistoryHandlers({ session })['account.trades']({ pair: 'BTC_USDT', from: Date.UTC(2024, 0, 1), to: Date.UTC(2024, 1, 1) })
  }

  it('places each fill as a trader would by hand: by its order, by the wallet, or not at all', async () => {
    const fills = await read()
    expect(fills.map((f) => ({ side: f.placement.side, from: f.placement.from, orderId: f.placement.orderId }))).toEqual(FILL_SIDES)
    expect(fills[1]!.placement.note).toBe('Unplaced: both a buy and a sell could have made it')
    expect(fills.map((f) => [f.amount, f.price, f.fee_amount, f.fee_rate])).toEqual([
      ['0.05', '43150', '2.1575', '0.001'],
      ['0.1', '43100', '0.0431', '0.001'],
      ['0.25', '43100.5', '10.775125', '0.001'],
      ['0.3', '42999.9', '12.90003', '0.001'],
      ['0.2', '43000.1', '8.60002', '0.001'],
    ])
  })

  it('realises the P&L computed by hand, with the unplaced fill left out and counted', async () => {
    const { fills, unplaced } = pnlInputs(await read())
    expect(unplaced).toBe(HAND_PNL.unplaced)
    expect(realisedPnl(fills)).toEqual([
      expect.objectContaining({ pair: HAND_PNL.pair, realised: HAND_PNL.realised, openAmount: HAND_PNL.openAmount, openCost: HAND_PNL.openCost, quoteFees: HAND_PNL.quoteFees }),
    ])
  })
})

describe('feed frames in the official shape', () => {
  const event = (text: string): FeedEvent => {
    const parsed = parseFrame(text)
    if (parsed.type !== 'event') throw new Error(`not an event: ${JSON.stringify(parsed)}`)
    return parsed.event
  }

  it('o: a market order limit price "0" and an empty stop operator read as none; every amount kept', () => {
    expect(event(FRAMES.oMarket)).toMatchObject({
      kind: 'order',
      order: { id: '201', type: 'MARKET', limitPrice: null, stopPrice: null, quoteAmount: '500', priceAvg: null, doneAt: null, status: 'OPEN' },
    })
    expect(event(FRAMES.oLimit)).toMatchObject({
      order: { limitPrice: '43000.1', stopPrice: '43100', stopOperator: 'LTE', amountFilled: '0.15', valueFilled: '6450.015', priceAvg: '43000.1', doneAt: 1706703601.5, walletType: 'FUNDING' },
    })
  })

  it('o and w frames patch the account as they say: the order row has no price, the FUNDING wallet is the P2P row', () => {
    const snapshot = {
      accountId: 7,
      orders: [],
      balances: [{ balance: '1', reserve: '0', currency: 'USDT', wallet_type: 'P2P', last_update_at: '2024-01-31T00:00:00Z', account_id: 7 }],
    } as unknown as AccountSnapshot
    const withOrder = patchSnapshot(snapshot, event(FRAMES.oLimit) as AccountEvent, { ownAccountId: 7 })
    expect(withOrder?.orders?.[0]).toMatchObject({ id: 202, price: '43000.1', stop_price: '43100', amount_filled: '0.15', status: 'PARTIAL_FILLED' })
    const withWallet = patchSnapshot(snapshot, event(FRAMES.wNoSymbol) as AccountEvent, { ownAccountId: 7 })
    expect(withWallet?.balances[0]).toMatchObject({ balance: '1234.123456789012345678', reserve: '0' })
    expect(event(FRAMES.wSymbol)).toMatchObject({ kind: 'wallet', currency: 'BTC', balance: '0.450000000000000001', reserve: '0.1' })
  })

  it('t, tk (an empty side "0" is no price), d and p keep every digit', () => {
    expect(event(FRAMES.t)).toMatchObject({ kind: 'trade', id: '9001', amount: '0.00012345', price: '43150', direction: 'buy', time: 1706703600.5 })
    const tk = event(FRAMES.tk)
    expect(tk.kind === 'ticker' && tk.tickers.map((r) => [r.pair, r.close, r.bid, r.ask, r.baseVolume])).toEqual([
      ['BTC_USDT', '43150', '43149.9', '43150.1', '12.5'],
      ['DOGE_USDT', '0.08123', null, null, '0.00000001'],
    ])
    expect(event(FRAMES.d)).toMatchObject({
      kind: 'diff',
      asks: [
        { price: '43150.1', amount: '0' },
        { price: '43150.2', amount: '1.234567' },
      ],
      bids: [{ price: '43149.9', amount: '0.000001' }],
    })
    expect(event(FRAMES.p)).toMatchObject({
      kind: 'snapshot',
      pair: 'BTC_USDT',
      bids: [
        { price: '43149.9', amount: '0.25' },
        { price: '43149.8', amount: '0.00000001' },
      ],
    })
  })
})
