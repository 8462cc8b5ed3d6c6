import { beforeEach, describe, expect, it } from 'vitest'
import { nextTick, watch } from 'vue'
import { createPinia, setActivePinia } from 'pinia'
import type { MarketSnapshot } from '@domain/api/api'
import type { Candle } from '@domain/wire/wire'
import { setTerminal } from '@/api'
import { mergeCandles, mergeTrades, prependCandles, TRADES_CAP, useMarketStore } from './market'
import { usePairsStore } from './pairs'
import { lastPriceOf } from './market-merge'
import { BTC_USDT, ETH_USDT, candleRun, fakeTerminal, trade, type FakeTerminal } from '../test/market-fixtures.test-util'

const T0 = 1_700_000_000 - (1_700_000_000 % 3600)
const ONLINE = { state: 'online' as const, message: 'Live', since: 0 }

function snapshot(pair: string, interval: MarketSnapshot['interval'], candles: Candle[], extra: Partial<MarketSnapshot> = {}): MarketSnapshot {
  return { pair, interval, candles, trades: [], ticker: null, stale: false, fetchedAt: 1, ...extra }
}

describe('mergeCandles', () => {
  const base = candleRun(3, T0)
  it('replaces the live last candle by time and appends a new one', () => {
    const updated = { ...base[2]!, close: 1 }
    const next = { ...base[2]!, time: T0 + 3600, close: 2 }
    const merged = mergeCandles(base, [updated, next])
    expect(merged.map((c) => c.time)).toEqual([T0 - 7200, T0 - 3600, T0, T0 + 3600])
    expect(merged[2]!.close).toBe(1)
    expect(merged[3]!.close).toBe(2)
  })
  it('keeps the series sorted when an update lands in the middle or arrives out of order', () => {
    const mid = { ...base[1]!, close: 99 }
    const merged = mergeCandles(base, [{ ...base[2]!, time: T0 + 3600 }, mid])
    expect(merged.map((c) => c.time)).toEqual([T0 - 7200, T0 - 3600, T0, T0 + 3600])
    expect(merged[1]!.close).toBe(99)
  })
})

describe('prependCandles and mergeTrades', () => {
  it('prepends only candles older than the first, without duplicates', () => {
    const current = candleRun(2, T0)
    const older = [...candleRun(3, T0 - 7200), current[0]!]
    const merged = prependCandles(current, older)
    expect(merged.map((c) => c.time)).toEqual([T0 - 14400, T0 - 10800, T0 - 7200, T0 - 3600, T0])
  })
  it('keeps trades newest first, drops ids already seen and caps the list', () => {
    const first = mergeTrades([], [trade(3), trade(2)])
    const second = mergeTrades(first, [trade(4), trade(3), trade(1)])
    expect(second.map((t) => t.id)).toEqual([4, 3, 2, 1])
    const many = Array.from({ length: TRADES_CAP + 20 }, (_, i) => trade(10_000 - i))
    expect(mergeTrades(second, many)).toHaveLength(TRADES_CAP)
  })
})

describe('lastPriceOf', () => {
  const ticker = { pair: 'BTC_USDT', last: '43000', buy: '42999', sell: '43001' }
  it("names the newest trade's price before the ticker's, which comes about once a second", () => {
    expect(lastPriceOf([trade(5, '42950.5'), trade(4, '42990')], ticker, [])).toBe('42950.5')
  })
  it('keeps a ticker stamped after the newest trade, and falls back to the ticker, then the last close', () => {
    expect(lastPriceOf([trade(5, '42950.5')], { ...ticker, timestamp: 1_700_000_006 }, [])).toBe('43000')
    expect(lastPriceOf([trade(5, '42950.5')], { ...ticker, timestamp: 1_700_000_005 }, [])).toBe('42950.5')
    expect(lastPriceOf([], ticker, candleRun(3, T0))).toBe('43000')
    const candles = candleRun(3, T0)
    expect(lastPriceOf([], null, candles)).toBe(String(candles.at(-1)!.close))
    expect(lastPriceOf([], null, [])).toBeNull()
  })
})

