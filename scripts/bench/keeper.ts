// The keeper of protected positions on the live feed, timed against a demo exchange in another
// process (started --admin --still, so only the drives move its market): a price crossing a target
// → the exit's first order call on the demo's HTTP server. Each run is a fresh position: a LIMIT buy
// that the drive fills, its STOP_LIMIT resting at the exchange, one target for the whole amount
// above. Then `POST /__admin/price` drives the price to the target, and the time is from the moment
// that drive began (its answer's `at`) to the arrival of the keeper's cancel of the stop
// (`GET /__admin/calls`), both on the demo's clock. The keeper polls once in ten minutes: only the
// feed can make it act. After each run the target's sell is filled and the position closed. The
// baseline is the same with no feed and the keeper's default 2 s polling (`--baseline-runs`).
// The gap runs (`--gap-runs`): coins held, their STOP_LIMIT resting, the price driven past the stop
// and its limit in one move; the time is from that drive to the arrival of the market fallback's
// sale (the first order POST after the drive: the stop's cancel confirmed first), on the feed.
//
// Run from source: `node --import tsx scripts/bench/keeper.ts --base-url <url> [--runs N] [--baseline-runs N]` with the
// admin token and the account's key and secret in the environment (BENCH_ADMIN_TOKEN,
// TERMINAL_API_KEY, TERMINAL_API_SECRET); one JSON line on stdout.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Decimal } from '../../electron/domain/decimal'
import type { Position, PositionPlan } from '../../electron/domain/protection/types'
import { createExchangeClient } from '../../electron/core/exchange/client'
import { createFeedClient } from '../../electron/core/live/feed-client'
import { defaultFeedUrl } from '../../electron/core/live/feed-url'
import { sourceOfClient } from '../../electron/core/live/live-link'
import { createOrderDesk } from '../../electron/core/orders/order-desk'
import { createKeeper } from '../../electron/core/positions/keeper'
import { createPositionStore } from '../../electron/core/positions/position-store'
import { commandLineOrExit, numberFlag } from '../lib/command-line.mjs'
import { changesOf, demoAdmin, env } from './demo-admin'

const USAGE =
  'usage: node --import tsx scripts/bench/keeper.ts --base-url <url> [--runs N] [--baseline-runs N] [--gap-runs N]   (BENCH_ADMIN_TOKEN, TERMINAL_API_KEY, TERMINAL_API_SECRET in the environment)'
const number = { type: 'string' } as const
const { baseUrl, RUNS, BASELINE_RUNS, GAP_RUNS } = commandLineOrExit(
  'bench/keeper',
  USAGE,
  { 'base-url': { type: 'string' }, runs: number, 'baseline-runs': number, 'gap-runs': number },
  ({ values }) => ({
    baseUrl: values['base-url'],
    RUNS: numberFlag(values, 'runs', { fallback: 20, whole: true, min: 1, max: 100 }),
    BASELINE_RUNS: numberFlag(values, 'baseline-runs', { fallback: 5, whole: true, min: 0, max: 100 }),
    GAP_RUNS: numberFlag(values, 'gap-runs', { fallback: 0, whole: true, min: 0, max: 100 }),
  }),
)
const PAIR = 'BTC_USDT'
/** Longer than a polling round (2 s), so the baseline's exit is waited for too. */
const WAIT_MS = 5_000

/**
 * Times `runs` target crossings (after one warm-up) with a keeper on the feed, or polling every 2 s
 * without one; or (`gap`, on the feed) gaps past a stop-limit to the market fallback's sale.
 */
