import { describe, expect, it } from 'vitest'
import type { EventPayloads } from '../../domain/api/api'
import { TerminalError } from '../../domain/errors'
import type { Trade } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'
import type { FeedEvent } from '../live/frames'
import type { LiveSource } from '../live/live-link'
import { createMarketFeed } from './market-feed'

function trade(id: number): Trade {
  return { id, price: '100', amount: '1', timestamp: id, pair: 'BTC_USDT', type: 'buy' }
}

/** A client whose trade pages are scripted; records the limits it was asked for. */
function scripted(pages: Array<Trade[] | Error>) {
  const limits: number[] = []
  const client = {
    candles: async () => [],
    ticker: async () => [],
    trades: async (q: { limit?: number }) => {
      limits.push(q.limit ?? 0)
      const page = pages.shift() ?? []
      if (page instanceof Error) throw page
      return page.slice(0, q.limit)
    },
  } as unknown as ExchangeClient
  return { client, limits }
}

const range = (from: number, count: number) => Array.from({ length: count }, (_, i) => trade(from + count - 1 - i))

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 300 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
  if (!check()) throw new Error('timed out')
}

describe('market feed trades', () => {
  it('asks for a deeper page after a full page of unseen trades, and emits each trade once', async () => {
    const { client, limits } = scripted([range(1, 10), range(11, 100), range(111, 500), range(600, 3)])
    const seen: number[] = []
    const feed = createMarketFeed('BTC_USDT', '1', {
      client,
      cache: null,
      emit: (event, payload) => {
        if (event === 'market.trades') seen.push(...(payload as EventPayloads['market.trades']).trades.map((t) => t.id))
      },
      rates: { tradesMs: 5, candlesMs: 10_000, tickerMs: 10_000 },
    })
    await feed.start()
    await until(() => limits.length >= 4)
    feed.stop()
    expect(limits.slice(0, 4)).toEqual([100, 100, 1000, 100])
    expect(new Set(seen).size).toBe(seen.length)
    expect(seen).toContain(111)
    expect(seen).toContain(610)
  })

  it('falls back to the default page for good when the server refuses the deeper one', async () => {
    const refused = new TerminalError({ kind: 'rejected', code: 'INVALID_PARAMETER', message: 'limit too large', status: 400 })
    const { client, limits } = scripted([range(1, 5), range(6, 100), refused, range(106, 100), range(206, 2)])
    const feed = createMarketFeed('BTC_USDT', '1', { client, cache: null, emit: () => undefined, rates: { tradesMs: 5, candlesMs: 10_000, tickerMs: 10_000 } })
    await feed.start()
    await until(() => limits.length >= 5)
    feed.stop()
    expect(limits.slice(0, 5)).toEqual([100, 100, 1000, 100, 100])
  })
})

/** A live source whose frames the test sends itself. */
function scriptedLive(): { live: LiveSource; send: (e: FeedEvent) => void } {
  let onEvent: ((e: FeedEvent) => void) | null = null
  const live: LiveSource = {
    mode: () => 'live',
    onMode: () => () => undefined,
    subscribe: () => () => undefined,
    resubscribe: () => undefined,
    onMalformed: () => () => undefined,
    onEvent: (l) => ((onEvent = l), () => undefined),
    onConnected: () => () => undefined,
  }
  return { live, send: (e) => onEvent!(e) }
}

describe('market feed on the stream', () => {
  const slow = { tradesMs: 60_000, candlesMs: 60_000, tickerMs: 60_000 }

  it('a streamed trade that opens a bucket keeps the series at one window: the oldest candle drops', async () => {
    const { live, send } = scriptedLive()
    const full = Array.from({ length: 500 }, (_, i) => ({ time: 60 * (i + 1), open: 1, high: 1, low: 1, close: 1, volume: 1 }))
    const client = { candles: async () => full, ticker: async () => [], trades: async () => [] } as unknown as ExchangeClient
    const feed = createMarketFeed('BTC_USDT', '1', { client, cache: null, live, rates: slow, reconcileRates: slow, emit: () => undefined })
    await feed.start()
    send({ kind: 'trade', time: 60 * 501 + 5, id: '1', pair: 'BTC_USDT', amount: '0.5', price: '2', direction: 'buy' })
    const candles = feed.current()!.candles
    feed.stop()
    expect(candles).toHaveLength(500)
    expect(candles[0]!.time).toBe(120)
    expect(candles.at(-1)).toEqual({ time: 60 * 501, open: 2, high: 2, low: 2, close: 2, volume: 0.5 })
  })

  it('sends the trades of one socket read as one market.trades (newest first) and one market.candles', async () => {
    const { live, send } = scriptedLive()
    const client = {
      candles: async () => [{ time: 60, open: 1, high: 1, low: 1, close: 1, volume: 1 }],
      ticker: async () => [],
      trades: async () => [],
    } as unknown as ExchangeClient
    const events: Array<[string, unknown]> = []
    const feed = createMarketFeed('BTC_USDT', '1', { client, cache: null, live, rates: slow, reconcileRates: slow, emit: (event, payload) => events.push([event, payload]) })
    await feed.start()
    for (let i = 1; i <= 30; i++) send({ kind: 'trade', time: 60 + i, id: String(i), pair: 'BTC_USDT', amount: '0.001', price: String(100 + i), direction: 'buy' })
    expect(events).toEqual([])
    await new Promise((r) => setImmediate(r))
    expect(events.map(([e]) => e)).toEqual(['market.trades', 'market.candles'])
    const trades = (events[0]![1] as EventPayloads['market.trades']).trades
    expect(trades.map((t) => t.id)).toEqual(Array.from({ length: 30 }, (_, i) => 30 - i))
    expect((events[1]![1] as EventPayloads['market.candles']).candles).toEqual([{ time: 60, open: 1, high: 130, low: 1, close: 130, volume: 1.03 }])
    feed.stop()
  })
})
