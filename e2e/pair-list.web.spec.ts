// The pair list in a real Chromium against the demo exchange, at the widths its column can be dragged
// to: every row's name is whole, its price and the day's change never run into each other or out of
// the row, and where the change is not shown it is still read out with the row; in both themes,
// axe-core finds nothing critical or serious in the list at any of those widths.
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { DEFAULT_LAYOUT } from '../electron/domain/chart-prefs'
import { callApi, type RunningHost } from './web-host'
import { openApp, shot, useWebHost } from './helpers'

let host: RunningHost

useWebHost((started) => (host = started))

/** What a trader would see wrong in the list's rows: texts over each other, out of their row, or cut. */
function rowProblems(page: Page): Promise<string[]> {
  return page.getByTestId('pair-list').evaluate((list) => {
    const problems: string[] = []
    for (const row of list.querySelectorAll('[role="option"]')) {
      const box = row.getBoundingClientRect()
      const parts = ['.pair-name', '.pair-last', '.pair-change'].map((s) => row.querySelector(s)!)
      // The texts on screen: a text left to screen readers is a pixel square, out of sight.
      const boxes = parts.map((el) => ({ el, r: el.getBoundingClientRect() })).filter(({ r }) => r.width > 1 && r.height > 1)
      const label = parts[0]!.textContent
      for (const { el, r } of boxes) {
        if (r.left < box.left - 0.5 || r.right > box.right + 0.5 || r.top < box.top - 0.5 || r.bottom > box.bottom + 0.5) problems.push(`${label}: "${el.textContent}" out of its row`)
        if (el.scrollWidth > el.clientWidth + 1) problems.push(`${label}: "${el.textContent}" cut (${el.scrollWidth} > ${el.clientWidth})`)
      }
      for (let i = 0; i < boxes.length; i++)
        for (let j = i + 1; j < boxes.length; j++) {
          const [a, b] = [boxes[i]!.r, boxes[j]!.r]
          if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) problems.push(`${label}: "${boxes[i]!.el.textContent}" over "${boxes[j]!.el.textContent}"`)
        }
    }
    return problems
  })
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
      await expect(page.getByRole('option', { name: /^BTC\/USDT\s*[\d,.]+\s*[▲▼–]?\s*[+-]?[\d.]+ %$/ })).toHaveCount(1)
      const { violations } = await new AxeBuilder({ page }).include('[data-testid="pair-list"]').analyze()
      const serious = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${v.id} on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
      expect(serious, `axe in the pair list at a ${sidebar} % column, ${theme} theme`).toEqual([])
      await shot(page, `pair-list-${sidebar}-${theme}`)
    }
  } finally {
    await callApi(host, 'prefs.set', { theme: 'dark', layout: DEFAULT_LAYOUT })
  }
})
