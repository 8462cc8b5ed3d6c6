// Several charts (docs/workspaces.md): the layouts of 1, 2 side by side, 2 stacked and 4; each pane's
// own pair; link colours (a pair chosen in one linked pane follows in the other, an unlinked one keeps
// its own); the crosshair's time shown on both linked charts; named workspaces saved, switched, undone,
// kept over a reload; a bad workspace file refused with nothing changed; axe-core on the layout menu
// and the workspace dialog in both themes; and pictures of every layout in both themes.
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { gotoApp, openApp, saveWorkspace, shot, useWebHost } from './helpers'
import type { RunningHost } from './web-host'

let host: RunningHost
useWebHost((h) => (host = h))
test.describe.configure({ mode: 'serial' })

const pane = (page: Page, n: number) => page.getByTestId(`chart-pane-${n}`)
const pairOf = (page: Page, n: number) => pane(page, n).getByTestId('pair-select')
const theme = (page: Page) => page.evaluate("document.documentElement.dataset.theme ?? 'dark'")

async function setTheme(page: Page, want: 'dark' | 'light'): Promise<void> {
  if ((await theme(page)) !== want) await page.getByTestId('theme-toggle').click()
  await expect.poll(() => theme(page)).toBe(want)
}

/** The window again (a reload), with the charts it had: the main chart drawn. */
async function reopen(page: Page): Promise<void> {
  await gotoApp(page, host)
  await expect(pane(page, 0).getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
}

/** Every shown pane has drawn candles. */
async function panesDrawn(page: Page, count: number): Promise<void> {
  for (let n = 0; n < count; n++) await expect(pane(page, n).getByTestId('chart')).toHaveAttribute('data-render-ms', /\d/, { timeout: 20_000 })
  for (let n = 0; n < count; n++) await expect(pane(page, n).getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
}

test('four panes, each with its own pair; a linked pane follows, an unlinked one keeps its own', async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('layout-4').click()
  await expect(page.getByTestId('layout-4')).toHaveAttribute('aria-checked', 'true')
  await panesDrawn(page, 4)
  await pairOf(page, 1).selectOption('ETH_USDT')
  await pairOf(page, 2).selectOption('LTC_USDT')
  await pairOf(page, 3).selectOption('BTC_USDT')
  await expect(pairOf(page, 1)).toHaveValue('ETH_USDT')
  await expect(pairOf(page, 2)).toHaveValue('LTC_USDT')
  await expect(pane(page, 2).getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })

  // Charts 2 and 3 blue: chart 3 takes chart 2's pair; a pair chosen in chart 3 goes to chart 2.
  await pane(page, 1).getByTestId('link-chart-1').selectOption('blue')
  await pane(page, 2).getByTestId('link-chart-2').selectOption('blue')
  await expect(pairOf(page, 2)).toHaveValue('ETH_USDT')
  await pairOf(page, 2).selectOption('LTC_USDT')
  await expect(pairOf(page, 1)).toHaveValue('LTC_USDT')
  // unlinked: chart 4 and the main chart keep theirs
  await expect(pairOf(page, 3)).toHaveValue('BTC_USDT')
  await expect(pairOf(page, 0)).toHaveValue('BTC_USDT')
  await expect(pane(page, 1).getByTestId('chart-readout')).toContainText(/\d/, { timeout: 20_000 })

  // The main market (book, order form) of a colour: chart 1 orange, chart 4 orange, chart 4 to ETH: the main chart follows.
  await page.getByTestId('link-book').selectOption('orange')
  await expect(page.getByTestId('link-form')).toHaveValue('orange')
  await pane(page, 3).getByTestId('link-chart-3').selectOption('orange')
  await pairOf(page, 3).selectOption('ETH_USDT')
  await expect(pairOf(page, 0)).toHaveValue('ETH_USDT')
  await expect(pairOf(page, 1)).toHaveValue('LTC_USDT')
})

test("the crosshair's time shows on both charts of one link", async ({ page }) => {
  await reopen(page)
  await panesDrawn(page, 4)
  const host1 = pane(page, 1).locator('.host')
  const box = (await host1.boundingBox())!
  await page.mouse.move(box.x + box.width * 0.5, box.y + box.height * 0.4)
  await page.mouse.move(box.x + box.width * 0.55, box.y + box.height * 0.4)
  const time = await pane(page, 1).getByTestId('chart').getAttribute('data-crosshair')
  expect(Number(time)).toBeGreaterThan(0)
  // chart 3 (blue, the same pair and interval) points at the same candle; chart 4 (orange) at none
  await expect(pane(page, 2).getByTestId('chart')).toHaveAttribute('data-crosshair', time!)
  await expect(pane(page, 3).getByTestId('chart')).not.toHaveAttribute('data-crosshair', /./)
  await shot(page, 'multi-chart-crosshair')
})

test('pictures of every layout in both themes, and the layout menu passes axe-core', async ({ page }) => {
  await reopen(page)
  for (const want of ['dark', 'light'] as const) {
    await setTheme(page, want)
    for (const layout of ['1', '2h', '2v', '4'] as const) {
      await page.getByTestId(`layout-${layout}`).click()
      await panesDrawn(page, layout === '1' ? 1 : layout === '4' ? 4 : 2)
      await shot(page, `layout-${layout}-${want}`)
    }
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="layout-menu"]').include('[data-testid="chart-pane-1"] .toolbar').include('[data-testid="side-links"]').analyze()
    const bad = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${want}: ${v.id} on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(bad).toEqual([])
  }
})

