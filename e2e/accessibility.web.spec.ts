// Every trader can read and operate the window: axe-core (the engine behind Lighthouse's and
// Playwright's accessibility checks) on the main window and each bottom tab, in both themes, at
// 1280×720 and 1920×1080. A critical or serious violation fails the test; moderate and minor ones
// are listed in the test report.
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { openApp, useWebHost } from './helpers'
import type { RunningHost } from './web-host'

let host: RunningHost
useWebHost((started) => (host = started))

const TABS = ['balances', 'fees', 'orders', 'history', 'fills', 'alerts'] as const

/** The critical and serious violations on the page now, one line each; the rest go to the report. */
async function violations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze()
  const lines = (impacts: string[]) =>
    violations
      .filter((v) => impacts.includes(v.impact ?? ''))
      .map((v) => `${where}: ${v.impact} ${v.id} (${v.help}) on ${v.nodes.length}: ${v.nodes.slice(0, 4).map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` — ${n.any[0].message}` : ''}`).join(' | ')}`)
  for (const line of lines(['moderate', 'minor'])) test.info().annotations.push({ type: 'axe (moderate or minor)', description: line })
  return lines(['critical', 'serious'])
}

for (const size of [{ width: 1280, height: 720 }, { width: 1920, height: 1080 }]) {
  for (const theme of ['dark', 'light'] as const) {
    test(`no critical or serious violation: main window and every bottom tab, ${theme} theme, ${size.width}×${size.height}`, async ({ page }) => {
      test.setTimeout(120_000)
      await page.setViewportSize(size)
      await openApp(page, host)
      const toggle = page.getByTestId('theme-toggle')
      if ((await page.evaluate(() => document.documentElement.dataset.theme ?? 'dark')) !== theme) await toggle.click()
      await expect.poll(() => page.evaluate(() => document.documentElement.dataset.theme ?? 'dark')).toBe(theme)
      const found: string[] = []
      for (const tab of TABS) {
        await page.getByTestId(`tab-${tab}`).click()
        await expect(page.locator(`.n-tabs-tab--active [data-testid="tab-${tab}"]`)).toBeVisible()
        await page.waitForLoadState('networkidle') // the tab's table loads in a chunk of its own
        // a table still loading is dimmed on purpose: it is checked as it reads once loaded
        await expect(page.locator('.bottom-region .n-data-table--loading')).toHaveCount(0)
        found.push(...(await violations(page, `${tab} tab`)))
      }
      await page.getByTestId('chart-view-depth').click()
      await expect(page.getByTestId('depth-chart')).toBeVisible()
      found.push(...(await violations(page, 'depth chart')))
      await page.getByTestId('chart-view-candles').click()
      expect(found).toEqual([])
    })
  }
}
