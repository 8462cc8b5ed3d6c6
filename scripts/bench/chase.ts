// A chase kept by the keeper on the live feed, timed against a demo exchange in another process
// (started --admin --still, so only the bench moves its market): another trader's higher bid moves the
// touch away from the chase's resting buy → the chase's new order at the new touch on the demo's
// HTTP server. The time is from the arrival of the other trader's order (the touch move) to the
// arrival of the chase's new order (after its cancel, confirmed), both in `GET /__admin/calls` on the
// demo's clock. The keeper polls once in ten minutes: only the feed's book can make it act. Each run
// is a fresh chase of 0.001 BTC; after each, the chase is cancelled and the other trader's bid too. The other
// trader quotes a bid and an ask around the last price first, so there is a touch whatever the book was.
//
// Run from source: `node --import tsx scripts/bench/chase.ts --base-url <url> [--runs N]` with the
// admin token, the account's key and secret and the other trader's in the environment
// (BENCH_ADMIN_TOKEN, TERMINAL_API_KEY, TERMINAL_API_SECRET, BENCH_OTHER_API_KEY, BENCH_OTHER_API_SECRET);
// one JSON line on stdout.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { Decimal } from '../../electron/domain/decimal'
import type { Algo } from '../../electron/domain/algos/types'
import { createExchangeClient } from '../../electron/core/exchange/client'
import { createFeedClient } from '../../electron/core/live/feed-client'
import { defaultFeedUrl } from '../../electron/core/live/feed-url'
import { sourceOfClient } from '../../electron/core/live/live-link'
import { createOrderDesk } from '../../electron/core/orders/order-desk'
import { algoPlanFor } from '../../electron/core/positions/algo-start'
import { createKeeper } from '../../electron/core/positions/keeper'
import { createPositionStore } from '../../electron/core/positions/position-store'
import { commandLineOrExit, numberFlag } from '../lib/command-line.mjs'
import { changesOf, demoAdmin, env } from './demo-admin'

const USAGE =
  'usage: node --import tsx scripts/bench/chase.ts --base-url <url> [--runs N]   (BENCH_ADMIN_TOKEN, TERMINAL_API_KEY, TERMINAL_API_SECRET, BENCH_OTHER_API_KEY, BENCH_OTHER_API_SECRET in the environment)'
const { baseUrl, RUNS } = commandLineOrExit('bench/chase', USAGE, { 'base-url': { type: 'string' }, runs: { type: 'string' } }, ({ values }) => ({
  baseUrl: values['base-url'],
  RUNS: numberFlag(values, 'runs', { fallback: 20, whole: true, min: 1, max: 100 }),
}))
const PAIR = 'BTC_USDT'
const WAIT_MS = 5_000
/** Time for a new chase's book to come live on the feed (its snapshot) before the touch moves: not timed. */
const SETTLE_MS = 300

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function measure(url: string, runs: number): Promise<number[]> {
  const demo = demoAdmin(url)
  const client = createExchangeClient({ baseUrl: url, credentials: async () => ({ apiKey: env('TERMINAL_API_KEY'), apiSecret: env('TERMINAL_API_SECRET') }) })
  const other = createExchangeClient({ baseUrl: url, credentials: async () => ({ apiKey: env('BENCH_OTHER_API_KEY'), apiSecret: env('BENCH_OTHER_API_SECRET') }) })
  const feed = createFeedClient({ url: defaultFeedUrl(url) })
  const dir = mkdtempSync(join(tmpdir(), 'bench-chase-'))
  const changes = changesOf<Algo>(WAIT_MS)
  const keeper = createKeeper({
    client,
    desk: createOrderDesk({ client, accountId: () => null }),
    store: createPositionStore(dir, 'bench'),
    pollMs: 600_000,
    live: () => sourceOfClient(feed),
    onAlgosChange: changes.notify,
  })

  const samples: number[] = []
  let sent = 0
  try {
    for (let i = 0; i < 100 && feed.status !== 'live'; i++) await pause(50)
    if (feed.status !== 'live') throw new Error(`the feed did not connect (${feed.status})`)
    await keeper.start()
    // a touch on both sides whatever the drives before left of the book: the other trader quotes around the last price
    const last = new Decimal((await client.ticker({ pair: PAIR }))[0]!.last!).toDecimalPlaces(0)
    const quote = (side: 'BUY' | 'SELL', price: Decimal) =>
      other.placeOrder({ pair: PAIR, order_type: 'LIMIT', order_side: side, wallet_type: 'SPOT', base_amount: '0.01', limit_price: price.toFixed(), client_order_id: `bench-quote-${++sent}` })
    await quote('BUY', last.minus(20))
    await quote('SELL', last.plus(20))
    // run 0 is the warm-up (connections, JIT, the file's directory), not a sample
    for (let run = 0; run <= runs; run++) {
      const plan = await algoPlanFor(client, { kind: 'chase', pair: PAIR, side: 'BUY', amount: '0.001' })
      const started = await keeper.algo({ type: 'algo-start', plan })
      const first = started?.slices[0]
      if (first?.status !== 'resting') throw new Error(`${plan.id}: the chase's order is not resting (${first?.status})`)
      await pause(SETTLE_MS)
      const book = await client.orderbook({ pair: PAIR, limit_buy: 1, limit_sell: 1 })
      const [bid, ask] = [new Decimal(first.limitPrice!), new Decimal(String(book.sell[0]!.price))]
      const step = Decimal.min(1, ask.minus(bid).div(2)).toDecimalPlaces(2, Decimal.ROUND_DOWN)
      if (step.lte(0)) throw new Error(`${plan.id}: no room inside the spread (${bid.toFixed()} / ${ask.toFixed()})`)
      const higher = bid.plus(step)
      const before = (await demo.calls()).at(-1)?.at ?? 0
      const moved = changes.until('move', plan.id, (a) => a?.slices.length === 2 && a.slices[1]!.status === 'resting')
      const bidIds = await other.placeOrder({
        pair: PAIR,
        order_type: 'LIMIT',
        order_side: 'BUY',
        wallet_type: 'SPOT',
        base_amount: '0.001',
        limit_price: higher.toFixed(),
        client_order_id: `bench-other-${++sent}`,
      })
      const after = (await moved)!
      if (after.slices[1]!.limitPrice !== higher.toFixed()) throw new Error(`${plan.id}: the chase went to ${after.slices[1]!.limitPrice}, not ${higher.toFixed()}`)
      const posts = (await demo.calls()).filter((c) => c.at > before && c.method === 'POST')
      if (posts.length < 2) throw new Error(`${plan.id}: the demo saw ${posts.length} order(s) after the move, not 2`)
      if (run > 0) samples.push(posts[1]!.at - posts[0]!.at)

      // wind down: the chase cancelled (its order with it), the other trader's bid too
      await keeper.algo({ type: 'algo-cancel', id: plan.id })
      await keeper.sync()
      await other.cancelOrders({ order_ids: bidIds })
    }
    await other.cancelOrders({ pair: PAIR })
  } finally {
    await keeper.stop()
    feed.close()
    rmSync(dir, { recursive: true, force: true })
  }
  return samples
}

async function main(): Promise<void> {
  if (!baseUrl) throw new Error('--base-url is required')
  const samples = await measure(baseUrl, RUNS)
  process.stdout.write(`${JSON.stringify({ samples, pair: PAIR })}\n`)
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
