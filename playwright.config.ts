import { defineConfig } from '@playwright/test'
// Chromium comes from Debian (/usr/bin/chromium), never from `playwright install`; its command line
// is the bench's too (scripts/lib/chromium-args.mjs says what each flag is for).
import { CHROMIUM_ARGS } from './scripts/lib/chromium-args.mjs'

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
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1600, height: 960 },
    screenshot: 'only-on-failure',
    trace: 'off',
  },
  projects: [
    { name: 'web', testMatch: /.*\.web\.spec\.ts/ },
    { name: 'electron', testMatch: /.*\.electron\.spec\.ts/ },
  ],
})
