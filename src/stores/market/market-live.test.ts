// The market store's live feed on its own (marketLiveFeed): what a frame applies and what it leaves
// alone, a reset held for the snapshot, the session check before the subscribe answer, and listening
// once. (Through the market store: market.test.ts, market-session.test.ts.)
import { afterEach, describe, expect, it } from 'vitest'
import { ref, shallowRef } from 'vue'
import type { ConnectionStatus, MarketSession } from '@domain/api/api'
import type { Candle, CandleInterval, Ticker, Trade } from '@domain/wire/wire'
import { setTerminal } from '@/api'
import { candleRun, fakeTerminal, trade, type FakeTerminal } from '../test/market-fixtures.test-util'
import { marketLiveFeed } from './market-live'

const T0 = 1_700_000_000 - (1_700_000_000 % 3600)
const OWN: MarketSession = { profileId: 'p1', profileGeneration: 4 }
const tickerOf = (last: string): Ticker => ({ pair: 'BTC_USDT', last, buy: last, sell: last })

let terminal: FakeTerminal
let feed: ReturnType<typeof marketLiveFeed> | null = null
afterEach(() => feed?.dispose())

/** A feed subscribed to BTC_USDT 1 h, showing five candles, two trades and a ticker. */
function setup(options: { session?: MarketSession | null; askedAt?: number } = {}) {
  terminal = fakeTerminal()
  setTerminal(terminal)
  const shown = {
    candles: shallowRef<Candle[]>(candleRun(5, T0)),
    trades: shallowRef<Trade[]>([trade(2), trade(1)]),
    ticker: shallowRef<Ticker | null>(tickerOf('43000')),
    stale: ref(false),
    status: shallowRef<ConnectionStatus | null>(null),
    reachedStart: ref(true),
  }
  const holding = ref(false)
  const current = {
    pair: ref('BTC_USDT'),
    interval: ref<CandleInterval>('60'),
    feedSession: shallowRef<MarketSession | null>(options.session === undefined ? OWN : options.session),
    askedAt: () => options.askedAt ?? OWN.profileGeneration,
    holding: () => holding.value,
  }
  feed = marketLiveFeed(shown, current)
  feed.listen()
  return { shown, feed, holding, current }
}

describe('a frame', () => {
  it('without news changes nothing on screen: the same lists, the ticker kept', () => {
    const { shown, feed } = setup()
    const before = { candles: shown.candles.value, trades: shown.trades.value }
    feed.flush()
    expect(shown.candles.value).toBe(before.candles)
    expect(shown.trades.value).toBe(before.trades)
    expect(shown.ticker.value).toEqual(tickerOf('43000'))
    expect(shown.reachedStart.value).toBe(true)
  })

  it("with a trade only: the trade is added; the candles, the ticker and the history's start are left alone", () => {
    const { shown, feed } = setup()
    const candles = shown.candles.value
    terminal.emit('market.trades', { session: OWN, pair: 'BTC_USDT', trades: [trade(3)] })
    feed.flush()
    expect(shown.trades.value.map((t) => t.id)).toEqual([3, 2, 1])
    expect(shown.candles.value).toBe(candles)
    expect(shown.ticker.value).toEqual(tickerOf('43000'))
    expect(shown.reachedStart.value).toBe(true)
  })

  it('with a candle: merged into the series, which keeps its start', () => {
    const { shown, feed } = setup()
    terminal.emit('market.candles', { session: OWN, pair: 'BTC_USDT', interval: '60', candles: candleRun(1, T0 + 3600) })
    feed.flush()
    expect(shown.candles.value.map((c) => c.time)).toEqual([...candleRun(5, T0), ...candleRun(1, T0 + 3600)].map((c) => c.time))
    expect(shown.reachedStart.value).toBe(true)
  })
})

describe('a reset', () => {
  it('starts the series over at once, and the older history is to be loaded again', () => {
    const { shown } = setup()
    terminal.emit('market.candles', { session: OWN, pair: 'BTC_USDT', interval: '60', candles: candleRun(2, T0 + 7200), reset: true })
    expect(shown.candles.value.map((c) => c.time)).toEqual([T0 + 3600, T0 + 7200])
    expect(shown.reachedStart.value).toBe(false)
  })
})

describe('a reset while the snapshot is awaited', () => {
  it('starts the series over once it is shown, once: the candle after it is merged', () => {
    const { shown, feed, holding } = setup()
    holding.value = true
    terminal.emit('market.candles', { session: OWN, pair: 'BTC_USDT', interval: '60', candles: candleRun(2, T0 + 7200), reset: true })
    feed.flush()
    expect(shown.candles.value).toHaveLength(5) // held
    holding.value = false
    feed.flush()
    expect(shown.candles.value.map((c) => c.time)).toEqual([T0 + 3600, T0 + 7200])
    expect(shown.reachedStart.value).toBe(false)
    shown.reachedStart.value = true // the older history loaded meanwhile
    terminal.emit('market.candles', { session: OWN, pair: 'BTC_USDT', interval: '60', candles: candleRun(1, T0 + 10_800) })
    feed.flush()
    expect(shown.candles.value.map((c) => c.time)).toEqual([T0 + 3600, T0 + 7200, T0 + 10_800])
    expect(shown.reachedStart.value).toBe(true)
  })
})

describe('before the subscribe answer', () => {
  it('takes events of the generation it asked in, and drops older ones', () => {
    const { shown, feed } = setup({ session: null, askedAt: 4 })
    terminal.emit('market.trades', { session: { profileId: 'p1', profileGeneration: 3 }, pair: 'BTC_USDT', trades: [trade(3)] })
    terminal.emit('market.trades', { session: { profileId: 'p1', profileGeneration: 4 }, pair: 'BTC_USDT', trades: [trade(4)] })
    feed.flush()
    expect(shown.trades.value.map((t) => t.id)).toEqual([4, 2, 1])
  })
})

describe('what is pending', () => {
  it('is dropped when the subscription ends', () => {
    const { shown, feed } = setup()
    terminal.emit('market.trades', { session: OWN, pair: 'BTC_USDT', trades: [trade(3)] })
    terminal.emit('market.ticker', { session: OWN, pair: 'BTC_USDT', ticker: tickerOf('43100') })
    feed.dropPending()
    feed.flush()
    expect(shown.trades.value.map((t) => t.id)).toEqual([2, 1])
    expect(shown.ticker.value).toEqual(tickerOf('43000'))
  })
})

describe('listening', () => {
  it('once, however often it is asked to; nothing after dispose', () => {
    const { shown, feed } = setup()
    feed.listen()
    expect(terminal.listenerCount('market.trades')).toBe(1)
    feed.dispose()
    expect(terminal.listenerCount('market.trades')).toBe(0)
    terminal.emit('market.trades', { session: OWN, pair: 'BTC_USDT', trades: [trade(3)] })
    feed.flush()
    expect(shown.trades.value.map((t) => t.id)).toEqual([2, 1])
  })
})
