// The market feed after sleep, an outage or a stale cached start: the series the window ends up with
// (the start snapshot plus every candle event, applied as the renderer applies them) has no hole at
// any moment, and reaches the server's live candle.
import { describe, expect, it } from 'vitest'
import type { EventPayloads, MarketSnapshot } from '../../domain/api/api'
import type { Candle } from '../../domain/wire/wire'
import { mergeByTime } from './candle-repair'
import { candleAt, createChartServer, holesIn } from './test/chart-server.test-util'
import type { MarketCache } from './market-cache'
import { createMarketFeed } from './market-feed'

const M = 60
const T0 = 1_700_000_040 - (1_700_000_040 % M)

async function until(check: () => boolean): Promise<void> {
  for (let i = 0; i < 400 && !check(); i++) await new Promise((r) => setTimeout(r, 5))
  if (!check()) throw new Error('timed out')
}

/** Starts a feed and keeps what a window would show; every state it passes through is recorded. */
async function watch(server: ReturnType<typeof createChartServer>, cache: MarketCache | null = null) {
  let shown: Candle[] = []
  const states: Candle[][] = []
  let resets = 0
  const feed = createMarketFeed('BTC_USDT', '1', {
    client: server.client,
    cache,
    emit: (event, payload) => {
      if (event !== 'market.candles') return
      const p = payload as EventPayloads['market.candles']
      if (p.reset) resets++
      shown = p.reset ? mergeByTime([], p.candles) : mergeByTime(shown, p.candles)
      states.push(shown)
    },
    rates: { tradesMs: 60_000, candlesMs: 5, tickerMs: 60_000 },
  })
  const snapshot = await feed.start()
  shown = snapshot.candles
  states.push(shown)
  return { feed, snapshot, shown: () => shown, states, resets: () => resets }
}

const cacheHolding = (candles: Candle[]): MarketCache => ({
  save: async () => undefined,
  load: async (pair, interval): Promise<MarketSnapshot> => ({ pair, interval, candles, trades: [], ticker: null, stale: true, fetchedAt: 1 }),
  saveLists: async () => undefined,
  loadLists: async () => null,
})

describe('market feed: no holes in candles', () => {
  it('a stale cached start, and a server that answers since with its newest (capped) page: the hole is paged in', async () => {
    const server = createChartServer({ intervalSec: M, first: T0, last: T0 + 399 * M, pages: 'newest', cap: 100 })
    const cached = Array.from({ length: 100 }, (_, i) => candleAt(T0 + i * M))
    server.setDown(true) // the start finds the exchange unreachable: the cache is shown
    const view = await watch(server, cacheHolding(cached))
    expect(view.snapshot.stale).toBe(true)
    server.setDown(false)
    await until(() => view.shown().at(-1)?.time === server.last)
    view.feed.stop()
    expect(view.shown()).toHaveLength(400)
    for (const state of view.states) expect(holesIn(state, M)).toEqual([])
    // filled by since/until pages, not by asking for everything again
    expect(server.queries.some((q) => q.until !== undefined)).toBe(true)
  })

  it('an outage (or sleep) longer than the window: the window is reset to the newest whole series', async () => {
    const server = createChartServer({ intervalSec: M, first: T0, last: T0 + 199 * M, pages: 'newest' })
    const view = await watch(server)
    expect(view.snapshot.candles).toHaveLength(200)
    server.setDown(true)
    const asked = server.queries.length
    await until(() => server.queries.length > asked + 1) // polls fail while the market moves on
    server.advance(800)
    server.setDown(false)
    await until(() => view.shown().at(-1)?.time === server.last)
    view.feed.stop()
    expect(view.resets()).toBe(1)
    expect(view.shown()).toHaveLength(500)
    for (const state of view.states) expect(holesIn(state, M)).toEqual([])
  })

  it('an outage shorter than the window, on a server that pages from the oldest end: caught up without a hole', async () => {
    const server = createChartServer({ intervalSec: M, first: T0, last: T0 + 199 * M, pages: 'oldest', cap: 120 })
    const view = await watch(server)
    server.advance(300)
    await until(() => view.shown().at(-1)?.time === server.last)
    view.feed.stop()
    expect(view.resets()).toBe(0)
    expect(view.shown()[0]!.time).toBe(T0 + 0 * M)
    for (const state of view.states) expect(holesIn(state, M)).toEqual([])
  })

  it('a quiet market (no candle where no trade): gaps the server confirms are shown as they are and not fetched again', async () => {
    const quiet = (t: number) => (t - T0) % (7 * M) === 3 * M // every 7th minute has no trade
    const server = createChartServer({ intervalSec: M, first: T0, last: T0 + 99 * M, pages: 'newest', quiet })
    const view = await watch(server)
    server.advance(5)
    await until(() => view.shown().at(-1)?.time === server.last)
    const asked = server.queries.length
    await until(() => server.queries.length >= asked + 5)
    view.feed.stop()
    // each poll is one request: the quiet minutes are never asked about on their own
    expect(server.queries.slice(asked).every((q) => q.until === undefined)).toBe(true)
    for (const state of view.states) expect(holesIn(state, M, quiet)).toEqual([])
  })
})
