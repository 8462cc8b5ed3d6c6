// `--profile <name>` on the other verbs, and where a stored key may go: never to another origin than
// it was added for (a profiles file edited behind the CLI's back), plain http only to this computer,
// and `profiles update` to another origin only with --new-key.
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { createProfileStore } from '../core/profiles/profile-store'
import { KEYCHAIN_SERVICE } from '../core/credentials/vault'
import { createProfileDeps } from './profiles'
import { EXIT } from './run'
import { demo, envOf, master, setup, sub, useProfilesCli } from './test/profiles-cli.test-util'

useProfilesCli()

describe('--profile', () => {
  it('connects with a saved profile, and names the known ones when the name is wrong', async () => {
    const t = await setup()
    await t.run(['profiles', 'add', '--name', 'Demo desk', '--base-url', demo.baseUrl], { env: { TERMINAL_DATA_DIR: t.dataDir, ...envOf(sub()) } })
    const accounts = await t.run(['accounts', '--profile', 'demo desk'], { env: {} })
    expect(accounts.code).toBe(EXIT.ok)
    expect(accounts.json).toEqual([expect.objectContaining({ id: sub().id })])

    const unknown = await t.run(['balances', '--profile', 'nope'])
    expect(unknown.code).toBe(EXIT.usage)
    expect(unknown.error).toMatchObject({ kind: 'not-found', code: 'PROFILE_NOT_FOUND' })
    expect(unknown.stderr).toContain('Demo desk')
  })

  it('a profile whose secret is missing from the keychain exits 6 with a reason', async () => {
    const t = await setup()
    const store = createProfileStore(t.dataDir)
    await store.load()
    await store.create({ name: 'No secret', baseUrl: demo.baseUrl, accountId: null, apiKeyHint: 'abcd', isDemo: false })
    const result = await t.run(['balances', '--profile', 'No secret'])
    expect(result.code).toBe(EXIT.auth)
    expect(result.error).toMatchObject({ kind: 'auth', code: 'NO_CREDENTIALS' })
  })

  it('never sends a stored key to another origin than it was added for (a profiles file edited behind its back)', async () => {
    const t = await setup()
    const env = { TERMINAL_DATA_DIR: t.dataDir, ...envOf(master()) }
    const added = (await t.run(['profiles', 'add', '--name', 'Moved', '--base-url', demo.baseUrl], { env })).json as { id: string }
    const store = createProfileStore(t.dataDir)
    await store.load()
    await store.update(added.id, { baseUrl: 'http://127.0.0.1:9/api/v3' })
    const sent: string[] = []
    const fetch = (async (url: string | URL | Request, init?: RequestInit) => {
      sent.push(`${String(url)} ${JSON.stringify(init?.headers ?? {})} ${String(init?.body ?? '')}`)
      return new Response('{}', { status: 500 })
    }) as typeof globalThis.fetch
    for (const argv of [
      ['balances', '--profile', 'Moved'],
      ['profiles', 'test', '--name', 'Moved'],
    ]) {
      // A fresh process: it reads the edited file.
      const fresh = createProfileDeps({ env: { TERMINAL_DATA_DIR: t.dataDir }, vault: t.vault })
      const result = await t.run(argv, { env: { TERMINAL_DATA_DIR: t.dataDir }, fetch, ...fresh })
      expect(result.code).toBe(EXIT.auth)
      expect(result.error).toMatchObject({ kind: 'auth', code: 'CREDENTIALS_BOUND_ELSEWHERE', field: 'baseUrl' })
      expect(result.stderr).not.toContain(master().apiSecret)
    }
    expect(sent.join('\n')).not.toContain(master().apiSecret)
    expect(sent.join('\n')).not.toContain(master().apiKey)
  })

  it('refuses plain http to another computer and a user name in the URL, before asking for the key', async () => {
    const t = await setup()
    const env = { TERMINAL_DATA_DIR: t.dataDir, ...envOf(master()) }
    for (const url of ['http://exchange.invalid/api/v3', 'http://user:pass@127.0.0.1:1/api/v3']) {
      const result = await t.run(['profiles', 'add', '--name', 'Bad', '--base-url', url], { env })
      expect(result.code).toBe(EXIT.rejectedLocally)
      expect(result.error).toMatchObject({ kind: 'validation', field: 'baseUrl' })
    }
    expect(await t.stored()).toEqual([])
    expect(t.keytar.entries.size).toBe(0)
  })

  it('update: a base URL on another origin needs --new-key; the new key is stored bound to it', async () => {
    const t = await setup()
    const env = { TERMINAL_DATA_DIR: t.dataDir, ...envOf(master()) }
    const added = (await t.run(['profiles', 'add', '--name', 'Desk', '--base-url', demo.baseUrl], { env })).json as { id: string }
    const entry = () => JSON.parse(t.keytar.entries.get(`${KEYCHAIN_SERVICE}/${added.id}`)!) as { apiKey: string; origin: string }

    // Another origin without the key: refused on --base-url, before standard input is read, nothing changed.
    const stdin = Readable.from(
      (async function* () {
        yield await new Promise<string>(() => undefined) // a pipe that never ends: reading it would hang the test
      })(),
    )
    const moved = await t.run(['profiles', 'update', '--name', 'Desk', '--base-url', 'https://other.example/api/v3'], { env: { TERMINAL_DATA_DIR: t.dataDir }, stdin })
    expect(moved.code).toBe(EXIT.rejectedLocally)
    expect(moved.error).toMatchObject({ kind: 'validation', code: 'ORIGIN_CHANGED_NEEDS_KEY', field: 'baseUrl' })
    expect(String(moved.error.message)).toContain('--new-key')
    expect((await t.stored())[0]).toMatchObject({ baseUrl: demo.baseUrl })
    expect(entry().origin).toBe(new URL(demo.baseUrl).origin)

    // The same origin, another path, and a new name: no key needed.
    const renamed = await t.run(['profiles', 'update', '--name', 'Desk', '--rename', 'Main desk', '--base-url', `${demo.baseUrl}/`])
    expect(renamed.code).toBe(EXIT.ok)
    expect(renamed.json).toMatchObject({ name: 'Main desk', baseUrl: demo.baseUrl })

    // With --new-key the move is allowed, and the keychain entry now belongs to the new origin.
    const withKey = await t.run(['profiles', 'update', '--id', added.id, '--base-url', 'https://other.example/api/v3', '--new-key'], {
      env: { TERMINAL_DATA_DIR: t.dataDir },
      stdin: `other-key-12345678\nother-secret-12345678\n`,
    })
    expect(withKey.code).toBe(EXIT.ok)
    expect(withKey.json).toMatchObject({ baseUrl: 'https://other.example/api/v3', apiKeyHint: '5678', accountId: null })
    expect(entry()).toMatchObject({ apiKey: 'other-key-12345678', origin: 'https://other.example' })
    expect(withKey.stdout + withKey.stderr).not.toContain('other-secret-12345678')

    // Plain http to another computer is refused whatever comes with it.
    const clear = await t.run(['profiles', 'update', '--id', added.id, '--base-url', 'http://exchange.invalid/api/v3', '--new-key'], { env })
    expect(clear.code).toBe(EXIT.rejectedLocally)
    expect(clear.error).toMatchObject({ field: 'baseUrl' })
    expect((await t.run(['profiles', 'update', '--id', added.id])).code).toBe(EXIT.usage)
  })
})
