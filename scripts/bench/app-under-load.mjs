// The app's own window while trades happen on the viewed pair: its chart with three indicators under
// a steady trickle of crossing orders, and the whole window under a stream of trades (frame rate,
// long tasks, renderer heap, what the event stream delivers).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { chartPainted, firstCandlePaint, heapAfterGc, installProbes, recordRenderTimes, VIEWPORT } from './browser.mjs'
import { callApi, crossingOrders, demoAccounts, sleep, startWebHost, windowUrl, withTimeout } from './lib.mjs'
import { orderLoad, tapeLoad } from './load.mjs'

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

/**
 * The 2×2 layout, every pane on the main chart's pair (the one the load trades) at an interval of its
 * own (1m, 5m, 1h beside the main chart's), so all four charts paint live; waits until each has drawn.
 */
async function showFourCharts(page) {
  await page.locator('[data-testid="layout-4"]').click()
  const pair = await page.locator('[data-testid="chart-pane-0"] [data-testid="pair-select"]').inputValue()
  for (const [n, interval] of [
    [1, '1'],
    [2, '5'],
    [3, '60'],
  ]) {
    const pane = page.locator(`[data-testid="chart-pane-${n}"]`)
    await pane.locator('[data-testid="pair-select"]').selectOption(pair)
    await pane.locator('[data-testid="chart-interval-select"]').selectOption(interval)
  }
  await page.waitForFunction(() => document.querySelectorAll('[data-testid^="chart-pane-"] [data-testid="chart-readout"]').length === 4, undefined, { timeout: 20_000 })
}

/**
 * The terminal in Chromium while `rate` trades per second happen on the viewed pair for `seconds`:
 * crossing HTTP orders on the web host's embedded demo exchange (`source: 'orders'`), or the tape
 * of a demo exchange process (`source: 'tape'`, load.mjs). Frame rate per one-second window,
 * renderer heap (after GC) before and after, trades delivered to the window by the event stream.
 * `record` ({ start(cdp), stop(cdp) }) records what it likes over the measured seconds through the
 * page's CDP session (profile-stream.mjs: a CPU profile, a trace); stop's answer is `recorded`.
 */
export async function measureStream(browser, { seconds = 30, rate = 200, warmupSeconds = 5, record = null, source = 'orders', fourCharts = false } = {}) {
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
    if (fourCharts) await showFourCharts(page)

    // Count what the event stream delivers, as the page receives it.
    let delivered = 0
    let counting = false
    const events = fetch(`${host.origin}/events`, { headers: { cookie: await host.cookie() }, signal: abort.signal })
      .then(async (res) => {
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
      })
      .catch(() => {})

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
    await record?.start(cdp)
    await sleep(seconds * 1000)
    const recorded = await record?.stop(cdp)
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
    const rows = await page
      .locator('[data-testid="trades-table"] tr, [data-testid="trades-table"] [role="row"]')
      .count()
      .catch(() => -1)
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
      recorded,
    }
  } finally {
    abort.abort()
    await context.close()
    await load?.stop()
    await host.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
