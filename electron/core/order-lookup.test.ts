// The verdicts of the lookup after a lost order answer, on hand-made lists of recent orders: what a
// trader reads after a timeout must match what the list actually proves.
import { describe, expect, it } from 'vitest'
import { TerminalError } from '../domain/errors'
import type { OrderRecord, PlaceOrderBody } from '../domain/wire'
import type { ExchangeClient } from './exchange/client'
import { judgeRecords, lookUpOrder, recordTimeMs, RECENT_ORDERS_MAX } from './order-lookup'

const SENT_AT = Date.parse('2024-05-01T12:00:00Z')
const WINDOW = { from: SENT_AT - 60_000, to: SENT_AT + 90_000 }
const BODY: PlaceOrderBody = {
  pair: 'BTC_USDT',
  order_type: 'LIMIT',
  order_side: 'BUY',
  wallet_type: 'SPOT',
  base_amount: '0.001',
  limit_price: '30000.5',
  client_order_id: 'tt-mine',
}

let nextId = 1
/** A record as the real exchange writes it: numbers on the wire, BID/ASK, no client_order_id. */
function record(over: Partial<OrderRecord> = {}): OrderRecord {
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

describe('judging a list of recent orders', () => {
  it('exact: a record carrying the client_order_id is the order', () => {
    const mine = record({ client_order_id: 'tt-mine' })
    expect(judgeRecords([record({ client_order_id: 'other' }), mine], BODY, 'tt-mine', WINDOW)).toEqual({ verdict: 'placed', orderIds: [mine.id], matchedBy: 'client_order_id' })
  })

  it('probable: without client ids, the one record with the same pair, side, type, amount and price in the window', () => {
    const mine = record()
    const list = [
      mine,
      record({ side: 'ASK' }),
      record({ amount: '0.002' }),
      record({ price: '30000.4' }),
      record({ type: 'MARKET' }),
      record({ pair: 'ETH_USDT' }),
      record({ wallet_type: 'CROSS_MARGIN' }),
      record({ date: '2024-05-01T11:50:00Z' }), // same order ten minutes before: another one
    ]
    expect(judgeRecords(list, BODY, 'tt-mine', WINDOW)).toEqual({ verdict: 'probably-placed', orderIds: [mine.id], matchedBy: 'fields' })
  })

  it('a market buy by quote amount is matched on that amount, not taken for a look-alike spending another', () => {
    const marketBuy: PlaceOrderBody = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '100', client_order_id: 'tt-mine' }
    const mine = record({ type: 'MARKET', price: null, amount: '0.0033', quote_amount: '100.00' })
    const other = record({ type: 'MARKET', price: null, amount: '0.0083', quote_amount: '250' })
    expect(judgeRecords([other, mine], marketBuy, 'tt-mine', WINDOW)).toEqual({ verdict: 'probably-placed', orderIds: [mine.id], matchedBy: 'fields' })
  })

  it('a stop-limit is matched on its stop price too', () => {
    const stop: PlaceOrderBody = { ...BODY, order_type: 'STOP_LIMIT', stop_price: '29000', stop_operator: 'LTE' }
    const mine = record({ type: 'STOP_LIMIT', stop_price: '29000.00' })
    const other = record({ type: 'STOP_LIMIT', stop_price: '28000' })
    expect(judgeRecords([other, mine], stop, 'tt-mine', WINDOW)).toEqual({ verdict: 'probably-placed', orderIds: [mine.id], matchedBy: 'fields' })
  })

  it('a look-alike dated after the window (a later order of the same kind) is not a candidate', () => {
    const mine = record()
    const later = record({ date: '2024-05-01T12:10:00Z' }) // ten minutes on: placed after the lookup's last read
    expect(judgeRecords([later, mine], BODY, 'tt-mine', WINDOW)).toEqual({ verdict: 'probably-placed', orderIds: [mine.id], matchedBy: 'fields' })
  })

  it('several candidates: two look-alikes in the window are both named, neither is chosen', () => {
    const a = record()
    const b = record({ date: Math.floor(SENT_AT / 1000) - 30, side: 'buy', type: 'limit' }) // Unix seconds, other spellings
    expect(judgeRecords([a, b], BODY, 'tt-mine', WINDOW)).toEqual({ verdict: 'several-candidates', orderIds: [a.id, b.id], matchedBy: 'fields' })
  })

  it('where the server keeps client ids, a look-alike with another id is someone else\'s order: not found', () => {
    const list = [record({ client_order_id: 'someone-else' }), record({ date: '2024-05-01T11:00:00Z', client_order_id: 'older' })]
    expect(judgeRecords(list, BODY, 'tt-mine', WINDOW).verdict).toBe('not-found')
  })

  it('none found: a list that reaches back past the sending, with no match', () => {
    expect(judgeRecords([record({ amount: '5' })], BODY, 'tt-mine', WINDOW)).toEqual({ verdict: 'not-found', orderIds: [], matchedBy: null })
    expect(judgeRecords([], BODY, 'tt-mine', WINDOW).verdict).toBe('not-found')
  })

  it('a full list of newer orders may have pushed the order out: still unknown, never "not found"', () => {
    const full = Array.from({ length: RECENT_ORDERS_MAX }, () => record({ amount: '7', date: '2024-05-01T12:01:00Z' }))
    expect(judgeRecords(full, BODY, 'tt-mine', WINDOW).verdict).toBe('still-unknown')
    // the same full list with one order older than the window does reach back
    expect(judgeRecords([...full.slice(1), record({ amount: '7', date: '2024-05-01T09:00:00Z' })], BODY, 'tt-mine', WINDOW).verdict).toBe('not-found')
  })

  it('reads record times without a zone as UTC, and Unix seconds or milliseconds', () => {
    expect(recordTimeMs(record({ date: '2024-05-01T12:00:00' }))).toBe(SENT_AT)
    expect(recordTimeMs(record({ date: '2024-05-01 14:00:00+02:00' }))).toBe(SENT_AT)
    expect(recordTimeMs(record({ date: SENT_AT / 1000 }))).toBe(SENT_AT)
    expect(recordTimeMs(record({ date: SENT_AT }))).toBe(SENT_AT)
    expect(recordTimeMs(record({ date: null, open_at: 'garbage' }))).toBeNull()
  })
})

