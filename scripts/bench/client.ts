// The exchange client's GET /trades throughput against a demo exchange in another process, as a
// ratio to a bare fetch loop (keep-alive, JSON read) in this same process, alternated round by
// round so both see the same machine. Run from source: `node --import tsx scripts/bench/client.ts
// --base-url <url> [--rounds N] [--seconds S] [--concurrency C]`; one JSON line on stdout.
import { performance } from 'node:perf_hooks'
import { createExchangeClient } from '../../electron/core/exchange/client'
import { commandLineOrExit, numberFlag } from '../lib/command-line.mjs'

const USAGE = 'usage: node --import tsx scripts/bench/client.ts --base-url <url> [--rounds N] [--seconds S] [--concurrency C]'
const number = { type: 'string' } as const
const { baseUrl, ROUNDS, SECONDS, CONCURRENCY } = commandLineOrExit('bench/client', USAGE, { 'base-url': { type: 'string' }, rounds: number, seconds: number, concurrency: number }, ({ values }) => ({
  baseUrl: values['base-url'],
  ROUNDS: numberFlag(values, 'rounds', { fallback: 5, whole: true, min: 1 }),
  SECONDS: numberFlag(values, 'seconds', { fallback: 2, above: 0 }),
  CONCURRENCY: numberFlag(values, 'concurrency', { fallback: 8, whole: true, min: 1 }),
}))
const PAIR = 'BTC_USDT'
const LIMIT = 100

/** Requests per second of `call` with CONCURRENCY loops for `seconds`. */
async function rate(call: () => Promise<number>, seconds: number): Promise<number> {
  const end = performance.now() + seconds * 1000
  let done = 0
  const loop = async () => {
    while (performance.now() < end) {
      if ((await call()) > 0) done++
    }
  }
  const t0 = performance.now()
  await Promise.all(Array.from({ length: CONCURRENCY }, loop))
  return done / ((performance.now() - t0) / 1000)
}

async function main(): Promise<void> {
  if (!baseUrl) throw new Error('--base-url is required')
  const client = createExchangeClient({ baseUrl })
  const url = `${baseUrl}/trades?pair=${PAIR}&limit=${LIMIT}`
  const viaClient = async () => (await client.trades({ pair: PAIR, limit: LIMIT })).length
  const viaFetch = async () => {
    const res = await fetch(url)
    return ((await res.json()) as unknown[]).length
  }
  // Warm-up: connections, JIT.
  await rate(viaClient, 1)
  await rate(viaFetch, 1)
  const clientRates: number[] = []
  const fetchRates: number[] = []
  for (let r = 0; r < ROUNDS; r++) {
    // Alternate which goes first so a drift of the machine does not favour one side.
    if (r % 2 === 0) {
      clientRates.push(await rate(viaClient, SECONDS))
      fetchRates.push(await rate(viaFetch, SECONDS))
    } else {
      fetchRates.push(await rate(viaFetch, SECONDS))
      clientRates.push(await rate(viaClient, SECONDS))
    }
  }
  process.stdout.write(`${JSON.stringify({ client: clientRates, fetch: fetchRates, concurrency: CONCURRENCY })}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`client bench failed: ${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
