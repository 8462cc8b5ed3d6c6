// The demo's account history is bounded, keeps every digit, and stays small at its bound: an
// installed terminal trading on the demo all day must not have its memory grow with every fill.
import { describe, expect, it } from 'vitest'
import { Decimal } from '../domain/decimal'
import type { BalanceEntry, Order, SettledFill } from './engine'
import { HISTORY_KEPT_PER_ACCOUNT, Ledger, activityJson, fillJson } from './ledger'
import { PAIRS } from './reference'

const pair = PAIRS.find((p) => p.name === 'BTC_USDT')!
const RATE = new Decimal('0.001')

/** One taker fill of `accountId`, as the engine settles it: new Decimals for every amount and balance. */
function makeFills(accountId: number) {
  const base: BalanceEntry = { accountId, wallet: 'SPOT', currency: 'BTC', balance: new Decimal('1'), reserve: new Decimal(0), updatedAt: 0 }
  const quote: BalanceEntry = { accountId, wallet: 'SPOT', currency: 'USDT', balance: new Decimal('100000'), reserve: new Decimal(0), updatedAt: 0 }
  return (i: number, qtyText = '0.0001'): SettledFill => {
    const buy = i % 2 === 0
    const qty = new Decimal(qtyText)
    const price = new Decimal(65_000 + (i % 50)).plus('0.12')
    const q = qty.times(price)
    const fee = (buy ? qty : q).times(RATE).toDecimalPlaces(8, Decimal.ROUND_UP)
    base.balance = buy ? base.balance.plus(qty).minus(fee) : base.balance.minus(qty)
    quote.balance = buy ? quote.balance.minus(q) : quote.balance.plus(q).minus(fee)
    const order = { id: i + 1, accountId, pair, side: buy ? 'BUY' : 'SELL', type: 'LIMIT', wallet: 'SPOT', amount: qty, filled: qty, canceled: new Decimal(0), status: 'FILLED' } as unknown as Order
    return {
      order,
      maker: false,
      qty,
      price,
      quote: q,
      fee,
      feeRate: RATE,
      feeCurrency: buy ? 'BTC' : 'USDT',
      atMs: 1_700_000_000_000 + i * 1000,
      base: { ...base },
      quoteEntry: { ...quote },
      baseDelta: buy ? qty.minus(fee) : qty.negated(),
      quoteDelta: buy ? q.negated() : q.minus(fee),
    }
  }
}

describe('Ledger', () => {
  it('keeps the newest fills and movements of each account up to its bound, and no more', () => {
    const ledger = new Ledger()
    const busy = makeFills(7)
    const total = HISTORY_KEPT_PER_ACCOUNT + 1_500
    for (let i = 0; i < total; i++) ledger.record(busy(i))
    const quiet = makeFills(8)
    ledger.record(quiet(0))

    const fills = ledger.fills(7, {})
    expect(fills).toHaveLength(HISTORY_KEPT_PER_ACCOUNT)
    expect(fills[0]!.orderId).toBe(total) // newest first
    expect(fills.at(-1)!.orderId).toBe(total - HISTORY_KEPT_PER_ACCOUNT + 1)
    const movements = ledger.activityOf(7, { currency: 'BTC' }).length + ledger.activityOf(7, { currency: 'USDT' }).length
    expect(movements).toBe(HISTORY_KEPT_PER_ACCOUNT)
    // Another account's history is its own: one busy account does not push it out.
    expect(ledger.fills(8, {})).toHaveLength(1)
  })

  it('answers with the numbers the fill had, and keeps every digit of an amount', () => {
    const ledger = new Ledger()
    const fill = makeFills(7)(0, '0.123456789012345678')
    ledger.record(fill)
    const [record] = ledger.fills(7, {})
    expect(record!.amount).toBe('0.123456789012345678')
    expect(fillJson(record!)).toMatchObject({ amount: fill.qty.toNumber(), price: fill.price.toNumber(), fee_amount: fill.fee.toNumber(), fee_rate: 0.001 })
    // Newest first: the fee row ends at the balance the fill left, and starts where the trade row ended.
    const [fee, trade] = ledger.activityOf(7, { currency: 'BTC' })
    expect([fee!.type, trade!.type]).toEqual(['FEE', 'TRADE'])
    expect(activityJson(fee!).balance_end).toBe(fill.base.balance.toNumber())
    expect(fee!.balance).toBe(trade!.balanceEnd)
    expect(new Decimal(trade!.balance).plus(trade!.balanceDelta).toFixed()).toBe(trade!.balanceEnd)
  })

  it('holds an account full to its bound in a few MB, not one Decimal object per amount', () => {
    expect(global.gc, 'run with --expose-gc (vitest.config.mts)').toBeTypeOf('function')
    global.gc!()
    const before = process.memoryUsage().heapUsed
    const ledger = new Ledger()
    const next = makeFills(7)
    for (let i = 0; i < HISTORY_KEPT_PER_ACCOUNT * 2; i++) ledger.record(next(i))
    global.gc!()
    const held = process.memoryUsage().heapUsed - before
    expect(ledger.fills(7, {})).toHaveLength(HISTORY_KEPT_PER_ACCOUNT)
    // Measured: ~3 MB with decimal strings; ~7.2 MB when every amount was a Decimal.
    expect(held).toBeLessThan(4.5 * 1024 * 1024)
  })
})
