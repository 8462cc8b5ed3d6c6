// The window's first chart (src/features/chart/first-chart.ts), in a real Chromium against the demo
// exchange: the candles are drawn before the window's own code has run, exactly where the window's
// chart will be, in the trader's theme and layout; the window then takes that chart over, so nothing
// on screen moves and no second chart is left behind.
import { test, expect } from '@playwright/test'
import { DEFAULT_LAYOUT, type LayoutPrefs } from '../electron/domain/prefs/chart-prefs'
import { callApi, type RunningHost } from './web-host'
import { countCandleColours, gotoApp, holdBack, shot, useWebHost } from './helpers'

let host: RunningHost

useWebHost((started) => (host = started))

const cases: { name: string; theme: 'dark' | 'light'; layout: LayoutPrefs }[] = [
  { name: 'dark', theme: 'dark', layout: DEFAULT_LAYOUT },
  { name: 'light-resized', theme: 'light', layout: { sidebar: 15, bottom: 40, side: 35, bottomCollapsed: true, sideCollapsed: false } },
  { name: 'side-collapsed', theme: 'dark', layout: { sidebar: 30, bottom: 20, side: 25, bottomCollapsed: false, sideCollapsed: true } },
]

for (const c of cases) {
  test(`the candles show before the window, where its chart will be, and the window takes them over (${c.name})`, async ({ page }) => {
    await callApi(host, 'prefs.set', { theme: c.theme, layout: c.layout, pair: 'BTC_USDT', interval: '15' })
    // The window's code held back a moment, so the first chart is seen alone, as on a slow machine.
    const release = await holdBack(page, /\/assets\/window-[^/]+\.js$/)
    await gotoApp(page, host)
    const first = page.getByTestId('first-chart')
    await expect(first).toHaveAttribute('aria-label', 'BTC/USDT candles, 15m')
    await expect.poll(async () => (await countCandleColours(page, 'first-chart')).up).toBeGreaterThan(0)
    const colours = await countCandleColours(page, 'first-chart')
    expect(colours.up, 'up candles drawn').toBeGreaterThan(50)
    expect(colours.down, 'down candles drawn').toBeGreaterThan(50)
    await expect(page.getByTestId('chart')).toHaveCount(0)
    await shot(page, `first-chart-alone-${c.name}`)

    release()
    await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
    await expect(first).toHaveCount(0)
    // The very chart drawn first is the window's now, in the box it was drawn in.
    const taken = page.getByTestId('chart').locator('.host > [data-first-box]')
    await expect(taken).toHaveCount(1)
    const box = await page.getByTestId('chart').locator('.host').boundingBox()
    expect(await taken.getAttribute('data-first-box')).toBe([box!.x, box!.y, box!.width, box!.height].map((n) => Math.round(n)).join(','))
    await expect(page.getByTestId('chart').locator('canvas')).not.toHaveCount(0)
    expect(await page.getByTestId('chart').getAttribute('data-paint')).not.toBe('full')
    await shot(page, `first-chart-taken-${c.name}`)
  })
}
