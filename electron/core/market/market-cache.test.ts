// The offline cache never serves a candle series with a hole as if it were whole.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MarketSnapshot } from '../../domain/api/api'
import type { Candle } from '../../domain/wire/wire'
import { candleAt, holesIn } from './test/chart-server.test-util'
import { createMarketCache } from './market-cache'

const M = 60
const T0 = 1_700_000_040 - (1_700_000_040 % M)
const BASE = 'http://127.0.0.1:9/api/v3'
const snapshot = (pair: string, candles: Candle[]): MarketSnapshot => ({ pair, interval: '1', candles, trades: [], ticker: null, stale: false, fetchedAt: 5 })
// minutes 0-9, then a hole over 10-19, then 20-29
const holed = [...Array.from({ length: 10 }, (_, i) => candleAt(T0 + i * M)), ...Array.from({ length: 10 }, (_, i) => candleAt(T0 + (20 + i) * M))]

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'market-cache-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('market cache', () => {
  it('a series saved with a hole loads as the whole part after it, marked stale', async () => {
    await createMarketCache(dir, BASE).save(snapshot('BTC_USDT', holed))
    const loaded = await createMarketCache(dir, BASE).load('BTC_USDT', '1')
    expect(loaded?.stale).toBe(true)
    expect(loaded?.candles.map((c) => c.time)).toEqual(holed.slice(10).map((c) => c.time))
  })

  it('a gap the exchange confirmed empty (no trade) is kept: the series loads whole', async () => {
    await createMarketCache(dir, BASE).save(snapshot('ETH_USDT', holed), [{ from: T0 + 10 * M, to: T0 + 19 * M }])
    const loaded = await createMarketCache(dir, BASE).load('ETH_USDT', '1')
    expect(loaded?.candles).toHaveLength(20)
    expect(holesIn(loaded!.candles, M, (t) => t >= T0 + 10 * M && t <= T0 + 19 * M)).toEqual([])
  })

  it('another exchange whose address folds to the same folder (https for http) reads nothing of it', async () => {
    const lists = { pairs: [], currencies: [{ short_name: 'BTC', sign: '₿' }] }
    await createMarketCache(dir, BASE).save(snapshot('BTC_USDT', holed.slice(0, 10)))
    await createMarketCache(dir, BASE).saveLists(lists)
    const other = createMarketCache(dir, BASE.replace('http:', 'https:'))
    expect(await other.load('BTC_USDT', '1')).toBeNull()
    expect(await other.loadLists()).toBeNull()
    expect(await createMarketCache(dir, BASE).loadLists()).toEqual(lists)
  })

  it('a save right after another is kept, and the later one wins', async () => {
    const cache = createMarketCache(dir, BASE)
    const first = cache.save(snapshot('BTC_USDT', holed.slice(0, 5)))
    const second = cache.save(snapshot('BTC_USDT', holed.slice(0, 8)))
    await Promise.all([first, second])
    expect((await cache.load('BTC_USDT', '1'))?.candles).toHaveLength(8)
  })
})
