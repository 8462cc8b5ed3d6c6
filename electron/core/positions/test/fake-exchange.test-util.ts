// A tiny exchange for the keeper's tests: every order rests (or fills at once when `state.fill`
// says so), a cancel lands at once, the ticker (and the book's one level a side) answers `state.price`. `calls` lists every order
// call in the order it came (`place:<type>:<side>:<amount>`, `cancel:<id>`), so a test can say
// exactly what was sent, and that nothing was sent twice.
import type { OrderRecord } from '../../../domain/wire/wire'
import type { ExchangeClient } from '../../exchange/client'
import type { OrderDesk } from '../../orders/order-desk'

export function fakeExchange() {
  const orders: OrderRecord[] = []
  const calls: string[] = []
  const state = { price: '100', placed: 0, fill: false, tickerReads: 0, bookReads: 0 }
  const client = {
    recentOrders: async () => structuredClone(orders),
    ticker: async () => {
      state.tickerReads++
      return [{ pair: 'BTC_USDT', last: state.price, buy: state.price, sell: state.price }]
    },
    cancelOrders: async ({ order_ids }: { order_ids: number[] }) => {
      calls.push(...order_ids.map((id) => `cancel:${id}`))
      for (const o of orders) if (order_ids.includes(o.id)) o.status = 'CANCELLED'
      return { kind: 'by-ids' as const, results: {} }
    },
    orderbook: async () => {
      state.bookReads++
      return { buy: [{ price: state.price, amount: '1' }], sell: [{ price: state.price, amount: '1' }] }
    },
    serverSkewMs: () => 0,
  } as unknown as ExchangeClient
  const desk: Pick<OrderDesk, 'place'> = {
    async place(draft) {
      state.placed++
      const id = orders.length + 1
      const status = state.fill ? 'FILLED' : draft.order_type === 'STOP_LIMIT' ? 'PENDING' : 'OPEN'
      const amount = draft.base_amount!
      calls.push(`place:${draft.order_type}:${draft.order_side}:${amount}`)
      orders.push({
        id,
        pair: draft.pair,
        amount,
        side: draft.order_side === 'BUY' ? 'BID' : 'ASK',
        status,
        type: draft.order_type,
        amount_filled: state.fill ? amount : '0',
        ...(draft.limit_price !== undefined ? { price: draft.limit_price } : {}),
        client_order_id: draft.client_order_id!,
      })
      return { outcome: 'placed', orderIds: [id], clientOrderId: draft.client_order_id! }
    },
  }
  return { orders, calls, state, client, desk }
}
