// The portfolio's bench, run from source with tsx (`node --import tsx scripts/bench/portfolio.ts`): one
// JSON line on stdout.
//  - valuing 5 accounts × 40 currencies in USDT through the tickers (30 with a USDT pair, 8 only
//    through BTC, 2 with no route; bench/portfolio-page/input.ts), as portfolio.get does once it has
//    read the balances: the valuation alone (the browser group's fixture page draws it too);
//  - the equity store's file for 90 days of one account recorded every minute, compacted as the
//    store keeps it (a week by the minute, then hourly).
import { mkdtempSync, rmSync, statSync, writeFileSync, mkdirSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { performance } from 'node:perf_hooks'
import { valuePortfolio } from '../../electron/domain/portfolio/portfolio'
import { DAY_MS, MINUTE_MS } from '../../electron/domain/portfolio/equity-series'
import { createEquityStore } from '../../electron/core/portfolio/equity-store'
import { commandLineOrExit, numberFlag } from '../lib/command-line.mjs'
import { valuationInput } from '../../bench/portfolio-page/input'

const ROUNDS = commandLineOrExit('bench/portfolio', 'usage: node --import tsx scripts/bench/portfolio.ts [--rounds N]', { rounds: { type: 'string' } }, ({ values }) =>
  numberFlag(values, 'rounds', { fallback: 15, whole: true, min: 1 }),
)

async function equityFileBytes(): Promise<number> {
  const dir = mkdtempSync(join(tmpdir(), 'bench-equity-'))
  try {
    const now = Date.UTC(2026, 10, 26, 12)
    const store = createEquityStore(dir, () => now)
    const key = { exchange: 'https://exchange.example', accountId: 1, quote: 'USDT' }
    const points = []
    for (let t = now - 90 * DAY_MS + MINUTE_MS; t < now; t += MINUTE_MS) points.push({ t, value: (1234567.891234 + (t % 99_991) / 7).toFixed(6) })
    mkdirSync(join(dir, 'equity'), { recursive: true })
    writeFileSync(store.pathOf(key), JSON.stringify({ version: 1, ...key, points }))
    await store.record(key, { t: now, value: '1234567.891234' }) // the store compacts as it writes
    return statSync(store.pathOf(key)).size
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}

async function main(): Promise<void> {
  const input = valuationInput()
  const value: number[] = []
  for (let r = 0; r < 3 + ROUNDS; r++) {
    const t0 = performance.now()
    const p = valuePortfolio(input)
    const ms = performance.now() - t0
    if (p.unpriced.length !== 10) throw new Error(`bench portfolio: expected 10 unpriced rows, got ${p.unpriced.length}`)
    if (r >= 3) value.push(ms)
  }
  process.stdout.write(`${JSON.stringify({ value, equityBytes: await equityFileBytes() })}\n`)
}

void main()
