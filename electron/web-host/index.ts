// `npm run web-host -- --port <port> [--no-open]`: the terminal without Electron. Prints exactly one
// JSON line ({"url": ...}, the token inside) once it listens; SIGINT/SIGTERM stop it cleanly.
import { spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { openHostTerminal } from '../core/host'
import { embeddedDemoExchange } from '../demo-exchange/server'
import { startWebHost } from './server'

interface Args {
  port: number
  open: boolean
}

function parseArgs(argv: string[]): Args {
  const args: Args = { port: 0, open: true }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === '--no-open') args.open = false
    else if (arg === '--port') {
      const value = Number(argv[++i])
      if (!Number.isInteger(value) || value < 0 || value > 65535) throw new Error(`--port needs a number from 0 to 65535, got ${argv[i] ?? 'nothing'}`)
      args.port = value
    } else if (arg === '--help') {
      process.stderr.write('Usage: npm run web-host -- [--port <port>] [--no-open]\n')
      process.exit(0)
    } else throw new Error(`Unknown option ${arg}`)
  }
  return args
}

/** Chromium or Chrome in app mode, when one is installed. */
export function findBrowser(): string | null {
  const candidates = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable', '/Applications/Google Chrome.app/Contents/MacOS/Google Chrome']
  return candidates.find((c) => existsSync(c)) ?? null
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2))
  const demo = embeddedDemoExchange()
  const host = await openHostTerminal({
    host: 'web',
    demo,
  })
  const web = await startWebHost({
    core: host.core,
    staticDir: join(__dirname, '../renderer'),
    port: args.port,
    onInternalError: (error) => host.logger.error('internal error', { code: error.code, message: error.message }),
  })
  process.stdout.write(`${JSON.stringify({ url: web.url })}\n`)

  let browser: ReturnType<typeof spawn> | null = null
  if (args.open) {
    const exe = findBrowser()
    if (exe) {
      const profileDir = join(host.dataDir, 'browser-profile')
      browser = spawn(exe, [`--app=${web.url}`, `--user-data-dir=${profileDir}`, '--window-size=1440,900', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])], { stdio: 'ignore', detached: false })
      browser.on('exit', () => void stop())
    } else {
      process.stderr.write(`No Chromium or Chrome found: open ${web.url} in a browser.\n`)
    }
  }

  let stopping = false
  async function stop(): Promise<void> {
    if (stopping) return
    stopping = true
    browser?.kill()
    await web.close()
    await host.core.dispose()
    await demo.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())
}

main().catch((error: unknown) => {
  process.stderr.write(`web host failed to start: ${error instanceof Error ? error.message : String(error)}\n`)
  process.exit(1)
})
