// `profiles list | test | remove` and `profiles --help`: what another process reads back (never a
// secret), the connection test with the stored key, removal of the keychain entry with the metadata
// (and neither without a keychain), and usage errors.
import { describe, expect, it } from 'vitest'
import { createProfileStore } from '../core/profiles/profile-store'
import { KEYCHAIN_SERVICE, createVault } from '../core/credentials/vault'
import { createProfileDeps } from './profiles'
import { EXIT } from './run'
import { demo, envOf, master, setup, sub, useProfilesCli } from './test/profiles-cli.test-util'

useProfilesCli()

describe('profiles list, test, remove', () => {
  it('list shows what the app shows, and never a secret', async () => {
    const t = await setup()
    await t.run(['profiles', 'add', '--name', 'A', '--base-url', demo.baseUrl], { env: { TERMINAL_DATA_DIR: t.dataDir, ...envOf(master()) } })
    await t.run(['profiles', 'add', '--name', 'B', '--base-url', demo.baseUrl], { env: { TERMINAL_DATA_DIR: t.dataDir, ...envOf(sub()) } })
    // A second process: a fresh store and vault over the same directory and keychain.
    const fresh = createProfileDeps({ env: { TERMINAL_DATA_DIR: t.dataDir }, vault: createVault({ keytar: t.keytar }) })
    const listed = await t.run(['profiles', 'list'], fresh)
    expect(listed.code).toBe(EXIT.ok)
    const profiles = listed.json as Array<Record<string, unknown>>
    expect(profiles.map((p) => [p.name, p.accountId, p.secretStorage])).toEqual([
      ['A', master().id, 'keychain'],
      ['B', sub().id, 'keychain'],
    ])
    expect(Object.keys(profiles[0]!).sort()).toEqual(['accountId', 'apiKeyHint', 'baseUrl', 'createdAt', 'feedUrl', 'id', 'isDemo', 'lastUsedAt', 'name', 'secretStorage'])
    for (const account of [master(), sub()]) {
      expect(listed.stdout).not.toContain(account.apiSecret)
      expect(listed.stdout).not.toContain(account.apiKey)
    }
    expect((await t.run(['profiles'], fresh)).json).toEqual(profiles) // list is the default
  })

  it('test runs the connection test with the stored key; a missing profile exits 1', async () => {
    const t = await setup()
    const added = await t.run(['profiles', 'add', '--name', 'Main', '--base-url', demo.baseUrl], { env: { TERMINAL_DATA_DIR: t.dataDir, ...envOf(master()) } })
    const tested = await t.run(['profiles', 'test', '--name', 'main'], { env: {} })
    expect(tested.code).toBe(EXIT.ok)
    expect(tested.json).toMatchObject({ ok: true, accounts: expect.arrayContaining([expect.objectContaining({ id: master().id }), expect.objectContaining({ id: sub().id })]) })
    expect(typeof (tested.json as { serverTimeSkewMs: unknown }).serverTimeSkewMs).toBe('number')
    expect((await t.run(['profiles', 'test', '--id', (added.json as { id: string }).id])).code).toBe(EXIT.ok)

    const unknown = await t.run(['profiles', 'test', '--name', 'Nope'])
    expect(unknown.code).toBe(EXIT.usage)
    expect(unknown.error).toMatchObject({ kind: 'not-found', code: 'PROFILE_NOT_FOUND' })
    expect(String(unknown.error.message)).toContain('Main')
    expect((await t.run(['profiles', 'test'])).code).toBe(EXIT.usage)
  })

  it('test with a key the exchange no longer accepts exits 6', async () => {
    const t = await setup()
    const store = createProfileStore(t.dataDir)
    await store.load()
    const record = await store.create({ name: 'Revoked', baseUrl: demo.baseUrl, accountId: null, apiKeyHint: 'zzzz', isDemo: false })
    await t.vault.write(record.id, { apiKey: 'revoked-key-000000', apiSecret: 'revoked-secret-000000' })
    const result = await t.run(['profiles', 'test', '--name', 'Revoked'])
    expect(result.code).toBe(EXIT.auth)
    expect(result.stderr).not.toContain('revoked-secret-000000')
  })

  it('test on a demo profile whose embedded exchange is not running says so', async () => {
    const t = await setup()
    const store = createProfileStore(t.dataDir)
    await store.load()
    const record = await store.create({ name: 'Demo', baseUrl: 'http://127.0.0.1:1/api/v3', accountId: master().id, apiKeyHint: master().apiKey.slice(-4), isDemo: true })
    await t.vault.write(record.id, { apiKey: master().apiKey, apiSecret: master().apiSecret })
    const result = await t.run(['profiles', 'test', '--name', 'Demo', '--timeout-ms', '2000'])
    expect(result.code).toBe(EXIT.failed)
    expect(result.error).toMatchObject({ kind: 'network', code: 'DEMO_NOT_RUNNING' })
    expect(String(result.error.message)).toContain('demo profile')
    expect(String(result.error.message)).toContain('Start the app')
  })

  it('remove deletes the keychain entry and the metadata; an unknown profile exits 1', async () => {
    const t = await setup()
    const env = { TERMINAL_DATA_DIR: t.dataDir, ...envOf(master()) }
    const a = (await t.run(['profiles', 'add', '--name', 'A', '--base-url', demo.baseUrl], { env })).json as { id: string }
    const b = (await t.run(['profiles', 'add', '--name', 'B', '--base-url', demo.baseUrl], { env })).json as { id: string }
    expect(t.keytar.entries.size).toBe(2)

    const byName = await t.run(['profiles', 'remove', '--name', 'a'])
    expect(byName.code).toBe(EXIT.ok)
    expect(byName.json).toEqual({ removed: true, id: a.id, name: 'A' })
    expect(t.keytar.entries.has(`${KEYCHAIN_SERVICE}/${a.id}`)).toBe(false)
    expect((await t.stored()).map((p) => p.name)).toEqual(['B'])

    expect((await t.run(['profiles', 'remove', '--id', b.id])).code).toBe(EXIT.ok)
    expect(t.keytar.entries.size).toBe(0)
    expect(await t.stored()).toEqual([])

    const unknown = await t.run(['profiles', 'remove', '--name', 'A'])
    expect(unknown.code).toBe(EXIT.usage)
    expect(unknown.error).toMatchObject({ kind: 'not-found' })
    expect(String(unknown.error.message)).toContain('no profile named "A"')
    expect((await t.run(['profiles', 'remove', '--name', 'A', '--id', 'x'])).code).toBe(EXIT.usage)
  })

  it('remove without a keychain keeps the profile, so no secret is orphaned', async () => {
    const t = await setup()
    const added = await t.run(['profiles', 'add', '--name', 'A', '--base-url', demo.baseUrl], { env: { TERMINAL_DATA_DIR: t.dataDir, ...envOf(master()) } })
    expect(added.code).toBe(EXIT.ok)
    const noKeychain = createProfileDeps({ env: { TERMINAL_DATA_DIR: t.dataDir }, vault: createVault({ keytar: null }) })
    const result = await t.run(['profiles', 'remove', '--name', 'A'], noKeychain)
    expect(result.code).toBe(EXIT.auth)
    expect(result.error).toMatchObject({ kind: 'keychain' })
    expect(await t.stored()).toHaveLength(1)
    expect(t.keytar.entries.size).toBe(1)
  })

  it('--help describes the profiles verbs; unknown subcommands and flags are usage errors', async () => {
    const t = await setup()
    const help = await t.run(['profiles', '--help'])
    expect(help.code).toBe(EXIT.ok)
    for (const text of ['profiles add', 'profiles remove', 'profiles test', '--offline', 'standard input', 'TERMINAL_DATA_DIR']) expect(help.stdout).toContain(text)
    expect((await t.run(['profiles', 'rename'])).code).toBe(EXIT.usage)
    expect((await t.run(['profiles', 'list', '--name', 'x'])).code).toBe(EXIT.usage)
    expect((await t.run(['profiles', 'remove', '--offline', '--name', 'x'])).code).toBe(EXIT.usage)
  })
})
