import { resolve } from 'node:path'
import { defineConfig } from '@playwright/test'
// Chromium comes from Debian (/usr/bin/chromium), never from `playwright install`; its command line
// is the bench's too (scripts/lib/chromium-args.mjs says what each flag is for).
import { CHROMIUM_ARGS } from './scripts/lib/chromium-args.mjs'

const chromium = { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS }
/** The specs whose pass depends on how wide text is drawn: they run again with DejaVu as the only system font. */
const LAYOUT_SPECS = /(narrow-window|pair-list|workspace-layout|workspace-tables)\.web\.spec\.ts/

export default defineConfig({
  testDir: 'e2e',
  // Playwright empties its outputDir on every run; screenshots the tests save go beside it, in
  // test-results/screenshots, so they survive for people to look at.
  outputDir: 'test-results/playwright',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  // A committed test.only must fail the run, not quietly run one test (npm test passes --forbid-only too).
  forbidOnly: !!process.env.CI,
  fullyParallel: false,
  workers: 1,
  retries: 0,
  reporter: [['list'], ['./e2e/skip-reasons-reporter.ts']],
  use: {
    launchOptions: chromium,
    viewport: { width: 1600, height: 960 },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'web', testMatch: /.*\.web\.spec\.ts/ },
    // The window draws with its own fonts (src/styles/fonts.css), so no layout may depend on the
    // machine's: the layout specs again, with fontconfig limited to DejaVu (e2e/fonts/dejavu-only.conf),
    // the wide fallback on which they failed before the fonts shipped.
    {
      name: 'web-dejavu',
      testMatch: LAYOUT_SPECS,
      use: { launchOptions: { ...chromium, env: { ...process.env, FONTCONFIG_FILE: resolve(__dirname, 'e2e/fonts/dejavu-only.conf') } } },
    },
    { name: 'electron', testMatch: /.*\.electron\.spec\.ts/ },
    // The README's and docs' pictures (`npm run screenshots`, scripts/screenshots.mjs): they rewrite
    // docs/*.png, so only that command, which sets TERMINAL_SCREENSHOTS, includes them; `npm test` never does.
    ...(process.env.TERMINAL_SCREENSHOTS ? [{ name: 'screenshots', testMatch: /screenshots\/.*\.shots\.ts/, timeout: 180_000 }] : []),
  ],
})
