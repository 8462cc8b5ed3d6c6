// The cached start kept ready: kept by the core after each write of the market cache, answered by the
// host only while every file it came from is as it was, and never believed when damaged, changed or
// of another shape (the host reads the files then, as before).
import { mkdtemp, readFile, rename, rm, stat, utimes, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import type { MarketSnapshot } from '../../domain/api/api'
import { BTC_USDT } from '../../domain/test/order-rules.test-util'
import { candleAt } from './test/chart-server.test-util'
import { profileCacheFiles, profileMarketCache } from './market-cache'
import { readCachedStart } from './cached-start'
import { START_FILE, readCachedStartQuickly, readStartFile } from './start-file'
import { keepStartFile } from './start-file-keeper'

const REAL = { baseUrl: 'https://exchange.example/api/v3', isDemo: false }
const T0 = 1_700_000_100 - (1_700_000_100 % 900)
const snapshot: MarketSnapshot = {
  pair: 'BTC_USDT',
  interval: '15',
  candles: Array.from({ length: 5 }, (_, i) => candleAt(T0 + i * 900)),
  trades: [],
  ticker: null,
  stale: false,
  fetchedAt: 1_700_000_000_000,
}

let dir = ''
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'start-file-'))
  const record = { id: 'real', name: 'real', ...REAL, accountId: 1, apiKeyHint: 'abcd', createdAt: '2026-01-01T00:00:00.000Z', lastUsedAt: null }
  await writeFile(join(dir, 'profiles.json'), JSON.stringify({ version: 1, profiles: [record], activeProfileId: 'real' }))
  await writePrefs({ pair: 'BTC_USDT', interval: '15', theme: 'light' })
})
afterEach(async () => {
  await rm(dir, { recursive: true, force: true })
})

const writePrefs = (prefs: Record<string, unknown>) => writeFile(join(dir, 'preferences.json'), JSON.stringify({ version: 1, prefs }))

/** The market cache as the core has it: each write tracked by the keeper. */
async function savedAndKept(saved: MarketSnapshot = snapshot) {
  const keeper = keepStartFile(dir)
  const cache = profileMarketCache(dir, REAL, undefined, (write) => keeper.track(write))
  void cache.save(saved)
  void cache.saveLists({ pairs: [BTC_USDT], currencies: [] })
  await keeper.flush(5_000)
  return { keeper, cache }
}