describe('useMarketStore', () => {
  let terminal: FakeTerminal
  beforeEach(() => {
    setActivePinia(createPinia())
    terminal = fakeTerminal()
    setTerminal(terminal)
    terminal.handle('market.pairs', () => [BTC_USDT, ETH_USDT])
    terminal.handle('market.currencies', () => [])
    terminal.handle('market.subscribe', (input: { pair: string; interval: MarketSnapshot['interval'] }) => snapshot(input.pair, input.interval, candleRun(5, T0), { trades: [trade(2), trade(1)] }))
  })

  it('subscribes, applies the snapshot and selects the pair record', async () => {
    const market = useMarketStore()
    await usePairsStore().load()
    await market.subscribe('BTC_USDT', '60')
    expect(terminal.callsOf('market.subscribe')).toEqual([{ pair: 'BTC_USDT', interval: '60' }])
    expect(market.candles).toHaveLength(5)
    expect(market.trades.map((t) => t.id)).toEqual([2, 1])
    expect(market.selectedPair?.price_precision).toBe(2)
    expect(market.loading).toBe(false)
  })

  it('a reset from the core replaces the series instead of leaving a hole between old and new candles', async () => {
    const market = useMarketStore()
    await market.subscribe('BTC_USDT', '60')
    expect(market.candles).toHaveLength(5)
    // after a long sleep the core restarts the series 100 hours later
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: candleRun(3, T0 + 100 * 3600), reset: true })
    expect(market.candles.map((c) => c.time)).toEqual([T0 + 98 * 3600, T0 + 99 * 3600, T0 + 100 * 3600])
    // without reset the same candles are merged in, as live updates are
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: candleRun(1, T0 + 101 * 3600) })
    market.flushLive()
    expect(market.candles).toHaveLength(4)
  })

  it('holds live candles and trades that come before the snapshot, then shows them on top of it: never a live candle alone as the whole series', async () => {
    let answer: (value: MarketSnapshot) => void = () => undefined
    terminal.handle('market.subscribe', () => new Promise<MarketSnapshot>((resolve) => (answer = resolve)))
    const market = useMarketStore()
    const done = market.subscribe('BTC_USDT', '60')
    const lengths: number[] = []
    // As the chart's watcher sees it: once per tick, after every change of that tick.
    watch(
      () => market.candles,
      (c) => lengths.push(c.length),
    )
    const live = { ...candleRun(1, T0 + 5 * 3600)[0]!, close: 777 }
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: [live] })
    terminal.emit('market.trades', { pair: 'BTC_USDT', trades: [trade(3)] })
    market.flushLive()
    await nextTick()
    expect(market.candles).toHaveLength(0)
    expect(market.trades).toHaveLength(0)
    answer(snapshot('BTC_USDT', '60', candleRun(5, T0), { trades: [trade(2), trade(1)] }))
    await done
    expect(market.candles).toHaveLength(6)
    expect(market.candles.at(-1)!.close).toBe(777)
    expect(market.trades.map((t) => t.id)).toEqual([3, 2, 1])
    await nextTick()
    // The chart frames the series it first gets: one live candle would have been framed alone.
    expect(lengths.filter((n) => n > 0 && n < 6)).toEqual([])
  })

  it('a reset that comes before the snapshot starts the series over once the snapshot is in', async () => {
    let answer: (value: MarketSnapshot) => void = () => undefined
    terminal.handle('market.subscribe', () => new Promise<MarketSnapshot>((resolve) => (answer = resolve)))
    const market = useMarketStore()
    const done = market.subscribe('BTC_USDT', '60')
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: candleRun(2, T0 + 100 * 3600), reset: true })
    expect(market.candles).toHaveLength(0)
    answer(snapshot('BTC_USDT', '60', candleRun(5, T0)))
    await done
    expect(market.candles.map((c) => c.time)).toEqual([T0 + 99 * 3600, T0 + 100 * 3600])
  })

  it('applies only events of the current pair and interval', async () => {
    const market = useMarketStore()
    await market.subscribe('BTC_USDT', '60')
    const live = { ...candleRun(1, T0)[0]!, close: 12345 }
    terminal.emit('market.candles', { pair: 'ETH_USDT', interval: '60', candles: [{ ...live, close: 1 }] })
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '5', candles: [{ ...live, close: 2 }] })
    market.flushLive()
    expect(market.candles.at(-1)!.close).not.toBe(1)
    expect(market.candles.at(-1)!.close).not.toBe(2)
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: [live] })
    market.flushLive()
    expect(market.candles.at(-1)!.close).toBe(12345)
    expect(market.candles).toHaveLength(5)

    terminal.emit('market.ticker', { pair: 'ETH_USDT', ticker: { pair: 'ETH_USDT', last: '1', buy: '1', sell: '1' } })
    market.flushLive()
    expect(market.ticker).toBeNull()
    terminal.emit('market.ticker', { pair: 'BTC_USDT', ticker: { pair: 'BTC_USDT', last: '43000', buy: '42999', sell: '43001' } })
    market.flushLive()
    expect(market.ticker?.last).toBe('43000')
    // A trade streamed after the ticker: the toolbar's last price follows it, not the older ticker.
    terminal.emit('market.trades', { pair: 'BTC_USDT', trades: [trade(3, '42950.25')] })
    market.flushLive()
    expect(market.lastPrice).toBe('42950.25')

    terminal.emit('market.status', { pair: 'ETH_USDT', interval: '60', stale: true, connection: ONLINE })
    expect(market.stale).toBe(false)
    terminal.emit('market.status', { pair: 'BTC_USDT', interval: '60', stale: true, connection: { ...ONLINE, state: 'offline' } })
    expect(market.stale).toBe(true)
    expect(market.status?.state).toBe('offline')
  })

  it('batches trades per frame, newest first, deduplicated, ignoring other pairs', async () => {
    const market = useMarketStore()
    await market.subscribe('BTC_USDT', '60')
    terminal.emit('market.trades', { pair: 'BTC_USDT', trades: [trade(4), trade(3)] })
    terminal.emit('market.trades', { pair: 'BTC_USDT', trades: [trade(5), trade(4)] })
    terminal.emit('market.trades', { pair: 'ETH_USDT', trades: [{ ...trade(99), pair: 'ETH_USDT' }] })
    // Nothing changes until the frame: 200 trades a second must not re-render 200 times.
    expect(market.trades.map((t) => t.id)).toEqual([2, 1])
    market.flushLive()
    expect(market.trades.map((t) => t.id)).toEqual([5, 4, 3, 2, 1])
  })

  it('changes the last candle and the ticker once per frame, however many ticks arrive', async () => {
    const market = useMarketStore()
    await market.subscribe('BTC_USDT', '60')
    const candleArrays = new Set([market.candles])
    const tickers = new Set([market.ticker])
    const last = market.candles.at(-1)!
    for (let i = 1; i <= 50; i++) {
      terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: [{ ...last, close: last.close + i }] })
      terminal.emit('market.ticker', { pair: 'BTC_USDT', ticker: { pair: 'BTC_USDT', last: String(43000 + i), buy: '1', sell: '2' } })
      candleArrays.add(market.candles)
      tickers.add(market.ticker)
    }
    expect(candleArrays.size).toBe(1) // nothing repainted before the frame
    expect(tickers.size).toBe(1)
    market.flushLive()
    expect(market.candles.at(-1)!.close).toBe(last.close + 50)
    expect(market.candles).toHaveLength(5)
    expect(market.ticker?.last).toBe('43050')
  })

  it('drops the previous pair on a switch, including its late answer and events', async () => {
    let releaseFirst: (value: MarketSnapshot) => void = () => undefined
    terminal.handle('market.subscribe', (input: { pair: string; interval: MarketSnapshot['interval'] }) =>
      input.pair === 'BTC_USDT' ? new Promise<MarketSnapshot>((resolve) => (releaseFirst = resolve)) : snapshot('ETH_USDT', input.interval, candleRun(2, T0)),
    )
    const market = useMarketStore()
    const first = market.subscribe('BTC_USDT', '60')
    await market.setPair('ETH_USDT')
    releaseFirst(snapshot('BTC_USDT', '60', candleRun(7, T0)))
    await first
    expect(market.pair).toBe('ETH_USDT')
    expect(market.candles).toHaveLength(2)
    terminal.emit('market.candles', { pair: 'BTC_USDT', interval: '60', candles: candleRun(1, T0 + 3600) })
    expect(market.candles).toHaveLength(2)
    // The pair is remembered for the next start.
    expect(terminal.callsOf('prefs.set')).toContainEqual({ pair: 'ETH_USDT' })
  })

  it('pages older candles through until, prepends them and stops when nothing older comes', async () => {
    const market = useMarketStore()
    await market.subscribe('BTC_USDT', '60')
    const firstTime = market.candles[0]!.time
    let page = 0
    terminal.handle('market.candles', (input: { until: number }) => {
      page++
      // The second page answers with what is already there: the server has nothing older.
      return page === 1 ? candleRun(3, input.until - (input.until % 3600)) : candleRun(2, firstTime - 2 * 3600)
    })
    expect(await market.loadOlder()).toBe(3)
    expect(terminal.callsOf('market.candles')[0]).toMatchObject({ pair: 'BTC_USDT', interval: '60', until: firstTime - 1 })
    expect(market.candles).toHaveLength(8)
    expect(market.candles[0]!.time).toBe(firstTime - 3 * 3600)
    const times = market.candles.map((c) => c.time)
    expect([...times].sort((a, b) => a - b)).toEqual(times)

    expect(await market.loadOlder()).toBe(0)
    expect(market.reachedStart).toBe(true)
    expect(await market.loadOlder()).toBe(0)
    expect(terminal.callsOf('market.candles')).toHaveLength(2)
  })

  it('older candles from a server that pages from the oldest end join the series without a hole', async () => {
    const market = useMarketStore()
    await market.subscribe('BTC_USDT', '60')
    const firstTime = market.candles[0]!.time
    // a long history (2,000 hours) before the first candle; the oldest page of whatever span is asked
    const history = candleRun(2_000, firstTime - 3600)
    terminal.handle('market.candles', (input: { since?: number; until?: number; limit?: number }) =>
      history.filter((c) => (input.since === undefined || c.time >= input.since) && (input.until === undefined || c.time <= input.until)).slice(0, input.limit ?? 500),
    )
    expect(await market.loadOlder()).toBe(500)
    const times = market.candles.map((c) => c.time)
    for (let i = 1; i < times.length; i++) expect(times[i]! - times[i - 1]!).toBe(3600)
  })

  it('a span of older candles without any (no trades) is stepped over, not taken for the start of history', async () => {
    const market = useMarketStore()
    await market.subscribe('BTC_USDT', '60')
    const firstTime = market.candles[0]!.time
    const quietSpan = 500 * 3600
    const older = candleRun(10, firstTime - quietSpan - 3600) // nothing in the 500 hours before the first candle
    terminal.handle('market.candles', (input: { since: number; until: number }) => older.filter((c) => c.time >= input.since && c.time <= input.until))
    expect(await market.loadOlder()).toBe(10)
    expect(terminal.callsOf('market.candles')).toHaveLength(2)
    expect(market.reachedStart).toBe(false)
  })

  it('switching the interval resubscribes with the same pair', async () => {
    const market = useMarketStore()
    await market.subscribe('BTC_USDT', '60')
    await market.setInterval('1D')
    expect(terminal.callsOf('market.subscribe').at(-1)).toEqual({ pair: 'BTC_USDT', interval: '1D' })
    expect(market.interval).toBe('1D')
  })
})
