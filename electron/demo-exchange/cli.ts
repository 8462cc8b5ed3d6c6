// `npm run demo-exchange -- --port <port> [--seed <n>] [--admin]`: the demo exchange as a process of
// its own. Prints exactly one JSON line (base URL and the demo credentials; with --admin also
// "adminToken" for the /__admin endpoints of admin.ts) once listening, then serves until
// SIGINT/SIGTERM. Bundled to CommonJS, so no top-level await and no import.meta here.
import { startDemoExchange } from './server'

function parseArgs(argv: readonly string[]): { port: number; seed: number; admin: boolean } | string {
  let port = 0
  let seed = 1
  let admin = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (arg === '--admin') {
      admin = true
      continue
    }
    const [name, inline] = arg.includes('=') ? (arg.split('=', 2) as [string, string]) : [arg, undefined]
    if (name !== '--port' && name !== '--seed') return `unknown argument ${arg}`
    const value = inline ?? argv[++i]
    if (value === undefined || !/^\d+$/.test(value)) return `${name} needs a non-negative integer`
    if (name === '--port') port = Number(value)
    else seed = Number(value)
  }
  if (port > 65535) return '--port must be at most 65535'
  return { port, seed, admin }
}

function main(): void {
  const args = parseArgs(process.argv.slice(2))
  if (typeof args === 'string') {
    process.stderr.write(`demo-exchange: ${args}\nusage: demo-exchange --port <port> [--seed <n>] [--admin]\n`)
    process.exit(2)
  }
  startDemoExchange({ port: args.port, seed: args.seed, admin: args.admin }).then(
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
