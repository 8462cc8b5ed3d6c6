// The window's first chart, asked before it knows the pair (market.start): what the feed sends while
// the answer is on its way is kept, whichever pair it is for, and once the answer names the pair the
// events of that chart are applied on top of its snapshot (none lost), the others dropped.
import { beforeEach, describe, expect, it } from 'vitest'
import { createPinia, setActivePinia } from 'pinia'
import type { MarketSession, SubscribedSnapshot } from '@domain/api/api'
import type { Candle } from '@domain/wire/wire'
import { setTerminal } from '@/api'
import { deferred } from '@/stores/test/fake-terminal.test-util'
import { useMarketStore } from './market'
import { candleRun, fakeTerminal, trade, type FakeTerminal } from '../test/market-fixtures.test-util'

const H = 3600
const NOW = 1_700_000_000 - (1_700_000_000 % H)
const A: MarketSession = { profileId: 'p1', profileGeneration: 1 }
const candles = candleRun(5, NOW)

function snap(list: Candle[], extra: Partial<SubscribedSnapshot> = {}): SubscribedSnapshot {
  return { pair: 'ETH_USDT', interval: '60', candles: list, trades: [trade(10)], ticker: null, stale: false, fetchedAt: 1, session: A, ...extra }
}

describe('market store, the first chart asked without its pair', () => {
  let terminal: FakeTerminal
  let answer: ReturnType<typeof deferred<SubscribedSnapshot | null>>
  beforeEach(() => {
    setActivePinia(createPinia())
    terminal = fakeTerminal()
    setTerminal(terminal)
    answer = deferred<SubscribedSnapshot | null>()
    terminal.handle('market.start', () => answer.promise)
  })

  it("takes the pair from the answer and applies the feed's events that came before it, on top", async () => {
    const market = useMarketStore()
    const started = market.subscribeStart()
    expect(market.pair).toBe('')
    // Newer than the snapshot, but here first (the answer and the events travel apart).
    terminal.emit('market.trades', { pair: 'ETH_USDT', trades: [trade(11)] })
    terminal.emit('market.candles', { pair: 'ETH_USDT', interval: '60', candles: [{ ...candles[4]!, close: 777 }] })
    terminal.emit('market.trades', { pair: 'BTC_USDT', trades: [trade(99)] })
    answer.resolve(snap(candles))
    expect(await started).toBe(true)
    market.flushLive()
    expect(market.pair).toBe('ETH_USDT')
    expect(market.interval).toBe('60')
    expect(market.trades.map((t) => t.id)).toEqual([11, 10])
    expect(market.candles.at(-1)?.close).toBe(777)
    expect(market.candles).toHaveLength(5)
    // Live from here on, as any subscription.
    terminal.emit('market.trades', { pair: 'ETH_USDT', trades: [trade(12)] })
    market.flushLive()
    expect(market.trades.map((t) => t.id)).toEqual([12, 11, 10])
  })

  it('nothing remembered: answers false and keeps nothing it held', async () => {
    const market = useMarketStore()
    const started = market.subscribeStart()
    terminal.emit('market.trades', { pair: 'ETH_USDT', trades: [trade(11)] })
    answer.resolve(null)
    expect(await started).toBe(false)
    market.flushLive()
    expect(market.pair).toBe('')
    expect(market.trades).toEqual([])
    expect(market.loading).toBe(false)
  })

  it('a chart chosen while the answer travels wins: the late answer is dropped', async () => {
    terminal.handle('market.subscribe', () => snap(candleRun(3, NOW), { pair: 'BTC_USDT', trades: [] }))
    const market = useMarketStore()
    const started = market.subscribeStart()
    await market.subscribe('BTC_USDT', '60')
    answer.resolve(snap(candles))
    expect(await started).toBe(false)
    expect(market.pair).toBe('BTC_USDT')
    expect(market.candles).toHaveLength(3)
    // Events are no longer kept aside: the chosen chart's apply at once.
    terminal.emit('market.trades', { pair: 'BTC_USDT', trades: [trade(5)] })
    market.flushLive()
    expect(market.trades.map((t) => t.id)).toEqual([5])
  })
})