describe('the cached start kept ready', () => {
  it('is the answer the files give, kept once the cache’s writes are done', async () => {
    expect(await readStartFile(dir)).toBeUndefined()
    await savedAndKept()
    const kept = await readStartFile(dir)
    expect(kept?.snapshot.candles.map((c) => c.time)).toEqual(snapshot.candles.map((c) => c.time))
    expect(kept).toEqual(await readCachedStart(dir))
    expect(kept?.prefs.theme).toBe('light')
  })

  it('is not believed once a file it came from changed, appeared or went: the files are read instead', async () => {
    await savedAndKept()
    await writePrefs({ pair: 'BTC_USDT', interval: '15', theme: 'dark', extra: 'changed size' })
    expect(await readStartFile(dir)).toBeUndefined()
    const read = vi.fn(() => readCachedStart(dir))
    expect((await readCachedStartQuickly(dir, read))?.prefs.theme).toBe('dark')
    expect(read).toHaveBeenCalledOnce()

    await savedAndKept()
    expect((await readStartFile(dir))?.prefs.theme).toBe('dark')
    // a window of its own that was not there (the main chart may be in it)
    await writeFile(join(dir, 'popouts.json'), JSON.stringify({ version: 1, popouts: [] }))
    expect(await readStartFile(dir)).toBeUndefined()

    await savedAndKept()
    expect(await readStartFile(dir)).toBeDefined()
    await rm(join(dir, profileCacheFiles(REAL, 'BTC_USDT', '15')[1]!))
    expect(await readStartFile(dir)).toBeUndefined()
  })

  it('tells apart a rewrite that kept the size and the time (a new file renamed over the old, as the core writes)', async () => {
    // a whole second, as a coarse file system's clock would have it, before the keep and after the rewrite
    const path = join(dir, 'preferences.json')
    await utimes(path, 1_700_000_000, 1_700_000_000)
    await savedAndKept()
    const before = await stat(path)
    await writeFile(`${path}.new`, (await readFile(path, 'utf8')).replace('"15"', '"60"'))
    await rename(`${path}.new`, path)
    await utimes(path, 1_700_000_000, 1_700_000_000)
    const after = await stat(path)
    expect([after.size, after.mtimeMs]).toEqual([before.size, before.mtimeMs])
    expect(await readStartFile(dir)).toBeUndefined()
  })

  it('answers without reading the files while it can be believed', async () => {
    await savedAndKept()
    const read = vi.fn(() => readCachedStart(dir))
    expect((await readCachedStartQuickly(dir, read))?.profileId).toBe('real')
    expect(read).not.toHaveBeenCalled()
  })

  it('is never believed damaged or of another shape', async () => {
    await savedAndKept()
    const good = JSON.parse(await readFile(join(dir, START_FILE), 'utf8')) as Record<string, unknown>
    const bad = [
      'not json {',
      JSON.stringify({ ...good, version: 2 }),
      JSON.stringify({ ...good, stamps: {} }),
      JSON.stringify({ ...good, stamps: { 'preferences.json': ['1', 2] } }),
      JSON.stringify({ ...good, stamps: { 'preferences.json': [1, 2] } }),
      JSON.stringify({ ...good, answer: { profileId: 'real' } }),
      JSON.stringify({ ...good, answer: { ...(good.answer as object), snapshot: { pair: 'BTC_USDT', interval: '15', candles: [] } } }),
    ]
    for (const text of bad) {
      await writeFile(join(dir, START_FILE), text)
      expect(await readStartFile(dir), text.slice(0, 40)).toBeUndefined()
    }
  })

  it('keeps "nothing to paint" too: no profile active', async () => {
    await savedAndKept()
    await writeFile(join(dir, 'profiles.json'), JSON.stringify({ version: 1, profiles: [], activeProfileId: null }))
    await savedAndKept()
    expect(await readStartFile(dir)).toBeNull()
  })

  it('flush waits for the writes still going and the keep after them, and no longer than it is told', async () => {
    const keeper = keepStartFile(dir)
    let finish: () => void = () => undefined
    keeper.track(new Promise<void>((resolve) => (finish = resolve)))
    const started = Date.now()
    await keeper.flush(50)
    expect(Date.now() - started).toBeLessThan(1_000)
    expect(await readStartFile(dir)).toBeUndefined()
    const cache = profileMarketCache(dir, REAL)
    await cache.save(snapshot)
    await cache.saveLists({ pairs: [BTC_USDT], currencies: [] })
    finish()
    await keeper.flush(5_000)
    expect((await readStartFile(dir))?.profileId).toBe('real')
  })

  it('keeps only once the cache has had no write for a while (off a window’s start), or at once when flushed', async () => {
    const keeper = keepStartFile(dir, undefined, 200)
    const cache = profileMarketCache(dir, REAL, undefined, (write) => keeper.track(write))
    await cache.save(snapshot)
    await cache.saveLists({ pairs: [BTC_USDT], currencies: [] })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(await readStartFile(dir)).toBeUndefined()
    await expect.poll(() => readStartFile(dir), { timeout: 2_000 }).toBeTruthy()

    await writePrefs({ pair: 'BTC_USDT', interval: '15', theme: 'dark' })
    await cache.save(snapshot)
    await keeper.flush(5_000)
    expect((await readStartFile(dir))?.prefs.theme).toBe('dark')
  })

  it('a keep that fails is reported and leaves nothing to believe', async () => {
    // where the cache's folder should be, a file: nothing can be written under it
    await writeFile(join(dir, 'cache'), 'not a folder')
    const errors: unknown[] = []
    const keeper = keepStartFile(dir, (e) => errors.push(e))
    keeper.track(Promise.resolve())
    await keeper.flush(5_000)
    expect(errors).toHaveLength(1)
    expect(await readStartFile(dir)).toBeUndefined()
  })
})
