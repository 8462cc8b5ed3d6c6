// What the docs' pictures share (docs.shots.ts, analysis.shots.ts): a stage — the built app through
// the web host against a demo exchange that holds still (a fixed seed, prices moved only by the orders
// placed here), one window resized for each picture, reduced motion — and the steps every picture
// takes: sized, at rest, written to docs/.
import { rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { expect, type Browser, type Page } from '@playwright/test'
import { callApi, startWebHost, type RunningHost } from '../web-host'
import { openApp, settled } from '../helpers'
import { startAdminDemo, stopAdminDemo, type AdminDemo } from '../demo-process'
import { PICTURES, type PictureFile } from './pictures'

export const PAIR = 'BTC_USDT'
/** Shown only while they are news: no picture keeps a notice or a fired alert over the window. */
const HIDE_TRANSIENT = '.n-notification-container, .alert-toast { visibility: hidden !important; }'

export interface Stage {
  demo: AdminDemo
  host: RunningHost
  /**
   * One window for every picture, resized for each: a second window of the same web host gets the book
   * only with its next change, and the still demo's book does not change by itself.
   */
  page: Page
  close(): Promise<void>
}

/**
 * A still demo (`seed`), a web host on a fixed data directory named `name` (the status bar names it,
 * and a picture should not change with a random name) with one profile on it, and the window open at
 * the size of `first`, after `prefs` (the window reads its preferences as it opens).
 */
export async function openStage(browser: Browser, name: string, seed: number, first: PictureFile, prefs: Record<string, unknown> = {}): Promise<Stage> {
  const dataDir = join(tmpdir(), name)
  rmSync(dataDir, { recursive: true, force: true })
  const demo = await startAdminDemo(seed, { still: true })
  const host = await startWebHost({ dataDir })
  const master = demo.accounts.find((a) => a.parentId === null)!
  const profile = await callApi<{ id: string }>(host, 'profiles.create', { name: 'Demo desk', baseUrl: demo.baseUrl, apiKey: master.apiKey, apiSecret: master.apiSecret })
  await callApi(host, 'profiles.activate', { id: profile.id })
  // the embedded demo's market moves by itself: gone, so every figure comes from the still one
  const embedded = (await callApi<{ id: string; isDemo: boolean }[]>(host, 'profiles.list')).find((p) => p.isDemo)
  if (embedded) await callApi(host, 'profiles.remove', { id: embedded.id })
  await callApi(host, 'prefs.set', { theme: 'dark', pair: PAIR, interval: '15' })
  if (Object.keys(prefs).length > 0) await callApi(host, 'prefs.set', prefs)
  const { width, height } = PICTURES.find((p) => p.file === first)!
  const page = await browser.newPage({ reducedMotion: 'reduce', viewport: { width, height } })
  await openApp(page, host)
  return {
    demo,
    host,
    page,
    async close() {
      await page.close()
      await host.stop()
      await stopAdminDemo(demo)
      rmSync(dataDir, { recursive: true, force: true })
    },
  }
}

/** The window at the picture's size; the layout and the chart follow the resize. */
export async function sized(page: Page, file: PictureFile): Promise<void> {
  const { width, height } = PICTURES.find((p) => p.file === file)!
  if (page.viewportSize()?.width === width && page.viewportSize()?.height === height) return
  await page.setViewportSize({ width, height })
  await expect(page.getByTestId('chart-readout')).toBeVisible()
}

/** Writes docs/<file> once the window is at rest: no pointer over a control, no transition half way. */
export async function picture(page: Page, file: PictureFile): Promise<void> {
  const { width, height } = PICTURES.find((p) => p.file === file)!
  expect(page.viewportSize(), `${file} is taken at its size`).toEqual({ width, height })
  await page.mouse.move(width - 1, height - 1)
  await page.waitForLoadState('networkidle')
  await settled(page)
  // the chart redraws after a resize: one more frame so its canvas has the new size drawn
  await page.evaluate(() => new Promise((resolve) => (globalThis as unknown as { requestAnimationFrame(f: () => void): void }).requestAnimationFrame(() => resolve(null))))
  await page.screenshot({ path: join('docs', file), animations: 'disabled', caret: 'hide', style: HIDE_TRANSIENT })
}

/** Shows a bottom tab and waits for its table (or its form) to be read. */
export async function showTab(page: Page, tab: string): Promise<void> {
  await page.getByTestId(`tab-${tab}`).click()
  await expect(page.locator(`.n-tabs-tab--active [data-testid="tab-${tab}"]`)).toBeVisible()
  await page.waitForLoadState('networkidle')
  await expect(page.locator('.bottom-region .n-data-table--loading')).toHaveCount(0, { timeout: 15_000 })
}

/**
 * Drags the split above the bottom tabs by `dy` pixels (up: negative), as a hand would: at 1280×720
 * the tabs' tables get a few more rows for their pictures. The layout is remembered, so it is dragged back.
 */
export async function dragBottomSplit(page: Page, dy: number): Promise<void> {
  const box = (await page.getByTestId('bottom-region').boundingBox())!
  const [x, y] = [box.x + box.width / 2, box.y - 2]
  await page.mouse.move(x, y)
  await page.mouse.down()
  await page.mouse.move(x, y + dy / 2, { steps: 4 })
  await page.mouse.move(x, y + dy, { steps: 4 })
  await page.mouse.up()
  const after = (await page.getByTestId('bottom-region').boundingBox())!
  expect(Math.abs(after.height - box.height - -dy), 'the bottom tabs were resized').toBeLessThan(12)
}
