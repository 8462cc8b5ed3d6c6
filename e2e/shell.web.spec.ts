import { test, expect } from '@playwright/test'
import { callApi, startWebHost, windowUrl, type RunningHost } from './web-host'
import { bestPrices, openApp } from './helpers'

let host: RunningHost

test.beforeAll(async () => {
  host = await startWebHost()
})
test.afterAll(async () => {
  await host?.stop()
})

test('the shell loads in Chromium and shows app.info from the web host', async ({ page }) => {
  const info = await callApi<{ version: string; host: string; dataDir: string; keychain: { available: boolean } }>(host, 'app.info')
  expect(info.host).toBe('web')
  expect(info.dataDir).toBe(host.dataDir)

  await page.goto(await windowUrl(host))
  const status = page.getByTestId('app-info')
  await expect(status).toContainText(info.version)
  await expect(status).toContainText('web')
  await expect(status).toContainText(host.dataDir)
  await page.screenshot({ path: 'test-results/screenshots/shell.png' })
})

test('the web host refuses API calls without the session cookie and from another origin', async () => {
  const cookie = await host.cookie()
  const noCookie = await fetch(`${host.origin}/api/app.info`, { method: 'POST', body: '{}' })
  expect(noCookie.status).toBe(401)
  const [name, value] = cookie.split('=') as [string, string]
  const wrongCookie = await fetch(`${host.origin}/api/app.info`, { method: 'POST', body: '{}', headers: { cookie: `${name}=${'x'.repeat(value.length)}` } })
  expect(wrongCookie.status).toBe(401)
  const crossOrigin = await fetch(`${host.origin}/api/app.info`, { method: 'POST', body: '{}', headers: { cookie, origin: 'http://evil.example' } })
  expect(crossOrigin.status).toBe(403)
  const events = await fetch(`${host.origin}/events`)
  expect(events.status).toBe(401)
})

test('order notices keep clear of the order form and the book, however wide the side column is', async ({ page }) => {
  await openApp(page, host)
  const side = page.getByTestId('side-region')
  const notices = page.locator('.n-notification')
  const { bid } = await bestPrices(host, 'BTC_USDT')
  // The default column, and one the trader has dragged wider.
  for (const [width, sidePercent] of [
    [1280, 25],
    [1600, 25],
    [1600, 40],
  ] as const) {
    await callApi(host, 'prefs.set', { layout: { sidebar: 24, bottom: 30, side: sidePercent, bottomCollapsed: false, sideCollapsed: false } })
    await page.setViewportSize({ width, height: width === 1600 ? 960 : 720 })
    await page.reload()
    await side.waitFor()
    await callApi(host, 'orders.place', { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.001', limit_price: (bid * 0.8).toFixed(2) })
    await expect(notices.first()).toBeVisible()
    const s = (await side.boundingBox())!
    // Once a notice has slid in (it enters from the right edge), it stays left of the side column.
    const rightmost = () => notices.evaluateAll((els) => (els.length ? Math.max(...els.map((el) => el.getBoundingClientRect().right)) : Infinity))
    await expect.poll(rightmost, { message: `notices stay left of the side column (x=${s.x})` }).toBeLessThanOrEqual(s.x)
  }
  await callApi(host, 'orders.cancel', { pair: 'BTC_USDT' })
  await callApi(host, 'prefs.set', { layout: { sidebar: 24, bottom: 30, side: 25, bottomCollapsed: false, sideCollapsed: false } })
})
