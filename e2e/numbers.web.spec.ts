// Exact numbers and honest times, end to end: the embedded demo exchange sends an 18-decimal DAI
// balance as a JSON number; the terminal must show every digit. Chromium runs in New York so that
// local time and UTC differ.
import { test, expect } from '@playwright/test'
import type { AccountSnapshot } from '../electron/domain/api/api'
import { callApi, startWebHost, type RunningHost } from './web-host'
import { balanceCell, openApp, SCREENSHOT_DIR, settled, shot } from './helpers'

let host: RunningHost

test.use({ timezoneId: 'America/New_York', locale: 'en-US' })

test.beforeAll(async () => {
  host = await startWebHost()
})
test.afterAll(async () => {
  await host?.stop()
})

test('an 18-decimal balance shows every digit in the balances table', async ({ page }) => {
  await openApp(page, host)
  // The engine itself formats decimal strings exactly (Intl.NumberFormat v3), no double in between.
  expect(await page.evaluate(() => new Intl.NumberFormat('en-US', { minimumFractionDigits: 18 }).format('1234.123456789012345678' as never))).toBe('1,234.123456789012345678')
  await page.getByTestId('tab-balances').click()
  await expect(balanceCell(page, 'DAI', 'SPOT', 'balance')).toHaveText('1,234.123456789012345678')
  await expect(balanceCell(page, 'DAI', 'SPOT', 'available')).toHaveText('1,234.123456789012345678')
  // The core answers with the same exact text: nothing was rounded on the way.
  const snapshot = await callApi<AccountSnapshot>(host, 'account.snapshot')
  expect(snapshot.balances.find((b) => b.currency === 'DAI' && b.wallet_type === 'SPOT')?.balance).toBe('1234.123456789012345678')
  // Other currencies keep their own places, their decimal points in one column with DAI's.
  await expect(balanceCell(page, 'BTC', 'SPOT', 'balance')).toHaveText(/^\d+\.\d{6}$/)
  const pointX = async (currency: string) =>
    balanceCell(page, currency, 'SPOT', 'balance').evaluate((cell) => {
      // Runs in the page: the DOM types are not in this (Node) project's lib, hence the casts.
      interface RangeLike {
        setStart(node: unknown, offset: number): void
        setEnd(node: unknown, offset: number): void
        getBoundingClientRect(): { left: number }
      }
      const doc = (globalThis as unknown as { document: { createRange(): RangeLike } }).document
      const text = (cell as unknown as { firstChild: { data: string } }).firstChild
      const range = doc.createRange()
      const dot = text.data.indexOf('.')
      range.setStart(text, dot)
      range.setEnd(text, dot + 1)
      return range.getBoundingClientRect().left
    })
  expect(Math.abs((await pointX('BTC')) - (await pointX('DAI')))).toBeLessThan(1)
  // On a small screen the 25 digits keep to their own column: the table scrolls sideways instead.
  await page.setViewportSize({ width: 1280, height: 720 })
  const balanceBox = await balanceCell(page, 'DAI', 'SPOT', 'balance').boundingBox()
  const reserveBox = await balanceCell(page, 'DAI', 'SPOT', 'reserve').boundingBox()
  expect(balanceBox!.x + balanceBox!.width).toBeLessThanOrEqual(reserveBox!.x)
  await page.setViewportSize({ width: 1600, height: 960 })
  await settled(page)
  await page.getByTestId('balances-table').screenshot({ path: `${SCREENSHOT_DIR}/balances-18-decimals.png` })
})

test('times show in local time, and in UTC after the switch', async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('tab-balances').click()
  const snapshot = await callApi<AccountSnapshot>(host, 'account.snapshot')
  const usdt = snapshot.balances.find((b) => b.currency === 'USDT' && b.wallet_type === 'SPOT')!
  const utc = new Date(usdt.last_update_at)
  const pad = (n: number) => String(n).padStart(2, '0')
  const asUtc = `${utc.getUTCFullYear()}-${pad(utc.getUTCMonth() + 1)}-${pad(utc.getUTCDate())} ${pad(utc.getUTCHours())}:${pad(utc.getUTCMinutes())}:${pad(utc.getUTCSeconds())}`
  // The Updated column shows the time of day of today's updates; its title, the whole time.
  const updated = page.getByTestId('balance-row-USDT-SPOT').locator('[data-col="updated"]')
  const toggle = page.getByTestId('time-zone-toggle')
  await expect(toggle).toHaveText('Local time')
  // New York is 4 or 5 hours behind UTC: the local reading is not the UTC one.
  await expect(updated).not.toHaveAttribute('title', asUtc)
  await toggle.click()
  await expect(toggle).toHaveText('UTC')
  await expect(updated).toHaveAttribute('title', asUtc)
  await expect(updated).toHaveText(asUtc.slice('YYYY-MM-DD '.length))
  // The choice is a preference, kept by the core.
  expect((await callApi<{ timeZone: string }>(host, 'prefs.get')).timeZone).toBe('utc')
  await shot(page, 'time-zone-utc')
  await toggle.click()
  await expect(toggle).toHaveText('Local time')
})

test('the fee preview names the currency the fee is charged in', async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('order-type-LIMIT').click()
  await page.getByTestId('order-side-BUY').click()
  await page.getByTestId('limit-price').fill('1000')
  await page.getByTestId('base-amount').fill('0.5')
  await expect(page.getByTestId('order-estimate-fee')).toContainText(/\d BTC$/)
  await page.getByTestId('order-side-SELL').click()
  await expect(page.getByTestId('order-estimate-fee')).toContainText(/\d USDT$/)
})
