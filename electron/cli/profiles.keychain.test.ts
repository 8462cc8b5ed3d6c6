// The CLI's profiles against the real gnome-keyring: the real CLI process (tsx electron/cli/index.ts),
// the secret piped on standard input, the entry found by secret-tool, and never in any output or file.
// Run with
//   node scripts/with-keychain.mjs npx vitest run --config vitest.keychain.config.mts
// It fails (never skips) when the keychain cannot be reached: a pass must mean the keychain works.
import { execFile, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startDemoExchange, type DemoExchange } from '../demo-exchange/server'
import { KEYCHAIN_SERVICE } from '../core/credentials/vault'

const execFileAsync = promisify(execFile)
const ROOT = resolve(__dirname, '..', '..')

/** What `secret-tool search` finds under the terminal's service: the accounts (profile ids) and the text. */
async function secretToolSearch(): Promise<{ accounts: string[]; text: string }> {
  const { stdout, stderr } = await execFileAsync('secret-tool', ['search', '--all', '--unlock', 'service', KEYCHAIN_SERVICE], { timeout: 10_000 })
  const text = `${stdout}\n${stderr}`
  return { accounts: [...text.matchAll(/^attribute\.account = (.*)$/gm)].map((m) => m[1]!.trim()), text }
}

function requireSessionBus(): void {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS) {
    throw new Error('No D-Bus session: run these tests through `node scripts/with-keychain.mjs npx vitest run --config vitest.keychain.config.mts`.')
  }
}

interface CliRun {
  code: number | null
  stdout: string
  stderr: string
}

/** Runs the real CLI in its own process, with `input` on standard input; killed after 30 s. */
function cli(args: string[], dataDir: string, input?: string): Promise<CliRun> {
  const env: NodeJS.ProcessEnv = { ...process.env, TERMINAL_DATA_DIR: dataDir }
  delete env.TERMINAL_API_KEY
  delete env.TERMINAL_API_SECRET
  return new Promise((done, fail) => {
    const child = spawn('npx', ['tsx', 'electron/cli/index.ts', ...args], { cwd: ROOT, env, stdio: [input === undefined ? 'ignore' : 'pipe', 'pipe', 'pipe'] })
    let stdout = ''
    let stderr = ''
    child.stdout!.setEncoding('utf8').on('data', (t: string) => (stdout += t))
    child.stderr!.setEncoding('utf8').on('data', (t: string) => (stderr += t))
    const timer = setTimeout(() => child.kill('SIGKILL'), 30_000)
    child.on('error', fail)
    child.on('close', (code) => {
      clearTimeout(timer)
      done({ code, stdout, stderr })
    })
    if (input !== undefined) child.stdin!.end(input)
  })
}

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name))
}

let demo: DemoExchange
let dataDir: string
beforeAll(async () => {
  demo = await startDemoExchange({ port: 0, seed: 3, live: false, historyDays: 1 })
  dataDir = mkdtempSync(join(tmpdir(), 'cli-keychain-'))
})
afterAll(async () => {
  await demo.close()
  rmSync(dataDir, { recursive: true, force: true })
})

describe('CLI profiles against the real gnome-keyring', () => {
  it('add puts the secret where secret-tool finds it and nowhere else; list, test and remove work across processes', async () => {
    requireSessionBus()
    const account = demo.accounts.find((a) => a.parentId !== null)!

    const added = await cli(['profiles', 'add', '--name', 'Keychain sub', '--base-url', demo.baseUrl], dataDir, `${account.apiKey}\n${account.apiSecret}\n`)
    expect(added.stderr).not.toContain(account.apiSecret)
    expect(added.code, added.stderr).toBe(0)
    const profile = JSON.parse(added.stdout) as { id: string; accountId: number; secretStorage: string; apiKeyHint: string }
    expect(profile).toMatchObject({ accountId: account.id, secretStorage: 'keychain', apiKeyHint: account.apiKey.slice(-4) })
    expect(added.stdout).not.toContain(account.apiSecret)
    expect(added.stdout).not.toContain(account.apiKey)

    const found = await secretToolSearch()
    expect(found.accounts).toContain(profile.id)
    expect(found.text).toContain(account.apiSecret)

    const listed = await cli(['profiles', 'list'], dataDir)
    expect(listed.code, listed.stderr).toBe(0)
    expect(JSON.parse(listed.stdout)).toEqual([expect.objectContaining({ id: profile.id, name: 'Keychain sub', secretStorage: 'keychain' })])
    expect(listed.stdout + listed.stderr).not.toContain(account.apiSecret)
    expect(listed.stdout + listed.stderr).not.toContain(account.apiKey)

    const files = filesUnder(dataDir)
    expect(files.length).toBeGreaterThan(0)
    for (const file of files) {
      const text = readFileSync(file, 'utf8')
      expect(text, file).not.toContain(account.apiSecret)
      expect(text, file).not.toContain(account.apiKey)
    }

    // A new process reads the secret back from the keychain to test the connection.
    const tested = await cli(['profiles', 'test', '--name', 'Keychain sub'], dataDir)
    expect(tested.code, tested.stderr).toBe(0)
    expect(JSON.parse(tested.stdout)).toMatchObject({ ok: true, accounts: [expect.objectContaining({ id: account.id })] })

    const removed = await cli(['profiles', 'remove', '--name', 'Keychain sub'], dataDir)
    expect(removed.code, removed.stderr).toBe(0)
    expect((await secretToolSearch()).accounts).not.toContain(profile.id)
    expect(JSON.parse((await cli(['profiles', 'list'], dataDir)).stdout)).toEqual([])
  }, 120_000)
})
