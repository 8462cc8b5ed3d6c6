// The Chromium measures: start → first paint (the terminal against a blank Vue page), the chart's
// render and live-update times (the renderer's chart code in a fixture page), and the window under
// a stream of 200 trades per second (frame rate, renderer heap).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { ROOT, callApi, crossingOrders, demoAccounts, sleep, spawnJsonLine, startWebHost, windowUrl, withTimeout } from './lib.mjs'
import { orderLoad, tapeLoad } from './load.mjs'
import { buildPage } from './pages.mjs'
import { serveDir } from './static-host.mjs'

const VIEWPORT = { width: 1600, height: 960 }

/**
 * In the page: true once the chart's canvas shows both candle colours (the renderer's UP_COLOR
 * #26a69a and DOWN_COLOR #ef5350), i.e. candles are painted, not just an empty frame. Sampled on a
 * few rows, cheap enough to run every animation frame. Returns the wall-clock time of detection.
 */
const chartPainted = () => {
  const canvas = document.querySelector('[data-testid="chart"] canvas')
  if (!canvas || canvas.width === 0 || canvas.height === 0) return false
  const ctx = canvas.getContext('2d')
  if (!ctx) return false
  let up = false
  let down = false
  for (let k = 1; k < 12 && !(up && down); k++) {
    const y = Math.floor((canvas.height * k) / 12)
    const row = ctx.getImageData(0, y, canvas.width, 1).data
    for (let i = 0; i < row.length; i += 4) {
      const r = row[i]
      const g = row[i + 1]
      const b = row[i + 2]
      if (row[i + 3] < 128) continue
      if (Math.abs(r - 0x26) < 24 && Math.abs(g - 0xa6) < 24 && Math.abs(b - 0x9a) < 24) up = true
      else if (Math.abs(r - 0xef) < 24 && Math.abs(g - 0x53) < 24 && Math.abs(b - 0x50) < 24) down = true
    }
  }
  return up && down ? performance.timeOrigin + performance.now() : false
}

/**
 * Before the app runs: collects every value the chart writes to its `data-render-ms` attribute
 * (CandleChart.vue times each paint there), in order, without missing one between two callbacks.
 */
const recordRenderTimes = () => {
  window.__renderMs = []
  new MutationObserver((records) => {
    for (const r of records) if (r.oldValue !== null) window.__renderMs.push(Number(r.oldValue))
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-render-ms'], attributeOldValue: true })
}

/** CandleChart.vue's first paint that drew candles: its time (ms) and how many candles, or null. */
const firstCandlePaint = () => {
  const el = document.querySelector('[data-testid="chart"][data-first-paint-ms]')
  return el ? { ms: Number(el.getAttribute('data-first-paint-ms')), candles: Number(el.getAttribute('data-first-paint-candles')) } : null
}

const blankPainted = () => (document.querySelector('[data-testid="blank"]') ? performance.timeOrigin + performance.now() : false)

async function timeToPaint(browser, start, predicate) {
  const context = await browser.newContext({ viewport: VIEWPORT })
  await context.addInitScript(recordRenderTimes)
  const page = await context.newPage()
  const t0 = Date.now()
  const server = await start()
  const ready = Date.now()
  try {
    await page.goto(server.url, { waitUntil: 'commit' })
    const handle = await page.waitForFunction(predicate, undefined, { polling: 'raf', timeout: 20_000 })
    const paintedAt = await handle.jsonValue()
    // The first paint with candles, not the empty chart's paints while they load.
    const first = await page.evaluate(firstCandlePaint)
    return { total: paintedAt - t0, serverReady: ready - t0, firstRenderMs: first?.ms ?? null }
  } finally {
    await context.close()
    await server.stop()
  }
}

/**
 * The window alone: a web host whose core has started (its first answer is in) before the page is
 * opened, timed from the navigation to the first chart paint. What of the start is the page's own
 * work (its script, the mount, the chart's first request and paint), whatever the core takes.
 */
async function startedHost(dataDir) {
  const host = await startWebHost(dataDir)
  try {
    await callApi(host, 'prefs.get')
    return { url: await windowUrl(host), stop: host.stop }
  } catch (error) {
    await host.stop()
    throw error
  }
}

/** Web host start → first chart paint, a blank Vue page served the same way, and the window alone (a started core); alternated. */
export async function measureFirstPaint(browser, { runs = 5, warmup = 1 } = {}) {
  const blankDir = await buildPage('blank-vue')
  const app = []
  const appReady = []
  const blank = []
  const pageOnly = []
  const appFirstRender = []
  for (let i = 0; i < warmup + runs; i++) {
    const dataDir = mkdtempSync(join(tmpdir(), 'bench-paint-'))
    const startedDir = mkdtempSync(join(tmpdir(), 'bench-paint-'))
    try {
      const a = await timeToPaint(browser, () => startWebHost(dataDir), chartPainted)
      const b = await timeToPaint(browser, async () => {
        const p = await spawnJsonLine(join(ROOT, 'scripts/bench/static-host.mjs'), [blankDir])
        return { url: p.info.url, stop: p.stop }
      }, blankPainted)
      const c = await timeToPaint(browser, () => startedHost(startedDir), chartPainted)
      if (i >= warmup) {
        app.push(a.total)
        appReady.push(a.serverReady)
        blank.push(b.total)
        pageOnly.push(c.total - c.serverReady)
        if (a.firstRenderMs !== null) appFirstRender.push(a.firstRenderMs)
      }
    } finally {
      rmSync(dataDir, { recursive: true, force: true })
      rmSync(startedDir, { recursive: true, force: true })
    }
  }
  return { app, appReady, blank, pageOnly, appFirstRender }
}

/** The renderer's chart code in a fixture page: first render of 500 candles, live ticks, new candles. */
export async function measureChart(browser, { runs = 15, warmup = 3, ticks = 200, tickWarmup = 20 } = {}) {
  const dir = await buildPage('chart-page')
  const server = await serveDir(dir)
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.goto(server.url)
    await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 20_000 })
    const result = await page.evaluate(
      async ({ runs, warmup, ticks, tickWarmup }) => {
        const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
        const b = window.__bench
        /** `skip + count` runs of `fn(i)`, the last `count` kept; a frame painted after every `every`-th run. */
        const samples = async (count, skip, fn, every) => {
          const out = []
          for (let i = 0; i < skip + count; i++) {
            const ms = fn(i)
            if (i >= skip) out.push(ms)
            if (i % every === 0) await frame()
          }
          return out
        }
        const initial = await samples(runs, warmup, () => b.initial(500), 1)
        // A tick per frame at most, as live data arrives: let the browser paint between ticks.
        const tick = await samples(ticks, tickWarmup, (i) => b.tick(i), 4)
        const append = await samples(30, 10, () => b.append(), 4)
        // The same ticks on a chart created with useDirtyRect: a candidate fix, measured beside.
        b.initial(500, true)
        const tickDirty = await samples(ticks, tickWarmup, (i) => b.tick(i), 4)
        // With BB, RSI and MACD (issue 16's three indicators): first paint, then live ticks.
        const initialIndicators = await samples(runs, warmup, () => b.initialIndicators(500), 1)
        const tickIndicators = await samples(ticks, tickWarmup, (i) => b.tick(i), 4)
        return { initial, tick, append, tickDirty, initialIndicators, tickIndicators }
      },
      { runs, warmup, ticks, tickWarmup },
    )
    return result
  } finally {
    await context.close()
    await server.close()
  }
}

