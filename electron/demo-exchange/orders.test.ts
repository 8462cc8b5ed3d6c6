// Conformance of order placement and cancellation: every rule and limit, each order type accepted,
// balances and reserves moved exactly (with the fee of the applicable rule), stops, cancels.
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { Decimal } from '../domain/decimal'
import type { DemoExchange } from './server'
import { Session, bookOf, startTestExchange } from './test-kit'

let ex: DemoExchange
let master: Session
let sub1: Session
let sub2: Session
beforeAll(async () => {
  ex = await startTestExchange()
  master = await Session.open(ex, 0)
  sub1 = await Session.open(ex, 1)
  sub2 = await Session.open(ex, 2)
})
afterAll(() => ex.close())

const D = (n: number | string): Decimal => new Decimal(n)
const feeOf = (amount: Decimal, rate: string): Decimal => amount.times(rate).toDecimalPlaces(8, Decimal.ROUND_UP)

function expectIds(json: unknown): number {
  expect(Array.isArray(json)).toBe(true)
  const ids = json as unknown[]
  expect(ids).toHaveLength(1)
  expect(Number.isInteger(ids[0])).toBe(true)
  return ids[0] as number
}

async function orderById(session: Session, id: number): Promise<Record<string, unknown>> {
  const found = (await session.orders()).find((o) => o.id === id)
  if (!found) throw new Error(`order ${id} not in recent orders`)
  return found
}

const LIMIT_BUY = { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.01', limit_price: '30000' }
const STOP = { ...LIMIT_BUY, order_type: 'STOP_LIMIT', stop_price: '31000', stop_operator: 'LTE' }
const MARKET_BUY = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '100' }
const MARKET_SELL = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.01' }

function without<T extends Record<string, unknown>>(body: T, field: keyof T): Record<string, unknown> {
  const copy: Record<string, unknown> = { ...body }
  delete copy[field as string]
  return copy
}

