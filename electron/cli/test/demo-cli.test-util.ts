// The CLI run in-process against a demo exchange, as the positions' and the algorithms' verb tests
// run it: the demo's first account's key from the environment, a data directory of the test's, and
// the JSON it printed read back.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll } from 'vitest'
import { startDemoExchange, type DemoExchange } from '../../demo-exchange/server'
import { runCli, type CliIo } from '../run'

export interface CliRun {
  code: number
  json: unknown
  stderr: string
  stdout: string
}

/** A `cli(argv, io)` on `demo()` with `dataDir()`; `env` is added to the key's and the directory's. */
export function demoCli(demo: () => DemoExchange, dataDir: () => string, baseEnv: Record<string, string> = {}) {
  return async function cli(argv: string[], { env, ...extra }: Partial<CliIo> = {}): Promise<CliRun> {
    let stdout = ''
    let stderr = ''
    const account = demo().accounts[0]!
    const code = await runCli([...argv, '--base-url', demo().baseUrl], {
      env: { TERMINAL_API_KEY: account.apiKey, TERMINAL_API_SECRET: account.apiSecret, TERMINAL_DATA_DIR: dataDir(), ...baseEnv, ...env },
      stdout: { write: (t: string) => (stdout += t) },
      stderr: { write: (t: string) => (stderr += t) },
      sleep: async () => {},
      ...extra,
    })
    let json: unknown
    try {
      json = JSON.parse(stdout)
    } catch {
      json = undefined
    }
    return { code, json, stderr, stdout }
  }
}

/** A still demo (seed `seed`) and a data directory for the file's tests, started before them and removed after; its `cli`. */
export function useDemoCli(seed: number, baseEnv: Record<string, string> = {}) {
  let demo: DemoExchange
  let dataDir: string
  beforeAll(async () => {
    demo = await startDemoExchange({ port: 0, seed, live: false, historyDays: 1 })
    dataDir = mkdtempSync(join(tmpdir(), 'cli-demo-'))
  })
  afterAll(async () => {
    await demo.close()
    rmSync(dataDir, { recursive: true, force: true })
  })
  return {
    cli: demoCli(
      () => demo,
      () => dataDir,
      baseEnv,
    ),
    demo: () => demo,
  }
}