/** OrderBook.vue in a fixture page at `rate` book diffs per second: frames per 1-s window. */
export async function measureBookPanel(browser, { rate = 50, seconds = 10 } = {}) {
  const dir = await buildPage('book-page')
  const server = await serveDir(dir)
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.goto(server.url)
    await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 20_000 })
    await page.evaluate(() => window.__bench.run(50, 1)) // warm-up
    return await page.evaluate(({ rate, seconds }) => window.__bench.run(rate, seconds), { rate, seconds })
  } finally {
    await context.close()
    await server.close()
  }
}

/**
 * The app's own chart with BB, RSI and MACD saved for the pair before the window opens: its first
 * paint's `data-render-ms`, then every live paint while `rate` crossing orders per second trade on
 * the pair for `seconds` (the embedded demo exchange; a sub-account trades, as in measureStream).
 */
export async function measureAppIndicators(browser, { seconds = 10, rate = 50 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-indicators-'))
  const accounts = await demoAccounts(1)
  const host = await startWebHost(dataDir)
  const context = await browser.newContext({ viewport: VIEWPORT })
  await context.addInitScript(recordRenderTimes)
  try {
    const prefs = await callApi(host, 'prefs.get')
    const three = [
      { id: 'BB', params: { period: 20, deviation: 2 }, color: '#b37feb' },
      { id: 'RSI', params: { period: 14 }, color: '#e056fd' },
      { id: 'MACD', params: { fast: 12, slow: 26, signal: 9 }, color: '#22a6b3' },
    ]
    await callApi(host, 'prefs.set', { indicators: { chart: `${prefs.pair}|${prefs.interval}`, list: three } })
    const page = await context.newPage()
    await page.goto(await windowUrl(host))
    await page.waitForFunction(chartPainted, undefined, { polling: 'raf', timeout: 20_000 })
    await page.waitForFunction(() => document.querySelector('[data-testid="chart"]')?.getAttribute('data-indicators') === 'BB,RSI,MACD', undefined, { timeout: 10_000 })
    const first = await page.evaluate(firstCandlePaint)
    const session = await callApi(host, 'session.get')
    const baseUrl = session.profile.baseUrl.replace(/\/+$/, '')
    const trader = accounts.find((a) => a.parentId !== null) ?? accounts[0]
    const orders = await crossingOrders({ baseUrl, account: trader, pairName: prefs.pair })
    await sleep(1000)
    await page.evaluate(() => (window.__renderMs.length = 0))
    const end = Date.now() + seconds * 1000
    for (let i = 0; Date.now() < end; i++) {
      await orders.place(i).catch(() => {})
      await sleep(1000 / rate)
    }
    await sleep(500)
    const live = await page.evaluate(() => window.__renderMs.slice())
    // The first paint with candles and indicators (the empty chart's paints before it are not counted).
    return { firstRenderMs: first ? [first.ms] : [], firstRenderCandles: first?.candles ?? 0, liveRenderMs: live }
  } finally {
    await context.close()
    await host.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}

/** Counts frames (requestAnimationFrame) per second and long tasks, in the page. */
export const installProbes = () => {
  const w = window
  w.__frames = []
  w.__longTasks = []
  const loop = (t) => {
    w.__frames.push(t)
    requestAnimationFrame(loop)
  }
  requestAnimationFrame(loop)
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration])
    }).observe({ type: 'longtask', buffered: false })
  } catch {
    // no long-task timing in this browser: the count stays empty
  }
}

