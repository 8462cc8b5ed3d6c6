// The cached start paints only the active profile's exchange, the remembered pair and interval, and a
// missing or damaged file paints nothing, throws nothing, and is not lost.
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import type { MarketSnapshot } from '../../domain/api/api'
import { BTC_USDT } from '../../domain/test/order-rules.test-util'
import { candleAt } from './test/chart-server.test-util'
import { profileMarketCache } from './market-cache'
import { readCachedStart } from './cached-start'

const REAL = { baseUrl: 'https://exchange.example/api/v3', isDemo: false }
const OTHER = { baseUrl: 'https://other.example/api/v3', isDemo: false }
const T0 = 1_700_000_040 - (1_700_000_040 % 900)
const candles = Array.from({ length: 5 }, (_, i) => ({ ...candleAt(T0 + i * 900), quoteVolume: 123.45, tradesCount: 7, takerBuyBaseVolume: 0.5, takerBuyQuoteVolume: 61.7 }))
const snapshot: MarketSnapshot = { pair: 'BTC_USDT', interval: '15', candles, trades: [], ticker: null, stale: false, fetchedAt: 1_700_000_000_000 }

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'cached-start-'))
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

function record(id: string, exchange: { baseUrl: string; isDemo: boolean }) {
  return { id, name: id, ...exchange, accountId: 1, apiKeyHint: 'abcd', createdAt: '2026-01-01T00:00:00.000Z', lastUsedAt: null }
}
async function writeProfiles(active: string | null, ...profiles: ReturnType<typeof record>[]): Promise<void> {
  await writeFile(join(dir, 'profiles.json'), JSON.stringify({ version: 1, profiles, activeProfileId: active }))
}
async function writePrefs(prefs: Record<string, unknown>): Promise<void> {
  await writeFile(join(dir, 'preferences.json'), JSON.stringify({ version: 1, prefs }))
}
async function cacheOf(exchange: { baseUrl: string; isDemo: boolean }, saved: MarketSnapshot = snapshot): Promise<void> {
  const cache = profileMarketCache(dir, exchange)
  await cache.save(saved)
  await cache.saveLists({ pairs: [BTC_USDT], currencies: [] })
}

describe('readCachedStart', () => {
  it('answers the active profile’s cached chart for the remembered pair and interval, stale, with its pair list and preferences', async () => {
    await writeProfiles('real', record('real', REAL))
    await writePrefs({ pair: 'BTC_USDT', interval: '15', theme: 'light' })
    await cacheOf(REAL)
    const start = await readCachedStart(dir)
    expect(start?.profileId).toBe('real')
    expect(start?.snapshot).toMatchObject({ pair: 'BTC_USDT', interval: '15', stale: true, fetchedAt: snapshot.fetchedAt })
    expect(start?.snapshot.candles.map((c) => c.time)).toEqual(candles.map((c) => c.time))
    // Only what the chart draws: the exchange's other candle fields would double what the page carries.
    expect(start?.snapshot.candles[0]).toEqual({ time: T0, open: candles[0]!.open, close: candles[0]!.close, low: candles[0]!.low, high: candles[0]!.high, volume: candles[0]!.volume })
    expect(start?.pairs.map((p) => p.name)).toEqual(['BTC_USDT'])
    expect(start?.prefs.theme).toBe('light')
  })

  it('says when the main chart is in a window of its own (popouts.json), and not when only another panel is', async () => {
    await writeProfiles('real', record('real', REAL))
    await writePrefs({ pair: 'BTC_USDT', interval: '15' })
    await cacheOf(REAL)
    expect((await readCachedStart(dir))?.chartOut).toBeUndefined()
    const popout = (panel: string, pane: number) => ({ panel, pane, pair: 'BTC_USDT', interval: '15', bounds: null })
    await writeFile(join(dir, 'popouts.json'), JSON.stringify({ version: 1, popouts: [popout('book', 0), popout('chart', 1)] }))
    expect((await readCachedStart(dir))?.chartOut).toBeUndefined()
    await writeFile(join(dir, 'popouts.json'), JSON.stringify({ version: 1, popouts: [popout('chart', 0)] }))
    expect((await readCachedStart(dir))?.chartOut).toBe(true)
    // a damaged list: the chart is drawn as usual, and the file stays for the core to report
    await writeFile(join(dir, 'popouts.json'), '{ damaged')
    expect((await readCachedStart(dir))?.chartOut).toBeUndefined()
    expect(await readFile(join(dir, 'popouts.json'), 'utf8')).toBe('{ damaged')
  })

  it('paints nothing of another exchange: the active profile’s has no cache, another one’s has', async () => {
    await writeProfiles('other', record('real', REAL), record('other', OTHER))
    await writePrefs({ pair: 'BTC_USDT', interval: '15' })
    await cacheOf(REAL)
    expect(await readCachedStart(dir)).toBeNull()
  })

  it('the embedded demo’s cache is found again though the demo listens on another port this launch', async () => {
    await cacheOf({ baseUrl: 'http://127.0.0.1:4001/api/v3', isDemo: true })
    await writeProfiles('demo', record('demo', { baseUrl: 'http://127.0.0.1:4999/api/v3', isDemo: true }))
    expect((await readCachedStart(dir))?.profileId).toBe('demo')
  })

  it('paints nothing of another interval than the remembered one', async () => {
    await writeProfiles('real', record('real', REAL))
    await writePrefs({ pair: 'BTC_USDT', interval: '60' })
    await cacheOf(REAL)
    expect(await readCachedStart(dir)).toBeNull()
  })

  it('paints nothing without an active profile, or without files at all', async () => {
    expect(await readCachedStart(dir)).toBeNull()
    await writeProfiles(null, record('real', REAL))
    await cacheOf(REAL)
    expect(await readCachedStart(dir)).toBeNull()
  })

  it('a damaged cache file paints nothing and is kept aside, not lost', async () => {
    await writeProfiles('real', record('real', REAL))
    await writePrefs({ pair: 'BTC_USDT', interval: '15' })
    await cacheOf(REAL)
    const folder = join(dir, 'cache', (await readdir(join(dir, 'cache')))[0]!)
    await writeFile(join(folder, 'BTC_USDT-15.json'), '{"version":1,"candles":[{"time":"no')
    expect(await readCachedStart(dir)).toBeNull()
    const kept = (await readdir(folder)).filter((name) => name.startsWith('BTC_USDT-15.json.corrupt-'))
    expect(kept).toHaveLength(1)
    expect(await readFile(join(folder, kept[0]!), 'utf8')).toContain('"time":"no')
  })

  it('damaged preferences or profiles paint nothing and stay where they are, for the core to report', async () => {
    await cacheOf(REAL)
    await writeFile(join(dir, 'profiles.json'), '{ not json')
    await writePrefs({ pair: 'BTC_USDT', interval: '15' })
    expect(await readCachedStart(dir)).toBeNull()
    expect(await readFile(join(dir, 'profiles.json'), 'utf8')).toBe('{ not json')
    await writeProfiles('real', record('real', REAL))
    await writeFile(join(dir, 'preferences.json'), '[1,2')
    // Unreadable preferences are the defaults (BTC_USDT, 15), as the core reads them: the chart it will open.
    expect((await readCachedStart(dir))?.snapshot.pair).toBe('BTC_USDT')
    expect(await readFile(join(dir, 'preferences.json'), 'utf8')).toBe('[1,2')
  })
})
