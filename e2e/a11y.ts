// What the specs that check accessibility share: the window switched to a theme with its colours at
// rest, and axe-core's critical and serious violations on the page (or a part of it), one line each
// (the moderate and minor ones go to the test report).
import { expect, test, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'

/** The window's theme, as its root element says (the e2e build has no DOM types: the page reads it). */
export const themeOf = (page: Page): Promise<string> => page.evaluate("document.documentElement.dataset.theme ?? 'dark'")

/** The text and background colours of the window's text, as the page computes them now. */
const COLOURS = `[...document.querySelectorAll('body, .pair-name strong, .pair-row .num, .pair-head, .n-tabs-tab, .order-region, .book-region')].map((e) => { const s = getComputedStyle(e); return s.color + ' ' + s.backgroundColor }).join('|')`

/**
 * Switched to `theme`, its colours at rest: the root says the theme, and the window's colours read the
 * same twice, 100 ms apart. A full run once caught the pair list's names halfway between the two
 * themes' text colours right after the switch (2.5:1), with reduced motion on.
 */
export async function switchedTo(page: Page, theme: 'dark' | 'light'): Promise<void> {
  if ((await themeOf(page)) !== theme) {
    await page.getByTestId('theme-toggle').click()
    // off the toggle at once: its tooltip, shown while the colours settle, would cover what comes next
    await page.mouse.move(0, 0)
  }
  await expect.poll(() => themeOf(page)).toBe(theme)
  let before = await page.evaluate(COLOURS)
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(COLOURS)
        const same = now === before
        before = now
        return same
      },
      { intervals: [100] },
    )
    .toBe(true)
}

/** The critical and serious violations on the page now, one line each; the rest go to the report. */
export async function violations(page: Page, where: string, include?: string): Promise<string[]> {
  const { violations } = await (include ? new AxeBuilder({ page }).include(include) : new AxeBuilder({ page })).analyze()
  const lines = (impacts: string[]) =>
    violations
      .filter((v) => impacts.includes(v.impact ?? ''))
      .map(
        (v) =>
          `${where}: ${v.impact} ${v.id} (${v.help}) on ${v.nodes.length}: ${v.nodes
            .slice(0, 4)
            .map((n) => `${n.target.join(' ')}${n.any[0]?.message ? ` — ${n.any[0].message}` : ''}`)
            .join(' | ')}`,
      )
  for (const line of lines(['moderate', 'minor'])) test.info().annotations.push({ type: 'axe (moderate or minor)', description: line })
  return lines(['critical', 'serious'])
}
