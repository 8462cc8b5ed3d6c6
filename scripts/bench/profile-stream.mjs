// Where the window spends its time under the firehose: the stream of measureStream (2,000 trades/s
// from a demo exchange process's tape) with the one-chart or the 2×2 layout, recorded with the CDP
// profiler, and the profile's self time summed by function and by source file. Self time is less
// moved than frames a second by other work on a shared machine, so a change is judged by it.
// Not a bench group (nothing is judged): a tool to find what to fix. Build first (ensure-built.mjs).
//
//   node scripts/bench/profile-stream.mjs [--charts 1|4] [--seconds 15] [--rate 2000] [--top 30] [--out profile.cpuprofile]
//   node scripts/bench/profile-stream.mjs --trace …   the main thread's trace events (layout, paint, …) instead,
//   and what style and layout worked on, counted (trace-counts.mjs)
import { writeFileSync } from 'node:fs'
import { basename } from 'node:path'
import { parseArgs } from 'node:util'
import { launchChromium, summarize } from './lib.mjs'
import { measureStream } from './app-under-load.mjs'
import { styleAndLayoutCounts } from './trace-counts.mjs'

/** Self time (ms) per key of a CDP profile: `keyOf(callFrame)` names a node's bucket. */
export function selfTimes(profile, keyOf) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]))
  const hits = new Map()
  const deltas = profile.timeDeltas ?? []
  profile.samples.forEach((id, i) => {
    const ms = (deltas[i + 1] ?? deltas[i] ?? 0) / 1000
    hits.set(id, (hits.get(id) ?? 0) + ms)
  })
  const out = new Map()
  for (const [id, ms] of hits) {
    const key = keyOf(byId.get(id).callFrame)
    out.set(key, (out.get(key) ?? 0) + ms)
  }
  return [...out.entries()].sort((a, b) => b[1] - a[1])
}

const fileOf = (f) => (f.url ? basename(f.url.split('?')[0]) : `(${f.functionName || 'native'})`)
const fnOf = (f) => `${f.functionName || '(anonymous)'} ${fileOf(f)}:${f.lineNumber + 1}`

const MAIN_THREAD = ['TaskDuration', 'ScriptDuration', 'RecalcStyleDuration', 'LayoutDuration', 'RecalcStyleCount', 'LayoutCount']

/** The renderer main thread's totals so far (CDP Performance.getMetrics): seconds, and counts. */
async function metricsOf(cdp) {
  const { metrics } = await cdp.send('Performance.getMetrics')
  return Object.fromEntries(metrics.filter((m) => MAIN_THREAD.includes(m.name)).map((m) => [m.name, m.value]))
}

/** A CPU profile of the measured seconds and the main thread's metrics over them. */
const cpuRecorder = () => {
  let before = {}
  return {
    async start(cdp) {
      await cdp.send('Performance.enable')
      before = await metricsOf(cdp)
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.start')
    },
    async stop(cdp) {
      const after = await metricsOf(cdp)
      const { profile } = await cdp.send('Profiler.stop')
      return { profile, metrics: Object.fromEntries(MAIN_THREAD.map((k) => [k, (after[k] ?? 0) - (before[k] ?? 0)])) }
    },
  }
}

/** A timeline trace of the measured seconds: its events. */
const traceRecorder = () => {
  const events = []
  let done = null
  return {
    async start(cdp) {
      cdp.on('Tracing.dataCollected', (e) => events.push(...e.value))
      done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
      await cdp.send('Tracing.start', { categories: 'devtools.timeline,disabled-by-default-devtools.timeline', transferMode: 'ReportEvents' })
    },
    async stop(cdp) {
      await cdp.send('Tracing.end')
      await done
      return { events }
    },
  }
}

/**
 * Self time of the renderer main thread's complete events by name (ms), and how many: each event's
 * duration less its children's on the same thread, the thread the most RunTask time ran on.
 */
export function traceSelfTimes(events) {
  const tasks = new Map()
  for (const e of events) if (e.name === 'RunTask' && e.ph === 'X') tasks.set(`${e.pid}:${e.tid}`, (tasks.get(`${e.pid}:${e.tid}`) ?? 0) + e.dur)
  const main = [...tasks].sort((a, b) => b[1] - a[1])[0]?.[0]
  const spans = events.filter((e) => e.ph === 'X' && `${e.pid}:${e.tid}` === main && typeof e.dur === 'number').sort((a, b) => a.ts - b.ts || b.dur - a.dur)
  const self = new Map()
  const count = new Map()
  const stack = []
  for (const e of spans) {
    while (stack.length && stack.at(-1).ts + stack.at(-1).dur <= e.ts) stack.pop()
    const parent = stack.at(-1)
    if (parent) self.set(parent.name, (self.get(parent.name) ?? 0) - e.dur / 1000)
    self.set(e.name, (self.get(e.name) ?? 0) + e.dur / 1000)
    count.set(e.name, (count.get(e.name) ?? 0) + 1)
    stack.push(e)
  }
  return [...self].map(([name, ms]) => [name, ms, count.get(name)]).sort((a, b) => b[1] - a[1])
}

