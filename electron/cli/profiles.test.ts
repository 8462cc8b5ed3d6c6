// `profiles add`: the key and secret from the environment or standard input (never from arguments),
// the connection tested and the account learnt before anything is saved, the secret only in the
// keychain, and every way it can fail saving nothing. list / test / remove are in
// profiles.list-test-remove.test.ts; --profile and a key's origin in profiles.profile-flag.test.ts.
import { Readable } from 'node:stream'
import { describe, expect, it } from 'vitest'
import { KEYCHAIN_SERVICE } from '../core/credentials/vault'
import { EXIT } from './run'
import { demo, envOf, master, setup, sub, useProfilesCli } from './test/profiles-cli.test-util'

useProfilesCli()

describe('profiles add', () => {
  it('from the environment: tests the connection, learns the master account, secret only in the keychain', async () => {
    const t = await setup()
    const result = await t.run(['profiles', 'add', '--name', 'Main desk', '--base-url', `${demo.baseUrl}/`], { env: { TERMINAL_DATA_DIR: t.dataDir, ...envOf(master()) } })
    expect(result.code).toBe(EXIT.ok)
    expect(result.json).toEqual({
      id: expect.any(String),
      name: 'Main desk',
      baseUrl: demo.baseUrl,
      feedUrl: null,
      apiKeyHint: master().apiKey.slice(-4),
      accountId: master().id,
      isDemo: false,
      createdAt: expect.any(String),
      lastUsedAt: null,
      secretStorage: 'keychain',
    })
    const id = (result.json as { id: string }).id
    expect(JSON.parse(t.keytar.entries.get(`${KEYCHAIN_SERVICE}/${id}`)!)).toEqual({ apiKey: master().apiKey, apiSecret: master().apiSecret, origin: new URL(demo.baseUrl).origin })
    expect(await t.stored()).toEqual([expect.objectContaining({ id, name: 'Main desk', accountId: master().id })])
    expect(result.stdout + result.stderr).not.toContain(master().apiSecret)
    expect(await t.files()).not.toContain(master().apiSecret)
    expect(await t.files()).not.toContain(master().apiKey)
  })

  it('from standard input, as two lines or as JSON from a stream; a sub-account key learns the sub-account', async () => {
    const t = await setup()
    const lines = await t.run(['profiles', 'add', '--name', 'Sub', '--base-url', demo.baseUrl], { stdin: `${sub().apiKey}\r\n${sub().apiSecret}\n` })
    expect(lines.code).toBe(EXIT.ok)
    expect(lines.json).toMatchObject({ name: 'Sub', accountId: sub().id, apiKeyHint: sub().apiKey.slice(-4) })

    const json = JSON.stringify({ apiKey: master().apiKey, apiSecret: master().apiSecret })
    const streamed = await t.run(['profiles', 'add', '--name=Master', `--base-url=${demo.baseUrl}`], { stdin: Readable.from([json.slice(0, 10), Buffer.from(json.slice(10))]) })
    expect(streamed.code).toBe(EXIT.ok)
    expect(streamed.json).toMatchObject({ name: 'Master', accountId: master().id })
    expect(t.keytar.entries.size).toBe(2)
    expect(await t.vault.read((streamed.json as { id: string }).id)).toEqual({ apiKey: master().apiKey, apiSecret: master().apiSecret, origin: new URL(demo.baseUrl).origin })
  })

  it('refuses the key or secret as arguments, before reading anything or sending anything', async () => {
    const t = await setup()
    const before = demo.stats().requests
    for (const flag of [['--api-secret', 'hunter2-secret'], ['--api-key=abcdefgh1234'], ['--secret', 'x']]) {
      const result = await t.run(['profiles', 'add', '--name', 'X', '--base-url', demo.baseUrl, ...flag], { stdin: `${master().apiKey}\n${master().apiSecret}` })
      expect(result.code).toBe(EXIT.usage)
      expect(String(result.error.message)).toContain('TERMINAL_API_SECRET')
      expect(result.stderr).not.toContain('hunter2-secret')
    }
    // A bare positional might be a pasted secret: refused without being echoed.
    const positional = await t.run(['profiles', 'add', '--name', 'X', '--base-url', demo.baseUrl, 'pasted-secret-value'])
    expect(positional.code).toBe(EXIT.usage)
    expect(positional.stderr).not.toContain('pasted-secret-value')
    expect(demo.stats().requests).toBe(before)
    expect(await t.stored()).toEqual([])
    expect(t.keytar.entries.size).toBe(0)
  })

  it('a wrong secret exits 6 and saves nothing; the secret appears in no output', async () => {
    const t = await setup()
    const wrong = 'wrong-secret-value-123456'
    const result = await t.run(['profiles', 'add', '--name', 'Bad', '--base-url', demo.baseUrl], { stdin: `${master().apiKey}\n${wrong}\n` })
    expect(result.code).toBe(EXIT.auth)
    expect(result.error).toMatchObject({ kind: 'auth' })
    expect(String(result.error.message)).toContain('nothing was saved')
    expect(result.stdout + result.stderr).not.toContain(wrong)
    expect(await t.stored()).toEqual([])
    expect(t.keytar.entries.size).toBe(0)
  })

  it('an unreachable exchange exits 4 and saves nothing; --offline saves without testing', async () => {
    const t = await setup()
    const env = { TERMINAL_DATA_DIR: t.dataDir, ...envOf(master()) }
    const down = await t.run(['profiles', 'add', '--name', 'Far', '--base-url', 'http://127.0.0.1:1/api/v3', '--timeout-ms', '2000'], { env })
    expect(down.code).toBe(EXIT.failed)
    expect(down.error.kind).toBe('network')
    expect(String(down.error.message)).toContain('--offline')
    expect(await t.stored()).toEqual([])

    const offline = await t.run(['profiles', 'add', '--name', 'Far', '--base-url', 'http://127.0.0.1:1/api/v3', '--offline'], { env })
    expect(offline.code).toBe(EXIT.ok)
    expect(offline.json).toMatchObject({ name: 'Far', accountId: null, secretStorage: 'keychain' })
    expect(t.keytar.entries.size).toBe(1)
  })

  it('without a keychain: exit 6, says the keychain is unreachable and nothing was saved, sends nothing', async () => {
    const t = await setup({ keytar: null })
    const before = demo.stats().requests
    const result = await t.run(['profiles', 'add', '--name', 'Main', '--base-url', demo.baseUrl], { env: { TERMINAL_DATA_DIR: t.dataDir, ...envOf(master()) } })
    expect(result.code).toBe(EXIT.auth)
    expect(result.error).toMatchObject({ kind: 'keychain', code: 'KEYCHAIN_UNAVAILABLE' })
    expect(String(result.error.message)).toMatch(/keychain is unreachable.*Nothing was saved/)
    expect(await t.stored()).toEqual([])
    expect(await t.files()).not.toContain(master().apiSecret)
    expect(demo.stats().requests).toBe(before)
  })

  it('checks the name, URL and credentials like the app; a taken name is refused', async () => {
    const t = await setup()
    const env = { TERMINAL_DATA_DIR: t.dataDir, ...envOf(master()) }
    const badUrl = await t.run(['profiles', 'add', '--name', 'X', '--base-url', 'ftp://exchange'], { env })
    expect(badUrl.code).toBe(EXIT.rejectedLocally)
    expect(badUrl.error).toMatchObject({ kind: 'validation', field: 'baseUrl' })

    const shortKey = await t.run(['profiles', 'add', '--name', 'X', '--base-url', demo.baseUrl], { stdin: 'short\nsecret-short7' })
    expect(shortKey.code).toBe(EXIT.rejectedLocally)
    expect(shortKey.error).toMatchObject({ field: 'apiKey' })
    expect(shortKey.stderr).not.toContain('secret-short7')

    expect((await t.run(['profiles', 'add', '--base-url', demo.baseUrl], { env })).code).toBe(EXIT.usage)
    expect((await t.run(['profiles', 'add', '--name', 'X', '--base-url', demo.baseUrl], { stdin: 'only-one-line-here' })).code).toBe(EXIT.usage)
    expect((await t.run(['profiles', 'add', '--name', 'X', '--base-url', demo.baseUrl], { env: { TERMINAL_DATA_DIR: t.dataDir } })).code).toBe(EXIT.usage)

    expect((await t.run(['profiles', 'add', '--name', 'Desk', '--base-url', demo.baseUrl], { env })).code).toBe(EXIT.ok)
    const taken = await t.run(['profiles', 'add', '--name', 'desk', '--base-url', demo.baseUrl], { env })
    expect(taken.code).toBe(EXIT.rejectedLocally)
    expect(taken.error).toMatchObject({ code: 'NAME_TAKEN' })
    expect(await t.stored()).toHaveLength(1)
  })

  it('gives up on a standard input that never ends', async () => {
    const t = await setup({ stdinTimeoutMs: 50 })
    const endless = {
      async *[Symbol.asyncIterator]() {
        await new Promise((resolve) => setTimeout(resolve, 5_000))
        yield 'never'
      },
    }
    const started = Date.now()
    const result = await t.run(['profiles', 'add', '--name', 'X', '--base-url', demo.baseUrl], { stdin: endless })
    expect(result.code).toBe(EXIT.usage)
    expect(String(result.error.message)).toContain('did not end')
    expect(Date.now() - started).toBeLessThan(2_000)
  })
})
