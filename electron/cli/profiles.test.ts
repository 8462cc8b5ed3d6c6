// `--profile <name>` over the real profile store (a temporary data directory) and a vault over an
// in-memory keychain, against the demo exchange.
import { mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoExchange, type DemoExchange } from '../demo-exchange/server'
import { createProfileStore } from '../core/profile-store'
import { createVault, type KeytarLike } from '../core/vault'
import { createProfileDeps } from './profiles'
import { EXIT, runCli } from './run'

function memoryKeytar(): KeytarLike {
  const entries = new Map<string, string>()
  return {
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
let dataDir: string
beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 9, live: false, historyDays: 1 })
  dataDir = await mkdtemp(join(tmpdir(), 'cli-profiles-'))
})
afterAll(async () => {
  await demo.close()
  await rm(dataDir, { recursive: true, force: true })
})

async function run(argv: string[], deps: ReturnType<typeof createProfileDeps>) {
  let stdout = ''
  let stderr = ''
  const code = await runCli(argv, { env: {}, stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, ...deps })
  return { code, stdout, stderr }
}

describe('profiles in the CLI', () => {
  it('connects with a saved profile, lists profiles without secrets, and names unknown ones', async () => {
    const env = { TERMINAL_DATA_DIR: dataDir }
    const account = demo.accounts[0]!
    const store = createProfileStore(dataDir)
    await store.load()
    const record = await store.create({ name: 'Demo desk', baseUrl: demo.baseUrl, accountId: null, apiKeyHint: account.apiKey.slice(-4), isDemo: false })
    const vault = createVault({ keytar: memoryKeytar() })
    await vault.write(record.id, { apiKey: account.apiKey, apiSecret: account.apiSecret })

    const deps = createProfileDeps({ env, vault })
    const accounts = await run(['accounts', '--profile', 'demo desk'], deps)
    expect(accounts.code).toBe(EXIT.ok)
    expect(JSON.parse(accounts.stdout)).toEqual([expect.objectContaining({ id: account.id })])

    const listed = await run(['profiles', 'list'], deps)
    expect(listed.code).toBe(EXIT.ok)
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ name: 'Demo desk', apiKeyHint: account.apiKey.slice(-4) })])
    expect(listed.stdout).not.toContain(account.apiSecret)
    expect(listed.stdout).not.toContain(account.apiKey)

    const unknown = await run(['balances', '--profile', 'nope'], deps)
    expect(unknown.code).toBe(EXIT.usage)
    expect(JSON.parse(unknown.stderr).error).toMatchObject({ kind: 'not-found', code: 'PROFILE_NOT_FOUND' })
    expect(unknown.stderr).toContain('Demo desk')
  })

  it('a profile whose secret is missing from the keychain exits 6 with a reason', async () => {
    const store = createProfileStore(dataDir)
    await store.load()
    await store.create({ name: 'No secret', baseUrl: demo.baseUrl, accountId: null, apiKeyHint: 'abcd', isDemo: false })
    const deps = createProfileDeps({ env: { TERMINAL_DATA_DIR: dataDir }, vault: createVault({ keytar: memoryKeytar() }) })
    const result = await run(['balances', '--profile', 'No secret'], deps)
    expect(result.code).toBe(EXIT.auth)
    expect(JSON.parse(result.stderr).error).toMatchObject({ kind: 'auth', code: 'NO_CREDENTIALS' })
  })

  it('only lists profiles: changing them is the app\'s job', async () => {
    const deps = createProfileDeps({ env: { TERMINAL_DATA_DIR: dataDir }, vault: createVault({ keytar: memoryKeytar() }) })
    expect((await run(['profiles', 'add', 'x'], deps)).code).toBe(EXIT.usage)
  })
})