async function measure(baseUrl: string, mode: 'feed' | 'poll' | 'gap', runs: number): Promise<number[]> {
  const credentials = { apiKey: env('TERMINAL_API_KEY'), apiSecret: env('TERMINAL_API_SECRET') }
  const demo = demoAdmin(baseUrl)
  const drive = (price: Decimal) => demo.drive(PAIR, price.toFixed())

  const client = createExchangeClient({ baseUrl, credentials: async () => credentials })
  const feed = mode !== 'poll' ? createFeedClient({ url: defaultFeedUrl(baseUrl) }) : null
  const dir = mkdtempSync(join(tmpdir(), 'bench-keeper-'))
  const changes = changesOf<Position>(WAIT_MS)
  const keeper = createKeeper({
    client,
    desk: createOrderDesk({ client, accountId: () => null }),
    store: createPositionStore(dir, 'bench'),
    pollMs: feed ? 600_000 : 2_000,
    live: feed ? () => sourceOfClient(feed) : undefined,
    onChange: changes.notify,
  })
  /** Resolves when a change of the positions satisfies `test`; rejects after WAIT_MS. */
  const until = (what: string, test: (p: Position | undefined) => boolean, id: string) => changes.until(what, id, test)

  /** One gap: 0.001 BTC held, its stop 200 under the market (limit 20 further), the market driven 300 past the limit. */
  async function gapRun(id: string): Promise<number> {
    const last = new Decimal((await client.ticker({ pair: PAIR }))[0]!.last!).toDecimalPlaces(0)
    const stop = last.minus(200)
    const limit = stop.minus(20)
    await keeper.open({
      id,
      pair: PAIR,
      side: 'BUY',
      entry: { type: 'HELD', amount: '0.001', price: last.toFixed() },
      protection: 'exchange',
      stop: { price: stop.toFixed(), limit: limit.toFixed() },
      slippage: '5',
      targets: [],
      trailing: null,
      breakevenAt: null,
      amountPrecision: 6,
      pricePrecision: 2,
      stopFallback: 'market',
    })
    await keeper.sync()
    if ((await keeper.list()).find((x) => x.id === id)?.legs[0]?.status !== 'resting') throw new Error(`${id}: the stop is not resting`)
    const sold = until('market exit', (x) => x?.legs.some((l) => l.role === 'close' && l.status !== 'placing') === true, id)
    const gapTo = limit.minus(300)
    const driven = await drive(gapTo)
    await sold
    const calls = await demo.calls()
    const exit = calls.find((c) => c.at >= driven.at && c.method === 'POST')
    if (!exit) throw new Error(`${id}: the demo saw no order after the drive`)
    // wind down: the market back at the gap's limit takes whatever still rests, then the position is closed by hand
    await drive(gapTo.minus(20).plus(1))
    await keeper.sync()
    if ((await keeper.list()).find((x) => x.id === id)?.state !== 'closed') await keeper.close(id)
    return exit.at - driven.at
  }

  const samples: number[] = []
  try {
    for (let i = 0; feed && i < 100 && feed.status !== 'live'; i++) await new Promise((r) => setTimeout(r, 50))
    if (feed && feed.status !== 'live') throw new Error(`the feed did not connect (${feed.status})`)
    await keeper.start()
    // run 0 is the warm-up (connections, JIT, the file's directory), not a sample
    for (let run = 0; run <= runs; run++) {
      const id = `${mode}_${run}`
      if (mode === 'gap') {
        const sample = await gapRun(id)
        if (run > 0) samples.push(sample)
        continue
      }
      const last = new Decimal((await client.ticker({ pair: PAIR }))[0]!.last!)
      const entry = last.minus(100).toDecimalPlaces(0)
      const target = entry.plus(200)
      const stop = entry.minus(200)
      const plan: PositionPlan = {
        id,
        pair: PAIR,
        side: 'BUY',
        entry: { type: 'LIMIT', amount: '0.001', price: entry.toFixed() },
        protection: 'exchange',
        stop: { price: stop.toFixed(), limit: stop.minus(20).toFixed() },
        slippage: '5',
        targets: [{ price: target.toFixed(), share: '100' }],
        trailing: null,
        breakevenAt: null,
        amountPrecision: 6,
        pricePrecision: 2,
      }
      await keeper.open(plan)
      await drive(entry)
      await keeper.sync() // the fill by REST (the keeper reads fills by polling): the stop goes out
      const p = (await keeper.list()).find((x) => x.id === id)
      if (p?.legs[1]?.status !== 'resting') throw new Error(`${id}: the stop is not resting (${p?.legs.map((l) => `${l.role}:${l.status}`).join(', ')})`)

      // the poll's next round is anywhere up to 2 s away, as it would be for a crossing in the market
      if (mode === 'poll') await new Promise((r) => setTimeout(r, Math.random() * 2_000))
      const exited = until('exit', (x) => x?.legs.some((l) => l.role === 'target') === true, id)
      const driven = await drive(target)
      await exited
      const calls = await demo.calls()
      const cancel = calls.find((c) => c.at >= driven.at && c.method === 'DELETE')
      if (!cancel) throw new Error(`${id}: the demo saw no cancel after the drive`)
      if (run > 0) samples.push(cancel.at - driven.at)

      // wind down: a buyer takes the target's sell, the position closes
      await drive(target.plus(1))
      await keeper.sync()
      if ((await keeper.list()).find((x) => x.id === id)?.state !== 'closed') await keeper.close(id)
    }
  } finally {
    await keeper.stop()
    feed?.close()
    rmSync(dir, { recursive: true, force: true })
  }
  return samples
}

async function main(): Promise<void> {
  if (!baseUrl) throw new Error('--base-url is required')
  const samples = await measure(baseUrl, 'feed', RUNS)
  const baseline = BASELINE_RUNS > 0 ? await measure(baseUrl, 'poll', BASELINE_RUNS) : []
  const gap = GAP_RUNS > 0 ? await measure(baseUrl, 'gap', GAP_RUNS) : []
  process.stdout.write(`${JSON.stringify({ samples, baseline, gap, pair: PAIR })}\n`)
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