const { values } = parseArgs({
  options: {
    charts: { type: 'string', default: '4' },
    seconds: { type: 'string', default: '15' },
    rate: { type: 'string', default: '2000' },
    top: { type: 'string', default: '30' },
    trace: { type: 'boolean', default: false },
    out: { type: 'string', default: '' },
  },
})
const seconds = Number(values.seconds)
// Per second, and per frame shown: a busy machine gives the window fewer frames, each doing the same work.
let frames = 1
const perSec = (ms) => `${(ms / seconds).toFixed(0)} ms/s ${(ms / frames).toFixed(2).padStart(6)} ms/frame`
const browser = await launchChromium()
try {
  const record = values.trace ? traceRecorder() : cpuRecorder()
  const r = await measureStream(browser, { seconds, rate: Number(values.rate), warmupSeconds: 5, source: 'tape', fourCharts: values.charts === '4', record })
  const fps = summarize(r.fps)
  frames = Math.max(
    1,
    r.fps.reduce((a, b) => a + b, 0),
  )
  const paints = summarize(r.liveRenderMs)
  console.log(`${values.charts} chart(s), ${r.sentPerSec.toFixed(0)} trades/s sent, ${r.deliveredPerSec.toFixed(0)}/s delivered, ${seconds} s`)
  console.log(`fps median ${fps.median} (min ${fps.min}, max ${fps.max}, n ${r.fps.length}); long tasks ${r.longTasks}, ${r.longTaskMs.toFixed(0)} ms`)
  console.log(`chart paints: ${r.liveRenderMs.length} (${(r.liveRenderMs.length / seconds).toFixed(0)}/s), data-render-ms p50 ${paints.median.toFixed(2)} max ${paints.max.toFixed(2)}`)
  if (values.trace) {
    console.log('\nmain thread self time by trace event:')
    for (const [k, ms, n] of traceSelfTimes(r.recorded.events).slice(0, Number(values.top))) console.log(`  ${perSec(ms).padStart(10)}  ${k} (${(n / seconds).toFixed(0)}/s)`)
    const c = styleAndLayoutCounts(r.recorded.events)
    const each = (n, of) => (of > 0 ? (n / of).toFixed(0) : '0')
    console.log(`\nstyle: ${each(c.styleRecalcs, seconds)} recalculations/s, ${each(c.elementsStyled, frames)} elements styled a frame`)
    console.log(`layout: ${each(c.layouts, seconds)} layouts/s, ${c.fromDocument} of ${c.layouts} from the document, ${each(c.dirtyObjects, c.layouts)} objects dirty in each`)
  } else {
    const { profile, metrics: m } = r.recorded
    const out = values.out || `/tmp/stream-${values.charts}charts.cpuprofile`
    writeFileSync(out, JSON.stringify(profile))
    const span = (profile.endTime - profile.startTime) / 1e6
    const rate = (ms) => `${(ms / span).toFixed(0)} ms/s ${((ms * seconds) / span / frames).toFixed(2).padStart(6)} ms/frame`
    const files = selfTimes(profile, fileOf)
    const idle = files.find(([k]) => k === '((idle))')?.[1] ?? 0
    const s = (name) => `${(((m[name] ?? 0) / seconds) * 1000).toFixed(0)} ms/s`
    console.log(`busy (not idle) ${rate(span * 1000 - idle)} of the main thread; profile ${out}`)
    console.log(
      `main thread (Performance.getMetrics): tasks ${s('TaskDuration')}, script ${s('ScriptDuration')}, style ${s('RecalcStyleDuration')} (${(m.RecalcStyleCount / seconds).toFixed(0)}/s), layout ${s('LayoutDuration')} (${(m.LayoutCount / seconds).toFixed(0)}/s)`,
    )
    console.log('\nself time by file:')
    for (const [k, ms] of files.slice(0, 15)) console.log(`  ${rate(ms).padStart(10)}  ${k}`)
    console.log('\nself time by function:')
    for (const [k, ms] of selfTimes(profile, fnOf).slice(0, Number(values.top))) console.log(`  ${rate(ms).padStart(10)}  ${k}`)
  }
} finally {
  await browser.close()
}
