// In-process micro-benchmarks of the shared TypeScript code, run from source with tsx
// (`node --import tsx scripts/bench/micro.ts`): one JSON line on stdout.
//  - per order: validateOrder + buildOrderBody + JSON.stringify + signBody, as the order desk and
//    the client do for every order (baseline: only serialising and signing the same body);
//  - validating a 500-candle response with the wire schema (baseline: JSON.parse of its bytes).
// Real inputs: the pair records, book and a 500-candle answer come from a demo exchange over HTTP.
import { performance } from 'node:perf_hooks'
import { signBody } from '../../electron/core/exchange/auth'
import { startDemoExchange } from '../../electron/demo-exchange/server'
import { buildOrderBody, validateOrder } from '../../electron/domain/orders/order-rules'
import type { OrderContext, OrderDraft } from '../../electron/domain/orders/orders'
import { candlesResponseSchema, pairsResponseSchema } from '../../electron/domain/wire/wire'
import { walkBook } from '../../electron/domain/market/book-walk'
import { commandLineOrExit, numberFlag } from '../lib/command-line.mjs'

const ROUNDS = commandLineOrExit('bench/micro', 'usage: node --import tsx scripts/bench/micro.ts [--rounds N]', { rounds: { type: 'string' } }, ({ values }) =>
  numberFlag(values, 'rounds', { fallback: 15, whole: true, min: 1 }),
)
const WARMUP = 3

/** ms per operation of `op`, for `rounds` batches of `batch` calls after `WARMUP` batches. */
function perOp(op: (i: number) => unknown, batch: number, rounds = ROUNDS): number[] {
  const out: number[] = []
  let sink = 0
  for (let r = 0; r < WARMUP + rounds; r++) {
    const t0 = performance.now()
    for (let i = 0; i < batch; i++) if (op(i)) sink++
    const ms = (performance.now() - t0) / batch
    if (r >= WARMUP) out.push(ms)
  }
  if (sink < 0) console.error(sink)
  return out
}

async function main(): Promise<void> {
  const demo = await startDemoExchange({ port: 0, seed: 3, live: false, historyDays: 2 })
  let candleText: string
  let pairsText: string
  let book: { buy: Array<{ price: number }>; sell: Array<{ price: number }> }
  try {
    candleText = await (await fetch(`${demo.baseUrl}/charts?pair=BTC_USDT&interval=1&limit=500`)).text()
    pairsText = await (await fetch(`${demo.baseUrl}/pairs`)).text()
    book = (await (await fetch(`${demo.baseUrl}/orderbook?pair=BTC_USDT&limit_buy=1&limit_sell=1`)).json()) as typeof book
  } finally {
    await demo.close()
  }
  const pairs = pairsResponseSchema.parse(JSON.parse(pairsText))
  const pair = pairs.find((p) => p.name === 'BTC_USDT')
  if (!pair) throw new Error('BTC_USDT missing from /pairs')
  const bid = book.buy[0]?.price ?? 63_000
  const ask = book.sell[0]?.price ?? 63_010
  const ctx: OrderContext = {
    pair,
    bestBid: bid.toFixed(pair.price_precision),
    bestAsk: ask.toFixed(pair.price_precision),
    available: { base: '3.5', quote: '250000' },
    fee: { makerRate: '0.0005', takerRate: '0.001', currency: null },
  }
  // The three order types, as the form would hand them over (text as typed).
  const drafts: OrderDraft[] = [
    { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.0125', limit_price: (bid * 0.99).toFixed(2) },
    { pair: 'BTC_USDT', order_type: 'MARKET', order_side: 'SELL', wallet_type: 'SPOT', base_amount: '0.01' },
    {
      pair: 'BTC_USDT',
      order_type: 'STOP_LIMIT',
      order_side: 'SELL',
      wallet_type: 'SPOT',
      base_amount: '0.02',
      limit_price: (bid * 0.97).toFixed(2),
      stop_price: (bid * 0.975).toFixed(2),
      stop_operator: 'LTE',
    },
  ]
  const secret = 'b'.repeat(64)
  for (const d of drafts) {
    const check = validateOrder(d, ctx)
    if (check.errors.length) throw new Error(`bench draft invalid: ${JSON.stringify(check.errors)}`)
  }
  const bodies = drafts.map((d, i) => JSON.stringify(buildOrderBody(d, ctx, `bench-${i}`)))

  const order = perOp((i) => {
    const draft = drafts[i % 3]!
    const check = validateOrder(draft, ctx)
    if (check.errors.length) return false
    const text = JSON.stringify(buildOrderBody(draft, ctx, `bench-${i}`))
    return signBody(secret, text).length === 64
  }, 2_000)
  const orderBaseline = perOp((i) => signBody(secret, bodies[i % 3]!).length === 64, 2_000)

  const parsedCandles: unknown = JSON.parse(candleText)
  const count = (parsedCandles as unknown[]).length
  const candles = perOp(() => candlesResponseSchema.parse(parsedCandles).length === count, 20)
  const candlesBaseline = perOp(() => (JSON.parse(candleText) as unknown[]).length === count, 20)

  // The market-order preview's walk over a 1,000-level book (prices and amounts as the wire gives
  // them), spending enough to take every level: best first as the exchange sends it, and shuffled
  // (the sort is real) as the worst case.
  const levels = Array.from({ length: 1_000 }, (_, i) => ({ price: (ask + i * 0.37).toFixed(2), amount: (0.001 + ((i * 7919) % 1000) / 10_000).toFixed(6) }))
  const shuffled = levels.map((l, i) => levels[(i * 337) % levels.length]!)
  const walk = perOp(() => walkBook({ side: 'BUY', quoteAmount: '1000000000', asks: levels }).levelsUsed === 1_000, 20)
  const walkShuffled = perOp(() => walkBook({ side: 'BUY', quoteAmount: '1000000000', asks: shuffled }).levelsUsed === 1_000, 20)

  process.stdout.write(`${JSON.stringify({ order, orderBaseline, candles, candlesBaseline, candleCount: count, candleBytes: candleText.length, walk, walkShuffled })}\n`)
}

main().catch((error: unknown) => {
  process.stderr.write(`micro bench failed: ${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(1)
})
