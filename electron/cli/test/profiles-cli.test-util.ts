// The CLI's profile verbs as a user runs them: a demo exchange over HTTP for the file, and per test a
// temporary data directory (through TERMINAL_DATA_DIR) with the real profile store and a vault over an
// in-memory keychain; run() gives the exit code, the output and the parsed JSON or error.
import { mkdtemp, readFile, readdir, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll } from 'vitest'
import { startDemoExchange, type DemoExchange } from '../../demo-exchange/server'
import { createProfileStore } from '../../core/profiles/profile-store'
import { memoryKeytar } from '../../core/test/terminal-harness.test-util'
import { createVault, type KeytarLike } from '../../core/credentials/vault'
import { createProfileDeps } from '../profiles'
import { runCli, type CliIo } from '../run'

// Assigned by useProfilesCli's hooks; an importer reads the current value (a live binding).
export let demo: DemoExchange
const dirs: string[] = []

/** Starts the demo exchange before the file's tests and stops it after; removes each test's data directories. */
export function useProfilesCli(): void {
  beforeAll(async () => {
    demo = await startDemoExchange({ port: 0, seed: 9, live: false, historyDays: 1 })
  })
  afterAll(async () => {
    await demo.close()
  })
  afterEach(async () => {
    for (const dir of dirs.splice(0)) await rm(dir, { recursive: true, force: true })
  })
}

export const master = () => demo.accounts[0]!
export const sub = () => demo.accounts.find((a) => a.parentId !== null)!

/** A fresh data directory and keychain, and a way to run the CLI against them. */
export async function setup(options: { keytar?: KeytarLike | null; stdinTimeoutMs?: number } = {}) {
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

export const envOf = (account: { apiKey: string; apiSecret: string }) => ({ TERMINAL_API_KEY: account.apiKey, TERMINAL_API_SECRET: account.apiSecret })
