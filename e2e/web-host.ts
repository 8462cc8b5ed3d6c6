// Starts the real web host (the built app, as `npm run web-host` does) with a throwaway data
// directory, and reads the one JSON line it prints. Access works as for a person: the printed URL's
// one-time code buys one session. The tests' own calls trade it here, in Node (unless a browser used
// it first), and every page opens with a fresh one-time URL that session asks the host for.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { createInterface } from 'node:readline'
import { WEB_CODE_PARAM, WEB_LINK_PATH, WEB_SESSION_PATH } from '../electron/domain/api/api-names'

export interface RunningHost {
  /** The URL the web host printed: its one-time code opens one window, once. */
  printedUrl: string
  origin: string
  dataDir: string
  process: ChildProcess
  stderr: () => string
  /** The Cookie header of the tests' own session (trades the printed code on first use). */
  cookie(): Promise<string>
  stop(): Promise<void>
}

/** `open`: let the web host open its own Chromium window (needs a display, e.g. xvfb-run). */
export async function startWebHost(options: { dataDir?: string; env?: NodeJS.ProcessEnv; open?: boolean } = {}): Promise<RunningHost> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'terminal-e2e-'))
  const child = spawn(process.execPath, ['out/main/web-host.js', '--port', '0', ...(options.open ? [] : ['--no-open'])], {
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
  const origin = new URL(url).origin
  let cookie: Promise<string> | null = null
  return {
    printedUrl: url,
    origin,
    dataDir,
    process: child,
    stderr: () => errText,
    cookie() {
      cookie ??= tradeCode(origin, new URL(url).searchParams.get(WEB_CODE_PARAM) ?? '')
      return cookie
    },
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

/** Trades a one-time code as the page does; resolves with the Cookie header that carries the session. */
export async function tradeCode(origin: string, code: string): Promise<string> {
  const res = await fetch(`${origin}${WEB_SESSION_PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) })
  const setCookie = res.headers.get('set-cookie')
  if (res.status !== 204 || !setCookie) throw new Error(`the web host refused the code: ${res.status} ${await res.text()}`)
  return setCookie.split(';')[0]!
}

/** A fresh one-time URL for one more window, asked for by the tests' own session. */
export async function windowUrl(host: RunningHost): Promise<string> {
  const res = await fetch(`${host.origin}${WEB_LINK_PATH}`, { method: 'POST', headers: { cookie: await host.cookie() } })
  if (!res.ok) throw new Error(`no window URL: ${res.status} ${await res.text()}`)
  return ((await res.json()) as { url: string }).url
}

/** Calls a TerminalApi method the way the renderer does, for checks from the test itself. */
export async function callApi<T>(host: RunningHost, method: string, input?: unknown): Promise<T> {
  const res = await fetch(`${host.origin}/api/${method}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: await host.cookie() },
    body: JSON.stringify(input === undefined ? {} : { input }),
  })
  if (!res.ok) throw new Error(`${method}: the web host answered ${res.status} ${await res.text()}`)
  const envelope = (await res.json()) as { ok: boolean; value?: T; error?: { message: string } }
  if (!envelope.ok) throw new Error(`${method}: ${envelope.error?.message}`)
  return envelope.value as T
}
