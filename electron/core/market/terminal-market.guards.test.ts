// The market's own session checks, behind feed.stop(): a feed, book or pair-list feed still running
// after its profile session is over (a switch whose stop() has not reached it yet) says nothing.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { EventName } from '../../domain/api/api'
import { TerminalError } from '../../domain/errors'
import type { ExchangeClient } from '../exchange/client'
import { createEventHub } from '../events'
import { createMarket } from './terminal-market'
import type { Session } from '../session/terminal-session'

const EVENTS: EventName[] = ['market.trades', 'market.candles', 'market.ticker', 'market.status', 'market.book', 'market.tickers']

/** An exchange whose every read has news: a new trade, a new price, a new book. */
function busyClient(): ExchangeClient {
  let n = 0
  const price = () => String(100 + (n % 7))
  return {
    candles: async () => [{ time: 60, open: 100, close: 101, low: 99, high: 102, volume: 1 }],
    trades: async () => [{ id: ++n, price: price(), amount: '1', timestamp: n, pair: 'BTC_USDT', type: 'buy' }],
    ticker: async () => [{ pair: 'BTC_USDT', last: price(), buy: price(), sell: price() }],
    orderbook: async () => ({ buy: [{ price: price(), amount: '1' }], sell: [{ price: '200', amount: String(++n) }] }),
  } as unknown as ExchangeClient
}

/** The session as the market sees it; `profileGeneration` moves on a switch. */
function fakeSession(client: ExchangeClient) {
  const session = {
    client,
    active: { id: 'p1', baseUrl: 'https://exchange.example/api/v3', isDemo: false },
    profileGeneration: 1,
    signal: new AbortController().signal,
    assertCurrent(asked: number) {
      if (asked !== session.profileGeneration) throw new TerminalError({ kind: 'network', code: 'ABORTED', message: 'dropped' })
    },
  }
  return session
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))
let dir = ''
afterEach(() => rmSync(dir, { recursive: true, force: true }))

describe("the market's session checks", () => {
  it('a feed whose profile session has ended emits nothing, though stop() has not reached it', async () => {
    dir = mkdtempSync(join(tmpdir(), 'market-guards-'))
    const session = fakeSession(busyClient())
    const hub = createEventHub()
    const heard: EventName[] = []
    for (const event of EVENTS) hub.on(event, () => heard.push(event))
    const fast = { tradesMs: 5, candlesMs: 5, tickerMs: 5, bookMs: 5 }
    const market = createMarket({ session: session as unknown as Session, hub, dataDir: dir, now: Date.now, rates: fast, tickerRates: { pollMs: 5, reconcileMs: 5 } })
    await market.handlers['market.subscribe']({ pair: 'BTC_USDT', interval: '1' })
    // One of each of the three feeds first: each has its own check.
    const running: EventName[] = ['market.trades', 'market.book', 'market.tickers']
    for (let i = 0; i < 200 && !running.every((e) => heard.includes(e)); i++) await pause(5)
    expect(heard).toEqual(expect.arrayContaining(running))
    session.profileGeneration = 2 // the switch: the old session's feeds still run until stop()
    heard.length = 0
    await pause(300) // past the pair list's 250 ms coalescing window
    market.stop()
    expect(heard).toEqual([])
  })
})
