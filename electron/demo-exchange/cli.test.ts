// The CLI prints exactly one JSON line once listening, serves, and exits 0 on SIGTERM; a bad command
// line exits 2 with a message naming the flag, before anything listens.
import { execFile, spawn } from 'node:child_process'
import { expect, it } from 'vitest'

it('prints one JSON line with the base URL and credentials, serves, and stops cleanly on SIGTERM', async () => {
  const root = new URL('../..', import.meta.url).pathname
  // `npx tsx` without npx itself: npm answers SIGTERM by dying of the signal (exit 143) whatever its
  // child does, while tsx relays the signal and exits with the CLI's own code, which is what we check
  const child = spawn(`${root}node_modules/.bin/tsx`, ['electron/demo-exchange/cli.ts', '--port', '0', '--seed', '7'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let stdout = ''
  child.stdout.setEncoding('utf8')
  child.stdout.on('data', (chunk: string) => (stdout += chunk))
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })))
  try {
    const deadline = Date.now() + 15_000
    while (!stdout.includes('\n') && Date.now() < deadline && child.exitCode === null) await new Promise((r) => setTimeout(r, 50))
    const [line] = stdout.split('\n')
    const info = JSON.parse(line!) as { baseUrl: string; accounts: Record<string, unknown>[] }
    expect(info.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api\/v3$/)
    expect(info.accounts).toHaveLength(3)
    for (const a of info.accounts) expect(Object.keys(a).sort()).toEqual(['apiKey', 'apiSecret', 'email', 'id', 'name', 'parentId'])
    expect(info.accounts[0]!.parentId).toBeNull()
    expect(info.accounts[1]!.parentId).toBe(info.accounts[0]!.id)
    const time = await fetch(`${info.baseUrl}/time`)
    expect(time.status).toBe(200)
  } finally {
    child.kill('SIGTERM')
  }
  const { code } = await exited
  expect(code).toBe(0)
  expect(stdout.trim().split('\n')).toHaveLength(1)
}, 30_000)

it.each([
  [['--prot', '0'], "Unknown option '--prot'"],
  [['--port', 'eighty'], '--port takes a whole number from 0 to 65535 (0: any free port), got "eighty"'],
  [['--port', '0', '--seed'], "Option '--seed <value>' argument missing"],
])(
  '%j exits 2 and names what is wrong, printing no JSON line',
  async (args, expected) => {
    const root = new URL('../..', import.meta.url).pathname
    const result = await new Promise<{ code: number | null; stdout: string; stderr: string }>((resolve) => {
      const child = execFile(`${root}node_modules/.bin/tsx`, ['electron/demo-exchange/cli.ts', ...args], { cwd: root, timeout: 15_000 }, (_error, stdout, stderr) =>
        resolve({ code: child.exitCode, stdout, stderr }),
      )
    })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain(`demo-exchange: ${expected}`)
    expect(result.stderr).toContain('usage: demo-exchange --port <port>')
    expect(result.stdout).toBe('')
  },
  30_000,
)
