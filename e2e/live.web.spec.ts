// The live feed end to end: the demo exchange runs as a process of its own (--admin, for its feed
// faults), the web host's profile points at it, and the core's polls are made slow (30 s) so that
// whatever the window shows within a few seconds can only have come through the WebSocket feed.
import { expect, test, type Page } from '@playwright/test'
import type { PlaceOrderResult } from '../electron/domain/api'
import type { Ticker, Trade } from '../electron/domain/wire'
import { shot } from './helpers'
import { callApi, startWebHost, windowUrl, type RunningHost } from './web-host'
import { startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'

test.describe.configure({ mode: 'serial' })

const POLL_MS = 30_000
/** Far below the poll interval: anything shown within this came through the feed. */
const STREAMED_MS = 5_000

type Demo = AdminDemo

let demo: Demo
let host: RunningHost
let page: Page

const startDemo = (): Promise<Demo> => startAdminDemo(9)

async function setFaults(mode: Record<string, unknown>): Promise<void> {
  const res = await fetch(`${demo.origin}/__admin/faults`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-admin-token': demo.adminToken },
    body: JSON.stringify(mode),
  })
  expect(res.status, await res.clone().text()).toBe(200)
}

const feedStatus = () => page.getByTestId('feed-status')

async function place(draft: Record<string, unknown>): Promise<number> {
  const result = await callApi<PlaceOrderResult>(host, 'orders.place', { pair: 'BTC_USDT', wallet_type: 'SPOT', ...draft })
  if (result.outcome !== 'placed') throw new Error(`not placed: ${JSON.stringify(result)}`)
  return result.orderIds[0]!
}

test.beforeAll(async ({ browser }) => {
  test.setTimeout(90_000)
  demo = await startDemo()
  host = await startWebHost({ env: { TERMINAL_POLL_MS: String(POLL_MS) } })
  const master = demo.accounts.find((a) => a.parentId === null)!
  const profile = await callApi<{ id: string }>(host, 'profiles.create', { name: 'Live demo', baseUrl: demo.baseUrl, apiKey: master.apiKey, apiSecret: master.apiSecret })
  await callApi(host, 'profiles.activate', { id: profile.id })
  page = await browser.newPage({ viewport: { width: 1600, height: 960 } })
  await page.goto(await windowUrl(host))
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('order-available')).toContainText(/\d/)
})

test.afterAll(async () => {
  await page?.close()
  await host?.stop()
  await stopAdminDemo(demo)
})

test('the status bar says both feeds are live', async () => {
  await expect(feedStatus()).toHaveAttribute('data-market-mode', 'live', { timeout: 10_000 })
  await expect(feedStatus()).toHaveAttribute('data-account-mode', 'live', { timeout: 10_000 })
  await expect(feedStatus()).toHaveText(/market live · (now|\d+ s) · account live/)
})

test('a trade shows in the trades list, and an order and a fill in open orders and balances, without waiting for a poll', async () => {
  await page.getByTestId('tab-balances').click()
  const btcRow = page.getByTestId('balance-row-BTC-SPOT')
  await expect(btcRow).toBeVisible()
  const before = await btcRow.innerText()

  let started = Date.now()
  await place({ order_type: 'MARKET', order_side: 'BUY', quote_amount: '200' })
  const [mine] = await callApi<Trade[]>(host, 'market.trades', { pair: 'BTC_USDT', limit: 1 })
  await expect(page.getByTestId(`trade-${mine!.id}`)).toBeVisible({ timeout: STREAMED_MS })
  await expect(btcRow).not.toHaveText(before, { timeout: STREAMED_MS })
  const fillMs = Date.now() - started
  await shot(page, 'live-fill')

  const [ticker] = await callApi<Ticker[]>(host, 'market.ticker', { pair: 'BTC_USDT' })
  const price = (Number(ticker!.buy) * 0.8).toFixed(2)
  await page.getByTestId('tab-orders').click()
  await expect(page.getByTestId('open-orders-table')).toBeVisible()
  started = Date.now()
  const id = await place({ order_type: 'LIMIT', order_side: 'BUY', base_amount: '0.001', limit_price: price })
  await expect(page.getByTestId(`order-row-${id}`)).toBeVisible({ timeout: STREAMED_MS })
  const orderMs = Date.now() - started
  console.log(`  [live] fill → trade row + balance ${fillMs} ms; order → open orders ${orderMs} ms (polls every ${POLL_MS} ms)`)
  expect(fillMs).toBeLessThan(POLL_MS / 3)
  expect(orderMs).toBeLessThan(POLL_MS / 3)
  await callApi(host, 'orders.cancel', { order_ids: [id] })
})

test('an order’s own frames put it into open orders and take it out, while the exchange’s order list is slow to answer', async () => {
  // The REST list of orders takes longer than the whole test may: whatever shows comes from the o frames.
  await setFaults({ latencyMs: 20_000, onlyPaths: ['/accounts/order'] })
  try {
    const [ticker] = await callApi<Ticker[]>(host, 'market.ticker', { pair: 'BTC_USDT' })
    await page.getByTestId('tab-orders').click()
    const id = await place({ order_type: 'LIMIT', order_side: 'BUY', base_amount: '0.001', limit_price: (Number(ticker!.buy) * 0.8).toFixed(2) })
    const row = page.getByTestId(`order-row-${id}`)
    await expect(row).toBeVisible({ timeout: STREAMED_MS })
    await expect(row).toContainText('0.001')
    await callApi(host, 'orders.cancel', { order_ids: [id] })
    await expect(row).toBeHidden({ timeout: STREAMED_MS })
  } finally {
    await setFaults({})
  }
})

test('a dropped feed shows reconnecting, then live again, and trades stream again', async () => {
  // Every mode the status bar shows, as it shows it: the reconnect may take well under a second.
  // (a string: this file is compiled without the DOM's types)
  await page.evaluate(`(() => {
    const seen = (window.seenModes = [])
    const el = document.querySelector('[data-testid="feed-status"]')
    new MutationObserver(() => seen.push(el.getAttribute('data-market-mode'))).observe(el, { attributes: true, attributeFilter: ['data-market-mode'] })
  })()`)
  await setFaults({ feedDrop: true })
  await expect.poll(() => page.evaluate<string[]>('window.seenModes'), { timeout: 10_000 }).toContain('reconnecting')
  await setFaults({})
  await expect(feedStatus()).toHaveAttribute('data-market-mode', 'live', { timeout: 30_000 })
  await shot(page, 'live-reconnected')

  // No feed at all (the upgrade answered 404): polling, and back to live when it returns.
  await setFaults({ feedOff: true })
  await expect(feedStatus()).toHaveAttribute('data-market-mode', 'polling', { timeout: 10_000 })
  await shot(page, 'live-polling')
  await setFaults({})
  await expect(feedStatus()).toHaveAttribute('data-market-mode', 'live', { timeout: 40_000 })
  await place({ order_type: 'MARKET', order_side: 'SELL', base_amount: '0.001' })
  const [mine] = await callApi<Trade[]>(host, 'market.trades', { pair: 'BTC_USDT', limit: 1 })
  await expect(page.getByTestId(`trade-${mine!.id}`)).toBeVisible({ timeout: STREAMED_MS })
})
