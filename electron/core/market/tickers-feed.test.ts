// The pair list's prices: streamed from `ticker.*` while the feed is live (coalesced, REST only
// reconciling), polled where there is no feed, and silent once stopped.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { Ticker } from '../../domain/wire/wire'
import type { ExchangeClient } from '../exchange/client'
import type { FeedEvent, TickerRow } from '../live/frames'
import { fakeLive } from '../live/test/fake-live.test-util'
import { startTickersFeed } from './tickers-feed'

const row = (pair: string, close: string): TickerRow => ({ pair, close, baseVolume: '1', quoteVolume: '1', change: '0.5', high: close, low: close, bid: close, ask: close })
const frame = (...rows: TickerRow[]): FeedEvent => ({ kind: 'ticker', time: 1, tickers: rows })
const RATES = { pollMs: 10_000, reconcileMs: 60_000 }

describe('tickers feed', () => {
  let restReads = 0
  const client = { ticker: async (): Promise<Ticker[]> => (restReads++, [{ pair: 'LTC_USDT', last: '70', buy: '70', sell: '70' }]) } as unknown as ExchangeClient
  beforeEach(() => {
    vi.useFakeTimers()
    restReads = 0
  })
  afterEach(() => vi.useRealTimers())

  it('streams every pair from one ticker.* subscription, one batch per coalescing window with the newest of each pair', async () => {
    const live = fakeLive('live')
    const batches: Ticker[][] = []
    const feed = startTickersFeed({ client, live, emit: (t) => batches.push(t), rates: RATES, coalesceMs: 250 })
    expect(live.topics).toEqual(['ticker.*'])
    for (let i = 0; i < 50; i++) live.push(frame(row('BTC_USDT', `6500${i % 10}.5`), row('ETH_USDT', `3000.${i}`)))
    await vi.advanceTimersByTimeAsync(249)
    expect(batches).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(batches).toHaveLength(1)
    expect(batches[0]!.map((t) => [t.pair, t.last])).toEqual([
      ['BTC_USDT', '65009.5'],
      ['ETH_USDT', '3000.49'],
    ])
    // while live, REST only reconciles
    await vi.advanceTimersByTimeAsync(59_000)
    expect(restReads).toBe(0)
    await vi.advanceTimersByTimeAsync(1_000)
    expect(restReads).toBe(1)
    feed.stop()
    expect(live.topics).toEqual([])
  })

  it('polls where the feed is not live, and slows to a reconciliation once it is', async () => {
    const live = fakeLive('polling')
    const batches: Ticker[][] = []
    const feed = startTickersFeed({ client, live, emit: (t) => batches.push(t), rates: RATES, coalesceMs: 250 })
    // frames of a feed that is not live are not used
    live.push(frame(row('BTC_USDT', '1')))
    await vi.advanceTimersByTimeAsync(30_300)
    expect(restReads).toBe(3)
    expect(batches.flat().map((t) => t.pair)).toEqual(['LTC_USDT', 'LTC_USDT', 'LTC_USDT'])
    live.setMode('live')
    await vi.advanceTimersByTimeAsync(30_000)
    expect(restReads).toBe(3)
    feed.stop()
  })

  it('says nothing once stopped, even of what it held', async () => {
    const live = fakeLive('live')
    const batches: Ticker[][] = []
    const feed = startTickersFeed({ client, live, emit: (t) => batches.push(t), rates: RATES, coalesceMs: 250 })
    live.push(frame(row('BTC_USDT', '1')))
    feed.stop()
    live.push(frame(row('BTC_USDT', '2')))
    await vi.advanceTimersByTimeAsync(120_000)
    expect(batches).toEqual([])
    expect(restReads).toBe(0)
  })
})
