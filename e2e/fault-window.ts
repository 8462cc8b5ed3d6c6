// The stage of the fault specs (faults.web.spec.ts, faults-orders.web.spec.ts): the demo exchange as
// a process of its own (--admin), the terminal's web host with a profile pointed at it, and one
// Chromium window that watches while the exchange misbehaves. Plus what those specs read off the
// window (the two status lights, their tooltips) and what they ask the exchange (its fault modes and
// its own counters, /__admin/stats: what arrived, whatever the terminal believes).
import { mkdirSync } from 'node:fs'
import { expect, test, type Locator, type Page } from '@playwright/test'
import type { Pair, Ticker } from '../electron/domain/wire/wire'
import { callApi, startWebHost, windowUrl, type RunningHost } from './web-host'
import { postFaults, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'
import { countCalls } from './helpers'

interface Stats {
  requests: number
  ordersPlaced: number
  orderRequests: number
}
type FaultMode = Record<string, unknown>

/** How long a cleared fault may take to disappear from the window: the feeds' backoff, bounded. */
export const RECOVERY_MS = 30_000

// Set by the hooks useFaultWindow() adds, before the file's first test; the specs read them as they
// read their own module's variables (ES module bindings are live).
export let demo: AdminDemo
export let host: RunningHost
export let page: Page
export let pair: Pair

/**
 * Adds to the calling spec file the hooks that start the exchange, the web host and the window before
 * its first test, clear the faults after each, and stop all three after its last. Its tests share the
 * one window and run in order.
 */
export function useFaultWindow(): void {
  test.describe.configure({ mode: 'serial' })

  test.beforeAll(async ({ browser }) => {
    test.setTimeout(90_000)
    demo = await startAdminDemo(5)
    // The REST fault modes, as the polling path meets them: with the live feed on, the market would
    // stream past a failing REST API (its REST reads only reconcile, every 10-15 s); live.web.spec.ts
    // covers the feed's own faults.
    host = await startWebHost({ env: { TERMINAL_FEED: 'off' } })
    // Orders go out on the first click: the confirmation dialog is tested elsewhere.
    await callApi(host, 'prefs.set', { confirmOrders: false })
    const master = demo.accounts.find((a) => a.parentId === null)!
    const profile = await callApi<{ id: string }>(host, 'profiles.create', { name: 'Faulty demo', baseUrl: demo.baseUrl, apiKey: master.apiKey, apiSecret: master.apiSecret })
    await callApi(host, 'profiles.activate', { id: profile.id })
    const pairs = await callApi<Pair[]>(host, 'market.pairs')
    pair = pairs.find((p) => p.name === 'BTC_USDT')!

    page = await browser.newPage({ viewport: { width: 1600, height: 960 } })
    await page.goto(await windowUrl(host))
    await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
    await expect(page.getByTestId('order-available')).toContainText(/\d/)
    await expectOnline()
  })

  test.afterEach(async () => {
    if (demoAlive()) await setFaults({})
    await page?.mouse.move(5, 900)
  })

  test.afterAll(async () => {
    await page?.close()
    await host?.stop()
    await stopDemo()
  })
}

export const stopDemo = (): Promise<void> => stopAdminDemo(demo)

const demoAlive = () => demo.process.exitCode === null && demo.process.signalCode === null

export async function setFaults(mode: FaultMode): Promise<void> {
  const res = await postFaults(demo, mode)
  expect(res.status, await res.clone().text()).toBe(200)
  expect(((await res.json()) as { faults: FaultMode }).faults).toEqual(mode)
}

export async function stats(): Promise<Stats> {
  const res = await fetch(`${demo.origin}/__admin/stats`, { headers: { 'x-admin-token': demo.adminToken } })
  expect(res.status).toBe(200)
  return (await res.json()) as Stats
}

/**
 * The window as it is now, under test-results/screenshots/fault-<name>.png. Not helpers.shot, which
 * first waits for animations to end: some of these pictures catch a moment that passes (an order
 * still sending).
 */
export async function shot(name: string): Promise<void> {
  mkdirSync('test-results/screenshots', { recursive: true })
  await page.screenshot({ path: `test-results/screenshots/fault-${name}.png` })
}

/** Recovery times go to the report: how long a trader waits for the green light after a fault. */
export const log = (line: string): void => console.log(`  [faults] ${line}`)

export const accountStatus = (): Locator => page.getByTestId('connection-status').locator('.conn-item').nth(0)
export const marketStatus = (): Locator => page.getByTestId('connection-status').locator('.conn-item').nth(1)

/** Hovers a status item and returns its tooltip: the core's full message, as a trader reads it. */
export async function tooltipOf(item: Locator): Promise<Locator> {
  await item.hover()
  const tip = page.locator('.n-tooltip:visible')
  await expect(tip).toBeVisible()
  return tip
}

export async function unhover(): Promise<void> {
  await page.mouse.move(5, 900)
  await expect(page.locator('.n-tooltip:visible')).toHaveCount(0)
}

/** Both lights green again, within the recovery bound; returns how long it took. */
export async function expectOnline(timeout = RECOVERY_MS): Promise<number> {
  const started = Date.now()
  await expect(accountStatus()).toHaveText(/Account online/, { timeout })
  await expect(marketStatus()).toHaveText(/Market online/, { timeout })
  await expect(page.getByTestId('stale-badge')).toHaveCount(0)
  return Date.now() - started
}

/** A limit buy far below the market: it rests on the book, so each test's order is its own. */
export async function fillLimitBuy(): Promise<void> {
  const [ticker] = await callApi<Ticker[]>(host, 'market.ticker', { pair: pair.name })
  const price = (Number(ticker!.buy) * 0.8).toFixed(pair.price_precision)
  await page.getByTestId('order-type-LIMIT').click()
  await page.getByTestId('order-side-BUY').click()
  await page.getByTestId('limit-price').fill(price)
  await page.getByTestId('base-amount').fill('0.001')
  await expect(page.getByTestId('order-submit')).toBeEnabled()
}

/** Counts the window's orders.place calls: a resend from the page itself would show here. */
export const countPlaceCalls = (): { readonly count: number } => countCalls(page, 'orders.place')
