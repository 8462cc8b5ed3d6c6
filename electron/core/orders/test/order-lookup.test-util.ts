// What the order lookup's tests share: the order sent (a limit buy of 0.001 BTC at 30 000.5, sent at
// 12:00:00 UTC), records as the real exchange writes them, and an exchange whose recent-orders
// answers are scripted read by read.
import type { OrderRecord, PlaceOrderBody } from '../../../domain/wire/wire'
import type { ExchangeClient } from '../../exchange/client'

export const SENT_AT = Date.parse('2024-05-01T12:00:00Z')
export const WINDOW = { from: SENT_AT - 60_000, to: SENT_AT + 90_000 }
export const BODY: PlaceOrderBody = {
  pair: 'BTC_USDT',
  order_type: 'LIMIT',
  order_side: 'BUY',
  wallet_type: 'SPOT',
  base_amount: '0.001',
  limit_price: '30000.5',
  client_order_id: 'tt-mine',
}

let nextId = 1
/** A record as the real exchange writes it: BID/ASK, a date without a zone, no client_order_id. */
export function record(over: Partial<OrderRecord> = {}): OrderRecord {
  return {
    id: nextId++,
    pair: 'BTC_USDT',
    amount: '0.0010',
    price: '30000.50',
    side: 'BID',
    status: 'OPEN',
    type: 'LIMIT',
    wallet_type: 'SPOT',
    date: '2024-05-01T12:00:01', // no zone: UTC
    ...over,
  }
}

/** An exchange answering read n with `reads[n]` (the last one again after that); `seen` gets each query. */
export function fakeClient(reads: (() => OrderRecord[])[], seen: { pair?: string | undefined }[] = [], skewMs: number | null = null): ExchangeClient {
  let n = 0
  return {
    serverSkewMs: () => skewMs,
    recentOrders: async (_call: unknown, query?: { pair?: string }) => {
      seen.push({ pair: query?.pair })
      const read = reads[Math.min(n++, reads.length - 1)]!
      return read()
    },
  } as unknown as ExchangeClient
}
