// The market store follows the session: a profile switch empties it at once and loads the new
// exchange; events and answers of an earlier session never show; an account switch keeps the
// market; an exchange that answers again loads what failed, without a reload.
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { MarketSession, SessionState } from '@domain/api/api'
import type { Pair, Ticker } from '@domain/wire/wire'
import { setTerminal } from '@/api'
import { deferred, profileView, sessionState } from '@/stores/test/fake-terminal.test-util'
import { useMarketStore } from './market'
import { usePairsStore } from './pairs'
import { useSessionStore } from '../session/session'
import { BTC_USDT, ETH_USDT, candleRun, fakeTerminal, trade, type FakeTerminal } from '../test/market-fixtures.test-util'

const T0 = 1_700_000_000 - (1_700_000_000 % 3600)
const A: MarketSession = { profileId: 'p1', profileGeneration: 1 }
const B: MarketSession = { profileId: 'p2', profileGeneration: 3 }
const ONLINE = { state: 'online' as const, message: 'Connected', since: 0 }
const OFFLINE = { state: 'offline' as const, message: 'Exchange unreachable (connect ECONNREFUSED). Retrying.', since: 0 }
const tickerOf = (pair: string, last: string): Ticker => ({ pair, last, buy: last, sell: last })

/** Exchange B: its own pairs and prices (about 6 % apart from A's), and its own trade ids. */
const B_PAIRS: Pair[] = [
  { ...ETH_USDT, id: 7 },
  { ...BTC_USDT, id: 8 },
]
const bCandles = candleRun(4, T0).map((c) => ({ ...c, open: c.open * 1.06, close: c.close * 1.06 }))

function switchTo(over: Partial<SessionState>): void {
  useSessionStore().applyState(sessionState(over))
}

