// The terminal core against the real demo exchange over HTTP: first run, profiles, and what never
// leaves the main process. Switching, the market and orders have their own files beside this one.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { createDispatch } from '../host/dispatch'
import { createProfileStore } from './profiles/profile-store'
import { createTerminal } from './terminal'
import { createVault } from './credentials/vault'
import { REDACTED, createLogger } from './storage/logger'
import { allFiles, fast, useTerminalHarness } from './test/terminal-harness.test-util'
import { embeddedDemoExchange } from '../demo-exchange/server'

describe('terminal core against the demo exchange', () => {
  const h = useTerminalHarness()

  it('creates and activates a Demo profile on first run, its secret in the keychain only', async () => {
    const core = await h.open()
    const session = await core.call('session.get', undefined)
    expect(session.profile).toMatchObject({ name: 'Demo', isDemo: true, secretStorage: 'keychain', baseUrl: h.demo.baseUrl })
    expect(session.accounts.map((a) => a.id)).toEqual(h.demo.accounts.map((a) => a.id))
    expect(session.accountId).toBe(h.demo.accounts[0]!.id)
    expect(session.canTrade).toBe(true)
    expect(session.connection.state).toBe('online')
    expect([...h.keytar.entries.values()].join()).toContain(h.demo.accounts[0]!.apiSecret)
    // What the next start reads: the Demo is the active profile, stamped as used.
    const onDisk = JSON.parse(readFileSync(join(h.dataDir, 'profiles.json'), 'utf8')) as { activeProfileId: string; profiles: { id: string; lastUsedAt: string | null }[] }
    expect(onDisk.activeProfileId).toBe(session.profile!.id)
    expect(onDisk.profiles.find((p) => p.id === session.profile!.id)?.lastUsedAt).toEqual(expect.any(String))
  })

  it('keeps every secret out of files, logs and API answers', async () => {
    const core = await h.open()
    const dispatch = createDispatch(core)
    // Something must try to log a secret, or "none in the log" proves nothing: a broken listener whose
    // error carries keys and secrets the core holds, which the core writes to its log. The demo's
    // secrets are 64 hex digits (masked by their shape alone); the second profile's are not.
    const own = h.demo.accounts[0]!
    const typed = { apiKey: 'typed-Key-7Hq2', apiSecret: 'c2VjcmV0+not/hex=Pw9' }
    const wrong = await core.call('profiles.create', { name: 'Wrong key', baseUrl: h.demo.baseUrl, ...typed })
    const stop = core.on('session.changed', () => {
      throw new Error(`listener broke holding ${own.apiKey} ${own.apiSecret} ${typed.apiKey} ${typed.apiSecret}`)
    })
    await core.call('accounts.select', { accountId: own.id })
    stop()
    await core.call('profiles.remove', { id: wrong.id })
    const redacted = `holding ${Array(4).fill(REDACTED).join(' ')}`
    expect(h.logLines.filter((line) => line.includes('event listener failed') && line.includes(redacted))).toHaveLength(1)
    const answers: string[] = []
    for (const [method, input] of [
      ['profiles.list', undefined],
      ['session.get', undefined],
      ['app.info', undefined],
      ['account.snapshot', undefined],
    ] as const) {
      answers.push(JSON.stringify(await dispatch(method, input)))
    }
    const secrets = [...h.demo.accounts.flatMap((a) => [a.apiSecret, a.apiKey]), typed.apiKey, typed.apiSecret]
    for (const secret of secrets) {
      for (const answer of answers) expect(answer).not.toContain(secret)
      for (const line of h.logLines) expect(line).not.toContain(secret)
      for (const file of allFiles(h.dataDir)) expect(readFileSync(file, 'utf8')).not.toContain(secret)
    }
  })

  it("starts again with its demo on the same port: the Demo profile's address and its keychain entry stay as they are", async () => {
    const dir = h.freshDir()
    const first = embeddedDemoExchange()
    const core = await h.open(dir, { demo: first })
    const before = (await core.call('session.get', undefined)).profile!
    await core.dispose()
    await first.close()
    const writes: string[] = []
    const setPassword = h.keytar.setPassword
    h.keytar.setPassword = async (service, account, password) => {
      writes.push(account)
      return setPassword(service, account, password)
    }
    const second = embeddedDemoExchange()
    try {
      const again = await h.open(dir, { demo: second })
      const session = await again.call('session.get', undefined)
      expect(session.profile?.baseUrl).toBe(before.baseUrl)
      expect(session.connection.state).toBe('online')
      expect(writes.filter((account) => account === before.id)).toEqual([])
      await again.dispose()
    } finally {
      h.keytar.setPassword = setPassword
      await second.close()
    }
  })

  it('without a keychain: a clear warning, working session-only credentials, nothing secret on disk', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'terminal-nokeychain-'))
    const lines: string[] = []
    const logger = createLogger({ dir, sink: (line) => lines.push(line) })
    const t = await createTerminal({
      host: 'cli',
      version: '0',
      dataDir: dir,
      logger,
      rates: fast,
      vault: createVault({ keytar: null, registerSecret: (v) => logger.registerSecret(v) }),
      profiles: createProfileStore(dir),
      demo: { start: async () => ({ baseUrl: h.demo.baseUrl, accounts: h.demo.accounts }) },
    })
    h.track(t)
    const info = await t.call('app.info', undefined)
    expect(info.keychain.available).toBe(false)
    expect(info.keychain.reason).toMatch(/keytar|keychain/i)
    const session = await t.call('session.get', undefined)
    expect(session.keychain.available).toBe(false)
    expect(session.profile).toMatchObject({ name: 'Demo', secretStorage: 'session' })
    expect(session.connection.state).toBe('online')
    const sub = h.demo.accounts[2]!
    const added = await t.call('profiles.create', { name: 'Sub two', baseUrl: h.demo.baseUrl, apiKey: sub.apiKey, apiSecret: sub.apiSecret })
    expect(added.secretStorage).toBe('session')
    const switched = await t.call('profiles.activate', { id: added.id })
    expect(switched.canTrade).toBe(true)
    const snap = await t.call('account.snapshot', undefined)
    expect(snap.balances.length).toBeGreaterThan(0)
    await t.dispose()
    for (const account of h.demo.accounts) {
      for (const file of allFiles(dir)) expect(readFileSync(file, 'utf8')).not.toContain(account.apiSecret)
      for (const line of lines) expect(line).not.toContain(account.apiSecret)
    }
    rmSync(dir, { recursive: true, force: true })
  })
})
