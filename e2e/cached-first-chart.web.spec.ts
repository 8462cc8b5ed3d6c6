// Start again from what is known: a web host started on a data directory that holds the remembered
// chart's cache paints that chart at once, before its core has started and long before the (slowed)
// exchange answers, marked stale in words; the order form waits meanwhile; then the live chart
// replaces it and the mark goes. The demo exchange runs as a process of its own (--admin), so its
// market answers can be delayed across the web host's restart.
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, test } from '@playwright/test'
import { candleColoursOn, countCandleColours, gotoApp, holdBack, shot } from './helpers'
import { callApi, startWebHost, type RunningHost } from './web-host'
import { onlyProfileOn, postFaults, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'

/** How long the exchange takes to answer the market's REST calls on the start again. */
const SLOW_MS = 6_000

let demo: AdminDemo
let dataDir = ''
let host: RunningHost | null = null

test.beforeAll(() => {
  dataDir = mkdtempSync(join(tmpdir(), 'terminal-e2e-cached-'))
})

test.afterAll(async () => {
  await host?.stop()
  await stopAdminDemo(demo)
  rmSync(dataDir, { recursive: true, force: true })
})

/** The remembered chart's cache file, once the feed has saved it. */
function cacheFile(): string | null {
  const root = join(dataDir, 'cache')
  if (!existsSync(root)) return null
  for (const exchange of readdirSync(root)) {
    const file = join(root, exchange, 'BTC_USDT-60.json')
    if (existsSync(file)) return file
  }
  return null
}

test('a start again paints the cached chart, marked stale, before the exchange answers; then the live one', async ({ page }) => {
  test.setTimeout(120_000)
  demo = await startAdminDemo(46)
  // The first start: the chart is shown once, so its market is cached on disk.
  host = await startWebHost({ dataDir })
  await onlyProfileOn(host, demo, 'Slow demo')
  await callApi(host, 'prefs.set', { pair: 'BTC_USDT', interval: '60' })
  await gotoApp(page, host)
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect.poll(cacheFile, { timeout: 15_000 }).not.toBeNull()
  await page.goto('about:blank')
  await host.stop()
  host = null
  // The core kept the start's answer ready as it stopped (cache/start.json): the chart as its feed last
  // saved it, so the next host answers without loading its checks.
  const kept = JSON.parse(readFileSync(join(dataDir, 'cache', 'start.json'), 'utf8')) as { stamps: Record<string, number[] | null>; answer: { snapshot: { fetchedAt: number } } }
  const saved = JSON.parse(readFileSync(cacheFile()!, 'utf8')) as { fetchedAt: number }
  expect(kept.answer.snapshot.fetchedAt).toBe(saved.fetchedAt)
  // made after the last write of every file it came from (size, time and inode as they are now)
  for (const [file, stamp] of Object.entries(kept.stamps)) {
    const now = existsSync(join(dataDir, file)) ? statSync(join(dataDir, file)) : null
    expect(now && [now.size, now.mtimeMs, now.ino], file).toEqual(stamp)
  }

  // The start again, with the exchange's market slow to answer.
  const res = await postFaults(demo, { latencyMs: SLOW_MS, onlyPaths: ['/pairs', '/currencies', '/candles', '/trades', '/ticker'] })
  expect(res.status).toBe(200)
  try {
    host = await startWebHost({ dataDir })
    // The window's code held back a moment, so the first chart (drawn before it runs) is seen alone;
    // and the first chart's own code (ECharts) too, so the cached frame drawn before it is seen alone.
    const release = await holdBack(page, /\/assets\/window-[^/]+\.js$/)
    const releaseChart = await holdBack(page, /\/assets\/first-chart-[^/]+\.js$/)
    const opened = Date.now()
    await gotoApp(page, host)
    await expect(page.getByTestId('first-chart-stale')).toHaveText(/^stale — cached data from \d\d:\d\d, updating…$/, { timeout: 4_000 })
    await expect.poll(async () => (await countCandleColours(page, 'first-chart')).down, { timeout: 3_000 }).toBeGreaterThan(0)
    const markedMs = Date.now() - opened
    expect(markedMs, 'painted well before the exchange could answer').toBeLessThan(SLOW_MS - 1_000)
    await shot(page, 'cached-first-frame')
    // The settled candles, away from the live candle and the last price's label at the right.
    const settled = { left: 8, top: 30, right: 72 + 16, bottom: 118 }
    const cachedFrame = await candleColoursOn(page.locator('[data-testid="first-chart"] > canvas'), settled)
    expect(cachedFrame.up + cachedFrame.down).toBeGreaterThan(0)
    releaseChart()
    // ECharts' chart of the same cache takes its place: the cached frame's canvas goes, and the candles
    // are where they were (the same pixels in the candles' colours, give or take their edges).
    await expect(page.locator('[data-testid="first-chart"] > canvas')).toHaveCount(0, { timeout: 10_000 })
    await expect(page.getByTestId('first-chart-stale')).toBeVisible()
    // ECharts' layers together (the candles on its main one, the last price's line on the live one).
    const echartsFrame = { up: 0, down: 0 }
    for (const layer of await page.locator('[data-testid="first-chart"] .first-chart canvas').all()) {
      const colours = await candleColoursOn(layer, settled)
      echartsFrame.up += colours.up
      echartsFrame.down += colours.down
    }
    for (const colour of ['up', 'down'] as const) expect(Math.abs(echartsFrame[colour] - cachedFrame[colour]), colour).toBeLessThanOrEqual(cachedFrame[colour] * 0.03 + 20)
    await shot(page, 'cached-first-chart-alone')
    release()

    // The window around it says the same, and waits too: nothing is traded on the cached candles.
    await expect(page.getByTestId('stale-badge')).toContainText('cached data', { timeout: SLOW_MS })
    await expect(page.getByTestId('order-submit-reason')).toHaveText('Waiting for live prices: the chart shows cached data')
    await shot(page, 'cached-first-chart-stale')

    // The live chart replaces it, and the marks go.
    await expect(page.getByTestId('stale-badge')).toHaveCount(0, { timeout: SLOW_MS + 20_000 })
    await expect(page.getByTestId('first-chart-stale')).toHaveCount(0)
    expect(Date.now() - opened).toBeGreaterThanOrEqual(SLOW_MS - 500)
    await expect(page.getByTestId('chart-readout')).toBeVisible()
    const colours = await countCandleColours(page, 'chart')
    expect(colours.up + colours.down).toBeGreaterThan(0)
    await expect(page.getByTestId('order-submit-reason')).not.toHaveText('Waiting for live prices: the chart shows cached data')
    await shot(page, 'cached-first-chart-live')
    console.log(`  [cached first chart] marked stale ${markedMs} ms after the page was asked for; the exchange answered after ${SLOW_MS} ms`)
  } finally {
    await postFaults(demo, {})
  }
})
