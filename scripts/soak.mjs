#!/usr/bin/env node
// `npm run soak -- [--minutes 10] [--max-rss-growth-mb 20] [--max-heap-growth-mb 5]
//                  [--max-renderer-heap-growth-mb 5] [--no-browser] [--trade-rate 20] [--out path]`
// The web host with a streaming market for a bounded time (10 minutes by default), with repeated
// profile and account switching, small limit orders placed and cancelled, and (unless --no-browser)
// the window open in Chromium clicking through intervals and pairs. Web host RSS and renderer heap
// (after GC) are sampled every 5 s, the host's JS heap after a GC every 30 s; the result is printed
// (start/end/min/max/slope/growth) and the script exits 1 when RSS, that heap or the renderer's heap
// grew by more than its threshold (the heaps are where a leak shows whatever V8 does with its pages),
// or when anything failed on the way: an order, a switch, a click, a sample. Not part of `npm test`.
import { mkdirSync, writeFileSync } from 'node:fs'
import { dirname, join, resolve } from 'node:path'
import { ROOT, launchChromium, withTimeout } from './bench/lib.mjs'
import { runSoak } from './bench/soak-run.mjs'
import { commandLineOrExit, numberFlag } from './lib/command-line.mjs'

const MB = 1024 * 1024

const USAGE = 'usage: npm run soak -- [--minutes N] [--max-rss-growth-mb N] [--max-heap-growth-mb N] [--max-renderer-heap-growth-mb N] [--trade-rate N] [--no-browser] [--out path]'
const OPTIONS = {
  minutes: { type: 'string' },
  'max-rss-growth-mb': { type: 'string' },
  'max-heap-growth-mb': { type: 'string' },
  'max-renderer-heap-growth-mb': { type: 'string' },
  'trade-rate': { type: 'string' },
  'no-browser': { type: 'boolean' },
  out: { type: 'string' },
}

function readArgs({ values }) {
  return {
    minutes: numberFlag(values, 'minutes', { fallback: 10, above: 0, max: 120 }),
    maxGrowthMb: numberFlag(values, 'max-rss-growth-mb', { fallback: 20, above: 0 }),
    // Two soaks of the build with the bounded demo ledger grew 3.1 and 3.3 MB (bench/README.md, "Soak").
    maxHeapGrowthMb: numberFlag(values, 'max-heap-growth-mb', { fallback: 5, above: 0 }),
    // The window's heap after GC grew 2.3 MB in a 10-minute soak (bench/README.md, "Soak"); 5 MB is
    // the stream group's budget for the same heap.
    maxRendererHeapGrowthMb: numberFlag(values, 'max-renderer-heap-growth-mb', { fallback: 5, above: 0 }),
    browser: values['no-browser'] !== true,
    tradeRate: numberFlag(values, 'trade-rate', { fallback: 20, above: 0, max: 200 }),
    out: values.out === undefined ? join(ROOT, '.bench', 'soak.json') : resolve(values.out),
  }
}

function describe(label, s) {
  if (!s) return `${label}: no samples`
  const mb = (v) => `${(v / MB).toFixed(1)} MB`
  return `${label}: start ${mb(s.start)}, end ${mb(s.end)}, min ${mb(s.min)}, max ${mb(s.max)}, slope ${(s.slopePerMin / MB).toFixed(2)} MB/min, growth (last fifth − first fifth) ${mb(s.growth)}, ${s.samples} samples`
}

async function main() {
  const args = commandLineOrExit('soak', USAGE, OPTIONS, readArgs)
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
    describe('web host JS heap (after GC, every 30 s)', result.hostHeap),
    describe('renderer JS heap (after GC)', result.heap),
    `actions: ${JSON.stringify(result.counts)}`,
    ...result.errors.map((e) => `error: ${e}`),
  ]
  process.stdout.write(`${lines.join('\n')}\n`)
  mkdirSync(dirname(args.out), { recursive: true })
  writeFileSync(args.out, `${JSON.stringify({ when: new Date().toISOString(), ...args, ...result }, null, 2)}\n`)
  const growthMb = result.rss ? result.rss.growth / MB : Infinity
  const heapMb = result.hostHeap ? result.hostHeap.growth / MB : Infinity
  const rendererMb = result.heap ? result.heap.growth / MB : Infinity
  const verdicts = [
    [`web host RSS grew ${growthMb.toFixed(1)} MB (limit ${args.maxGrowthMb} MB)`, growthMb <= args.maxGrowthMb],
    [`its JS heap after GC grew ${heapMb.toFixed(1)} MB (limit ${args.maxHeapGrowthMb} MB)`, heapMb <= args.maxHeapGrowthMb],
    // Without a window there is no renderer heap to judge; with one, no samples is a failure too.
    ...(args.browser ? [[`the renderer's JS heap after GC grew ${rendererMb.toFixed(1)} MB (limit ${args.maxRendererHeapGrowthMb} MB)`, rendererMb <= args.maxRendererHeapGrowthMb]] : []),
    [`${result.counts.errors} errors`, result.counts.errors === 0],
  ]
  const ok = verdicts.every(([, within]) => within)
  if (!ok) process.exitCode = 1
  process.stdout.write(`soak: ${ok ? 'ok' : 'FAIL'} — ${verdicts.map(([text, within]) => (within ? text : `${text}: OVER`)).join('; ')}\n`)
}

main().catch((error) => {
  process.stderr.write(`soak failed: ${error instanceof Error ? error.stack : String(error)}\n`)
  process.exit(2)
})
