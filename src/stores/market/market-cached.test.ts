// The cached start: the disk's market is painted at once, marked stale, while the exchange is asked;
// the fresh snapshot then replaces it whole, never joined to it across the hole between the two.
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { CachedStart, MarketSession, SubscribedSnapshot } from '@domain/api/api'
import type { Candle } from '@domain/wire/wire'
import { setTerminal } from '@/api'
import { deferred, sessionState } from '@/stores/test/fake-terminal.test-util'
import { useSessionStore } from '../session/session'
import { useMarketStore } from './market'
import { usePairsStore } from './pairs'
import { usePrefsStore } from '../prefs'
import { BTC_USDT, ETH_USDT, PREFS, candleRun, fakeTerminal, trade, type FakeTerminal } from '../test/market-fixtures.test-util'

const H = 3600
const NOW = 1_700_000_000 - (1_700_000_000 % H)
const A: MarketSession = { profileId: 'p1', profileGeneration: 1 }
// Cached two days ago: its newest candle is 48 hours before the fresh series starts.
const cachedCandles = candleRun(5, NOW - 48 * H)
const freshCandles = candleRun(5, NOW)

function snap(candles: Candle[], extra: Partial<SubscribedSnapshot> = {}): SubscribedSnapshot {
  return { pair: 'BTC_USDT', interval: '60', candles, trades: [], ticker: null, stale: false, fetchedAt: 1, session: A, ...extra }
}

describe('market store, cached start', () => {
  let terminal: FakeTerminal
  let fresh: ReturnType<typeof deferred<SubscribedSnapshot>>
  beforeEach(() => {
    setActivePinia(createPinia())
    terminal = fakeTerminal()
    setTerminal(terminal)
    fresh = deferred<SubscribedSnapshot>()
    terminal.handle('market.subscribe', () => fresh.promise)
    terminal.handle('market.cached', () => ({ snapshot: snap(cachedCandles, { trades: [trade(1)], stale: true, fetchedAt: 7 }), pairs: [BTC_USDT, ETH_USDT] }))
  })

  const times = (candles: readonly Candle[]) => candles.map((c) => c.time)

  it('switching pair paints the cached market, stale, before the exchange answers; the fresh snapshot replaces it whole', async () => {
    const market = useMarketStore()
    const done = market.subscribe('BTC_USDT', '60')
    await expect.poll(() => market.candles.length).toBe(5)
    expect(times(market.candles)).toEqual(times(cachedCandles))
    expect(market.stale).toBe(true)
    expect(market.fetchedAt).toBe(7)
    expect(market.loading).toBe(true)
    expect(market.trades.map((t) => t.id)).toEqual([1])

    // the live feed already sends the fresh market: it waits, it is not joined to the cached candles
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: [{ ...freshCandles[4]!, close: 123 }] })
    terminal.emit('market.trades', { pair: 'BTC_USDT', trades: [trade(51)] })
    market.flushLive()
    expect(times(market.candles)).toEqual(times(cachedCandles))

    fresh.resolve(snap(freshCandles, { trades: [trade(50)] }))
    await done
    market.flushLive()
    expect(times(market.candles)).toEqual(times(freshCandles))
    expect(market.candles.at(-1)?.close).toBe(123)
    expect(market.trades.map((t) => t.id)).toEqual([51, 50])
    expect(market.stale).toBe(false)
  })

  it('a cached answer that comes after the fresh one is not painted', async () => {
    const late = deferred<{ snapshot: SubscribedSnapshot; pairs: null }>()
    terminal.handle('market.cached', () => late.promise)
    const market = useMarketStore()
    const done = market.subscribe('BTC_USDT', '60')
    fresh.resolve(snap(freshCandles))
    await done
    late.resolve({ snapshot: snap(cachedCandles, { stale: true }), pairs: null })
    await late.promise
    await new Promise((r) => setTimeout(r, 0))
    expect(times(market.candles)).toEqual(times(freshCandles))
    expect(market.stale).toBe(false)
  })

  it('a cached answer for a pair no longer asked for is not painted', async () => {
    const late = deferred<{ snapshot: SubscribedSnapshot; pairs: null }>()
    terminal.handle('market.cached', (input: { pair: string }) => (input.pair === 'BTC_USDT' ? late.promise : { snapshot: null, pairs: null }))
    const market = useMarketStore()
    void market.subscribe('BTC_USDT', '60')
    void market.subscribe('ETH_USDT', '60')
    late.resolve({ snapshot: snap(cachedCandles, { stale: true }), pairs: null })
    await new Promise((r) => setTimeout(r, 0))
    expect(market.pair).toBe('ETH_USDT')
    expect(market.candles).toEqual([])
  })

  /** The session store as the start's session.get leaves it: profile p1 active. */
  const sessionIn = () => (useSessionStore().state = sessionState())
  const cachedStart = (over: Partial<CachedStart> = {}): CachedStart => ({
    profileId: 'p1',
    snapshot: { ...snap(cachedCandles, { stale: true, fetchedAt: 7 }), session: undefined } as never,
    pairs: [BTC_USDT, ETH_USDT],
    prefs: PREFS,
    ...over,
  })

  it('on start the remembered pair and the cached pair list show before the pair list answers; subscribing keeps them until the fresh snapshot', async () => {
    const pairsAnswer = deferred<(typeof BTC_USDT)[]>()
    terminal.handle('market.pairs', () => pairsAnswer.promise)
    terminal.handle('market.currencies', () => [])
    terminal.handle('market.ticker', () => [])
    terminal.handle('market.cachedStart', () => cachedStart())
    sessionIn()
    usePrefsStore().prefs.pair = 'BTC_USDT'
    usePrefsStore().prefs.interval = '60'
    const market = useMarketStore()
    const started = market.start()
    await market.showCachedStart()
    expect(market.pair).toBe('BTC_USDT')
    expect(usePairsStore().pairs.map((p) => p.name)).toEqual(['BTC_USDT', 'ETH_USDT'])
    expect(times(market.candles)).toEqual(times(cachedCandles))
    expect(market.stale).toBe(true)

    pairsAnswer.resolve([BTC_USDT])
    await expect.poll(() => terminal.callsOf('market.subscribe').length).toBe(1)
    // the subscription of the same pair and interval leaves the cached market on screen
    expect(times(market.candles)).toEqual(times(cachedCandles))
    expect(usePairsStore().pairs.map((p) => p.name)).toEqual(['BTC_USDT'])
    fresh.resolve(snap(freshCandles))
    await started
    expect(times(market.candles)).toEqual(times(freshCandles))
    expect(market.stale).toBe(false)
  })

  it('the cached start of another profile than the session’s, or none, shows nothing', async () => {
    const market = useMarketStore()
    sessionIn()
    terminal.handle('market.cachedStart', () => cachedStart({ profileId: 'someone-else' }))
    await market.showCachedStart()
    terminal.handle('market.cachedStart', () => null)
    await market.showCachedStart()
    terminal.handle('market.cachedStart', () => Promise.reject(new Error('host gone')))
    await market.showCachedStart()
    expect(market.pair).toBe('')
    expect(market.candles).toEqual([])
    expect(market.stale).toBe(false)
    expect(market.error).toBeNull()
  })

  it('the fresh chart, in first, is not covered by the cached start', async () => {
    const market = useMarketStore()
    sessionIn()
    terminal.handle('market.start', () => snap(freshCandles))
    terminal.handle('market.cachedStart', () => cachedStart())
    await market.subscribeStart()
    await market.showCachedStart()
    expect(times(market.candles)).toEqual(times(freshCandles))
    expect(market.stale).toBe(false)
  })
})
