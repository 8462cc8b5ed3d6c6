// Conformance of order cancellation and the recent orders: cancels by pair, all and ids (reserves
// released, other accounts' orders untouched, a partly filled order PARTIAL_CANCELLED), malformed
// cancel bodies, GET /accounts/order, and a market order cut short by an empty book.
import { describe, expect, it } from 'vitest'
import { Session, bookOf, startTestExchange } from './test/test-kit.test-util'
import { D, LIMIT_BUY, expectIds, orderById } from './test/orders.test-util'
import { ex, sub1, sub2, useExchangeSessions } from './test/sessions.test-util'

useExchangeSessions()

describe('cancelling', () => {
  it('by pair and then all answer 202 with no body and release every reserve', async () => {
    const ltc1 = expectIds((await sub2.order({ pair: 'LTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '1', limit_price: '10' })).json)
    const ltc2 = expectIds((await sub2.order({ pair: 'LTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '2', limit_price: '11' })).json)
    const xrp = expectIds((await sub2.order({ pair: 'XRP_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '100', limit_price: '0.1' })).json)
    expect((await sub2.balance('USDT')).reserve).toBe(42)
    const byPair = await sub2.cancel({ pair: 'LTC_USDT' })
    expect(byPair.status).toBe(202)
    expect(byPair.text).toBe('')
    expect((await orderById(sub2, ltc1)).status).toBe('CANCELLED')
    expect((await orderById(sub2, ltc2)).status).toBe('CANCELLED')
    expect((await orderById(sub2, xrp)).status).toBe('OPEN')
    expect((await sub2.balance('USDT')).reserve).toBe(10)
    const all = await sub2.cancel({ all: true })
    expect(all.status).toBe(202)
    expect(all.text).toBe('')
    expect((await orderById(sub2, xrp)).status).toBe('CANCELLED')
    expect((await sub2.balance('USDT')).reserve).toBe(0)
  })

  it("by ids maps each id to a status; other accounts' and unknown ids are not found", async () => {
    const mine = expectIds((await sub2.order({ pair: 'XRP_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '10', limit_price: '0.1' })).json)
    const theirs = expectIds((await sub1.order({ ...LIMIT_BUY, base_amount: '0.001' })).json)
    const r = await sub2.cancel({ order_ids: [mine, theirs, 99999999] })
    expect(r.json).toEqual({ [mine]: 'CANCELLED', [theirs]: 'order not found', 99999999: 'order not found' })
    expect((await orderById(sub1, theirs)).status).toBe('OPEN')
    expect((await sub2.cancel({ order_ids: [mine] })).json).toEqual({ [mine]: 'order is CANCELLED' })
    await sub1.cancel({ all: true })
  })

  it('a partly filled order cancels as PARTIAL_CANCELLED with filled + canceled = amount', async () => {
    const ask = (await bookOf(ex, 'XRP_USDT')).sell[0]!
    const amount = D(ask.amount).plus(50)
    const id = expectIds((await sub2.order({ pair: 'XRP_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: amount.toFixed(1), limit_price: String(ask.price) })).json)
    expect(await orderById(sub2, id)).toMatchObject({ status: 'PARTIAL_FILLED', amount_filled: ask.amount })
    await sub2.cancel({ order_ids: [id] })
    expect(await orderById(sub2, id)).toMatchObject({ status: 'PARTIAL_CANCELLED', amount_filled: ask.amount, amount_canceled: 50 })
    expect((await sub2.balance('USDT')).reserve).toBe(0)
  })

  it('rejects malformed cancel bodies', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{}, 'MISSING_FIELD'],
      [{ all: true, pair: 'BTC_USDT' }, 'INVALID_BODY'],
      [{ order_ids: 'x' }, 'INVALID_PARAMETER'],
      [{ order_ids: [] }, 'INVALID_PARAMETER'],
      [{ order_ids: [1.5] }, 'INVALID_PARAMETER'],
      [{ all: false }, 'INVALID_PARAMETER'],
      [{ pair: 'NOPE' }, 'UNKNOWN_PAIR'],
    ]
    for (const [body, code] of cases) {
      const r = await sub2.cancel(body)
      expect(r.status, JSON.stringify(body)).toBe(400)
      expect(r.json).toMatchObject({ code })
    }
  })
})

describe('GET /accounts/order', () => {
  it('returns the latest 100 orders of the caller, newest first, with client_order_id', async () => {
    for (let i = 0; i < 105; i++) {
      const r = await sub2.order({ pair: 'DOGE_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '10', limit_price: '0.05', client_order_id: `n${i}` })
      expect(r.status).toBe(200)
    }
    const list = await sub2.orders()
    expect(list).toHaveLength(100)
    expect(list[0]!.client_order_id).toBe('n104')
    const ids = list.map((o) => o.id as number)
    expect(ids).toEqual([...ids].sort((a, b) => b - a))
    expect(list.every((o) => o.account_id === sub2.account.id)).toBe(true)
    expect(((await sub2.get('/accounts/order?limit=5')).json as unknown[]).length).toBe(5)
    expect(((await sub2.get('/accounts/order?pair=BTC_USDT')).json as unknown[]).length).toBe(0)
    expect((await sub2.get('/accounts/order?limit=101')).status).toBe(400)
    await sub2.cancel({ all: true })
    expect((await sub2.balance('USDT')).reserve).toBe(0)
  })
})

describe('liquidity', () => {
  it('a market order that empties the book is partly cancelled; the next one gets NO_LIQUIDITY', async () => {
    const own = await startTestExchange({ seed: 5 })
    try {
      const s = await Session.open(own, 0)
      const bids = (await bookOf(own, 'DOGE_USDT')).buy
      const total = bids.reduce((sum, l) => sum.plus(l.amount), D(0))
      const id = expectIds((await s.order({ pair: 'DOGE_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: total.plus(1000).toFixed(0) })).json)
      expect(await orderById(s, id)).toMatchObject({ status: 'PARTIAL_CANCELLED', amount_filled: total.toNumber(), amount_canceled: 1000 })
      expect((await bookOf(own, 'DOGE_USDT')).buy).toEqual([])
      const again = await s.order({ pair: 'DOGE_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '1000' })
      expect(again.status).toBe(400)
      expect(again.json).toMatchObject({ code: 'NO_LIQUIDITY' })
      expect((await s.balance('DOGE')).reserve).toBe(0)
      // the other side still trades, and a limit order may rest on the empty side
      expect((await s.order({ pair: 'DOGE_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '10' })).status).toBe(200)
      expect((await s.order({ pair: 'DOGE_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '100', limit_price: '0.01' })).status).toBe(200)
    } finally {
      await own.close()
    }
  })
})