async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize
}

/**
 * The terminal in Chromium while `rate` trades per second happen on the viewed pair for `seconds`:
 * crossing HTTP orders on the web host's embedded demo exchange (`source: 'orders'`), or the tape
 * of a demo exchange process (`source: 'tape'`, load.mjs). Frame rate per one-second window,
 * renderer heap (after GC) before and after, trades delivered to the window by the event stream.
 */
export async function measureStream(browser, { seconds = 30, rate = 200, warmupSeconds = 5, cpuProfile = null, source = 'orders' } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-stream-'))
  const host = await startWebHost(dataDir)
  const context = await browser.newContext({ viewport: VIEWPORT })
  await context.addInitScript(recordRenderTimes)
  const abort = new AbortController()
  let load = null
  try {
    load = await (source === 'tape' ? tapeLoad : orderLoad)(host, rate)
    const page = await context.newPage()
    await page.goto(await windowUrl(host))
    await page.waitForFunction(chartPainted, undefined, { polling: 'raf', timeout: 20_000 })

    // Count what the event stream delivers, as the page receives it.
    let delivered = 0
    let counting = false
    const events = fetch(`${host.origin}/events`, { headers: { cookie: await host.cookie() }, signal: abort.signal }).then(async (res) => {
      const decoder = new TextDecoder()
      let buf = ''
      for await (const chunk of res.body) {
        buf += decoder.decode(chunk, { stream: true })
        let cut
        while ((cut = buf.indexOf('\n\n')) >= 0) {
          const frame = buf.slice(0, cut)
          buf = buf.slice(cut + 2)
          if (counting && frame.startsWith('event: market.trades')) {
            const data = frame.slice(frame.indexOf('data: ') + 6)
            try {
              delivered += JSON.parse(data).trades.length
            } catch {
              // a partial frame: ignore
            }
          }
        }
      }
    }).catch(() => {})

    const cdp = await context.newCDPSession(page)
    await page.evaluate(installProbes)

    await load.start(warmupSeconds + seconds)
    await sleep(warmupSeconds * 1000)
    const heapBefore = await heapAfterGc(cdp)
    const sentBefore = await load.sent()
    counting = true
    const t0 = await page.evaluate(() => {
      window.__renderMs.length = 0
      window.__frames.length = 0
      window.__longTasks.length = 0
      return performance.now()
    })
    const wallStart = Date.now()
    if (cpuProfile) {
      await cdp.send('Profiler.enable')
      await cdp.send('Profiler.start')
    }
    await sleep(seconds * 1000)
    if (cpuProfile) {
      const { profile } = await cdp.send('Profiler.stop')
      const { writeFileSync } = await import('node:fs')
      writeFileSync(cpuProfile, JSON.stringify(profile))
    }
    const probe = await page.evaluate(() => ({ frames: window.__frames.slice(), longTasks: window.__longTasks.slice(), renders: window.__renderMs.slice(), now: performance.now() }))
    counting = false
    const elapsed = (Date.now() - wallStart) / 1000
    const sentDuring = (await load.sent()) - sentBefore
    await withTimeout(load.done(), 30_000, 'the load')
    const heapAfter = await heapAfterGc(cdp)
    abort.abort()
    await events

    const fps = []
    const fullWindows = Math.min(seconds, Math.floor((probe.now - t0) / 1000))
    for (let s = 0; s < fullWindows; s++) {
      const from = t0 + s * 1000
      fps.push(probe.frames.filter((t) => t >= from && t < from + 1000).length)
    }
    const longTaskMs = probe.longTasks.reduce((sum, [, d]) => sum + d, 0)
    const rows = await page.locator('[data-testid="trades-table"] tr, [data-testid="trades-table"] [role="row"]').count().catch(() => -1)
    return {
      fps,
      heapBefore,
      heapAfter,
      sentPerSec: sentDuring / elapsed,
      sentWhat: load.what,
      failed: load.failed(),
      deliveredPerSec: delivered / elapsed,
      longTasks: probe.longTasks.length,
      longTaskMs,
      tradeRows: rows,
      liveRenderMs: probe.renders,
    }
  } finally {
    abort.abort()
    await context.close()
    await load?.stop()
    await host.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