const dialog = (page: Page) => page.getByTestId('workspace-dialog')

test('a workspace saved, switched to in one action, undone, and kept over a reload', async ({ page }) => {
  await reopen(page)
  await expect(page.getByTestId('layout-4')).toHaveAttribute('aria-checked', 'true')
  await saveWorkspace(page, 'Four')
  // Another arrangement: one chart of LTC, the Fees tab.
  await page.getByTestId('layout-1').click()
  await pairOf(page, 0).selectOption('LTC_USDT')
  await page.getByRole('tab', { name: 'Fee rules' }).click()
  await saveWorkspace(page, 'One')

  await page.getByTestId('workspace-menu').click()
  await dialog(page).getByTestId('workspace-Four').click()
  await expect(page.getByTestId('layout-4')).toHaveAttribute('aria-checked', 'true')
  await expect(pairOf(page, 0)).toHaveValue('ETH_USDT')
  await expect(pairOf(page, 2)).toHaveValue('LTC_USDT')
  await expect(page.getByRole('tab', { name: 'Balances' })).toHaveAttribute('aria-selected', 'true')
  // Undo puts back the arrangement before the switch.
  await page.getByTestId('workspace-undo').click()
  await expect(page.getByTestId('layout-1')).toHaveAttribute('aria-checked', 'true')
  await expect(pairOf(page, 0)).toHaveValue('LTC_USDT')
  await expect(page.getByRole('tab', { name: 'Fee rules' })).toHaveAttribute('aria-selected', 'true')

  await page.getByTestId('workspace-menu').click()
  await dialog(page).getByTestId('workspace-Four').click()
  await expect(page.getByTestId('layout-4')).toHaveAttribute('aria-checked', 'true')
  await reopen(page)
  await expect(page.getByTestId('layout-4')).toHaveAttribute('aria-checked', 'true')
  await expect(pairOf(page, 2)).toHaveValue('LTC_USDT')
  await page.getByTestId('workspace-menu').click()
  await expect(dialog(page).getByTestId('workspace-Four')).toBeVisible()
  await expect(dialog(page).getByTestId('workspace-One')).toBeVisible()
})

test('a workspace exported, and a bad file imported: a clear error and nothing changed', async ({ page }) => {
  await reopen(page)
  await page.getByTestId('workspace-menu').click()
  const download = page.waitForEvent('download')
  await dialog(page).getByTestId('workspace-export-Four').click()
  const file = await download
  const text = await (await file.createReadStream()).toArray().then((chunks) => Buffer.concat(chunks).toString('utf8'))
  const exported = JSON.parse(text) as { format: string; workspace: { name: string; layout: string; panes: { pair: string }[] } }
  expect(exported.format).toBe('trading-terminal-workspace')
  expect(exported.workspace.layout).toBe('4')

  // The same file with a pane's pair broken, under a new name: refused whole.
  const bad = { ...exported, workspace: { ...exported.workspace, name: 'Broken', panes: exported.workspace.panes.map((p, i) => (i === 1 ? { ...p, pair: 'not a pair' } : p)) } }
  await dialog(page)
    .getByTestId('workspace-import')
    .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) })
  await expect(dialog(page).getByTestId('workspace-error')).toContainText('Not a valid workspace file')
  await expect(dialog(page).getByTestId('workspace-error')).toContainText('A pair looks like BTC_USDT')
  await expect(dialog(page).getByTestId('workspace-Broken')).toHaveCount(0)
  await dialog(page)
    .getByTestId('workspace-import')
    .setInputFiles({ name: 'junk.json', mimeType: 'application/json', buffer: Buffer.from('{ not json') })
  await expect(dialog(page).getByTestId('workspace-error')).toContainText('not JSON')
  await expect(dialog(page).locator('li')).toHaveCount(2)
  await expect(page.getByTestId('layout-4')).toHaveAttribute('aria-checked', 'true')

  // A good file under a new name is added.
  const good = { ...exported, workspace: { ...exported.workspace, name: 'Copy' } }
  await dialog(page)
    .getByTestId('workspace-import')
    .setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) })
  await expect(dialog(page).getByTestId('workspace-Copy')).toBeVisible()
  await expect(dialog(page).getByTestId('workspace-error')).toHaveCount(0)
})

test('the workspace dialog passes axe-core in both themes', async ({ page }) => {
  await reopen(page)
  for (const want of ['dark', 'light'] as const) {
    await setTheme(page, want)
    await page.getByTestId('workspace-menu').click()
    await expect(dialog(page)).toBeVisible()
    await shot(page, `workspace-dialog-${want}`)
    const { violations } = await new AxeBuilder({ page }).include('[data-testid="workspace-dialog"]').analyze()
    const bad = violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${want}: ${v.id} on ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)
    expect(bad).toEqual([])
    await page.keyboard.press('Escape')
    await expect(dialog(page)).toHaveCount(0)
  }
})
