// A stored key goes only where it was entered for: the core refuses a base-URL change to another
// origin without a new key, and refuses to sign for a profile whose URL no longer matches its key.
// Against the real demo exchange, with a recording server on 127.0.0.1 standing in for a hostile host.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import type { TerminalCore } from '../../domain/api/api'
import { startDemoExchange, type DemoExchange } from '../../demo-exchange/server'
import { createProfileStore, type ProfileStore } from '../profiles/profile-store'
import { createTerminal } from '../terminal'
import { KEYCHAIN_SERVICE, createVault, type KeytarLike } from './vault'

function memoryKeytar(): KeytarLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getPassword: async (s, a) => entries.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void entries.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => entries.delete(`${s}/${a}`),
    findCredentials: async (s) => [...entries].filter(([k]) => k.startsWith(`${s}/`)).map(([k, password]) => ({ account: k.slice(s.length + 1), password })),
  }
}

let demo: DemoExchange
let recorder: Server
let recorded: string[] = []
let recorderUrl: string
const cleanups: Array<() => Promise<void> | void> = []

beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 5, live: false, historyDays: 1 })
  recorder = createServer((req, res) => {
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      recorded.push(`${req.method} ${req.url} ${JSON.stringify(req.headers)} ${body}`)
      res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":401,"message":"no"}')
    })
  })
  await new Promise<void>((resolve) => recorder.listen(0, '127.0.0.1', resolve))
  recorderUrl = `http://127.0.0.1:${(recorder.address() as AddressInfo).port}/api/v3`
})
afterAll(async () => {
  await demo.close()
  await new Promise((resolve) => recorder.close(resolve))
})
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c() // last opened, first closed
  recorded = []
})

async function open(reuse?: {
  dir: string
  keytar: ReturnType<typeof memoryKeytar>
  exchange?: DemoExchange
}): Promise<{ core: TerminalCore; store: ProfileStore; keytar: ReturnType<typeof memoryKeytar>; id: string; dir: string }> {
  const dir = reuse?.dir ?? mkdtempSync(join(tmpdir(), 'binding-'))
  const keytar = reuse?.keytar ?? memoryKeytar()
  const store = createProfileStore(dir)
  const exchange = reuse?.exchange ?? demo
  const core = await createTerminal({
    host: 'cli',
    version: '0.0.0-test',
    dataDir: dir,
    vault: createVault({ keytar }),
    profiles: store,
    demo: { start: async () => ({ baseUrl: exchange.baseUrl, accounts: exchange.accounts }) },
    rates: { tradesMs: 5_000, candlesMs: 5_000, tickerMs: 5_000, accountMs: 5_000 },
  })
  cleanups.push(async () => {
    await core.dispose()
    if (!reuse) rmSync(dir, { recursive: true, force: true })
  })
  const id = (await core.call('profiles.list', undefined))[0]!.id
  return { core, store, keytar, id, dir }
}

const secretOf = () => demo.accounts[0]!.apiSecret
const errorOf = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (e: unknown) => e as { kind: string; code: string; field?: string; message: string },
  )

describe('credentials bound to their origin', () => {
  it('refuses a base-URL-only change to another origin, on the baseUrl field, and never sends the secret there', async () => {
    const { core, id } = await open()
    const error = await errorOf(core.call('profiles.update', { id, baseUrl: recorderUrl }))
    expect(error).toMatchObject({ kind: 'validation', code: 'ORIGIN_CHANGED_NEEDS_KEY', field: 'baseUrl' })
    expect((await core.call('profiles.list', undefined))[0]!.baseUrl).toBe(demo.baseUrl)
    await core.call('profiles.activate', { id })
    expect(recorded).toEqual([])
  })

  it('allows a path change on the same origin without the key again', async () => {
    const { core, id } = await open()
    const view = await core.call('profiles.update', { id, baseUrl: `${demo.baseUrl}/` })
    expect(view.baseUrl).toBe(demo.baseUrl)
  })

  it('moves the key to a new origin only when the key and secret come with the change', async () => {
    const { core, id, keytar } = await open()
    await core.call('profiles.update', { id, baseUrl: recorderUrl, apiKey: 'other-key-12345678', apiSecret: 'other-secret-12345678' })
    const entry = JSON.parse(keytar.entries.get(`${KEYCHAIN_SERVICE}/${id}`)!) as { origin: string; apiSecret: string }
    expect(entry).toMatchObject({ origin: new URL(recorderUrl).origin, apiSecret: 'other-secret-12345678' })
    await core.call('profiles.activate', { id })
    expect(recorded.join('\n')).not.toContain(secretOf())
  })

  it('refuses to sign for a profile whose URL was changed behind the vault (an edited profiles file)', async () => {
    const { core, store, id } = await open()
    await store.update(id, { baseUrl: recorderUrl, isDemo: false })
    const state = await core.call('profiles.activate', { id })
    expect(state.connection.state).toBe('offline')
    expect(state.connection.message).toContain('was stored for')
    expect(recorded.join('\n')).not.toContain(secretOf())
    expect(recorded.some((line) => line.startsWith('POST /api/v3/auth'))).toBe(false)
    expect(await errorOf(core.call('profiles.test', { id }))).toMatchObject({ kind: 'auth', code: 'CREDENTIALS_BOUND_ELSEWHERE', field: 'baseUrl' })
    expect(recorded.join('\n')).not.toContain(secretOf())
  })

  it('binds an entry stored before origins were kept to the URL it was used with', async () => {
    const { core, id, keytar } = await open()
    const key = `${KEYCHAIN_SERVICE}/${id}`
    const legacy = JSON.parse(keytar.entries.get(key)!) as Record<string, string>
    delete legacy.origin
    keytar.entries.set(key, JSON.stringify(legacy))
    expect((await core.call('profiles.test', { id })).ok).toBe(true)
    expect(JSON.parse(keytar.entries.get(key)!)).toMatchObject({ origin: new URL(demo.baseUrl).origin })
  })

  it('follows the embedded demo to its new port at the next launch (the core moves it, not the renderer)', async () => {
    const first = await open()
    await first.core.dispose()
    // The next launch: the same demo accounts (same seed), another port.
    const again = await startDemoExchange({ port: 0, seed: 5, live: false, historyDays: 1 })
    cleanups.push(() => again.close())
    const second = await open({ dir: first.dir, keytar: first.keytar, exchange: again })
    const state = await second.core.call('session.get', undefined)
    expect(state.profile?.baseUrl).toBe(again.baseUrl)
    expect(state.connection.state).toBe('online')
    const entry = JSON.parse(first.keytar.entries.get(`${KEYCHAIN_SERVICE}/${first.id}`)!) as { origin: string }
    expect(entry.origin).toBe(new URL(again.baseUrl).origin)
  })
})
