// The lookup after a lost order answer, read by read: what it asks, when it stops, and what it tells
// the trader it searched.
import { describe, expect, it } from 'vitest'
import { TerminalError } from '../../domain/errors'
import type { ExchangeClient } from '../exchange/client'
import { lookUpOrder } from './order-lookup'
import { BODY, SENT_AT, fakeClient, record } from './test/order-lookup.test-util'

describe('looking an order up', () => {
  const cause = new TerminalError({ kind: 'outcome-unknown', code: 'OUTCOME_UNKNOWN', message: 'The order may or may not have been placed: no answer in 10 s. It was not sent again.' })
  function run(client: ExchangeClient) {
    let clock = SENT_AT + 10_000
    return lookUpOrder(
      { client, clientOrderId: 'tt-mine', body: BODY, sentAt: SENT_AT, cause },
      { now: () => clock, sleep: async (ms) => void (clock += ms), delaysMs: [0, 1_000, 2_000], budgetMs: 15_000 },
    )
  }

  it("asks for the order's pair, keeps asking while not found, and says what it searched and for how long", async () => {
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
    expect(result.message).toContain('Searched GET /accounts/order?pair=BTC_USDT: 3 tries in 3.0 s, no list read.')
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

  it("finds the order on an exchange whose clock is 5 minutes behind, beyond the window's margin", async () => {
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

describe('what the trader reads', () => {
  const lost = (message: string) => new TerminalError({ kind: 'outcome-unknown', code: 'OUTCOME_UNKNOWN', message })
  /** The lookup with one read (delays [0]), 2 s after the sending, the read taking no time. */
  const once = (list: () => ReturnType<typeof record>[], cause = lost('No answer in 10 s. It was not sent again.')) =>
    lookUpOrder(
      { client: fakeClient([list]), clientOrderId: 'tt-mine', body: BODY, sentAt: SENT_AT, cause },
      { now: () => SENT_AT + 2_000, sleep: async () => undefined, delaysMs: [0], budgetMs: 15_000 },
    )
  const searched = 'Searched GET /accounts/order?pair=BTC_USDT: read 1 of 1 time in 0.0 s'
  const window = 'orders dated 2024-05-01T11:59:00Z to 2024-05-01T12:01:02Z considered.'

  it('an order carrying its client id: found, which, and that it was not sent again, once', async () => {
    const mine = record({ client_order_id: 'tt-mine' })
    expect((await once(() => [mine])).message).toBe(
      `The exchange gave no usable answer to the order (No answer in 10 s.). It is on the exchange: order #${mine.id} carries its client order id tt-mine. It was not sent again. ${searched}, 1 order in the last list, ${window}`,
    )
  })

  it('two look-alikes: both named, and the trader told to check them', async () => {
    const [a, b] = [record(), record()]
    expect((await once(() => [a, b])).message).toBe(
      `The exchange gave no usable answer to the order (No answer in 10 s.). 2 orders match its pair, side, type, amount and price around the same time (#${a.id}, #${b.id}); which one, if any, is this order cannot be told. Check them before placing it again. It was not sent again. ${searched}, 2 orders in the last list, ${window}`,
    )
  })

  it('a full list of newer orders: not known, because the list does not reach back', async () => {
    const newer = Array.from({ length: 100 }, () => record({ amount: '7', date: '2024-05-01T12:00:30Z' }))
    expect((await once(() => newer)).message).toBe(
      `The exchange gave no usable answer to the order (No answer in 10 s.). Whether it was placed is not known: the recent orders do not reach back to when it was sent. Check the exchange for client order id tt-mine before placing it again. It was not sent again. ${searched}, 100 orders in the last list, ${window}`,
    )
  })

  it('a list that could not be read for an unknown reason: says the orders could not be read, in one try', async () => {
    const result = await once(() => {
      throw new Error('socket hang up')
    })
    expect(result.message).toBe(
      'The exchange gave no usable answer to the order (No answer in 10 s.). Whether it was placed is not known: the recent orders could not be read. Check the exchange for client order id tt-mine before placing it again. It was not sent again. Searched GET /accounts/order?pair=BTC_USDT: 1 try in 0.0 s, no list read.',
    )
  })

  it('says "not sent again" once, however the lost answer\'s own message ends', async () => {
    for (const ending of ['It was not sent again.', 'It was not sent again', '  It was not sent again. ']) {
      const message = (await once(() => [], lost(`No answer in 10 s. ${ending}`))).message
      expect(message).toMatch(/^The exchange gave no usable answer to the order \(No answer in 10 s\.\)\. It was not found/)
      expect(message.match(/not sent again/g)).toHaveLength(1)
    }
    // the words are struck only at the end of the message
    const inside = (await once(() => [], lost('It was not sent again, said the proxy: no answer.'))).message
    expect(inside).toMatch(/^The exchange gave no usable answer to the order \(It was not sent again, said the proxy: no answer\.\)\./)
  })
})
