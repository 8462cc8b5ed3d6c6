// The risk gate against an exchange whose figures the test sets exactly: each limit at its bound
// passes and one step over it is refused with the figures, on the amount field; exits pass; a figure
// that cannot be read refuses entries only.
import { describe, expect, it } from 'vitest'
import { TerminalError } from '../../domain/errors'
import type { OrderContext, OrderDraft } from '../../domain/orders/orders'
import { NO_LIMITS, type RiskLimits } from '../../domain/risk/risk-limits'
import type { FillRecord, OrderRecord, Pair } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'
import type { LimitsRead, RiskLimitsStore } from '../storage/risk-limits-store'
import { createRiskGate } from './risk-gate'

const NOW = Date.UTC(2026, 10, 26, 12)
const YESTERDAY = '2026-11-25T10:00:00Z'
const TODAY = '2026-11-26T09:00:00Z'

interface World {
  open?: Partial<OrderRecord>[]
  fills?: Partial<FillRecord>[]
  fail?: 'orders' | 'tickers'
  calls: string[]
}

function fakeClient(w: World): ExchangeClient {
  const pairs = [
    { name: 'BTC_USDT', currency1: 'BTC', currency2: 'USDT' },
    { name: 'ETH_BTC', currency1: 'ETH', currency2: 'BTC' },
  ]
  const order = (o: Partial<OrderRecord>) => ({ id: 1, pair: 'BTC_USDT', amount: '0', price: '0', side: 'BID', status: 'OPEN', type: 'LIMIT', ...o })
  return {
    pairs: async () => (w.calls.push('pairs'), pairs),
    ticker: async () => {
      w.calls.push('ticker')
      if (w.fail === 'tickers') throw new TerminalError({ kind: 'network', code: 'NETWORK', message: 'connection refused' })
      return [{ pair: 'BTC_USDT', last: '50000' }]
    },
    accountOrders: async (q: { open_only?: boolean }) => {
      w.calls.push(q.open_only ? 'open orders' : 'orders')
      if (w.fail === 'orders') throw new TerminalError({ kind: 'network', code: 'NETWORK', message: 'connection refused' })
      if (q.open_only) return (w.open ?? []).map(order)
      return [...new Set((w.fills ?? []).map((f) => f.pair))].map((pair) => order({ pair: pair!, amount_filled: '1', status: 'FILLED' }))
    },
    accountTrades: async (q: { pair: string }) => (w.calls.push(`fills ${q.pair}`), (w.fills ?? []).filter((f) => f.pair === q.pair).map((f, i) => ({ id: i + 1, amount: '0', price: '0', ...f }))),
  } as unknown as ExchangeClient
}

const store = (read: LimitsRead): RiskLimitsStore => ({ read: async () => read, readExchange: async () => ({ status: 'ok', accounts: {} }), write: async () => {} })
const limits = (over: Partial<RiskLimits>): LimitsRead => ({ status: 'ok', limits: { ...NO_LIMITS('USDT'), ...over } })
const BTC_USDT = { name: 'BTC_USDT', currency1: 'BTC', currency2: 'USDT' } as Pair
const ctx = (over: Partial<OrderContext> = {}): OrderContext => ({ pair: BTC_USDT, bestBid: '99990', bestAsk: '100000', available: { base: '1', quote: '100000' }, fee: null, ...over })
const buy = (amount: string, price = '100000', over: Partial<OrderDraft> = {}): OrderDraft => ({
  pair: 'BTC_USDT',
  order_type: 'LIMIT',
  order_side: 'BUY',
  wallet_type: 'SPOT',
  base_amount: amount,
  limit_price: price,
  ...over,
})

async function check(read: LimitsRead, draft: OrderDraft, w: Partial<World> = {}, c: OrderContext = ctx()): Promise<{ error: TerminalError | null; calls: string[] }> {
  const world: World = { calls: [], ...w }
  const gate = createRiskGate({ store: store(read), exchange: 'https://x.example', client: fakeClient(world), now: () => NOW })
  try {
    await gate.check({ draft, ctx: c, accountId: 7 })
    return { error: null, calls: world.calls }
  } catch (error) {
    return { error: error as TerminalError, calls: world.calls }
  }
}

