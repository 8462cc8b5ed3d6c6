// The trading window's market and account views end to end: Chromium, the real web host, the embedded
// demo exchange. The chart draws candles for every interval, a sub-account shows its own balances and
// fee rules (view-only), the balances read whole in a small window, and the light theme. Orders are
// trading.web.spec.ts. Each test acts as a trader does and waits on what the trader would see; the API
// is used only to check what the exchange holds.
import { test, expect } from '@playwright/test'
import type { Candle } from '../electron/domain/wire/wire'
import { DEFAULT_LAYOUT } from '../electron/domain/prefs/chart-prefs'
import { callApi, type RunningHost } from './web-host'
import { backgroundOf, countCandleColours, openApp, readBalance, readReadout, session, shot, textsOutsideCells, useWebHost } from './helpers'

const PAIR = 'BTC_USDT'
const INTERVALS = ['1', '5', '15', '30', '60', '240', '1D'] as const

let host: RunningHost

// Tests run in file order (one worker) and share the host; each opens its own page and leaves the
// account selection as it found it.

useWebHost((started) => (host = started))

test('the chart shows candles', async ({ page }) => {
  await openApp(page, host)
  const chart = page.getByTestId('chart')
  await expect(chart.locator('.overlay')).toHaveCount(0)
  expect(Number(await chart.getAttribute('data-render-ms'))).toBeGreaterThan(0)

  // The readout states the last candle: four prices that make a candle (low ≤ open, close ≤ high).
  const readout = page.getByTestId('chart-readout')
  await expect(readout).toContainText(/O [\d,]+\.\d{2}/)
  const { open, high, low, close } = await readReadout(page)
  expect(low).toBeGreaterThan(0)
  expect(high).toBeGreaterThanOrEqual(Math.max(open, close))
  expect(low).toBeLessThanOrEqual(Math.min(open, close))

  // The canvas really holds candles: plenty of pixels in the up green and in the down red.
  const colours = await countCandleColours(page)
  expect(colours.up).toBeGreaterThan(300)
  expect(colours.down).toBeGreaterThan(300)
  await shot(page, 'main-window')
})

test('every interval loads its own candles', async ({ page }) => {
  await openApp(page, host)
  const chart = page.getByTestId('chart')
  for (const interval of INTERVALS) {
    const button = page.getByTestId(`interval-${interval}`)
    await button.click()
    await expect(button).toHaveAttribute('aria-pressed', 'true')
    await expect(button).toHaveClass(/active/)
    // The readout shows the last candle of this interval, as the exchange has it (the last two, in
    // case a new candle opened between the two reads).
    await expect
      .poll(
        async () => {
          const candles = await callApi<Candle[]>(host, 'market.candles', { pair: PAIR, interval, limit: 2 })
          const shown = await readReadout(page).catch(() => null)
          return shown !== null && candles.some((c) => Math.abs(c.open - shown.open) < 0.006)
        },
        { message: `interval ${interval} shows its last candle`, timeout: 15_000 },
      )
      .toBe(true)
    await expect(chart.locator('.overlay')).toHaveCount(0)
    await expect(chart).toHaveAttribute('data-render-ms', /\d/)
  }
  // A daily candle spans at least the range of the minute candle within it.
  await page.getByTestId('interval-1').click()
  await expect(page.getByTestId('interval-1')).toHaveAttribute('aria-pressed', 'true')
  const minute = await callApi<Candle[]>(host, 'market.candles', { pair: PAIR, interval: '1', limit: 1 })
  const day = await callApi<Candle[]>(host, 'market.candles', { pair: PAIR, interval: '1D', limit: 1 })
  expect(day[0]!.high - day[0]!.low).toBeGreaterThanOrEqual(minute[0]!.high - minute[0]!.low)
  await page.getByTestId('interval-15').click()
  await expect(page.getByTestId('interval-15')).toHaveAttribute('aria-pressed', 'true')
})

