// Trades a pair on the in-process demo exchange to a price through its book (POST /__admin/price),
// so a resting limit fills and a stop-limit triggers as in a real market; and the plan the keeper's demo tests start from.
import { expect } from 'vitest'
import type { Decimal } from '../../../domain/decimal'
import type { PositionPlan } from '../../../domain/protection/types'
import type { DemoExchange } from '../../../demo-exchange/server'

export async function driveDemo(demo: DemoExchange, price: string, pair = 'BTC_USDT'): Promise<void> {
  const origin = new URL(demo.baseUrl).origin
  const res = await fetch(`${origin}/__admin/price`, {
    method: 'POST',
    headers: { 'x-admin-token': demo.adminToken!, 'content-type': 'application/json' },
    body: JSON.stringify({ pair, price }),
  })
  expect(res.status).toBe(200)
}

/** A LIMIT buy of 0.01 BTC at `entry` with its stop 600 under it (limit 50 further), at the exchange. */
export function demoLimitBuy(id: string, entry: Decimal, targets: PositionPlan['targets'] = []): PositionPlan {
  const stop = entry.minus(600)
  return {
    id,
    pair: 'BTC_USDT',
    side: 'BUY',
    entry: { type: 'LIMIT', amount: '0.01', price: entry.toFixed() },
    protection: 'exchange',
    stop: { price: stop.toFixed(), limit: stop.minus(50).toFixed() },
    slippage: '5',
    targets,
    trailing: null,
    breakevenAt: null,
    amountPrecision: 6,
    pricePrecision: 2,
  }
}
