// One harness for the terminal core's tests (terminal*.test.ts): a demo exchange, an in-memory
// keychain, a fresh core per test on a shared data directory, and waiting for an event.
import { mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { EventName, EventPayloads, TerminalCore } from '../../domain/api/api'
import { startDemoExchange, type DemoExchange } from '../../demo-exchange/server'
import { createProfileStore } from '../profiles/profile-store'
import { createTerminal, type TerminalDeps } from '../terminal'
import { createVault, type KeytarLike } from '../credentials/vault'
import { createLogger } from '../storage/logger'

export function memoryKeytar(): KeytarLike & { entries: Map<string, string> } {
  const entries = new Map<string, string>()
  return {
    entries,
    getPassword: async (s, a) => entries.get(`${s}/${a}`) ?? null,
    setPassword: async (s, a, p) => void entries.set(`${s}/${a}`, p),
    deletePassword: async (s, a) => entries.delete(`${s}/${a}`),
    findCredentials: async (s) => [...entries].filter(([k]) => k.startsWith(`${s}/`)).map(([k, password]) => ({ account: k.slice(s.length + 1), password })),
  }
}

export function allFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    return statSync(path).isDirectory() ? allFiles(path) : [path]
  })
}

export const fast = { tradesMs: 100, candlesMs: 150, tickerMs: 200, accountMs: 150 }

/** Reads `read` every 100 ms until `done` says its value will do; throws with the last value after `ms`. */
export async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, ms = 20_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (done(value)) return value
    if (Date.now() > end) throw new Error(`timed out; last: ${JSON.stringify(value)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

export function next<E extends EventName>(t: TerminalCore, event: E, where: (p: EventPayloads[E]) => boolean = () => true): Promise<EventPayloads[E]> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} event within 5 s`)), 5_000)
    const dispose = t.on(event, (payload) => {
      if (!where(payload)) return
      clearTimeout(timer)
      dispose()
      resolve(payload)
    })
  })
}

export interface Harness {
  readonly demo: DemoExchange
  readonly dataDir: string
  readonly keytar: ReturnType<typeof memoryKeytar>
  readonly logLines: string[]
  /** A core on `dir` (default: the shared data directory), disposed after the test. */
  open(dir?: string, extra?: Partial<TerminalDeps>): Promise<TerminalCore>
  /** Disposes `t` after the test. */
  track(t: TerminalCore): TerminalCore
  /** A data directory of its own (a first run), removed after the tests. */
  freshDir(): string
}

/**
 * Registers the hooks of one describe block: a demo exchange with `seed`, and cleanup. `admin`: the
 * demo serves its /__admin endpoints (a test drives its price).
 */
export function useTerminalHarness(seed = 11, options: { admin?: boolean } = {}): Harness {
  let demo: DemoExchange
  let dataDir: string
  let keytar: ReturnType<typeof memoryKeytar>
  let logLines: string[] = []
  const closers: Array<() => Promise<void>> = []
  const dirs: string[] = []

  beforeAll(async () => {
    demo = await startDemoExchange({ port: 0, seed, ...(options.admin ? { admin: true } : {}) })
    keytar = memoryKeytar()
    dataDir = mkdtempSync(join(tmpdir(), 'terminal-core-'))
  })
  afterEach(async () => {
    while (closers.length) await closers.pop()!()
  })
  afterAll(async () => {
    await demo.close()
    for (const dir of [dataDir, ...dirs]) rmSync(dir, { recursive: true, force: true })
  })

  const track = (t: TerminalCore) => {
    closers.push(() => t.dispose())
    return t
  }

  return {
    get demo() {
      return demo
    },
    get dataDir() {
      return dataDir
    },
    get keytar() {
      return keytar
    },
    get logLines() {
      return logLines
    },
    track,
    freshDir() {
      const dir = mkdtempSync(join(tmpdir(), 'terminal-core-'))
      dirs.push(dir)
      return dir
    },
    async open(dir = dataDir, extra = {}) {
      logLines = []
      const lines = logLines
      const logger = createLogger({ dir, sink: (line) => lines.push(line) })
      const vault = createVault({ keytar, registerSecret: (v) => logger.registerSecret(v) })
      return track(
        await createTerminal({
          host: 'cli',
          version: '0.0.0-test',
          dataDir: dir,
          vault,
          profiles: createProfileStore(dir),
          logger,
          demo: { start: async () => ({ baseUrl: demo.baseUrl, accounts: demo.accounts }) },
          rates: fast,
          ...extra,
        }),
      )
    },
  }
}
