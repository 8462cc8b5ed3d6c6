// Start → first chart paint: the terminal's web host against the floor page (bench/floor-page: Vue,
// naive-ui's config provider with the window's theme, one ECharts candlestick chart of 500 candles)
// served the same way, both timed to the same paint (both candle colours on the chart's canvas):
//   - the whole start: the host's process spawned → the paint, fresh browser context;
//   - the window alone: navigation → the paint, on a host already up (for the app, its core has
//     answered; the floor's static host has nothing else to start);
//   - a start again with the same browser profile on disk (HTTP cache warm), on the same
//     port as the starts before it, so the same origin; for the app, on the same data directory, so
//     with the remembered chart's market in its cache: timed to the first paint (whichever it is), to
//     the first paint with candles and the stale mark on screen (the cached paint), and to the first
//     with candles and no mark (the live paint);
//   - the same start again, the app's exchange a demo exchange in a process of its own, up before the
//     start and the data directory's only profile (the host starts no embedded demo), as a trader's
//     real exchange is: the terminal's own start without the embedded demo's work on the host's thread.
// Every kind is run for the app and the floor in turn, the same number of times.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { firstCandlePaint, recordRenderTimes, startPaintsSeen, VIEWPORT, watchStartPaints } from './browser.mjs'
import { ROOT, callApi, spawnJsonLine, startWebHost, startsInOneProfile, windowUrl } from './lib.mjs'
import { codeCacheOfStartAgain } from './code-cache.mjs'
import { spawnOwnDemo, watchOwnDemo } from './load.mjs'
import { buildPage } from './pages.mjs'

/**
 * In the app's page: the wall-clock time once the whole window is on screen (the header's profile
 * picker, the order form and the book mounted, not their placeholders), or false.
 */
const wholeWindow = () =>
  document.querySelector('[data-testid="profile-select"]') &&
  document.querySelector('[data-testid="side-region"] .order-region > :not(.lazy-panel)') &&
  document.querySelector('[data-testid="book-region"] > :not(.lazy-panel)')
    ? performance.timeOrigin + performance.now()
    : false

/**
 * One start in `context`: `start()` launches the server, then a page opens its URL and waits for the
 * chart's paint. `total` is from the launch, `page` from the navigation (the server up); with `whole`,
 * `wholePage` is from the navigation to the whole window (the app's page only); with `untilLive`, it
 * waits on for the live paint: `marked` and `live` from the launch. Every time is the page's own
 * record of the frame (watchStartPaints), not of when a poll from outside first saw it.
 */
async function timeToPaint(context, start, { whole = false, untilLive = false } = {}) {
  await context.addInitScript({ content: watchStartPaints })
  const page = await context.newPage()
  const t0 = Date.now()
  const server = await start()
  const ready = Date.now()
  try {
    await page.goto(server.url, { waitUntil: 'commit' })
    const paints = await (await page.waitForFunction(startPaintsSeen, untilLive, { polling: 100, timeout: 20_000 })).jsonValue()
    const paintedAt = paints.painted
    // The first paint with candles, not the empty chart's paints while they load (the app's alone).
    const first = await page.evaluate(firstCandlePaint)
    const wholeAt = whole ? await (await page.waitForFunction(wholeWindow, undefined, { polling: 'raf', timeout: 20_000 })).jsonValue() : null
    const since = (at) => (at === null || at === undefined ? null : at - t0)
    return {
      total: paintedAt - t0,
      page: paintedAt - ready,
      wholePage: wholeAt === null ? null : wholeAt - ready,
      firstRenderMs: first?.ms ?? null,
      marked: since(paints?.marked),
      live: since(paints?.live),
    }
  } finally {
    await page.close()
    await server.stop()
  }
}

/** A start in a fresh browser context (no cache, no profile), as a first start. */
async function freshStart(browser, start, options = {}) {
  const context = await browser.newContext({ viewport: VIEWPORT })
  await context.addInitScript(recordRenderTimes)
  try {
    return await timeToPaint(context, start, options)
  } finally {
    await context.close()
  }
}

/**
 * Starts again with one browser profile on disk: `starts` starts, each in a browser launched on that
 * profile and closed after the paint (as a window is closed and opened again), the last one timed.
 * `start(port)` must serve on the given port every time: the caches are per origin.
 */
