// Conformance of order placement, the accepted orders: each type (LIMIT, MARKET, STOP_LIMIT) on each
// side returns its id, rests or fills against the book, and moves balances and reserves exactly, with
// the taker or maker fee of the rule that applies; what the official client sends is accepted.
// Refusals are in orders.rules.test.ts; cancels, the recent orders and liquidity in
// orders.cancel-and-list.test.ts.
import { describe, expect, it } from 'vitest'
import { Decimal } from '../domain/decimal'
import { bookOf } from './test/test-kit.test-util'
import { D, LIMIT_BUY, MARKET_BUY, MARKET_SELL, expectIds, feeOf, orderById } from './test/orders.test-util'
import { ex, master, sub1, useExchangeSessions } from './test/sessions.test-util'

useExchangeSessions()

describe('valid orders of each type', () => {
  it('LIMIT buy rests, returns [id], reserves quote × price and keeps client_order_id', async () => {
    const before = await master.balance('USDT')
    const r = await master.order({ ...LIMIT_BUY, client_order_id: 'rest-1' })
    expect(r.status).toBe(200)
    const id = expectIds(r.json)
    const after = await master.balance('USDT')
    expect(after.balance).toBe(before.balance)
    expect(D(after.reserve).minus(before.reserve).toNumber()).toBe(300)
    const o = await orderById(master, id)
    expect(o).toMatchObject({
      pair: 'BTC_USDT',
      amount: 0.01,
      price: 30000,
      side: 'BID',
      status: 'OPEN',
      type: 'LIMIT',
      wallet_type: 'SPOT',
      amount_filled: 0,
      amount_canceled: 0,
      client_order_id: 'rest-1',
      account_id: master.account.id,
    })
    for (const f of ['date', 'open_at', 'updated_at']) expect(Date.parse(o[f] as string)).not.toBeNaN()
    // not done: the key is left out, as the official client wants (never null)
    expect('done_at' in o).toBe(false)
    const cancel = await master.cancel({ order_ids: [id] })
    expect(cancel.status).toBe(200)
    expect(cancel.json).toEqual({ [id]: 'CANCELLED' })
    expect((await master.balance('USDT')).reserve).toBe(before.reserve)
    expect((await orderById(master, id)).status).toBe('CANCELLED')
  })

  it('LIMIT sell rests and reserves the base amount', async () => {
    const before = await master.balance('ETH')
    const id = expectIds((await master.order({ pair: 'ETH_BTC', order_type: 'LIMIT', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '1.5', limit_price: '0.9' })).json)
    const after = await master.balance('ETH')
    expect(after.balance).toBe(before.balance)
    expect(D(after.reserve).minus(before.reserve).toNumber()).toBe(1.5)
    await master.cancel({ order_ids: [id] })
    expect((await master.balance('ETH')).reserve).toBe(before.reserve)
  })

  it('a marketable LIMIT buy fills at the resting ask (price improvement), paying the pair rule taker fee', async () => {
    const book = await bookOf(ex, 'BTC_USDT')
    const ask = book.sell[0]!
    expect(ask.amount).toBeGreaterThanOrEqual(0.001)
    const usdt = await master.balance('USDT')
    const btc = await master.balance('BTC')
    const id = expectIds((await master.order({ ...LIMIT_BUY, base_amount: '0.001', limit_price: String(ask.price + 100) })).json)
    expect((await orderById(master, id)).status).toBe('FILLED')
    const usdtAfter = await master.balance('USDT')
    const btcAfter = await master.balance('BTC')
    // master's BTC_USDT rule (priority 10): taker 0.001, charged from the BTC received
    expect(D(usdt.balance).minus(usdtAfter.balance).toNumber()).toBe(D(ask.price).times('0.001').toNumber())
    expect(usdtAfter.reserve).toBe(usdt.reserve)
    expect(D(btcAfter.balance).minus(btc.balance).toNumber()).toBe(
      D('0.001')
        .minus(feeOf(D('0.001'), '0.001'))
        .toNumber(),
    )
  })

  it('MARKET buy by quote_amount walks the asks, spends at most quote_amount and pays the time-bounded ETH rule', async () => {
    const book = await bookOf(ex, 'ETH_USDT')
    const usdt = await master.balance('USDT')
    const eth = await master.balance('ETH')
    const r = await master.order({ pair: 'ETH_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '5000', base_amount: 'ignored' })
    const id = expectIds(r.json)
    // expected fills from the book as it was
    let budget = D('5000')
    let bought = D(0)
    for (const level of book.sell) {
      const can = Decimal.min(D(level.amount), budget.div(level.price).toDecimalPlaces(4, Decimal.ROUND_DOWN))
      if (can.lte(0)) break
      bought = bought.plus(can)
      budget = budget.minus(can.times(level.price))
    }
    const o = await orderById(master, id)
    expect(o).toMatchObject({ status: 'FILLED', type: 'MARKET', side: 'BID', amount_filled: bought.toNumber(), price: 0 }) // no limit price: 0 (the official model requires a number)
    const usdtAfter = await master.balance('USDT')
    const ethAfter = await master.balance('ETH')
    expect(D(usdt.balance).minus(usdtAfter.balance).toNumber()).toBe(D('5000').minus(budget).toNumber())
    expect(usdtAfter.reserve).toBe(usdt.reserve)
    // the ETH promotion (priority 5, valid this week) beats the default rule: taker 0.0015
    expect(D(ethAfter.balance).minus(eth.balance).toNumber()).toBe(bought.minus(feeOf(bought, '0.0015')).toNumber())
  })

  it('MARKET sell by base_amount walks the bids and credits the value less the taker fee', async () => {
    const book = await bookOf(ex, 'ETH_USDT')
    const usdt = await master.balance('USDT')
    const eth = await master.balance('ETH')
    expectIds((await master.order({ pair: 'ETH_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: 2 })).json)
    // Each fill (one per level crossed) pays its own fee, rounded up on its own.
    let left = D(2)
    let credited = D(0)
    for (const level of book.buy) {
      const q = Decimal.min(left, D(level.amount))
      const value = q.times(level.price)
      credited = credited.plus(value.minus(feeOf(value, '0.0015')))
      left = left.minus(q)
      if (left.isZero()) break
    }
    expect(
      D(eth.balance)
        .minus((await master.balance('ETH')).balance)
        .toNumber(),
    ).toBe(2)
    expect(
      D((await master.balance('USDT')).balance)
        .minus(usdt.balance)
        .toNumber(),
    ).toBe(credited.toNumber())
  })

  it('a resting order filled by someone else pays the maker rate of its own account', async () => {
    const book = await bookOf(ex, 'BTC_USDT')
    const price = D(book.sell[0]!.price).minus('0.01')
    expect(price.gt(book.buy[0]!.price)).toBe(true)
    const btc = await sub1.balance('BTC')
    const usdt = await sub1.balance('USDT')
    const id = expectIds((await sub1.order({ pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'ASK', wallet_type: 'SPOT', base_amount: '0.001', limit_price: price.toFixed(2) })).json)
    expect((await sub1.balance('BTC')).reserve).toBe(D(btc.reserve).plus('0.001').toNumber())
    expectIds((await master.order({ ...MARKET_BUY, quote_amount: '300' })).json)
    expect((await orderById(sub1, id)).status).toBe('FILLED')
    const value = price.times('0.001')
    const btcAfter = await sub1.balance('BTC')
    expect(D(btc.balance).minus(btcAfter.balance).toNumber()).toBe(0.001)
    expect(btcAfter.reserve).toBe(btc.reserve)
    // sub-account 1 default rule: maker 0.0004 (its launch promotion has expired, its BTC rule is inactive)
    expect(
      D((await sub1.balance('USDT')).balance)
        .minus(usdt.balance)
        .toNumber(),
    ).toBe(value.minus(feeOf(value, '0.0004')).toNumber())
    const trades = (await (await fetch(`${ex.baseUrl}/trades?pair=BTC_USDT&limit=5`)).json()) as { price: number; amount: number; type: string }[]
    expect(trades).toContainEqual(expect.objectContaining({ price: price.toNumber(), amount: 0.001, type: 'buy' }))
  })

  it('accepts what the official client sends: numbers, BID/ASK, wallet aliases and extra fields', async () => {
    const r = await master.order({
      pair: 'BTC_USDT',
      order_type: 'LIMIT',
      order_side: 'BID',
      wallet_type: 'MARGIN_CROSS',
      base_amount: 0.01,
      limit_price: 30000.5,
      tif: 'GTC',
      side_effect: 'NONE',
      valid_till: null,
      expire_after: 0,
      client_order_id: '1',
    })
    expect(r.status, r.text).toBe(200)
    const id = expectIds(r.json)
    expect(await orderById(master, id)).toMatchObject({ wallet_type: 'CROSS_MARGIN', side: 'BID', price: 30000.5, client_order_id: '1' })
    expect((await master.balance('USDT', 'CROSS_MARGIN')).reserve).toBe(300.005)
    await master.cancel({ order_ids: [id] })
    expect((await master.balance('USDT', 'CROSS_MARGIN')).reserve).toBe(0)
  })

  it('ignores fields that do not apply to the order type', async () => {
    const limit = await master.order({ ...LIMIT_BUY, quote_amount: 'garbage', stop_price: 'x', stop_operator: 'EQ' })
    expect(limit.status, limit.text).toBe(200)
    expect('stop_price' in (await orderById(master, expectIds(limit.json)))).toBe(false)
    const market = await master.order({ ...MARKET_BUY, base_amount: 'garbage', limit_price: 'x', stop_operator: 'EQ' })
    expect(market.status, market.text).toBe(200)
    await master.cancel({ all: true })
  })

  it('STOP_LIMIT waits as PENDING with its reserve and triggers on the last price (GTE and LTE)', async () => {
    const book = await bookOf(ex, 'BTC_USDT')
    const ask0 = book.sell[0]!
    const bid0 = book.buy[0]!
    // the last trade happened at or inside the current best prices, so neither stop fires at once
    const upStop = D(ask0.price).plus('0.01')
    const downStop = D(bid0.price).minus('0.01')
    const btc = await master.balance('BTC')
    const up = expectIds(
      (
        await master.order({
          pair: 'BTC_USDT',
          order_type: 'STOP_LIMIT',
          order_side: 'SELL',
          wallet_type: 'SPOT',
          base_amount: '0.002',
          limit_price: upStop.plus(5000).toFixed(2),
          stop_price: upStop.toFixed(2),
          stop_operator: 'GTE',
        })
      ).json,
    )
    const down = expectIds(
      (
        await master.order({
          pair: 'BTC_USDT',
          order_type: 'STOP_LIMIT',
          order_side: 'BUY',
          wallet_type: 'SPOT',
          base_amount: '0.002',
          limit_price: downStop.minus(5000).toFixed(2),
          stop_price: downStop.toFixed(2),
          stop_operator: 'LTE',
        })
      ).json,
    )
    expect(await orderById(master, up)).toMatchObject({ status: 'PENDING', type: 'STOP_LIMIT', stop_price: upStop.toNumber() })
    expect((await orderById(master, down)).status).toBe('PENDING')
    expect(
      D((await master.balance('BTC')).reserve)
        .minus(btc.reserve)
        .toNumber(),
    ).toBe(0.002)

    // someone buys through the best ask: the last price rises above the stop -> the sell stop rests as a limit
    const sweepUp = D(ask0.amount).times(ask0.price).plus(50).toFixed(2)
    expectIds((await sub1.order({ ...MARKET_BUY, quote_amount: sweepUp })).json)
    expect((await orderById(master, up)).status).toBe('OPEN')
    expect((await orderById(master, down)).status).toBe('PENDING')
    expect((await bookOf(ex, 'BTC_USDT')).sell.some((l) => l.price === upStop.plus(5000).toNumber())).toBe(true)

    // someone sells through the best bid: the last price falls below the stop -> the buy stop triggers
    expectIds((await sub1.order({ ...MARKET_SELL, base_amount: D(bid0.amount).plus('0.0002').toFixed(6) })).json)
    expect((await orderById(master, down)).status).toBe('OPEN')
    await master.cancel({ pair: 'BTC_USDT' })
    expect((await master.balance('BTC')).reserve).toBe(btc.reserve)
  })
})
