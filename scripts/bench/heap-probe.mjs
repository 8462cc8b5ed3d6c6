// Loaded into the web host by the soak only (`node --expose-gc --import heap-probe.mjs`), never by
// the app: every BENCH_HEAP_PROBE_MS (default 30 s) it runs a full garbage collection and appends the
// process's memory as one JSON line to the file BENCH_HEAP_PROBE names. Resident memory alone cannot
// tell a leak from V8 growing its heap (new space up to 32 MB, old-space slack, JIT code): the JS heap
// after a collection can. A collection every 30 s is a light touch next to the collections the soak's
// load causes anyway; a shorter period would hold resident memory down and flatter the RSS figure.
import { appendFileSync } from 'node:fs'

const out = process.env.BENCH_HEAP_PROBE
if (out && typeof globalThis.gc === 'function') {
  const every = Math.max(1_000, Number(process.env.BENCH_HEAP_PROBE_MS) || 30_000)
  const sample = () => {
    globalThis.gc()
    const m = process.memoryUsage()
    appendFileSync(out, `${JSON.stringify({ at: Date.now(), heapUsed: m.heapUsed, heapTotal: m.heapTotal, external: m.external, rss: m.rss })}\n`)
  }
  setInterval(sample, every).unref()
}
