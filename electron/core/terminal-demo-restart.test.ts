// The embedded demo exchange is one exchange across launches, though it listens on whatever port is
// free at each: a risk limit and the equity history kept for it on one port are read back after a
// restart on another (profiles/exchange-key.ts keys its profiles `demo`), and a real exchange's are
// still kept under its origin.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { NO_LIMITS } from '../domain/risk/risk-limits'
import { startDemoExchange, type DemoExchange } from '../demo-exchange/server'
import { createVault } from './credentials/vault'
import { exchangeKeyOf } from './profiles/exchange-key'
import { createProfileStore } from './profiles/profile-store'
import { createTerminal } from './terminal'
import { fast, memoryKeytar } from './test/terminal-harness.test-util'

describe('the embedded demo across launches', () => {
  const cleanups: Array<() => Promise<void> | void> = []
  afterEach(async () => {
    while (cleanups.length) await cleanups.pop()!()
  })

  /** One launch of the app with the embedded demo, here listening where `exchange` does. */
  async function launch(dir: string, keytar: ReturnType<typeof memoryKeytar>, exchange: DemoExchange, equityEveryMs: number | null) {
    const core = await createTerminal({
      host: 'cli',
      version: '0',
      dataDir: dir,
      vault: createVault({ keytar }),
      profiles: createProfileStore(dir),
      rates: fast,
      equityEveryMs,
      demo: { start: async () => ({ baseUrl: exchange.baseUrl, accounts: exchange.accounts }) },
    })
    cleanups.push(() => core.dispose())
    return core
  }

  it('reads back a risk limit and the equity history kept on one port after a restart on another', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'terminal-demo-restart-'))
    cleanups.push(() => rmSync(dir, { recursive: true, force: true }))
    const keytar = memoryKeytar()
    // Two launches of the same demo (same seed: the same accounts), each on a port of its own.
    const first = await startDemoExchange({ port: 0, seed: 21, live: false, historyDays: 1 })
    cleanups.push(() => first.close())
    const second = await startDemoExchange({ port: 0, seed: 21, live: false, historyDays: 1 })
    cleanups.push(() => second.close())
    expect(second.baseUrl).not.toBe(first.baseUrl)

    const before = await launch(dir, keytar, first, 150)
    const { accountId } = await before.call('session.get', undefined)
    await before.call('limits.set', { limits: { ...NO_LIMITS('USDT'), maxOrderValue: '10' } })
    await expect.poll(async () => (await before.call('equity.get', undefined)).find((s) => s.accountId === accountId)?.points.length ?? 0, { timeout: 10_000 }).toBeGreaterThan(0)
    const recorded = (await before.call('equity.get', undefined)).find((s) => s.accountId === accountId)!.points.filter((p) => !p.rebuilt)
    await before.dispose()
    expect(recorded.length).toBeGreaterThan(0)

    // The restart: the demo is on another port now, and its profile follows it there.
    const after = await launch(dir, keytar, second, null)
    const session = await after.call('session.get', undefined)
    expect(session.profile?.baseUrl).toBe(second.baseUrl)
    expect(session.accountId).toBe(accountId)
    expect(await after.call('limits.get', undefined)).toMatchObject({ exchange: 'demo', accountId, limits: { maxOrderValue: '10' }, problem: null })
    const series = (await after.call('equity.get', undefined)).find((s) => s.accountId === accountId)
    expect(series?.exchange).toBe('demo')
    expect(series?.points).toEqual(expect.arrayContaining(recorded.map((p) => expect.objectContaining({ t: p.t, value: p.value }))))
  }, 60_000)

  it('keys a real exchange by its origin, as before, and every demo profile by one fixed key', () => {
    expect(exchangeKeyOf({ baseUrl: 'https://exchange.example:8443/api/v3', isDemo: false })).toBe('https://exchange.example:8443')
    expect(exchangeKeyOf({ baseUrl: 'http://127.0.0.1:5001/api/v3' })).toBe('http://127.0.0.1:5001')
    expect(exchangeKeyOf({ baseUrl: 'http://127.0.0.1:5001/api/v3', isDemo: true })).toBe('demo')
    expect(exchangeKeyOf({ baseUrl: 'http://127.0.0.1:6002/api/v3', isDemo: true })).toBe('demo')
  })
})
