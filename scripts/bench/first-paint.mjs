// Start → first chart paint: the terminal's web host against a blank Vue page served the same way,
// and the window alone with a core that has already started (what of the start is the page's own).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chartPainted, firstCandlePaint, recordRenderTimes, VIEWPORT } from './browser.mjs'
import { ROOT, callApi, spawnJsonLine, startWebHost, windowUrl } from './lib.mjs'
import { buildPage } from './pages.mjs'

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
      const b = await timeToPaint(
        browser,
        async () => {
          const p = await spawnJsonLine(join(ROOT, 'scripts/bench/static-host.mjs'), [blankDir])
          return { url: p.info.url, stop: p.stop }
        },
        blankPainted,
      )
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
