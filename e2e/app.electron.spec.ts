// The Electron app itself: launched from the build where the Electron binary exists. Here (no
// binary can be downloaded) the spec reports itself skipped, with the reason.
import { test, expect, _electron as electron } from '@playwright/test'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

function electronBinary(): string | null {
  const dir = join(process.cwd(), 'node_modules', 'electron')
  const pathFile = join(dir, 'path.txt')
  if (!existsSync(pathFile)) return null
  const exe = join(dir, 'dist', readFileSync(pathFile, 'utf8').trim())
  return existsSync(exe) ? exe : null
}

const exe = electronBinary()
const SKIP_REASON = 'The Electron binary is not installed on this machine (it cannot be downloaded here); the renderer is tested in Chromium through the web host instead.'

test.describe('Electron app', () => {
  test.skip(!exe, SKIP_REASON)

  test('opens a visible, sandboxed window with window.terminal and nothing else', async () => {
    const app = await electron.launch({
      executablePath: exe!,
      args: ['.', ...(process.getuid?.() === 0 ? ['--no-sandbox'] : [])],
      env: { ...process.env, TERMINAL_DATA_DIR: mkdtempSync(join(tmpdir(), 'terminal-electron-')) },
    })
    const page = await app.firstWindow()
    await expect(page.getByTestId('app-info')).toContainText('electron')
    const exposed = await page.evaluate(() => ({
      terminal: typeof (globalThis as unknown as { terminal?: unknown }).terminal,
      require: typeof (globalThis as unknown as { require?: unknown }).require,
      process: typeof (globalThis as unknown as { process?: unknown }).process,
    }))
    expect(exposed).toEqual({ terminal: 'object', require: 'undefined', process: 'undefined' })
    const visible = await app.evaluate(({ BrowserWindow }) => BrowserWindow.getAllWindows()[0]?.isVisible())
    expect(visible).toBe(true)
    // Served over the app's own privileged scheme from inside the build, never file://.
    expect(new URL(page.url()).protocol).toBe('app:')
    expect(page.url()).toBe('app://terminal/index.html')
    expect(await page.evaluate(() => (globalThis as unknown as { location: { origin: string } }).location.origin)).toBe('app://terminal')
    // The module script ran: the chart (ECharts canvas) appears.
    await expect(page.getByTestId('chart').locator('canvas').first()).toBeVisible({ timeout: 30_000 })
    await page.screenshot({ path: 'test-results/screenshots/electron.png' })
    await app.close()
  })
})
