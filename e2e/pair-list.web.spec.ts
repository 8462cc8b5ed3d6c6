// The pair list in a real Chromium against the demo exchange, at the widths its column can be dragged
// to: every row's name is whole, its price and the day's change never run into each other or out of
// the row, and where the change is not shown it is still read out with the row; in both themes,
// axe-core finds nothing critical or serious in the list at any of those widths.
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { DEFAULT_LAYOUT } from '../electron/domain/prefs/chart-prefs'
import { callApi, type RunningHost } from './web-host'
import { openApp, shot, useWebHost } from './helpers'
import { layoutProblems } from './layout-check'

let host: RunningHost

useWebHost((started) => (host = started))

/** What a trader would see wrong in the list's rows: texts over each other, out of their row, or cut. */
function rowProblems(page: Page): Promise<string[]> {
  return page.getByTestId('pair-list').evaluate(layoutProblems, { items: '[role="option"]', parts: '.pair-name, .pair-last, .pair-change' })
}

test('at every width of its column the pair list reads cleanly, each row still saying the day’s change', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  // Colours as they settle, not halfway through a row's transition, for axe's contrast check.
  await page.emulateMedia({ reducedMotion: 'reduce' })
  try {
    // The widest, a middle and the narrowest column the split allows (40 %, 15 %, 10 %), each theme.
    for (const [sidebar, theme] of [40, 15, 10].flatMap((width) => (['dark', 'light'] as const).map((t) => [width, t] as const))) {
      await callApi(host, 'prefs.set', { theme, layout: { ...DEFAULT_LAYOUT, sidebar } })
      await openApp(page, host)
      const rows = page.getByTestId('pair-list').getByRole('option')
      await expect(rows.first().locator('.pair-change')).toContainText('%')
      await expect(rows.first().locator('.pair-last')).not.toHaveText('—')
      expect(await rowProblems(page), `pair rows at a ${sidebar} % column`).toEqual([])
      // Shown or not, the change is part of what a screen reader says for the row.
      await expect(page.getByRole('option', { name: /^BTC\/USDT\s*[\d,.]+\s*[↑↓–]?\s*[+-]?[\d.]+ %$/ })).toHaveCount(1)
      const { violations } = await new AxeBuilder({ page }).include('[data-testid="pair-list"]').analyze()
      const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id} on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
      expect(serious, `axe in the pair list at a ${sidebar} % column, ${theme} theme`).toEqual([])
      await shot(page, `pair-list-${sidebar}-${theme}`)
    }
  } finally {
    await callApi(host, 'prefs.set', { theme: 'dark', layout: DEFAULT_LAYOUT })
  }
})
