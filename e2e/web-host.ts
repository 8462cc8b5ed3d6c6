// Starts the real web host (the built app, as `npm run web-host` does) with a throwaway data
// directory, and reads the one JSON line it prints.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'

export interface RunningHost {
  url: string
  origin: string
  token: string
  dataDir: string
  process: ChildProcess
  stderr: () => string
  stop(): Promise<void>
}

export async function startWebHost(options: { dataDir?: string; env?: NodeJS.ProcessEnv } = {}): Promise<RunningHost> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'terminal-e2e-'))
  const child = spawn(process.execPath, ['out/main/web-host.js', '--port', '0', '--no-open'], {
    env: { ...process.env, TERMINAL_DATA_DIR: dataDir, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let errText = ''
  child.stderr?.on('data', (chunk: Buffer) => (errText += chunk.toString()))
  const line = await new Promise<string>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`web host did not start in 20 s: ${errText}`)), 20_000)
    const rl = createInterface({ input: child.stdout! })
    rl.once('line', (l) => {
      clearTimeout(timer)
      resolve(l)
    })
    child.once('exit', (code) => {
      clearTimeout(timer)
      reject(new Error(`web host exited with ${code}: ${errText}`))
    })
  })
  const { url } = JSON.parse(line) as { url: string }
  const parsed = new URL(url)
  return {
    url,
    origin: parsed.origin,
    token: parsed.searchParams.get('token') ?? '',
    dataDir,
    process: child,
    stderr: () => errText,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r))
        child.kill('SIGTERM')
        await exited
      }
      if (!options.dataDir) rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** Calls a TerminalApi method the way the renderer does, for checks from the test itself. */
export async function callApi<T>(host: RunningHost, method: string, input?: unknown): Promise<T> {
  const res = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-terminal-token': host.token },
    body: JSON.stringify(input === undefined ? {} : { input }),
  })
  const envelope = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } }
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error?.message}`)
  return envelope.value as T
}