function fakeClient(reads: (() => OrderRecord[])[], seen: { pair?: string | undefined }[] = [], skewMs: number | null = null): ExchangeClient {
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

describe('looking an order up', () => {
  const cause = new TerminalError({ kind: 'outcome-unknown', code: 'OUTCOME_UNKNOWN', message: 'The order may or may not have been placed: no answer in 10 s. It was not sent again.' })
  function run(client: ExchangeClient) {
    let clock = SENT_AT + 10_000
    return lookUpOrder(
      { client, clientOrderId: 'tt-mine', body: BODY, sentAt: SENT_AT, cause },
      { now: () => clock, sleep: async (ms) => void (clock += ms), delaysMs: [0, 1_000, 2_000], budgetMs: 15_000 },
    )
  }

  it('asks for the order\'s pair, keeps asking while not found, and says what it searched and for how long', async () => {
    const seen: { pair?: string | undefined }[] = []
    const late = record({ date: '2024-05-01T12:00:12Z' })
    const result = await run(fakeClient([() => [], () => [], () => [late]], seen))
    expect(result).toMatchObject({ outcome: 'unknown', lookup: 'probably-placed', orderIds: [late.id] })
    expect(seen).toEqual([{ pair: 'BTC_USDT' }, { pair: 'BTC_USDT' }, { pair: 'BTC_USDT' }])
    expect(result.search).toMatchObject({ endpoint: 'GET /accounts/order?pair=BTC_USDT', reads: 3, tries: 3, records: 1, elapsedMs: 3_000, matchedBy: 'fields' })
    expect(result.message).toContain('probably this order')
    expect(result.message).toContain('read 3 of 3 times in 3.0 s, 1 order in the last list')
    expect(result.message.match(/not sent again/g)).toHaveLength(1)
    expect(result.message).toContain('orders dated 2024-05-01T11:59:00Z to 2024-05-01T12:01:13Z considered')
  })

  it('not found after every read: says so, and that this is not proof it was not placed', async () => {
    const result = await run(fakeClient([() => [record({ amount: '9' })]]))
    expect(result.lookup).toBe('not-found')
    expect(result.message).toMatch(/not found among the recent orders/)
    expect(result.message).toMatch(/does not prove it was not placed/)
  })

  it('unreadable lists: still unknown, with the reason and the tries', async () => {
    const failing = () => {
      throw new TerminalError({ kind: 'server', code: 'HTTP_503', message: 'Service unavailable.' })
    }
    const result = await run(fakeClient([failing]))
    expect(result).toMatchObject({ lookup: 'still-unknown', orderIds: [], search: { reads: 0, tries: 3 } })
    expect(result.message).toContain('the recent orders could not be read: Service unavailable.')
  })

  it('an exchange without the endpoint: still unknown after one try', async () => {
    const unsupported = () => {
      throw new TerminalError({ kind: 'unsupported', code: 'NOT_SUPPORTED', message: 'no endpoint' })
    }
    const result = await run(fakeClient([unsupported]))
    expect(result).toMatchObject({ lookup: 'still-unknown', search: { reads: 0, tries: 1 } })
    expect(result.message).toContain('this exchange cannot list recent orders')
  })

  it('finds the order on an exchange whose clock is 30 s ahead, and says which times it considered', async () => {
    const mine = record({ date: '2024-05-01T12:00:41Z' }) // sent at 12:00:00 local, 12:00:30 on the server
    const result = await run(fakeClient([() => [mine]], [], 30_000))
    expect(result).toMatchObject({ lookup: 'probably-placed', orderIds: [mine.id] })
    // read at 12:00:10 local = 12:00:40 server, plus the minute's margin
    expect(result.message).toContain('orders dated 2024-05-01T11:59:00Z to 2024-05-01T12:01:40Z considered')
  })

  it('finds the order on an exchange whose clock is 5 minutes behind, beyond the window\'s margin', async () => {
    const mine = record({ date: '2024-05-01T11:55:01Z' }) // sent at 12:00:00 local, 11:55:00 on the server
    const result = await run(fakeClient([() => [mine]], [], -300_000))
    expect(result).toMatchObject({ lookup: 'probably-placed', orderIds: [mine.id] })
  })

  it('stops at the first match: no further reads that could turn the order into one of several', async () => {
    const seen: { pair?: string | undefined }[] = []
    const mine = record()
    const result = await run(fakeClient([() => [mine], () => [mine, record({ date: '2024-05-01T12:00:20Z' })]], seen))
    expect(result).toMatchObject({ lookup: 'probably-placed', orderIds: [mine.id], search: { reads: 1, tries: 1 } })
    expect(seen).toHaveLength(1)
  })

  it('gives up a read that hangs when its time budget is spent: still unknown, no further tries', async () => {
    const started = Date.now()
    const hanging = {
      serverSkewMs: () => null,
      // Answers only when cancelled, or after the client's own 2 s timeout: far past the budget.
      recentOrders: (call?: { signal?: AbortSignal }) =>
        new Promise((_, reject) => {
          const timer = setTimeout(() => reject(new TerminalError({ kind: 'timeout', code: 'TIMEOUT', message: 'No answer in 2 s.' })), 2_000)
          call?.signal?.addEventListener('abort', () => {
            clearTimeout(timer)
            reject(new TerminalError({ kind: 'network', code: 'ABORTED', message: 'The request was cancelled.' }))
          })
        }),
    } as unknown as ExchangeClient
    const result = await lookUpOrder(
      { client: hanging, clientOrderId: 'tt-mine', body: BODY, sentAt: SENT_AT, cause },
      { now: Date.now, sleep: (ms) => new Promise((resolve) => setTimeout(resolve, ms)), delaysMs: [0, 0, 0], budgetMs: 50 },
    )
    expect(result).toMatchObject({ lookup: 'still-unknown', orderIds: [], search: { reads: 0, tries: 1 } })
    expect(Date.now() - started).toBeLessThan(1_000)
  })
})
