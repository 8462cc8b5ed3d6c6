// Risk limits set in the window's Limits tab hold every order the account sends: the form's order
// is refused with the limit's words on its amount field, and the CLI's place-order with the same
// limits (read from the same data directory) exits 2 with RISK_LIMIT; the demo exchange counts no
// order POST for either. Against a still demo (prices move only when orders trade).
import { spawnSync } from 'node:child_process'
import { test, expect } from '@playwright/test'
import { startWebHost, callApi, type RunningHost } from './web-host'
import { openApp, shot } from './helpers'
import { chooseOrder } from './order-form'
import { startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'

let host: RunningHost
let demo: AdminDemo
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  demo = await startAdminDemo(41, { still: true })
  host = await startWebHost()
})
test.afterAll(async () => {
  await host?.stop()
  await stopAdminDemo(demo)
})

async function orderRequests(): Promise<number> {
  const answer = await fetch(`${demo.origin}/__admin/stats`, { headers: { 'x-admin-token': demo.adminToken } })
  expect(answer.ok, await answer.clone().text()).toBe(true)
  return ((await answer.json()) as { orderRequests: number }).orderRequests
}

test('a limit set in the Limits tab refuses an order in the form and in the CLI, and nothing is sent', async ({ page }) => {
  test.setTimeout(120_000)
  const master = demo.accounts[0]!
  const profile = await callApi<{ id: string }>(host, 'profiles.create', { name: 'Still', baseUrl: demo.baseUrl, apiKey: master.apiKey, apiSecret: master.apiSecret })
  await callApi(host, 'profiles.activate', { id: profile.id })

  await openApp(page, host)
  await page.getByTestId('tab-limits').click()
  const panel = page.getByTestId('risk-limits')
  await expect(panel.getByTestId('limits-account')).toContainText(`#${master.id}`)
  // Validation first: a negative value is refused on its field, nothing saved.
  await panel.getByTestId('limits-maxOrderValue').fill('-5')
  await panel.getByTestId('limits-save').click()
  await expect(panel.getByTestId('limits-maxOrderValue-error')).toContainText('A positive decimal number')
  await panel.getByTestId('limits-maxOrderValue').fill('50')
  await panel.getByTestId('limits-maxOpenOrders').fill('10')
  await panel.getByTestId('limits-save').click()
  await expect(panel.getByTestId('limits-saved')).toBeVisible()
  await expect(panel.getByTestId('limits-figure-open-orders')).toContainText('limit: 10')
  await expect(panel.getByTestId('limits-figure-realised')).toContainText('USDT')
  await panel.getByTestId('limits-account').scrollIntoViewIfNeeded()
  await shot(page, 'risk-limits-panel')
  await panel.screenshot({ path: 'test-results/screenshots/risk-limits-panel-alone.png' })

  // The form: a limit buy worth more than 50 USDT.
  const [ticker] = await callApi<{ buy: string }[]>(host, 'market.ticker', { pair: 'BTC_USDT' })
  const price = (Math.floor(Number(ticker!.buy) * 0.9 * 100) / 100).toFixed(2)
  expect(0.001 * Number(price)).toBeGreaterThan(50)
  const before = await orderRequests()
  await chooseOrder(page, 'LIMIT', 'BUY')
  await page.getByTestId('limit-price').fill(price)
  await page.getByTestId('base-amount').fill('0.001')
  await page.getByTestId('order-submit').click()
  const dialog = page.getByTestId('order-confirm')
  if (await dialog.isVisible().catch(() => false)) await page.getByTestId('order-confirm-ok').click()
  const error = page.getByTestId('order-error-base_amount')
  await expect(error).toContainText("over this account's limit of 50 USDT for one order")
  await expect(page.getByTestId('order-result')).toBeHidden()
  await shot(page, 'risk-limits-refused-in-form')

  // The CLI, with the same data directory and the same account's keys: the same limit holds.
  const run = spawnSync(
    process.execPath,
    ['out/main/cli.js', 'place-order', '--pair', 'BTC_USDT', '--type', 'LIMIT', '--side', 'BUY', '--base-amount', '0.001', '--limit-price', price, '--base-url', demo.baseUrl],
    { env: { ...process.env, TERMINAL_DATA_DIR: host.dataDir, TERMINAL_API_KEY: master.apiKey, TERMINAL_API_SECRET: master.apiSecret }, encoding: 'utf8' },
  )
  expect(run.status, run.stderr).toBe(2)
  const refusal = (JSON.parse(run.stderr) as { error: { code: string; field: string; message: string } }).error
  expect(refusal).toMatchObject({ code: 'RISK_LIMIT', field: 'base_amount' })
  expect(refusal.message).toContain("over this account's limit of 50 USDT for one order")
  const shown = spawnSync(process.execPath, ['out/main/cli.js', 'limits', 'show', '--account', String(master.id), '--base-url', demo.baseUrl], {
    env: { ...process.env, TERMINAL_DATA_DIR: host.dataDir },
    encoding: 'utf8',
  })
  expect(JSON.parse(shown.stdout)).toMatchObject({ limits: { maxOrderValue: '50', maxOpenOrders: 10, currency: 'USDT' } })

  expect(await orderRequests()).toBe(before)
})

