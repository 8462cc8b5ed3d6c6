// The terminal core against the real demo exchange over HTTP: first run, market feed, orders,
// switching between profiles and accounts, and what never leaves the main process.
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { EventName, EventPayloads, TerminalCore } from '../domain/api'
import { startDemoExchange, type DemoExchange } from '../demo-exchange/server'
import { createDispatch } from './dispatch'
import { createProfileStore } from './profile-store'
import { createTerminal } from './terminal'
import { createVault, type KeytarLike } from './vault'
import { createLogger } from './logger'

function memoryKeytar(): KeytarLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getPassword: async (s, a) => entries.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void entries.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => entries.delete(`${s}/${a}`),
    findCredentials: async (s) =>
      [...entries].filter(([k]) => k.startsWith(`${s}/`)).map(([k, password]) => ({ account: k.slice(s.length + 1), password })),
  }
}

function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? allFiles(path) : [path]
  })
}

const fast = { tradesMs: 100, candlesMs: 150, tickerMs: 200, accountMs: 150 }

describe('terminal core against the demo exchange', () => {
  let demo: DemoExchange
  let dataDir: string
  let core: TerminalCore
  let keytar: ReturnType<typeof memoryKeytar>
  let logLines: string[]
  const closers: Array<() => Promise<void>> = []

  beforeAll(async () => {
    demo = await startDemoExchange({ port: 0, seed: 11 })
  })
  afterAll(async () => {
    await demo.close()
  })

  async function open(dir: string): Promise<TerminalCore> {
    logLines = []
    const logger = createLogger({ dir, sink: (line) => logLines.push(line) })
    const vault = createVault({ keytar, registerSecret: (v) => logger.registerSecret(v) })
    const t = await createTerminal({
      host: 'cli',
      version: '0.0.0-test',
      dataDir: dir,
      vault,
      profiles: createProfileStore(dir),
      logger,
      demo: { start: async () => ({ baseUrl: demo.baseUrl, accounts: demo.accounts }) },
      rates: fast,
    })
    closers.push(() => t.dispose())
    return t
  }

  function next<E extends EventName>(t: TerminalCore, event: E, where: (p: EventPayloads[E]) => boolean = () => true): Promise<EventPayloads[E]> {
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no ${event} event within 5 s`)), 5_000)
      const dispose = t.on(event, (payload) => {
        if (!where(payload)) return
        clearTimeout(timer)
        dispose()
        resolve(payload)
      })
    })
  }

  beforeAll(() => {
    keytar = memoryKeytar()
    dataDir = mkdtempSync(join(tmpdir(), 'terminal-core-'))
  })
  afterEach(async () => {
    while (closers.length) await closers.pop()!()
  })
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

  it('creates and activates a Demo profile on first run, its secret in the keychain only', async () => {
    core = await open(dataDir)
    const session = await core.call('session.get', undefined)
    expect(session.profile).toMatchObject({ name: 'Demo', isDemo: true, secretStorage: 'keychain', baseUrl: demo.baseUrl })
    expect(session.accounts.map((a) => a.id)).toEqual(demo.accounts.map((a) => a.id))
    expect(session.accountId).toBe(demo.accounts[0]!.id)
    expect(session.canTrade).toBe(true)
    expect(session.connection.state).toBe('online')
    expect([...keytar.entries.values()].join()).toContain(demo.accounts[0]!.apiSecret)
  })

  it('streams the subscribed market and places an order that shows in the account feed', async () => {
    core = await open(dataDir)
    const snapshot = await core.call('market.subscribe', { pair: 'BTC_USDT', interval: '1' })
    expect(snapshot.candles.length).toBe(500)
    expect(snapshot.stale).toBe(false)
    const trades = await next(core, 'market.trades')
    expect(trades.pair).toBe('BTC_USDT')

    const pairs = await core.call('market.pairs', undefined)
    const btc = pairs.find((p) => p.name === 'BTC_USDT')!
    const result = await core.call('orders.place', {
      pair: 'BTC_USDT',
      order_type: 'LIMIT',
      order_side: 'BUY',
      wallet_type: 'SPOT',
      base_amount: btc.minimum_order_size,
      limit_price: '1000',
    })
    expect(result.outcome).toBe('placed')
    const id = result.outcome === 'placed' ? result.orderIds[0] : -1
    const account = await next(core, 'account.changed', (s) => (s.orders ?? []).some((o) => o.id === id))
    expect(account.orders!.find((o) => o.id === id)).toMatchObject({ status: 'OPEN', pair: 'BTC_USDT' })
    const cancel = await core.call('orders.cancel', { order_ids: [id!] })
    expect(cancel).toEqual({ kind: 'by-ids', results: { [String(id)]: 'CANCELLED' } })
  })

  it('refuses an invalid order before sending it', async () => {
    core = await open(dataDir)
    const before = demo.stats().ordersPlaced
    const dispatch = createDispatch(core)
    const answer = await dispatch('orders.place', { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'BUY', wallet_type: 'SPOT' })
    expect(answer).toMatchObject({ ok: false, error: { kind: 'validation' } })
    expect(JSON.stringify(answer)).toContain('quote_amount')
    expect(demo.stats().ordersPlaced).toBe(before)
  })

  it('switches between profiles and accounts without mixing their data, and without growing', async () => {
    core = await open(dataDir)
    const sub = demo.accounts[1]!
    const subProfile = await core.call('profiles.create', { name: 'Sub one', baseUrl: demo.baseUrl, apiKey: sub.apiKey, apiSecret: sub.apiSecret })
    expect(subProfile).toMatchObject({ accountId: sub.id, apiKeyHint: sub.apiKey.slice(-4), isDemo: true })
    expect(JSON.stringify(subProfile)).not.toContain(sub.apiSecret)

    let session = await core.call('session.get', undefined)
    const master = session.profile!
    const tree = session.accounts
    expect(tree.find((a) => a.id === sub.id)?.profileId).toBe(subProfile.id)
    expect(tree.find((a) => a.id === demo.accounts[2]!.id)?.viewOnlyReason).toMatch(/view-only/)

    // Every account.changed seen must belong to the account selected at that generation.
    const selectedAt = new Map<number, number | null>()
    const mixed: string[] = []
    const dispose = core.on('account.changed', (s) => {
      if (!selectedAt.has(s.generation)) return
      const want = selectedAt.get(s.generation)
      for (const b of s.balances) if (b.account_id !== want) mixed.push(`gen ${s.generation}: balance of ${b.account_id} shown for ${want}`)
      for (const f of s.feeRules) if (f.account_id !== want) mixed.push(`gen ${s.generation}: fee rule of ${f.account_id} shown for ${want}`)
    })

    const heap: number[] = []
    for (let i = 0; i < 200; i++) {
      session = i % 2 === 0 ? await core.call('accounts.select', { accountId: sub.id }) : await core.call('profiles.activate', { id: master.id })
      selectedAt.set(session.generation, session.accountId)
      if (i % 2 === 0) expect(session.profile?.id).toBe(subProfile.id)
      const snap = await core.call('account.snapshot', undefined)
      for (const b of snap.balances) expect(b.account_id).toBe(session.accountId)
      for (const f of snap.feeRules) expect(f.account_id).toBe(session.accountId)
      if (i === 20 || i === 199) {
        global.gc?.()
        heap.push(process.memoryUsage().heapUsed)
      }
    }
    dispose()
    expect(mixed).toEqual([])
    expect(global.gc, "run with --expose-gc (vitest.config.mts)").toBeTypeOf("function")
    expect(heap[1]! - heap[0]!).toBeLessThan(8 * 1024 * 1024)
  }, 60_000)

  it('keeps every secret out of files, logs and API answers', async () => {
    core = await open(dataDir)
    const dispatch = createDispatch(core)
    const answers: string[] = []
    for (const [method, input] of [
      ['profiles.list', undefined],
      ['session.get', undefined],
      ['app.info', undefined],
      ['account.snapshot', undefined],
    ] as const) {
      answers.push(JSON.stringify(await dispatch(method, input)))
    }
    const secrets = demo.accounts.map((a) => a.apiSecret)
    for (const secret of secrets) {
      for (const answer of answers) expect(answer).not.toContain(secret)
      for (const line of logLines) expect(line).not.toContain(secret)
      for (const file of allFiles(dataDir)) expect(readFileSync(file, 'utf8')).not.toContain(secret)
    }
  })

  it('without a keychain: a clear warning, working session-only credentials, nothing secret on disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'terminal-nokeychain-'))
    const lines: string[] = []
    const logger = createLogger({ dir, sink: (line) => lines.push(line) })
    const t = await createTerminal({
      host: 'cli', version: '0', dataDir: dir, logger, rates: fast,
      vault: createVault({ keytar: null, registerSecret: (v) => logger.registerSecret(v) }),
      profiles: createProfileStore(dir),
      demo: { start: async () => ({ baseUrl: demo.baseUrl, accounts: demo.accounts }) },
    })
    closers.push(() => t.dispose())
    const info = await t.call('app.info', undefined)
    expect(info.keychain.available).toBe(false)
    expect(info.keychain.reason).toMatch(/keytar|keychain/i)
    const session = await t.call('session.get', undefined)
    expect(session.keychain.available).toBe(false)
    expect(session.profile).toMatchObject({ name: 'Demo', secretStorage: 'session' })
    expect(session.connection.state).toBe('online')
    const sub = demo.accounts[2]!
    const added = await t.call('profiles.create', { name: 'Sub two', baseUrl: demo.baseUrl, apiKey: sub.apiKey, apiSecret: sub.apiSecret })
    expect(added.secretStorage).toBe('session')
    const switched = await t.call('profiles.activate', { id: added.id })
    expect(switched.canTrade).toBe(true)
    const snap = await t.call('account.snapshot', undefined)
    expect(snap.balances.length).toBeGreaterThan(0)
    await t.dispose()
    for (const account of demo.accounts) {
      for (const file of allFiles(dir)) expect(readFileSync(file, 'utf8')).not.toContain(account.apiSecret)
      for (const line of lines) expect(line).not.toContain(account.apiSecret)
    }
    rmSync(dir, { recursive: true, force: true })
  })

  it('starts offline with the cached market marked stale, and profiles still manageable', async () => {
    // The exchange disappears: a fresh terminal on the same data directory, pointed at a dead port.
    const offline = await startDemoExchange({ port: 0, seed: 11, live: false })
    const baseUrl = offline.baseUrl
    const dir = mkdtempSync(join(tmpdir(), 'terminal-offline-'))
    const first = await createTerminal({
      host: 'cli', version: '0', dataDir: dir, vault: createVault({ keytar }), profiles: createProfileStore(dir), rates: fast,
      demo: { start: async () => ({ baseUrl, accounts: offline.accounts }) },
    })
    const live = await first.call('market.subscribe', { pair: 'ETH_USDT', interval: '5' })
    await first.call('market.unsubscribe', undefined)
    await first.dispose()
    await offline.close()

    const second = await createTerminal({
      host: 'cli', version: '0', dataDir: dir, vault: createVault({ keytar }), profiles: createProfileStore(dir), rates: fast,
      demo: { start: async () => ({ baseUrl, accounts: offline.accounts }) },
    })
    closers.push(() => second.dispose())
    const session = await second.call('session.get', undefined)
    expect(session.connection.state).toBe('offline')
    const stale = await second.call('market.subscribe', { pair: 'ETH_USDT', interval: '5' })
    expect(stale.stale).toBe(true)
    expect(stale.candles.at(-1)).toEqual(live.candles.at(-1))
    const renamed = await second.call('profiles.update', { id: session.profile!.id, name: 'Demo (offline)' })
    expect(renamed.name).toBe('Demo (offline)')
    rmSync(dir, { recursive: true, force: true })
  }, 60_000)
})
