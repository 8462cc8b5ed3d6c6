// The protected position plan the reducer's and the keeper's tests start from: a LIMIT buy of 1 at
// 100 on BTC_USDT, its stop at 95 (limit 94), no targets; each test spreads its changes over it.
import type { PositionPlan } from '../protection/types'

export const PLAN: PositionPlan = {
  id: 'p1',
  pair: 'BTC_USDT',
  side: 'BUY',
  entry: { type: 'LIMIT', amount: '1', price: '100' },
  protection: 'exchange',
  stop: { price: '95', limit: '94' },
  slippage: '1',
  targets: [],
  trailing: null,
  breakevenAt: null,
  amountPrecision: 4,
  pricePrecision: 2,
}
