import { test, expect } from '@playwright/test'
import { callApi, startWebHost, windowUrl, type RunningHost } from './web-host'

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
