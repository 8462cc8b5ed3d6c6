// The verdicts of the lookup after a lost order answer, on hand-made lists of recent orders: what a
// trader reads after a timeout must match what the list actually proves.
import { describe, expect, it } from 'vitest'
import { TerminalError } from '../../domain/errors'
import type { OrderRecord, PlaceOrderBody } from '../../domain/wire'
import type { ExchangeClient } from '../exchange/client'
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

function fakeClient(reads: (() => OrderRecord[])[], seen: { pair?: string | undefined }[] = []): ExchangeClient {
  let n = 0
  return {
    serverSkewMs: () => null,
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
})