describe('order rules: each mistake gets 400 and its own code', () => {
  const cases: [string, Record<string, unknown>, string][] = [
    ['pair missing', without(LIMIT_BUY, 'pair'), 'MISSING_FIELD'],
    ['pair unknown', { ...LIMIT_BUY, pair: 'BTCUSDT' }, 'UNKNOWN_PAIR'],
    ['order_type missing', without(LIMIT_BUY, 'order_type'), 'MISSING_FIELD'],
    ['order_type STOP_MARKET', { ...LIMIT_BUY, order_type: 'STOP_MARKET' }, 'INVALID_ORDER_TYPE'],
    ['order_side missing', without(LIMIT_BUY, 'order_side'), 'MISSING_FIELD'],
    ['order_side LONG', { ...LIMIT_BUY, order_side: 'LONG' }, 'INVALID_ORDER_SIDE'],
    ['wallet_type missing', without(LIMIT_BUY, 'wallet_type'), 'MISSING_FIELD'],
    ['wallet_type SAVINGS', { ...LIMIT_BUY, wallet_type: 'SAVINGS' }, 'INVALID_WALLET_TYPE'],
    ['base_amount missing on LIMIT', without(LIMIT_BUY, 'base_amount'), 'MISSING_FIELD'],
    ['base_amount not a number', { ...LIMIT_BUY, base_amount: 'abc' }, 'INVALID_QUANTITY'],
    ['base_amount exponent text', { ...LIMIT_BUY, base_amount: '1e-2' }, 'INVALID_QUANTITY'],
    ['base_amount boolean', { ...LIMIT_BUY, base_amount: true }, 'INVALID_QUANTITY'],
    ['base_amount zero', { ...LIMIT_BUY, base_amount: '0' }, 'INVALID_QUANTITY'],
    ['base_amount negative', { ...LIMIT_BUY, base_amount: '-1' }, 'INVALID_QUANTITY'],
    ['base_amount more decimals than amount_precision', { ...LIMIT_BUY, base_amount: '0.0100001' }, 'INVALID_QUANTITY'],
    ['base_amount below minimum_order_size', { ...LIMIT_BUY, base_amount: '0.000009' }, 'INVALID_QUANTITY'],
    ['base_amount above maximum_order_size', { ...LIMIT_BUY, base_amount: '100.000001' }, 'INVALID_QUANTITY'],
    ['base_amount above maximum_order_size (number)', { ...LIMIT_BUY, base_amount: 101 }, 'INVALID_QUANTITY'],
    ['limit_price missing', without(LIMIT_BUY, 'limit_price'), 'MISSING_FIELD'],
    ['limit_price not a number', { ...LIMIT_BUY, limit_price: 'cheap' }, 'INVALID_PRICE'],
    ['limit_price zero', { ...LIMIT_BUY, limit_price: 0 }, 'INVALID_PRICE'],
    ['limit_price more decimals than price_precision', { ...LIMIT_BUY, limit_price: '30000.001' }, 'INVALID_PRICE'],
    ['stop_price missing', without(STOP, 'stop_price'), 'MISSING_FIELD'],
    ['stop_price negative', { ...STOP, stop_price: '-5' }, 'INVALID_PRICE'],
    ['stop_price too precise', { ...STOP, stop_price: '31000.123' }, 'INVALID_PRICE'],
    ['stop_operator missing', without(STOP, 'stop_operator'), 'MISSING_FIELD'],
    ['stop_operator EQ', { ...STOP, stop_operator: 'EQ' }, 'INVALID_STOP_OPERATOR'],
    ['market buy without quote_amount', { ...without(MARKET_BUY, 'quote_amount'), base_amount: '0.01' }, 'MISSING_FIELD'],
    ['market buy quote_amount zero', { ...MARKET_BUY, quote_amount: '0' }, 'INVALID_QUANTITY'],
    ['market buy quote_amount more decimals than price_precision', { ...MARKET_BUY, quote_amount: '10.001' }, 'INVALID_QUANTITY'],
    ['market sell without base_amount', { ...without(MARKET_SELL, 'base_amount'), quote_amount: '100' }, 'MISSING_FIELD'],
    ['market sell below minimum_order_value at the best bid', { ...MARKET_SELL, base_amount: '0.00002' }, 'MIN_ORDER_VALUE'],
    ['limit buy beyond the quote balance', { ...LIMIT_BUY, base_amount: '99', limit_price: '60000' }, 'INSUFFICIENT_FUNDS'],
    ['market sell beyond the base balance', { ...MARKET_SELL, pair: 'ETH_USDT', base_amount: '41' }, 'INSUFFICIENT_FUNDS'],
    ['market buy beyond the quote balance', { ...MARKET_BUY, quote_amount: '250000.01' }, 'INSUFFICIENT_FUNDS'],
    ['sell from a wallet without the currency', { ...LIMIT_BUY, order_side: 'SELL', wallet_type: 'P2P', limit_price: '90000' }, 'INSUFFICIENT_FUNDS'],
    // several mistakes at once: the earlier field in the fixed order wins
    ['unknown pair before bad type', { ...LIMIT_BUY, pair: 'NOPE', order_type: 'X' }, 'UNKNOWN_PAIR'],
    ['bad type before bad side', { ...LIMIT_BUY, order_type: 'X', order_side: 'Y' }, 'INVALID_ORDER_TYPE'],
    ['bad side before bad wallet', { ...LIMIT_BUY, order_side: 'Y', wallet_type: 'Z' }, 'INVALID_ORDER_SIDE'],
    ['bad wallet before bad amount', { ...LIMIT_BUY, wallet_type: 'Z', base_amount: 'x' }, 'INVALID_WALLET_TYPE'],
    ['bad amount before bad price', { ...LIMIT_BUY, base_amount: 'x', limit_price: 'y' }, 'INVALID_QUANTITY'],
    ['bad price before bad operator', { ...STOP, stop_price: 'y', stop_operator: 'EQ' }, 'INVALID_PRICE'],
    ['bad amount before funds', { ...LIMIT_BUY, base_amount: '100.5', limit_price: '60000' }, 'INVALID_QUANTITY'],
  ]
  it.each(cases)('%s', async (_name, body, code) => {
    const before = ex.stats().ordersPlaced
    const r = await master.order(body)
    expect(r.status, r.text).toBe(400)
    expect(r.json).toMatchObject({ code })
    expect(typeof (r.json as { message: unknown }).message).toBe('string')
    expect(ex.stats().ordersPlaced).toBe(before)
  })

  it('checks the minimum value before funds (an account without BTC still gets MIN_ORDER_VALUE)', async () => {
    const r = await sub2.order({ ...MARKET_SELL, base_amount: '0.00002' })
    expect(r.json).toMatchObject({ code: 'MIN_ORDER_VALUE' })
  })

  it('rejects a body that is not a JSON object with INVALID_BODY', async () => {
    for (const text of ['not json', '[1,2]', '"LIMIT"', 'null']) {
      const r = await master.send('POST', '/trading/order', text)
      expect(r.status).toBe(400)
      expect(r.json).toMatchObject({ code: 'INVALID_BODY' })
    }
  })

  it('leaves balances untouched by a rejected order', async () => {
    const before = await master.get('/accounts/balances')
    await master.order({ ...LIMIT_BUY, base_amount: '99', limit_price: '60000' })
    const after = await master.get('/accounts/balances')
    expect(after.json).toEqual(before.json)
  })
})

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
    expect(o).toMatchObject({ pair: 'BTC_USDT', amount: 0.01, price: 30000, side: 'BID', status: 'OPEN', type: 'LIMIT', wallet_type: 'SPOT', amount_filled: 0, amount_canceled: 0, client_order_id: 'rest-1', account_id: master.account.id })
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
    expect(D(btcAfter.balance).minus(btc.balance).toNumber()).toBe(D('0.001').minus(feeOf(D('0.001'), '0.001')).toNumber())
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
    expect(o).toMatchObject({ status: 'FILLED', type: 'MARKET', side: 'BID', amount_filled: bought.toNumber(), price: null })
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
    expect(D(eth.balance).minus((await master.balance('ETH')).balance).toNumber()).toBe(2)
    expect(D((await master.balance('USDT')).balance).minus(usdt.balance).toNumber()).toBe(credited.toNumber())
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
    expect(D((await sub1.balance('USDT')).balance).minus(usdt.balance).toNumber()).toBe(value.minus(feeOf(value, '0.0004')).toNumber())
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
    expect((await orderById(master, expectIds(limit.json))).stop_price).toBeNull()
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
      (await master.order({ pair: 'BTC_USDT', order_type: 'STOP_LIMIT', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.002', limit_price: upStop.plus(5000).toFixed(2), stop_price: upStop.toFixed(2), stop_operator: 'GTE' })).json,
    )
    const down = expectIds(
      (await master.order({ pair: 'BTC_USDT', order_type: 'STOP_LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.002', limit_price: downStop.minus(5000).toFixed(2), stop_price: downStop.toFixed(2), stop_operator: 'LTE' })).json,
    )
    expect(await orderById(master, up)).toMatchObject({ status: 'PENDING', type: 'STOP_LIMIT', stop_price: upStop.toNumber() })
    expect((await orderById(master, down)).status).toBe('PENDING')
    expect(D((await master.balance('BTC')).reserve).minus(btc.reserve).toNumber()).toBe(0.002)

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

  it('a partly filled order cancels as PARTIAL_CANCELED with filled + canceled = amount', async () => {
    const ask = (await bookOf(ex, 'XRP_USDT')).sell[0]!
    const amount = D(ask.amount).plus(50)
    const id = expectIds((await sub2.order({ pair: 'XRP_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: amount.toFixed(1), limit_price: String(ask.price) })).json)
    expect(await orderById(sub2, id)).toMatchObject({ status: 'PARTIAL_FILLED', amount_filled: ask.amount })
    await sub2.cancel({ order_ids: [id] })
    expect(await orderById(sub2, id)).toMatchObject({ status: 'PARTIAL_CANCELED', amount_filled: ask.amount, amount_canceled: 50 })
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
      expect(await orderById(s, id)).toMatchObject({ status: 'PARTIAL_CANCELED', amount_filled: total.toNumber(), amount_canceled: 1000 })
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
