// axe-core on a window of the terminal, as the accessibility specs run it: the critical and serious
// violations, one line each (a test expects none); the moderate and minor ones go to the report.
import { test, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'

/** The window's theme, as its root element says (the e2e build has no DOM types: the page reads it). */
export const themeOf = (page: Page): Promise<string> => page.evaluate("document.documentElement.dataset.theme ?? 'dark'")

/** The critical and serious violations on the page now, one line each; the rest go to the report. */
export async function violations(page: Page, where: string, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page })
  const { violations } = await (include ? builder.include(include) : builder).analyze()
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
