// What the demo exchange's order tests share besides their sessions (sessions.test-util.ts): decimal
// helpers for expected balances and fees, reading an order back, and the orders the tests start from.
import { expect } from 'vitest'
import { Decimal } from '../../domain/decimal'
import type { Session } from './test-kit.test-util'

export const D = (n: number | string): Decimal => new Decimal(n)
export const feeOf = (amount: Decimal, rate: string): Decimal => amount.times(rate).toDecimalPlaces(8, Decimal.ROUND_UP)

export function expectIds(json: unknown): number {
  expect(Array.isArray(json)).toBe(true)
  const ids = json as unknown[]
  expect(ids).toHaveLength(1)
  expect(Number.isInteger(ids[0])).toBe(true)
  return ids[0] as number
}

export async function orderById(session: Session, id: number): Promise<Record<string, unknown>> {
  const found = (await session.orders()).find((o) => o.id === id)
  if (!found) throw new Error(`order ${id} not in recent orders`)
  return found
}

export const LIMIT_BUY = { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.01', limit_price: '30000' }
export const MARKET_BUY = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '100' }
export const MARKET_SELL = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.01' }
