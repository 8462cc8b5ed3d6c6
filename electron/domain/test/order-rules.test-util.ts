// What the order rules' tests share: one pair (BTC_USDT, 2 price and 4 amount places, size 0.001 to
// 100, minimum value 10), a context with a book, balances and a fee, drafts of every type and side
// that pass the rules in that context, and issues written as [field, code] pairs for comparison.
import type { OrderContext, OrderDraft } from '../orders/orders'
import type { Pair } from '../wire/wire'

export const BTC_USDT: Pair = {
  name: 'BTC_USDT',
  currency1: 'BTC',
  currency2: 'USDT',
  price_precision: 2,
  amount_precision: 4,
  minimum_order_size: '0.001',
  maximum_order_size: '100',
  minimum_order_value: '10',
}

export const CTX: OrderContext = {
  pair: BTC_USDT,
  bestBid: '50000',
  bestAsk: '50010',
  available: { base: '1', quote: '10000' },
  fee: { makerRate: '0.001', takerRate: '0.002', currency: null },
}

export const LIMIT_BUY: OrderDraft = {
  pair: 'BTC_USDT',
  order_type: 'LIMIT',
  order_side: 'BUY',
  wallet_type: 'SPOT',
  base_amount: '0.1',
  limit_price: '50000',
}
export const LIMIT_SELL: OrderDraft = { ...LIMIT_BUY, order_side: 'SELL' }
export const STOP_BUY: OrderDraft = {
  ...LIMIT_BUY,
  order_type: 'STOP_LIMIT',
  limit_price: '51100',
  stop_price: '51000',
  stop_operator: 'GTE',
}
export const MARKET_BUY: OrderDraft = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '100' }
export const MARKET_SELL: OrderDraft = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.01' }

/** Issues as [field, code], in the order the rules report them. */
export type Pairs = [field: string, code: string][]

export const cheapPair = (over: Partial<Pair>): Partial<OrderContext> => ({ pair: { ...BTC_USDT, ...over } })

export const pairsOf = (issues: { field: string; code: string }[]): Pairs => issues.map((i) => [i.field, i.code])
