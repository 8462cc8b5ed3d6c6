// The browser's command line repeats Playwright's own disabled features (Chromium keeps only the
// last --disable-features): an upgrade of Playwright that disables one more must not have it
// silently turned back on by ours.
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import { BROWSER_UI_FEATURES, CHROMIUM_ARGS, CODE_CACHE_FEATURES, PLAYWRIGHT_DISABLED_FEATURES } from './chromium-args.mjs'

/** The `disabledFeatures` array of the installed playwright-core, read from its source. */
function playwrightDisabledFeatures(): string[] {
  const require = createRequire(import.meta.url)
  const bundle = readFileSync(require.resolve('playwright-core/lib/coreBundle'), 'utf8')
  const start = bundle.indexOf('disabledFeatures = [')
  if (start < 0) throw new Error("playwright-core's disabledFeatures list was not found: chromium-args.mjs must be checked by hand")
  const list = bundle.slice(start, bundle.indexOf(']', start))
  return [...list.matchAll(/^\s*"([A-Za-z0-9]+)",?\s*$/gm)].map((m) => m[1]!)
}

describe("the tests' and the bench's Chromium", () => {
  it('keeps every feature Playwright itself disables', () => {
    const theirs = playwrightDisabledFeatures()
    expect(theirs.length).toBeGreaterThan(5)
    expect(theirs.filter((f) => !PLAYWRIGHT_DISABLED_FEATURES.includes(f))).toEqual([])
  })

  it('passes one --disable-features, with the omnibox popup and the code-cache-skipping fetch in it', () => {
    const flags = CHROMIUM_ARGS.filter((a) => a.startsWith('--disable-features='))
    expect(flags).toHaveLength(1)
    const features = flags[0]!.slice('--disable-features='.length).split(',')
    for (const f of [...PLAYWRIGHT_DISABLED_FEATURES, ...BROWSER_UI_FEATURES, ...CODE_CACHE_FEATURES]) expect(features).toContain(f)
  })
})