function startAgain(start, starts, options = {}) {
  return startsInOneProfile(starts, (context, port) => timeToPaint(context, () => start(port), options), { viewport: VIEWPORT })
}

/** The floor page on the bench's static host (a Node process, as the web host is). */
async function floorHost(dir, port = 0) {
  const p = await spawnJsonLine(join(ROOT, 'scripts/bench/static-host.mjs'), [dir, String(port)])
  return { url: p.info.url, stop: p.stop }
}

/** The web host, its core started (its first answer in) before the page is opened. */
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

/**
 * A data directory whose only profile watches `demo`, a demo exchange in its own process (so the host
 * starts no embedded demo), written by one start of the web host.
 */
async function prepareOwnExchange(dataDir, demo) {
  const host = await startWebHost(dataDir)
  try {
    await watchOwnDemo(host, demo, { only: true })
  } finally {
    await host.stop()
  }
}

/**
 * The three kinds of start, for the app and the floor page in turn, `warmup + runs` times (the first
 * `warmup` not kept). `againStarts`: how many starts share a profile in "start again" (the last timed).
 */
export async function measureFirstPaint(browser, { runs = 5, warmup = 1, againStarts = 3 } = {}) {
  const floorDir = await buildPage('floor-page')
  const again = ['appAgain', 'appAgainMarked', 'appAgainLive']
  const keys = ['app', 'appReady', 'floor', 'appPage', 'appWhole', 'floorPage', ...again, ...again.map((k) => `${k}Own`), 'floorAgain', 'appFirstRender']
  const r = Object.fromEntries(keys.map((k) => [k, []]))
  // The exchange of the starts again with an exchange of their own: up before them, as a real one
  // is, and still (its market moves only when orders trade), so it takes no CPU from the other starts.
  const demo = await spawnOwnDemo({ still: true })
  const keepAgain = (start, suffix = '') => {
    r[`appAgain${suffix}`].push(start.total)
    // A start that painted no frame with the mark (the live answer came first) has no cached paint.
    if (start.marked !== null) r[`appAgainMarked${suffix}`].push(start.marked)
    r[`appAgainLive${suffix}`].push(start.live)
  }
  try {
    for (let i = 0; i < warmup + runs; i++) {
      const dirs = [0, 1, 2, 3].map(() => mkdtempSync(join(tmpdir(), 'bench-paint-')))
      try {
        const app = await freshStart(browser, () => startWebHost(dirs[0]))
        const floor = await freshStart(browser, () => floorHost(floorDir))
        const appPage = await freshStart(browser, () => startedHost(dirs[1]), { whole: true })
        // The same data directory for every start of the app in one profile: its second start is the app's.
        const appAgain = await startAgain((port) => startWebHost(dirs[2], {}, { port }), againStarts, { untilLive: true })
        const floorAgain = await startAgain((port) => floorHost(floorDir, port), againStarts)
        await prepareOwnExchange(dirs[3], demo)
        const appAgainOwn = await startAgain((port) => startWebHost(dirs[3], {}, { port }), againStarts, { untilLive: true })
        if (i < warmup) continue
        r.app.push(app.total)
        r.appReady.push(app.total - app.page)
        r.floor.push(floor.total)
        r.appPage.push(appPage.page)
        r.appWhole.push(appPage.wholePage)
        r.floorPage.push(floor.page)
        keepAgain(appAgain)
        keepAgain(appAgainOwn, 'Own')
        r.floorAgain.push(floorAgain.total)
        if (app.firstRenderMs !== null) r.appFirstRender.push(app.firstRenderMs)
      } finally {
        for (const dir of dirs) rmSync(dir, { recursive: true, force: true })
      }
    }
  } finally {
    await demo.stop()
  }
  // Whether those starts again had their scripts compiled from the code cache (traced, so apart).
  const cacheDir = mkdtempSync(join(tmpdir(), 'bench-paint-'))
  try {
    r.codeCache = {
      app: await codeCacheOfStartAgain((port) => startWebHost(cacheDir, {}, { port })),
      floor: await codeCacheOfStartAgain((port) => floorHost(floorDir, port)),
    }
  } finally {
    rmSync(cacheDir, { recursive: true, force: true })
  }
  return r
}
