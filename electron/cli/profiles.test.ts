// `profiles list | add | remove | test` and `--profile <name>` over the real profile store (a
// temporary data directory per test, through TERMINAL_DATA_DIR) and a vault over an in-memory
// keychain, against the demo exchange over HTTP.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Readable } from 'node:stream'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { startDemoExchange, type DemoExchange } from '../demo-exchange/server'
import { createProfileStore } from '../core/profile-store'
import { KEYCHAIN_SERVICE, createVault, type KeytarLike } from '../core/vault'
import { createProfileDeps } from './profiles'
import { EXIT, runCli, type CliIo } from './run'

function memoryKeytar(): KeytarLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getPassword: async (service, account) => entries.get(`${service}/${account}`) ?? null,
    setPassword: async (service, account, password) => {
      entries.set(`${service}/${account}`, password)
    },
    deletePassword: async (service, account) => entries.delete(`${service}/${account}`),
    findCredentials: async (service) =>
      [...entries].filter(([key]) => key.startsWith(`${service}/`)).map(([key, password]) => ({ account: key.slice(service.length + 1), password })),
  }
}

let demo: DemoExchange
const dirs: string[] = []
beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 9, live: false, historyDays: 1 })
})
afterAll(async () => {
  await demo.close()
})
afterEach(async () => {
  for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
})

const master = () => demo.accounts[0]!
const sub = () => demo.accounts.find((a) => a.parentId !== null)!

/** A fresh data directory and keychain, and a way to run the CLI against them. */
async function setup(options: { keytar?: KeytarLike | null; stdinTimeoutMs?: number } = {}) {
  const dataDir = await mkdtemp(join(tmpdir(), 'cli-profiles-'))
  dirs.push(dataDir)
  const keytar = memoryKeytar()
  const vault = createVault({ keytar: options.keytar === undefined ? keytar : options.keytar })
  const deps = createProfileDeps({ env: { TERMINAL_DATA_DIR: dataDir }, vault, ...(options.stdinTimeoutMs ? { stdinTimeoutMs: options.stdinTimeoutMs } : {}) })
  async function run(argv: string[], io: Partial<CliIo> = {}) {
    let stdout = ''
    let stderr = ''
    const code = await runCli(argv, {
      env: { TERMINAL_DATA_DIR: dataDir },
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
      ...deps,
      ...io,
    })
    const error = stderr.trim().startsWith('{') ? (JSON.parse(stderr) as { error: Record<string, unknown> }).error : {}
    return { code, stdout, stderr, error, json: stdout.trim().startsWith('Usage') || stdout.trim() === '' ? undefined : (JSON.parse(stdout) as unknown) }
  }
  /** Every file under the data directory, as text. */
  async function files(): Promise<string> {
    const names = await readdir(dataDir, { recursive: true, withFileTypes: true })
    const texts = await Promise.all(names.filter((d) => d.isFile()).map((d) => readFile(join(d.parentPath, d.name), 'utf8')))
    return texts.join('\n')
  }
  /** The profiles as a fresh app would load them. */
  async function stored() {
    const store = createProfileStore(dataDir)
    await store.load()
    return store.list()
  }
  return { dataDir, keytar, vault, deps, run, files, stored }
}

const envOf = (account: { apiKey: string; apiSecret: string }) => ({ TERMINAL_API_KEY: account.apiKey, TERMINAL_API_SECRET: account.apiSecret })

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
    for (const argv of [['balances', '--profile', 'Moved'], ['profiles', 'test', '--name', 'Moved']]) {
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
    const stdin = Readable.from((async function* () {
      yield await new Promise<string>(() => undefined) // a pipe that never ends: reading it would hang the test
    })())
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
    const withKey = await t.run(['profiles', 'update', '--id', added.id, '--base-url', 'https://other.example/api/v3', '--new-key'], { env: { TERMINAL_DATA_DIR: t.dataDir }, stdin: `other-key-12345678\nother-secret-12345678\n` })
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
