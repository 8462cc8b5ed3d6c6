// Start from what is known: while the exchange is slow to answer, the window shows the market it
// cached last time, marked stale, and then the fresh one. And the pair list's prices, streamed. The demo exchange runs as a process of its
// own (--admin) so its REST answers can be delayed (latencyMs on the market paths only).
import { expect, test, type Page } from '@playwright/test'
import { gotoApp, shot } from './helpers'
import { callApi, startWebHost, type RunningHost } from './web-host'
import { postFaults, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'

test.describe.configure({ mode: 'serial' })

/** How long the exchange takes to answer the market's REST calls while the cache is shown. */
const SLOW_MS = 6_000

let demo: AdminDemo
let host: RunningHost
let page: Page

async function setFaults(mode: Record<string, unknown>): Promise<void> {
  const res = await postFaults(demo, mode)
  expect(res.status, await res.clone().text()).toBe(200)
}

const badge = () => page.getByTestId('stale-badge')
/** The id of the newest trade the trades list shows. */
const newestTradeId = async () => (await page.locator('[data-testid="trades-table"] [data-testid^="trade-"]').first().getAttribute('data-testid'))!

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000)
  demo = await startAdminDemo(21)
  host = await startWebHost()
  const master = demo.accounts.find((a) => a.parentId === null)!
  const profile = await callApi<{ id: string }>(host, 'profiles.create', { name: 'Slow demo', baseUrl: demo.baseUrl, apiKey: master.apiKey, apiSecret: master.apiSecret })
  await callApi(host, 'profiles.activate', { id: profile.id })
  await callApi(host, 'prefs.set', { pair: 'BTC_USDT', interval: '60' })
  page = await browser.newPage({ viewport: { width: 1600, height: 960 } })
  await gotoApp(page, host)
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('[data-testid="trades-table"] [data-testid^="trade-"]').first()).toBeVisible()
})

test.afterAll(async () => {
  await page?.close()
  await host?.stop()
  await stopAdminDemo(demo)
})

test('switching back to a pair paints its cached market, stale, before the exchange answers, then the fresh one', async () => {
  test.setTimeout(60_000)
  const cachedTrade = await newestTradeId()
  // Leaving the pair stops its feed, which saves what it showed.
  await page.getByTestId('pair-item-ETH_USDT').click()
  await expect(page.getByTestId('chart-readout')).toBeVisible()
  await expect(badge()).toHaveCount(0, { timeout: 15_000 })
  await setFaults({ latencyMs: SLOW_MS, onlyPaths: ['/candles', '/trades'] })
  try {
    const clicked = Date.now()
    await page.getByTestId('pair-item-BTC_USDT').click()
    await expect(badge()).toContainText('cached data', { timeout: 3_000 })
    await expect(page.getByTestId(cachedTrade)).toBeVisible({ timeout: 3_000 })
    await expect(page.getByTestId('chart')).toHaveAttribute('data-render-ms', /\d/)
    const paintedMs = Date.now() - clicked
    await shot(page, 'cached-start-stale')
    // shown well before the exchange could have answered
    expect(paintedMs).toBeLessThan(SLOW_MS - 1_000)
    // then the fresh market replaces it
    await expect(badge()).toHaveCount(0, { timeout: SLOW_MS + 15_000 })
    expect(Date.now() - clicked).toBeGreaterThanOrEqual(SLOW_MS)
    console.log(`  [cached start] stale market painted ${paintedMs} ms after the click; the exchange answered after ${SLOW_MS} ms`)
  } finally {
    await setFaults({})
  }
})

test('a window opened while the exchange is slow paints the cached market and pair list first', async () => {
  test.setTimeout(60_000)
  const cachedTrade = await newestTradeId()
  // the market's feed stops when the window goes: the cache then holds what it showed
  await page.goto('about:blank')
  await callApi(host, 'market.unsubscribe')
  await setFaults({ latencyMs: SLOW_MS, onlyPaths: ['/pairs', '/candles', '/trades'] })
  try {
    const opened = Date.now()
    await gotoApp(page, host)
    await expect(badge()).toContainText('cached data', { timeout: 4_000 })
    await expect(page.getByTestId(cachedTrade)).toBeVisible({ timeout: 3_000 })
    await expect(page.getByTestId('pair-item-BTC_USDT')).toBeVisible()
    expect(Date.now() - opened).toBeLessThan(SLOW_MS - 1_000)
    await expect(badge()).toHaveCount(0, { timeout: 2 * SLOW_MS + 15_000 })
    await expect(page.getByTestId('chart-readout')).toBeVisible()
  } finally {
    await setFaults({})
  }
})

test("the pair list's last prices follow the feed, not a poll", async () => {
  test.setTimeout(30_000)
  await expect(page.getByTestId('feed-status')).toHaveAttribute('data-market-mode', 'live', { timeout: 10_000 })
  // ETH is not the shown pair: its price comes from ticker.*; the REST read reconciles once a minute
  const eth = page.getByTestId('pair-item-ETH_USDT')
  const seen = new Set<string>()
  const until = Date.now() + 10_000
  while (Date.now() < until && seen.size < 3) {
    seen.add(await eth.innerText())
    await page.waitForTimeout(200)
  }
  expect(seen.size).toBeGreaterThanOrEqual(3)
})