describe('the risk gate: each limit at its bound passes, one step over is refused', () => {
  it('one order’s worth: limit price × amount, on the amount field, code RISK_LIMIT', async () => {
    expect((await check(limits({ maxOrderValue: '1000' }), buy('0.01'))).error).toBeNull()
    const { error } = await check(limits({ maxOrderValue: '1000' }), buy('0.01000001'))
    expect(error).toMatchObject({ kind: 'validation', code: 'RISK_LIMIT', field: 'base_amount' })
    expect(error!.message).toBe("The order was not sent: This order is worth 1,000.001 USDT, over this account's limit of 1,000 USDT for one order.")
  })

  it('a market order by its quote amount, or by amount × the best price; a pair quoted elsewhere through the tickers', async () => {
    const market = (over: Partial<OrderDraft>) => buy('0', '', { order_type: 'MARKET', base_amount: undefined, limit_price: undefined, ...over })
    expect((await check(limits({ maxOrderValue: '1000' }), market({ quote_amount: '1000' }))).error).toBeNull()
    expect((await check(limits({ maxOrderValue: '1000' }), market({ quote_amount: '1000.01' }))).error).toMatchObject({ code: 'RISK_LIMIT', field: 'quote_amount' })
    expect((await check(limits({ maxOrderValue: '1000' }), market({ base_amount: '0.01' }))).error).toBeNull() // at the best ask, 100000
    expect((await check(limits({ maxOrderValue: '999.99' }), market({ base_amount: '0.01' }))).error).toMatchObject({ code: 'RISK_LIMIT' })
    // 2 ETH at 0.01 BTC = 0.02 BTC, at 50000 USDT a BTC = 1000 USDT.
    const eth = buy('2', '0.01', { pair: 'ETH_BTC' })
    const ethCtx = ctx({ pair: { name: 'ETH_BTC', currency1: 'ETH', currency2: 'BTC' } as Pair })
    expect((await check(limits({ maxOrderValue: '1000' }), eth, {}, ethCtx)).error).toBeNull()
    expect((await check(limits({ maxOrderValue: '999.99999999' }), eth, {}, ethCtx)).error?.message).toContain('worth 1,000 USDT')
  })

  it('the open orders’ worth: what is left of each at its price, this order included', async () => {
    const open = [{ amount: '0.02', amount_filled: '0.01', price: '100000' }] // 1000 USDT left
    expect((await check(limits({ maxOpenValue: '2000' }), buy('0.01'), { open })).error).toBeNull()
    const { error } = await check(limits({ maxOpenValue: '2000' }), buy('0.0100001'), { open })
    expect(error?.message).toBe("The order was not sent: With this order the open orders would be worth 2,000.01 USDT (1,000 USDT open now), over this account's limit of 2,000 USDT.")
  })

  it('the open orders’ count; a market order does not stay open', async () => {
    const two = [{ id: 1 }, { id: 2 }].map((o) => ({ ...o, amount: '1', price: '1' }))
    expect((await check(limits({ maxOpenOrders: 3 }), buy('0.01'), { open: two })).error).toBeNull()
    const three = [...two, { id: 3, amount: '1', price: '1' }]
    expect((await check(limits({ maxOpenOrders: 3 }), buy('0.01'), { open: three })).error?.message).toContain('This account has 3 open orders, and its limit is 3')
    const market = buy('0.01', '', { order_type: 'MARKET', limit_price: undefined })
    const { error, calls } = await check(limits({ maxOpenOrders: 3 }), market, { open: three })
    expect(error).toBeNull()
    expect(calls).not.toContain('open orders')
  })

  it('the daily loss: FIFO against yesterday’s buys, only what today’s fills realised', async () => {
    const fills = (sellAt: string) => [
      { pair: 'BTC_USDT', side: 'BUY', amount: '2', price: '100', date: YESTERDAY },
      { pair: 'BTC_USDT', side: 'SELL', amount: '1', price: '50', date: YESTERDAY }, // −50, yesterday's
      { pair: 'BTC_USDT', side: 'SELL', amount: '1', price: sellAt, date: TODAY },
    ]
    expect((await check(limits({ dailyLoss: '20' }), buy('0.01'), { fills: fills('80.01') })).error).toBeNull() // −19.99 today
    const { error } = await check(limits({ dailyLoss: '20' }), buy('0.01'), { fills: fills('80') }) // −20 today
    expect(error?.message).toContain("Today's realised loss is 20 USDT, at or past this account's daily loss limit of 20 USDT")
  })
})

describe('exits, and figures that cannot be read', () => {
  const tight = limits({ maxOrderValue: '1', maxOpenValue: '1', maxOpenOrders: 0, dailyLoss: '1' })
  const sell = (amount: string) => buy(amount, '100000', { order_side: 'SELL' })

  it('a SELL of no more than the available base is an exit: allowed past every limit, nothing read', async () => {
    expect(await check(tight, sell('1'), { fail: 'orders' })).toEqual({ error: null, calls: [] })
    expect(await check({ status: 'unknown', problem: 'the limits file is damaged' }, sell('1'))).toEqual({ error: null, calls: [] })
    // One step more than is held is an entry (a short): checked.
    expect((await check(tight, sell('1.00000001'))).error).toMatchObject({ code: 'RISK_LIMIT' })
  })

  it('limits unknown (a damaged file) refuse entries, saying why', async () => {
    const { error } = await check({ status: 'unknown', problem: 'the limits file /d/risk-limits.json is damaged (not valid JSON)' }, buy('0.0001'))
    expect(error).toMatchObject({ code: 'RISK_LIMIT', field: 'base_amount' })
    expect(error!.message).toContain("this account's risk limits are unknown (the limits file /d/risk-limits.json is damaged (not valid JSON)); new entries are refused")
  })

  it('open orders or today’s P&L that cannot be read refuse entries; a limit not set reads nothing', async () => {
    expect((await check(limits({ maxOpenOrders: 5 }), buy('0.0001'), { fail: 'orders' })).error?.message).toContain('The open orders could not be read: connection refused')
    expect((await check(limits({ dailyLoss: '5' }), buy('0.0001'), { fail: 'orders' })).error?.message).toContain('Today’s realised P&L could not be read: connection refused')
    const eth = buy('2', '0.01', { pair: 'ETH_BTC' })
    const ethCtx = ctx({ pair: { name: 'ETH_BTC', currency1: 'ETH', currency2: 'BTC' } as Pair })
    expect((await check(limits({ maxOrderValue: '5000' }), eth, { fail: 'tickers' }, ethCtx)).error?.message).toContain('the tickers to value it in USDT could not be read (connection refused)')
    expect((await check(limits({ maxOrderValue: '5000', currency: 'DAI' }), buy('0.01'))).error?.message).toContain('no ticker prices USDT in DAI')
    const market = buy('0.01', '', { order_type: 'MARKET', limit_price: undefined })
    expect((await check(limits({ maxOrderValue: '5000' }), market, {}, ctx({ bestAsk: null }))).error?.message).toContain('no price to value it at')
    expect(await check({ status: 'ok', limits: null }, buy('100'), { fail: 'orders' })).toEqual({ error: null, calls: [] })
    expect((await check(limits({ maxOrderValue: '1000' }), buy('0.01'), { fail: 'orders' })).calls).toEqual([])
  })
})