describe('market store across sessions', () => {
  let terminal: FakeTerminal
  beforeEach(async () => {
    setActivePinia(createPinia())
    terminal = fakeTerminal()
    setTerminal(terminal)
    terminal.handle('market.pairs', () => [BTC_USDT, ETH_USDT])
    terminal.handle('market.currencies', () => [])
    terminal.handle('market.ticker', () => [tickerOf('BTC_USDT', '43000'), tickerOf('ETH_USDT', '2300')])
    terminal.handle('market.subscribe', (input: { pair: string; interval: '60' }) => ({
      pair: input.pair,
      interval: input.interval,
      candles: candleRun(5, T0),
      trades: [trade(2), trade(1)],
      ticker: null,
      stale: false,
      fetchedAt: 1,
      session: A,
    }))
    switchTo({})
    const market = useMarketStore()
    await market.start()
    expect(market.candles).toHaveLength(5)
    expect(usePairsStore().tickers.get('BTC_USDT')?.last).toBe('43000')
  })

  function exchangeB(): void {
    terminal.handle('market.pairs', () => B_PAIRS)
    terminal.handle('market.ticker', () => [tickerOf('BTC_USDT', '45580'), tickerOf('ETH_USDT', '2438')])
    terminal.handle('market.subscribe', (input: { pair: string; interval: '60' }) => ({
      pair: input.pair,
      interval: input.interval,
      candles: bCandles,
      trades: [trade(900)],
      ticker: null,
      stale: false,
      fetchedAt: 2,
      session: B,
    }))
  }

  it('a profile switch empties pairs, prices, candles, trades and ticker at once, then shows the new exchange', async () => {
    const market = useMarketStore()
    terminal.emit('market.ticker', { session: A, pair: 'BTC_USDT', ticker: tickerOf('BTC_USDT', '43001') })
    market.flushLive()
    expect(market.ticker?.last).toBe('43001')
    exchangeB()
    switchTo({ switchGeneration: 3, profileGeneration: 3, profile: profileView({ id: 'p2', name: 'B' }) })
    // Synchronously: nothing of A is left for the next render.
    expect(market.candles).toEqual([])
    expect(market.trades).toEqual([])
    expect(usePairsStore().pairs).toEqual([])
    expect(market.ticker).toBeNull()
    expect(usePairsStore().tickers.size).toBe(0)
    await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => setTimeout(r, 0))
    expect(usePairsStore().pairs).toEqual(B_PAIRS)
    expect(market.pair).toBe('BTC_USDT') // B lists it too: the user stays on the pair
    expect(market.candles.map((c) => c.close)).toEqual(bCandles.map((c) => c.close))
    expect(market.trades.map((t) => t.id)).toEqual([900])
    expect(usePairsStore().tickers.get('BTC_USDT')?.last).toBe('45580')
    expect(market.feedSession).toEqual(B)
  })

  it('drops events and a late answer of the previous exchange after the switch', async () => {
    const market = useMarketStore()
    const lateA = deferred<never>()
    terminal.handle('market.candles', () => lateA.promise)
    const older = market.loadOlder()
    exchangeB()
    switchTo({ switchGeneration: 3, profileGeneration: 3, profile: profileView({ id: 'p2', name: 'B' }) })
    await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => setTimeout(r, 0))
    lateA.resolve(candleRun(3, T0 - 5 * 3600) as never)
    expect(await older).toBe(0)
    terminal.emit('market.trades', { session: A, pair: 'BTC_USDT', trades: [trade(3)] })
    terminal.emit('market.candles', { session: A, pair: 'BTC_USDT', interval: '60', candles: candleRun(1, T0 + 3600) })
    terminal.emit('market.ticker', { session: A, pair: 'BTC_USDT', ticker: tickerOf('BTC_USDT', '43002') })
    terminal.emit('market.status', { session: A, pair: 'BTC_USDT', interval: '60', stale: false, connection: ONLINE })
    terminal.emit('market.trades', { session: B, pair: 'BTC_USDT', trades: [trade(901)] })
    market.flushLive()
    expect(market.trades.map((t) => t.id)).toEqual([901, 900])
    expect(market.candles.map((c) => c.close)).toEqual(bCandles.map((c) => c.close))
    expect(market.ticker).toBeNull()
    expect(market.status).toBeNull()
  })

  it("the pair list's prices follow the streamed tickers, once a frame, and never another session's", async () => {
    useMarketStore()
    for (let i = 1; i <= 20; i++) terminal.emit('market.tickers', { session: A, tickers: [tickerOf('ETH_USDT', `23${String(i).padStart(2, '0')}`)] })
    // nothing before the frame: one paint of the list, whatever the number of updates
    expect(usePairsStore().tickers.get('ETH_USDT')?.last).toBe('2300')
    usePairsStore().flushLive()
    expect(usePairsStore().tickers.get('ETH_USDT')?.last).toBe('2320')
    expect(usePairsStore().tickers.get('BTC_USDT')?.last).toBe('43000')
    exchangeB()
    switchTo({ switchGeneration: 3, profileGeneration: 3, profile: profileView({ id: 'p2', name: 'B' }) })
    await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => setTimeout(r, 0))
    terminal.emit('market.tickers', { session: A, tickers: [tickerOf('ETH_USDT', '2399')] })
    usePairsStore().flushLive()
    expect(usePairsStore().tickers.get('ETH_USDT')?.last).toBe('2438')
  })

  it("A → B → A: the third session shows none of the first session's late frames, though its profile is the same", async () => {
    const market = useMarketStore()
    exchangeB()
    switchTo({ switchGeneration: 3, profileGeneration: 3, profile: profileView({ id: 'p2', name: 'B' }) })
    await new Promise((r) => setTimeout(r, 0))
    const againA: MarketSession = { profileId: 'p1', profileGeneration: 5 }
    terminal.handle('market.pairs', () => [BTC_USDT, ETH_USDT])
    terminal.handle('market.ticker', () => [tickerOf('BTC_USDT', '43100'), tickerOf('ETH_USDT', '2310')])
    terminal.handle('market.subscribe', (input: { pair: string; interval: '60' }) => ({
      pair: input.pair,
      interval: input.interval,
      candles: candleRun(5, T0),
      trades: [trade(20)],
      ticker: null,
      stale: false,
      fetchedAt: 3,
      session: againA,
    }))
    switchTo({ switchGeneration: 5, profileGeneration: 5 })
    await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => setTimeout(r, 0))
    expect(market.feedSession).toEqual(againA)
    // Late frames of A's first session (generation 1): same profile, other session.
    terminal.emit('market.trades', { session: A, pair: 'BTC_USDT', trades: [trade(3)] })
    terminal.emit('market.candles', { session: A, pair: 'BTC_USDT', interval: '60', candles: candleRun(1, T0 + 3600) })
    terminal.emit('market.ticker', { session: A, pair: 'BTC_USDT', ticker: tickerOf('BTC_USDT', '43002') })
    terminal.emit('market.tickers', { session: A, tickers: [tickerOf('ETH_USDT', '2399')] })
    terminal.emit('market.status', { session: A, pair: 'BTC_USDT', interval: '60', stale: true, connection: OFFLINE })
    terminal.emit('market.trades', { session: againA, pair: 'BTC_USDT', trades: [trade(21)] })
    market.flushLive()
    expect(market.trades.map((t) => t.id)).toEqual([21, 20])
    expect(market.candles.map((c) => c.time)).toEqual(candleRun(5, T0).map((c) => c.time))
    expect(market.ticker).toBeNull()
    expect(usePairsStore().tickers.get('ETH_USDT')?.last).toBe('2310')
    expect(market.stale).toBe(false)
    expect(market.status).toBeNull()
  })

  it('drops a subscribe answer fetched for the previous exchange', async () => {
    const market = useMarketStore()
    const lateA = deferred<never>()
    terminal.handle('market.subscribe', () => lateA.promise)
    const pending = market.subscribe('ETH_USDT', '60')
    exchangeB()
    switchTo({ switchGeneration: 3, profileGeneration: 3, profile: profileView({ id: 'p2', name: 'B' }) })
    lateA.resolve({ pair: 'ETH_USDT', interval: '60', candles: candleRun(5, T0), trades: [trade(5)], ticker: null, stale: false, fetchedAt: 1, session: A } as never)
    await pending
    await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => setTimeout(r, 0))
    expect(market.trades.map((t) => t.id)).toEqual([900])
    expect(market.feedSession).toEqual(B)
  })

  it('an account switch on the same profile keeps the market and its live feed', async () => {
    const market = useMarketStore()
    switchTo({ switchGeneration: 2, profileGeneration: 1, accountId: 3 })
    expect(market.candles).toHaveLength(5)
    terminal.emit('market.trades', { session: A, pair: 'BTC_USDT', trades: [trade(3)] })
    market.flushLive()
    expect(market.trades.map((t) => t.id)).toEqual([3, 2, 1])
    expect(terminal.callsOf('market.subscribe')).toHaveLength(1)
  })

  it('switching to an unreachable exchange shows no market of the previous one; coming back online loads it without a reload', async () => {
    const market = useMarketStore()
    const down = new Error('Exchange unreachable (connect ECONNREFUSED).')
    terminal.handle('market.pairs', () => Promise.reject(down))
    terminal.handle('market.ticker', () => Promise.reject(down))
    switchTo({ switchGeneration: 3, profileGeneration: 3, profile: profileView({ id: 'p2', name: 'B' }), connection: OFFLINE })
    await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => setTimeout(r, 0))
    expect(usePairsStore().pairs).toEqual([])
    expect(market.candles).toEqual([])
    expect(usePairsStore().error).toMatch(/unreachable/)
    expect(useSessionStore().notice).toBe('unreachable')

    exchangeB()
    switchTo({ switchGeneration: 3, profileGeneration: 3, profile: profileView({ id: 'p2', name: 'B' }), connection: ONLINE })
    await new Promise((r) => setTimeout(r, 0))
    await new Promise((r) => setTimeout(r, 0))
    expect(usePairsStore().error).toBeNull()
    expect(usePairsStore().pairs).toEqual(B_PAIRS)
    expect(market.candles.map((c) => c.close)).toEqual(bCandles.map((c) => c.close))
    expect(useSessionStore().notice).toBeNull()
  })
})
