// Runs profile-race.test-child.ts in two processes at once (through tsx, on the TypeScript sources)
// and collects what each says it created.
import { spawn } from 'node:child_process'
import { fileURLToPath } from 'node:url'

const CHILD = fileURLToPath(new URL('./profile-race.test-child.ts', import.meta.url))

function runChild(args: string[], env: NodeJS.ProcessEnv): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', CHILD, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
    let out = ''
    let err = ''
    child.stdout.on('data', (c: Buffer) => (out += c.toString()))
    child.stderr.on('data', (c: Buffer) => (err += c.toString()))
    const timer = setTimeout(() => child.kill('SIGKILL'), 90_000)
    child.on('error', reject)
    child.on('exit', (code) => {
      clearTimeout(timer)
      if (code !== 0) reject(new Error(`race child ${args[1]} exited with ${code}: ${err}`))
      else resolve((JSON.parse(out.trim().split('\n').pop() ?? '{}') as { ids: string[] }).ids)
    })
  })
}

/** Two processes, each adding `count` profiles (prefixes "a" and "b") from the same moment on. */
export async function raceTwoProcesses(options: { dataDir: string; count: number; mode: 'store' | 'cli'; baseUrl?: string; env?: NodeJS.ProcessEnv }): Promise<{ a: string[]; b: string[] }> {
  // Both start well after tsx has loaded in each, so their writes overlap from the first one.
  const startAt = String(Date.now() + 4_000)
  const args = (prefix: string) => [options.dataDir, prefix, String(options.count), startAt, options.mode, ...(options.baseUrl ? [options.baseUrl] : [])]
  // Both are awaited even when one fails, so the test never cleans up under a running process.
  const [a, b] = await Promise.allSettled([runChild(args('a'), options.env ?? {}), runChild(args('b'), options.env ?? {})])
  if (a.status === 'rejected') throw a.reason
  if (b.status === 'rejected') throw b.reason
  return { a: a.value, b: b.value }
}