test('a sub-account that is not the selected one gets its limits from the master’s window, and they hold its own profile’s orders', async ({ page }) => {
  test.setTimeout(120_000)
  const [master, sub] = [demo.accounts[0]!, demo.accounts[1]!]
  await openApp(page, host)
  await page.getByTestId('tab-limits').click()
  const panel = page.getByTestId('risk-limits')
  await expect(panel.getByTestId('limits-account')).toContainText(`#${master.id}`)
  await panel.getByTestId('limits-account-pick').click()
  await page.locator('.n-base-select-option', { hasText: `#${sub.id}` }).click()
  await expect(panel.getByTestId('limits-account')).toContainText(`#${sub.id}`)
  await expect(panel.getByTestId('limits-other-account')).toContainText('Not the selected account')
  // The same validation and words as for the selected account.
  await panel.getByTestId('limits-maxOrderValue').fill('abc')
  await panel.getByTestId('limits-save').click()
  await expect(panel.getByTestId('limits-maxOrderValue-error')).toContainText('A positive decimal number')
  await panel.getByTestId('limits-maxOrderValue').fill('30')
  await panel.getByTestId('limits-save').click()
  await expect(panel.getByTestId('limits-saved')).toBeVisible()
  // Its orders are read only with its own key: the figures say so rather than show the master's.
  await expect(panel.getByTestId('limits-figure-open-orders')).toContainText('own key')
  await expect(panel.getByTestId('limits-figure-open-orders')).toContainText('limit: no limit')
  await panel.getByTestId('limits-account-pick').scrollIntoViewIfNeeded()
  await panel.screenshot({ path: 'test-results/screenshots/risk-limits-sub-account.png' })
  // The master's limits are untouched; the session still has the master selected.
  expect(await callApi(host, 'limits.get', undefined)).toMatchObject({ accountId: master.id, limits: { maxOrderValue: '50' } })
  expect(await callApi(host, 'limits.get', { accountId: sub.id })).toMatchObject({ accountId: sub.id, limits: { maxOrderValue: '30' } })

  // The sub-account's own profile: an order worth more than 30 USDT is refused, nothing sent.
  const own = await callApi<{ id: string }>(host, 'profiles.create', { name: 'Sub', baseUrl: demo.baseUrl, apiKey: sub.apiKey, apiSecret: sub.apiSecret })
  await callApi(host, 'profiles.activate', { id: own.id })
  const [ticker] = await callApi<{ buy: string }[]>(host, 'market.ticker', { pair: 'BTC_USDT' })
  const price = (Math.floor(Number(ticker!.buy) * 0.9 * 100) / 100).toFixed(2)
  expect(0.001 * Number(price)).toBeGreaterThan(30)
  const before = await orderRequests()
  const refused = callApi(host, 'orders.place', { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: price })
  await expect(refused).rejects.toThrow("over this account's limit of 30 USDT for one order")
  expect(await orderRequests()).toBe(before)
})
