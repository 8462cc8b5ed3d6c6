// Seeing the stalls (docs/performance.md): a long task the test itself causes in the window — a busy
// loop of 120 ms in a timer, as a slow handler would be — is listed in the Diagnostics panel (under
// Help, reached with the keyboard) with its duration, reaches the core, and the CLI's `diagnostics`
// prints it from the file the core writes.
import { spawnSync } from 'node:child_process'
import { test, expect, type Page } from '@playwright/test'
import { openApp, SCREENSHOT_DIR, settled, useWebHost } from './helpers'
import { callApi, type RunningHost } from './web-host'
import type { DiagnosticsReport } from '../electron/domain/diagnostics/diagnostics'

let host: RunningHost
useWebHost((started) => (host = started))

const BUSY_MS = 120

/** Whether a long task (its start and duration, ms) spans the busy loop that began at `began`. */
const covers = (at: number, durationMs: number, began: number): boolean => at <= began + 5 && at + durationMs >= began + BUSY_MS - 5

/** Holds the window's main thread for `ms` in a task of its own; resolves with when it began (ms since the epoch, on the clock the page's long tasks are timed by). */
function stall(page: Page, ms: number): Promise<number> {
  return page.evaluate(
    (busy) =>
      new Promise<number>((resolve) =>
        setTimeout(() => {
          const began = performance.timeOrigin + performance.now()
          const until = performance.now() + busy
          while (performance.now() < until) {
            // the window can do nothing else meanwhile
          }
          resolve(began)
        }, 0),
      ),
    ms,
  )
}

/** Tab from where the focus is until it reaches the element with `testId`, then Enter: as a keyboard-only trader would. */
async function tabToAndPress(page: Page, testId: string): Promise<void> {
  const focusedId = () =>
    page.evaluate(() => (globalThis as unknown as { document: { activeElement: { getAttribute(n: string): string | null } | null } }).document.activeElement?.getAttribute('data-testid') ?? null)
  for (let i = 0; i < 10 && (await focusedId()) !== testId; i++) await page.keyboard.press('Tab')
  expect(await focusedId()).toBe(testId)
  await page.keyboard.press('Enter')
}

test('a long task the window lived through is listed in the Diagnostics panel with its duration, and reaches the core and the CLI', async ({ page }) => {
  test.setTimeout(90_000)
  await page.setViewportSize({ width: 1280, height: 800 })
  await openApp(page, host)
  const began = await stall(page, BUSY_MS)

  // Help (?), then Diagnostics, by keyboard alone.
  await page.locator('body').click({ position: { x: 600, y: 300 } })
  await page.keyboard.press('?')
  await expect(page.getByTestId('shortcuts-help')).toBeVisible()
  await tabToAndPress(page, 'diagnostics-open')
  const panel = page.getByTestId('diagnostics-panel')
  await expect(panel).toBeVisible()
  await expect(page.getByTestId('shortcuts-help')).toBeHidden()

  // The row of the test's own stall: a long task that covers the loop (a long animation frame may
  // begin a little before it, with the frame's first task), listed with its duration.
  const rows = panel.getByTestId('longtask-row')
  const ourRow = async () => {
    for (const row of await rows.all()) {
      if (covers(Number(await row.getAttribute('data-at')), Number(await row.getAttribute('data-duration')), began)) return row
    }
    return null
  }
  await expect.poll(async () => (await ourRow()) !== null, { message: 'a row for the 120 ms loop' }).toBe(true)
  const row = (await ourRow())!
  expect(Number(await row.getAttribute('data-duration'))).toBeGreaterThanOrEqual(BUSY_MS)
  await expect(row.locator('td').nth(1)).toHaveText(`${await row.getAttribute('data-duration')} ms`)
  await expect(panel.getByTestId('feed-lag')).toBeVisible()
  await row.scrollIntoViewIfNeeded()
  test.info().annotations.push({ type: 'the loop’s row', description: (await row.innerText()).replace(/\s+/g, ' ') })
  await settled(page)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/diagnostics-panel.png` })

  // The panel sent it to the core as it opened; the core's record holds it.
  const report = await callApi<DiagnosticsReport>(host, 'diagnostics.get')
  const kept = report.windows.flatMap((w) => w.longTasks).find((t) => covers(t.at, t.durationMs, began))
  expect(kept?.durationMs).toBeGreaterThanOrEqual(BUSY_MS)

  // Esc closes the panel.
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()

  // The mouse's way in: the header's Help button opens the same list, with the way to Diagnostics.
  await page.getByRole('button', { name: 'Help: keyboard shortcuts and diagnostics' }).click()
  await expect(page.getByTestId('shortcuts-help')).toBeVisible()
  await page.getByTestId('diagnostics-open').click()
  await expect(panel).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(panel).toBeHidden()

  // The CLI reads the file the core writes (at most 10 s later).
  await expect
    .poll(
      () => {
        const run = spawnSync(process.execPath, ['out/main/cli.js', 'diagnostics'], { env: { ...process.env, TERMINAL_DATA_DIR: host.dataDir }, encoding: 'utf8' })
        const out = JSON.parse(run.stdout || '{}') as { longTasks?: { time: string; durationMs: number }[] | string }
        return Array.isArray(out.longTasks) ? (out.longTasks.find((t) => covers(Date.parse(t.time), t.durationMs, began))?.durationMs ?? null) : null
      },
      { timeout: 20_000, intervals: [1_000] },
    )
    .toBeGreaterThanOrEqual(BUSY_MS)
})
