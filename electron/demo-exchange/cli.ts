// `npm run demo-exchange -- --port <port> [--seed <n>] [--admin] [--still]`: the demo exchange as a process of
// its own. Prints exactly one JSON line (base URL and the demo credentials; with --admin also
// "adminToken" for the /__admin endpoints of admin.ts) once listening, then serves until
// SIGINT/SIGTERM. Bundled to CommonJS, so no top-level await and no import.meta here.
import { parseArgs } from 'node:util'
import { startDemoExchange } from './server'

const USAGE = 'usage: demo-exchange --port <port> [--seed <n>] [--admin] [--still]   (--still: the market moves only when orders trade)'

/** The options, or what is wrong with the command line (Node's parseArgs names the flag). */
function readArgs(argv: readonly string[]): { port: number; seed: number; admin: boolean; still: boolean } | 'help' | string {
  let values: { port: string; seed: string; admin: boolean; still: boolean; help: boolean }
  try {
    const options = {
      port: { type: 'string', default: '0' },
      seed: { type: 'string', default: '1' },
      admin: { type: 'boolean', default: false },
      still: { type: 'boolean', default: false },
      help: { type: 'boolean', short: 'h', default: false },
    } as const
    values = parseArgs({ args: [...argv], options, strict: true }).values
  } catch (error) {
    return error instanceof Error ? error.message.replaceAll('\n', ' ') : String(error)
  }
  if (values.help) return 'help'
  const port = /^\d+$/.test(values.port) ? Number(values.port) : Number.NaN
  if (!(port <= 65535)) return `--port takes a whole number from 0 to 65535 (0: any free port), got "${values.port}"`
  const seed = /^\d+$/.test(values.seed) ? Number(values.seed) : Number.NaN
  if (!Number.isSafeInteger(seed)) return `--seed takes a whole number from 0 to ${Number.MAX_SAFE_INTEGER}, got "${values.seed}"`
  return { port, seed, admin: values.admin, still: values.still }
}

function main(): void {
  const args = readArgs(process.argv.slice(2))
  if (args === 'help') {
    process.stdout.write(`${USAGE}\n`)
    process.exit(0)
  }
  if (typeof args === 'string') {
    process.stderr.write(`demo-exchange: ${args}\n${USAGE}\n`)
    process.exit(2)
  }
  startDemoExchange({ port: args.port, seed: args.seed, admin: args.admin, live: !args.still }).then(
    (exchange) => {
      // the one line on stdout: whoever started us reads it to learn where to connect and with what keys
      const line = { baseUrl: exchange.baseUrl, accounts: exchange.accounts, ...(exchange.adminToken ? { adminToken: exchange.adminToken } : {}) }
      process.stdout.write(`${JSON.stringify(line)}\n`)
      let stopping = false
      const stop = (): void => {
        if (stopping) return
        stopping = true
        exchange.close().then(
          () => process.exit(0),
          () => process.exit(1),
        )
      }
      process.on('SIGINT', stop)
      process.on('SIGTERM', stop)
    },
    (err: unknown) => {
      process.stderr.write(`demo-exchange: cannot start: ${err instanceof Error ? err.message : String(err)}\n`)
      process.exit(1)
    },
  )
}

main()
