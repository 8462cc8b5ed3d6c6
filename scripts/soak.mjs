#!/usr/bin/env node
// `npm run soak -- [--minutes 10] [--max-rss-growth-mb 20] [--no-browser] [--trade-rate 20] [--out path]`
// The web host with a streaming market for a bounded time (10 minutes by default), with repeated
// profile and account switching, small limit orders placed and cancelled, and (unless --no-browser)
// the window open in Chromium clicking through intervals and pairs. Web host RSS and renderer heap
// are sampled every 5 s; the result is printed (start/end/min/max/slope/growth) and the script
// exits 1 when RSS grew by more than the threshold. Not part of `npm test`.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { ROOT, launchChromium, withTimeout } from './bench/lib.mjs'
import { runSoak } from './bench/soak-run.mjs'

const MB = 1024 * 1024

function parseArgs(argv) {
  const args = { minutes: 10, maxGrowthMb: 20, browser: true, tradeRate: 20, out: join(ROOT, '.bench', 'soak.json') }
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]
    if (a === '--minutes') args.minutes = Number(argv[++i])
    else if (a === '--max-rss-growth-mb') args.maxGrowthMb = Number(argv[++i])
    else if (a === '--trade-rate') args.tradeRate = Number(argv[++i])
    else if (a === '--no-browser') args.browser = false
    else if (a === '--out') args.out = resolve(argv[++i] ?? '')
    else if (a === '--help') {
      process.stdout.write('usage: npm run soak -- [--minutes N] [--max-rss-growth-mb N] [--trade-rate N] [--no-browser] [--out path]\n')
      process.exit(0)
    } else throw new Error(`unknown option ${a}`)
  }
  if (!(args.minutes > 0 && args.minutes <= 120)) throw new Error('--minutes takes 0 < N ≤ 120')
  if (!(args.maxGrowthMb > 0)) throw new Error('--max-rss-growth-mb takes a positive number')
  if (!(args.tradeRate > 0 && args.tradeRate <= 200)) throw new Error('--trade-rate takes 0 < N ≤ 200')
  return args
}

function describe(label, s) {
  if (!s) return `${label}: no samples`
  const mb = (v) => `${(v / MB).toFixed(1)} MB`
  return `${label}: start ${mb(s.start)}, end ${mb(s.end)}, min ${mb(s.min)}, max ${mb(s.max)}, slope ${(s.slopePerMin / MB).toFixed(2)} MB/min, growth (last fifth − first fifth) ${mb(s.growth)}, ${s.samples} samples`
}

async function main() {
  const args = parseArgs(process.argv.slice(2))
  const stop = new AbortController()
  process.once('SIGINT', () => stop.abort())
  process.once('SIGTERM', () => stop.abort())
  const browser = args.browser ? await launchChromium() : null
  let result
  try {
    result = await withTimeout(
      runSoak({ seconds: Math.round(args.minutes * 60), browser, tradeRate: args.tradeRate, signal: stop.signal, log: (l) => process.stderr.write(`${l}\n`) }),
      (args.minutes * 60 + 120) * 1000,
      'the soak',
    )
  } finally {
    await browser?.close().catch(() => {})
  }
  const lines = [
    `soak: ${args.minutes} min (after a 15 s warm-up)`,
    describe('web host RSS (demo exchange embedded)', result.rss),
    describe('renderer JS heap (after GC)', result.heap),
    `actions: ${JSON.stringify(result.counts)}`,
    ...result.errors.map((e) => `error: ${e}`),
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
  mkdirSync(dirname(args.out), { recursive: true })
  writeFileSync(args.out, `${JSON.stringify({ when: new Date().toISOString(), ...args, ...result }, null, 2)}\n`)
  const growthMb = result.rss ? result.rss.growth / MB : Infinity
  if (!(growthMb <= args.maxGrowthMb)) {
    process.stdout.write(`soak: FAIL — web host RSS grew ${growthMb.toFixed(1)} MB (limit ${args.maxGrowthMb} MB)\n`)
    process.exitCode = 1
  } else {
    process.stdout.write(`soak: ok — web host RSS grew ${growthMb.toFixed(1)} MB (limit ${args.maxGrowthMb} MB)\n`)
  }
}

main().catch((error) => {
  process.stderr.write(`soak failed: ${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(2)
})