test('switching to a sub-account changes balances and fee rules; it is view-only', async ({ page }) => {
  const state = await session(host)
  const master = state.accounts.find((a) => a.parentId === null)!
  const sub = state.accounts.find((a) => a.parentId === master.id && a.name === 'Demo Scalping Desk')!
  expect(sub.profileId).toBeNull()

  await openApp(page, host)
  await page.getByTestId('tab-fees').click()
  await expect(page.getByTestId('fee-rule-row-0')).toBeVisible()
  const masterFees = await page.getByTestId('fee-rules-table').locator('[data-testid^="fee-rule-row-"]').allTextContents()
  // Every cell's text stays inside its cell: a validity window ran over the rates beside it.
  expect(await textsOutsideCells(page.getByTestId('fee-rules-table')), 'fee rule texts running out of their cells').toEqual([])
  await page.getByTestId('tab-balances').click()
  await expect(page.getByTestId('balance-row-XRP-SPOT')).toBeVisible()
  await expect(page.getByTestId('balance-row-USDT-ISOLATED_MARGIN')).toHaveCount(0)
  await expect(page.getByTestId('view-only-note')).toHaveCount(0)

  try {
    await page.getByTestId('account-switcher').click()
    const item = page.getByTestId(`account-item-${sub.id}`)
    await expect(item).toHaveAttribute('data-tradable', 'false')
    await expect(item).toContainText('view-only')
    await item.click()

    await expect(page.getByTestId('account-switcher')).toContainText(sub.name)
    await expect(page.getByTestId('view-only-note')).toBeVisible()
    // The sub-account's balances: its isolated-margin wallet and its 0.5 BTC; none of the master's XRP.
    await expect(page.getByTestId('balance-row-USDT-ISOLATED_MARGIN')).toBeVisible()
    await expect(page.getByTestId('balance-row-XRP-SPOT')).toHaveCount(0)
    await expect.poll(() => readBalance(page, 'BTC', 'SPOT', 'balance')).toBe(0.5)
    await expect.poll(() => readBalance(page, 'USDT', 'SPOT', 'balance')).toBe(25_000)

    await page.getByTestId('tab-fees').click()
    await expect
      .poll(async () => {
        const rows = await page.getByTestId('fee-rules-table').locator('[data-testid^="fee-rule-row-"]').allTextContents()
        return rows.length > 0 && JSON.stringify(rows) !== JSON.stringify(masterFees)
      })
      .toBe(true)

    // No order can be sent from here, and the form says why.
    await expect(page.getByTestId('order-submit')).toBeDisabled()
    await expect(page.getByTestId('order-submit-reason')).toContainText(/key|view-only/i)
    await page.getByTestId('tab-balances').click()
    await shot(page, 'sub-account-view')
  } finally {
    await callApi(host, 'accounts.select', { accountId: master.id })
  }
  await expect(page.getByTestId('view-only-note')).toHaveCount(0)
  await expect(page.getByTestId('balance-row-XRP-SPOT')).toBeVisible()
})

test('the light theme', async ({ page }) => {
  await openApp(page, host)
  const chart = page.getByTestId('chart')
  await expect(chart).toHaveClass(/dark/)
  await page.getByTestId('theme-toggle').click()
  await expect(chart).toHaveClass(/light/)
  const background = await backgroundOf(page.locator('body'))
  const [r, g, b] = (background.match(/\d+/g) ?? []).map(Number)
  expect((r ?? 0) + (g ?? 0) + (b ?? 0)).toBeGreaterThan(600)
  await expect(page.getByTestId('chart-readout')).toBeVisible()
  // The pointer away from the toggle, so its tooltip does not cover the order form in the picture.
  await page.mouse.move(800, 950)
  await expect(page.getByText('Switch to the dark theme')).toBeHidden()
  await shot(page, 'light-theme')
  await page.getByTestId('theme-toggle').click()
  await expect(chart).toHaveClass(/dark/)
})

test('at 1280×720 and 1440×900 the balances show currency, wallet, balance, available and reserve with no sideways scroll', async ({ page }) => {
  await callApi(host, 'prefs.set', { layout: DEFAULT_LAYOUT })
  await page.setViewportSize({ width: 1280, height: 720 })
  await openApp(page, host)
  const table = page.getByTestId('balances-table')
  await expect(page.getByTestId('balance-row-DAI-SPOT')).toBeVisible()
  for (const [width, height] of [
    [1280, 720],
    [1440, 900],
  ] as const) {
    await page.setViewportSize({ width, height })
    const tabs = (await page.locator('.bottom-tabs').boundingBox())!
    for (const title of ['Currency', 'Balance', 'Available', 'Reserve']) {
      const th = (await table.locator('th', { hasText: title }).boundingBox())!
      expect(th.x + th.width, `${width}×${height}: the ${title} column within the tabs`).toBeLessThanOrEqual(tabs.x + tabs.width + 0.5)
    }
    // Nothing to scroll to: the table's body is no wider than its panel.
    expect(await table.locator('.n-data-table-base-table-body .n-scrollbar-container').evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0)
    // All 18 decimals of DAI and the wallet of each BTC row, whole.
    expect(await textsOutsideCells(table), 'balance texts running out of their cells').toEqual([])
    await expect(page.getByTestId('balance-row-DAI-SPOT').locator('[data-col="balance"]')).toHaveText('1,234.123456789012345678')
    await expect(page.getByTestId('balance-row-BTC-CROSS_MARGIN').locator('[data-col="wallet"]')).toHaveText('Cross')
    await shot(page, `balances-${width}x${height}`)
  }
})
