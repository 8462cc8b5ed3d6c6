// The terminal's market against the real demo exchange: the subscribed feed, and the offline start.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { startDemoExchange } from '../../demo-exchange/server'
import { createProfileStore } from '../profiles/profile-store'
import { createTerminal } from '../terminal'
import { createVault } from '../credentials/vault'
import { fast, next, useTerminalHarness } from '../test/terminal-harness.test-util'

describe('terminal market', () => {
  const h = useTerminalHarness()

  it('streams the subscribed market as a first snapshot and then live trades', async () => {
    const core = await h.open()
    const snapshot = await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '1' })
    expect(snapshot.candles.length).toBe(500)
    expect(snapshot.stale).toBe(false)
    const trades = await next(core, 'market.trades')
    expect(trades.pair).toBe('BTC_USDT')
  })

  it('starts offline with the cached market marked stale, and profiles still manageable', async () => {
    // The exchange disappears: a fresh terminal on the same data directory, pointed at a dead port.
    const offline = await startDemoExchange({ port: 0, seed: 11, live: false })
    const baseUrl = offline.baseUrl
    const dir = mkdtempSync(join(tmpdir(), 'terminal-offline-'))
    const first = await createTerminal({
      host: 'cli',
      version: '0',
      dataDir: dir,
      vault: createVault({ keytar: h.keytar }),
      profiles: createProfileStore(dir),
      rates: fast,
      demo: { start: async () => ({ baseUrl, accounts: offline.accounts }) },
    })
    const live = await first.call('market.subscribe', { pair: 'ETH_USDT', interval: '5' })
    await first.call('market.unsubscribe', undefined)
    await first.dispose()
    await offline.close()

    const second = await createTerminal({
      host: 'cli',
      version: '0',
      dataDir: dir,
      vault: createVault({ keytar: h.keytar }),
      profiles: createProfileStore(dir),
      rates: fast,
      demo: { start: async () => ({ baseUrl, accounts: offline.accounts }) },
    })
    h.track(second)
    const session = await second.call('session.get', undefined)
    expect(session.connection.state).toBe('offline')
    const stale = await second.call('market.subscribe', { pair: 'ETH_USDT', interval: '5' })
    expect(stale.stale).toBe(true)
    expect(stale.candles.at(-1)).toEqual(live.candles.at(-1))
    const renamed = await second.call('profiles.update', { id: session.profile!.id, name: 'Demo (offline)' })
    expect(renamed.name).toBe('Demo (offline)')
    rmSync(dir, { recursive: true, force: true })
  }, 60_000)

  it('the embedded demo, on a new port after a restart, still starts from the market it showed last', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'terminal-demo-cache-'))
    const open = async (exchange: Awaited<ReturnType<typeof startDemoExchange>>) => {
      const core = await createTerminal({
        host: 'cli',
        version: '0',
        dataDir: dir,
        vault: createVault({ keytar: h.keytar }),
        profiles: createProfileStore(dir),
        rates: fast,
        demo: { start: async () => ({ baseUrl: exchange.baseUrl, accounts: exchange.accounts }) },
      })
      h.track(core)
      return core
    }
    const first = await startDemoExchange({ port: 0, seed: 14, live: false })
    const second = await startDemoExchange({ port: 0, seed: 14, live: false })
    try {
      expect(second.baseUrl).not.toBe(first.baseUrl)
      const before = await open(first)
      const live = await before.call('market.subscribe', { pair: 'ETH_USDT', interval: '5' })
      await expect.poll(async () => (await before.call('market.cached', { pair: 'ETH_USDT', interval: '5' })).snapshot).not.toBeNull()
      await before.dispose()

      const after = await open(second)
      const { profile } = await after.call('session.get', undefined)
      expect(profile?.baseUrl).toBe(second.baseUrl)
      const cached = await after.call('market.cached', { pair: 'ETH_USDT', interval: '5' })
      expect(cached.snapshot?.stale).toBe(true)
      expect(cached.snapshot?.candles.at(-1)).toEqual(live.candles.at(-1))
    } finally {
      await first.close()
      await second.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)

  it("serves the cached market of the active exchange at once, and never another exchange's", async () => {
    const exchange = await startDemoExchange({ port: 0, seed: 12, live: false })
    const dir = mkdtempSync(join(tmpdir(), 'terminal-cached-'))
    try {
      const core = await createTerminal({
        host: 'cli',
        version: '0',
        dataDir: dir,
        vault: createVault({ keytar: h.keytar }),
        profiles: createProfileStore(dir),
        rates: fast,
        demo: { start: async () => ({ baseUrl: exchange.baseUrl, accounts: exchange.accounts }) },
      })
      h.track(core)
      const empty = await core.call('market.cached', { pair: 'ETH_USDT', interval: '5' })
      expect(empty).toEqual({ snapshot: null, pairs: null })
      await core.call('market.pairs', undefined)
      const live = await core.call('market.subscribe', { pair: 'ETH_USDT', interval: '5' })
      await core.call('market.unsubscribe', undefined)

      // the feed writes its snapshot in the background
      await expect.poll(async () => (await core.call('market.cached', { pair: 'ETH_USDT', interval: '5' })).snapshot).not.toBeNull()
      const cached = await core.call('market.cached', { pair: 'ETH_USDT', interval: '5' })
      expect(cached.snapshot?.stale).toBe(true)
      expect(cached.snapshot?.candles.at(-1)).toEqual(live.candles.at(-1))
      expect(cached.snapshot?.trades[0]).toEqual(live.trades[0])
      expect(cached.snapshot?.session).toEqual(live.session)
      expect(cached.pairs?.map((p) => p.name)).toContain('ETH_USDT')
      // nothing cached for a pair never shown
      expect((await core.call('market.cached', { pair: 'LTC_USDT', interval: '5' })).snapshot).toBeNull()

      // Another exchange (another base URL) with the same pair names: its profile sees none of it.
      const other = await startDemoExchange({ port: 0, seed: 13, live: false })
      try {
        const master = other.accounts[0]!
        const profile = await core.call('profiles.create', { name: 'Other', baseUrl: other.baseUrl, apiKey: master.apiKey, apiSecret: master.apiSecret })
        await core.call('profiles.activate', { id: profile.id })
        expect(await core.call('market.cached', { pair: 'ETH_USDT', interval: '5' })).toEqual({ snapshot: null, pairs: null })
      } finally {
        await other.close()
      }
    } finally {
      await exchange.close()
      rmSync(dir, { recursive: true, force: true })
    }
  }, 60_000)
})
