// The window's first chart in one round trip (market.start), and the chart a window host opens as its
// core starts (warmChart): the window's first subscription is then answered from memory, the market
// as the running feed holds it, instead of waiting for the exchange; so is a later window's (or a
// reload's) asking for the chart the core follows, while that feed is live.
import { describe, expect, it } from 'vitest'
import type { TerminalDeps } from '../terminal'
import { createExchangeClient } from '../exchange/client'
import { next, useTerminalHarness } from '../test/terminal-harness.test-util'
import { SIDES_AFTER_MS } from './terminal-market'

/** Slow polls: every candle read the test counts is a start's, not a poll's. */
const slow = { tradesMs: 60_000, candlesMs: 60_000, tickerMs: 60_000, accountMs: 60_000 }

/** A client that counts the candle reads (and the book's) it sends to the exchange. */
function counting(): { reads: () => number; readsOf: (pair: string) => number; books: () => number; createClient: NonNullable<TerminalDeps['createClient']> } {
  let reads = 0
  const pairs: string[] = []
  let books = 0
  return {
    reads: () => reads,
    readsOf: (pair) => pairs.filter((p) => p === pair).length,
    books: () => books,
    createClient: (options) => {
      const client = createExchangeClient(options)
      return new Proxy(client, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver) as unknown
          if ((key !== 'candles' && key !== 'orderbook') || typeof value !== 'function') return value
          return (...args: unknown[]) => {
            if (key === 'candles') {
              reads += 1
              pairs.push((args[0] as { pair: string }).pair)
            } else books += 1
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        },
      })
    },
  }
}

async function until(done: () => boolean, ms = 10_000): Promise<void> {
  const end = Date.now() + ms
  while (!done()) {
    if (Date.now() > end) throw new Error('timed out')
    await new Promise((r) => setTimeout(r, 10))
  }
}

describe('the first chart', () => {
  const h = useTerminalHarness(23)

  it('a window host reads that chart while its start still waits for the accounts', async () => {
    const count = counting()
    let release: () => void = () => undefined
    const held = new Promise<void>((resolve) => (release = resolve))
    const createClient: NonNullable<TerminalDeps['createClient']> = (options) => {
      const client = count.createClient(options)
      return new Proxy(client, {
        get(target, key, receiver) {
          const value = Reflect.get(target, key, receiver) as unknown
          if (key !== 'accounts' || typeof value !== 'function') return value
          return async (...args: unknown[]) => {
            await held
            return (value as (...a: unknown[]) => unknown).apply(target, args)
          }
        },
      })
    }
    const opening = h.open(h.freshDir(), { rates: slow, warmChart: true, createClient })
    try {
      await until(() => count.reads() >= 1)
    } finally {
      release()
    }
    const core = await opening
    const answer = await core.call('market.start', undefined)
    expect(answer?.candles.length).toBe(500)
    expect(count.reads()).toBe(1)
  })

  it('market.start subscribes to the remembered pair and names it in the answer', async () => {
    const core = await h.open(h.freshDir(), { rates: slow })
    await core.call('prefs.set', { pair: 'ETH_USDT', interval: '5' })
    const answer = await core.call('market.start', undefined)
    expect(answer?.pair).toBe('ETH_USDT')
    expect(answer?.interval).toBe('5')
    expect(answer?.candles.length).toBe(500)
    expect(answer?.session.profileGeneration).toBe((await core.call('session.get', undefined)).profileGeneration)
  })

  it('a window host opens that chart as its core starts: the first subscription asks the exchange nothing more', async () => {
    const count = counting()
    const core = await h.open(h.freshDir(), { rates: slow, warmChart: true, createClient: count.createClient })
    await until(() => count.reads() >= 1)
    const warmReads = count.reads()
    // The chart alone until a window comes: no book is read for nobody.
    await new Promise((r) => setTimeout(r, 300))
    expect(count.books()).toBe(0)
    // The window that takes the warm chart over learns the live feed's modes, as any subscriber does.
    const modes: unknown[] = []
    core.on('feed.status', (status) => modes.push(status.modes))
    const answer = await core.call('market.start', undefined)
    const answeredAt = Date.now()
    // The book waits while the window's other first calls are answered.
    const book = next(core, 'market.book', (b) => b.pair === 'BTC_USDT')
    expect(count.books()).toBe(0)
    await until(() => modes.length > 0)
    expect(answer?.pair).toBe('BTC_USDT')
    expect(answer?.candles.length).toBe(500)
    expect(count.reads()).toBe(warmReads)
    // The book starts with the window that takes the chart over.
    await book
    expect(Date.now() - answeredAt).toBeGreaterThanOrEqual(SIDES_AFTER_MS - 5)
    // A second window (or a reload) asking for the chart the core follows is answered from the running
    // feed, its book left running; another interval is read from the exchange.
    const books = count.books()
    // and that window is sent the running book at once, not only when it next changes
    const resent = next(core, 'market.book', (b) => b.pair === 'BTC_USDT' && b.book !== null)
    const again = await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '15' })
    await resent
    expect(again.candles.length).toBe(500)
    expect(again.session).toEqual(answer!.session)
    expect(count.reads()).toBe(warmReads)
    expect(count.books()).toBe(books)
    await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '60' })
    expect(count.reads()).toBe(warmReads + 1)
  })

  it('a chart gone stale (the exchange away) is read again when a window asks for it, not answered from memory', async () => {
    const count = counting()
    // Polled only: the live feed would keep the chart fresh through the REST errors.
    const core = await h.open(h.freshDir(), { createClient: count.createClient, feed: { enabled: false } })
    await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '15' })
    const stale = next(core, 'market.status', (s) => s.stale)
    h.demo.setFaults({ serverError: 503 })
    try {
      await stale
    } finally {
      h.demo.setFaults({})
    }
    const reads = count.reads()
    const answer = await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '15' })
    expect(answer.stale).toBe(false)
    expect(count.reads()).toBeGreaterThan(reads)
  })

  it('a window that asks for another chart than the warm one gets that one, fresh from the exchange', async () => {
    const count = counting()
    const core = await h.open(h.freshDir(), { rates: slow, warmChart: true, createClient: count.createClient })
    await until(() => count.reads() >= 1)
    const answer = await core.call('market.subscribe', { pair: 'ETH_USDT', interval: '60' })
    expect(answer.pair).toBe('ETH_USDT')
    expect(answer.interval).toBe('60')
    // (the warm chart's own reads go on: a live feed that comes up after its first read reconciles it)
    expect(count.readsOf('ETH_USDT')).toBe(1)
  })

  it('the CLI opens no chart of its own', async () => {
    const count = counting()
    await h.open(h.freshDir(), { rates: slow, createClient: count.createClient })
    await new Promise((r) => setTimeout(r, 300))
    expect(count.reads()).toBe(0)
  })
})
