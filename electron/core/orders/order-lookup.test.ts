// The verdicts of the lookup after a lost order answer, on hand-made lists of recent orders: what a
// trader reads after a timeout must match what the list actually proves.
import { describe, expect, it } from 'vitest'
import type { PlaceOrderBody } from '../../domain/wire/wire'
import { judgeRecords, recordTimeMs, RECENT_ORDERS_MAX } from './order-lookup'
import { BODY, SENT_AT, WINDOW, record } from './test/order-lookup.test-util'

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

  it('a look-alike known to be another order (claimed) is never taken for this one', () => {
    const other = record()
    const mine = record()
    expect(judgeRecords([other, mine], BODY, 'tt-mine', WINDOW, new Set([String(other.id)]))).toEqual({ verdict: 'probably-placed', orderIds: [mine.id], matchedBy: 'fields' })
    // the only look-alike is claimed: not found, not "probably placed"
    expect(judgeRecords([other], BODY, 'tt-mine', WINDOW, new Set([String(other.id)]))).toEqual({ verdict: 'not-found', orderIds: [], matchedBy: null })
    // a record carrying our client_order_id is ours whatever is claimed
    const exact = record({ client_order_id: 'tt-mine' })
    expect(judgeRecords([exact], BODY, 'tt-mine', WINDOW, new Set([String(exact.id)])).verdict).toBe('placed')
  })

  it("where the server keeps client ids, a look-alike with another id is someone else's order: not found", () => {
    const list = [record({ client_order_id: 'someone-else' }), record({ date: '2024-05-01T11:00:00Z', client_order_id: 'older' })]
    expect(judgeRecords(list, BODY, 'tt-mine', WINDOW)).toEqual({ verdict: 'not-found', orderIds: [], matchedBy: null })
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

  it('when the earliest the order can have been made is not known, no look-alike is taken, and only a list that is not full says not found', () => {
    const yesterdays = record({ date: '2024-04-30T12:00:00Z' }) // before the window: ours, or an older order
    expect(judgeRecords([yesterdays], BODY, 'tt-mine', WINDOW, new Set(), false)).toEqual({ verdict: 'still-unknown', orderIds: [], matchedBy: null })
    expect(judgeRecords([record({ amount: '7' })], BODY, 'tt-mine', WINDOW, new Set(), false).verdict).toBe('not-found')
    // a full list reaching back past the window's start proves nothing: the order may be older still
    const full = Array.from({ length: RECENT_ORDERS_MAX }, () => record({ amount: '7', date: '2024-05-01T09:00:00Z' }))
    expect(judgeRecords(full, BODY, 'tt-mine', WINDOW, new Set(), false).verdict).toBe('still-unknown')
    // a record carrying the client_order_id is still the order
    const exact = record({ client_order_id: 'tt-mine' })
    expect(judgeRecords([exact], BODY, 'tt-mine', WINDOW, new Set(), false).verdict).toBe('placed')
  })

  it('what a record leaves out does not rule it out: no wallet, no quote amount, no stop price, no time', () => {
    const mine = record({ wallet_type: undefined, date: null, pair: ' btc_usdt ', amount: '0.001', price: '30000.5' })
    expect(judgeRecords([mine], BODY, 'tt-mine', WINDOW)).toEqual({ verdict: 'probably-placed', orderIds: [mine.id], matchedBy: 'fields' })
    const marketBuy: PlaceOrderBody = { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT', quote_amount: '100', client_order_id: 'tt-mine' }
    const noQuote = record({ type: 'MARKET', price: null, amount: '0.0033' })
    expect(judgeRecords([noQuote], marketBuy, 'tt-mine', WINDOW).orderIds).toEqual([noQuote.id])
    const stop: PlaceOrderBody = { ...BODY, order_type: 'STOP_LIMIT', stop_price: '29000', stop_operator: 'LTE' }
    const noStop = record({ type: 'STOP_LIMIT', stop_price: null })
    expect(judgeRecords([noStop], stop, 'tt-mine', WINDOW).orderIds).toEqual([noStop.id])
  })

  it('a record whose amount or price is missing or unreadable is not the order', () => {
    const list = [record({ price: null }), record({ amount: 'n/a' }), record({ price: '30000.5x' })]
    expect(judgeRecords(list, BODY, 'tt-mine', WINDOW).verdict).toBe('not-found')
  })

  it("records dated exactly at the window's edges are candidates", () => {
    const first = record({ date: WINDOW.from })
    const last = record({ date: WINDOW.to })
    expect(judgeRecords([first, last], BODY, 'tt-mine', WINDOW)).toMatchObject({ verdict: 'several-candidates', orderIds: [first.id, last.id] })
  })

  it("an exchange that keeps client ids for some orders only: a look-alike without ours is someone else's", () => {
    // e.g. orders placed on the website carry none; ours, placed by the terminal, would carry ours
    const list = [record({ client_order_id: 'someone-else', amount: '7' }), record({ client_order_id: null })]
    expect(judgeRecords(list, BODY, 'tt-mine', WINDOW)).toEqual({ verdict: 'not-found', orderIds: [], matchedBy: null })
  })

  it('an exchange that writes empty client ids keeps none: the look-alike is matched by its fields', () => {
    const mine = record({ client_order_id: '' })
    expect(judgeRecords([mine, record({ client_order_id: '', amount: '7' })], BODY, 'tt-mine', WINDOW)).toEqual({ verdict: 'probably-placed', orderIds: [mine.id], matchedBy: 'fields' })
  })

  it('a full list proves it reaches back only with an order dated before the window: not one without a time, nor one at its start', () => {
    const newer = Array.from({ length: RECENT_ORDERS_MAX - 1 }, () => record({ amount: '7', date: '2024-05-01T12:01:00Z' }))
    for (const last of [record({ amount: '7', date: null }), record({ amount: '7', date: WINDOW.from })]) {
      expect(judgeRecords([...newer, last], { ...BODY, limit_price: '1' }, 'tt-mine', WINDOW).verdict).toBe('still-unknown')
    }
    // the same with client ids kept
    const withIds = Array.from({ length: RECENT_ORDERS_MAX }, () => record({ client_order_id: 'other', date: '2024-05-01T12:01:00Z' }))
    expect(judgeRecords(withIds, BODY, 'tt-mine', WINDOW)).toEqual({ verdict: 'still-unknown', orderIds: [], matchedBy: null })
  })

  it('reads record times without a zone as UTC, and Unix seconds or milliseconds', () => {
    expect(recordTimeMs(record({ date: '2024-05-01T12:00:00' }))).toBe(SENT_AT)
    expect(recordTimeMs(record({ date: '2024-05-01 14:00:00+02:00' }))).toBe(SENT_AT)
    expect(recordTimeMs(record({ date: SENT_AT / 1000 }))).toBe(SENT_AT)
    expect(recordTimeMs(record({ date: SENT_AT }))).toBe(SENT_AT)
    expect(recordTimeMs(record({ date: null, open_at: 'garbage' }))).toBeNull()
    expect(recordTimeMs(record({ date: null, open_at: '2024-05-01T12:00:00Z' }))).toBe(SENT_AT)
  })
})
