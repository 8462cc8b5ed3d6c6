// Pop-outs of the extra chart panes and pop-outs in workspaces (docs/popouts.md, docs/workspaces.md),
// in the web host: in a layout of two, chart 2 pops out showing its own pair alone while its cell in
// the main window holds the placeholder, and closing its window brings it back; a workspace saved with
// a pop-out brings it back when switched to, closes it when another is switched to, and Undo of that
// switch opens it again; axe-core on the new views in both themes.
import { test, expect, type Page } from '@playwright/test'
import { gotoApp, openApp, saveWorkspace, shot, useWebHost } from './helpers'
import { switchedTo, themeOf, violations } from './a11y'
import { callApi, type RunningHost } from './web-host'

let host: RunningHost
useWebHost((started) => (host = started))
test.describe.configure({ mode: 'serial' })

const kept = async () => (await callApi<{ popouts: { panel: string; pane: number; pair: string }[] }>(host, 'popouts.list')).popouts
const pane = (page: Page, n: number) => page.getByTestId(`chart-pane-${n}`)
const dialog = (page: Page) => page.getByTestId('workspace-dialog')

test('chart 2 pops out alone with its own pair; its cell holds the placeholder; closing its window brings it back', async ({ page }) => {
  test.setTimeout(120_000)
  await openApp(page, host)
  await page.getByTestId('layout-2h').click()
  await pane(page, 1).getByTestId('pair-select').selectOption('LTC_USDT')
  await expect(pane(page, 1).getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await shot(page, 'popout-buttons-2h')
  const [popup] = await Promise.all([page.waitForEvent('popup'), pane(page, 1).getByTestId('popout-chart-1').click()])
  await popup.waitForURL((url) => url.search === '?panel=chart&pane=1')
  // the pop-out: chart 2 alone, its pair, its own feed's candles
  await expect(popup.getByTestId('popout-window-chart-1')).toBeVisible()
  await expect(popup.getByTestId('chart-pane-1').getByTestId('pair-select')).toHaveValue('LTC_USDT')
  await expect(popup.getByTestId('chart-pane-1').getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(popup.getByTestId('chart-pane-0')).toHaveCount(0)
  await expect(popup.locator('.popout-title')).toContainText('Chart 2 · LTC/USDT')
  // the main window: the placeholder in chart 2's cell, chart 1 still drawn
  await expect(pane(page, 1).getByTestId('popout-placeholder-chart-1')).toContainText('Chart 2 (LTC/USDT) is in a window of its own')
  await expect(pane(page, 0).getByTestId('chart-readout')).toBeVisible()
  expect(await kept()).toMatchObject([{ panel: 'chart', pane: 1, pair: 'LTC_USDT' }])

  for (const theme of ['dark', 'light'] as const) {
    await switchedTo(page, theme)
    await expect.poll(() => themeOf(popup)).toBe(theme)
    expect(await violations(popup, `chart 2 pop-out, ${theme}`)).toEqual([])
    expect(await violations(page, `chart 2 placeholder, ${theme}`, '[data-testid="chart-pane-1"]')).toEqual([])
    await shot(popup, `popout-chart-1-${theme}`)
    await shot(page, `popout-placeholder-chart-1-${theme}`)
  }
  await switchedTo(page, 'dark')

  // chart 2's pair changed in its own window: its feed follows, and the placeholder says so
  await popup.getByTestId('chart-pane-1').getByTestId('pair-select').selectOption('ETH_USDT')
  await expect(pane(page, 1).getByTestId('popout-placeholder-chart-1')).toContainText('Chart 2 (ETH/USDT)')
  await expect(popup.getByTestId('chart-pane-1').getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })

  await popup.close()
  await expect(pane(page, 1).getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(pane(page, 1).getByTestId('pair-select')).toHaveValue('ETH_USDT')
  await expect(page.getByTestId('popout-placeholder-chart-1')).toHaveCount(0)
  await expect.poll(kept).toEqual([])
})

test('a workspace keeps its pop-out: switching away brings it back, switching to it (or Undo) opens it again', async ({ page }) => {
  test.setTimeout(120_000)
  // the window as the test before left it: two charts, chart 2 on ETH
  await gotoApp(page, host)
  await expect(pane(page, 1).getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await page.getByTestId('layout-2h').click()
  await pane(page, 1).getByTestId('pair-select').selectOption('LTC_USDT')
  await saveWorkspace(page, 'Plain')
  const [first] = await Promise.all([page.waitForEvent('popup'), pane(page, 1).getByTestId('popout-chart-1').click()])
  await expect(first.getByTestId('chart-pane-1').getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await saveWorkspace(page, 'Split')
  await page.getByTestId('workspace-menu').click()
  const exported = page.waitForEvent('download')
  await dialog(page).getByTestId('workspace-export-Split').click()
  const text = Buffer.concat(await (await (await exported).createReadStream()).toArray()).toString('utf8')
  expect((JSON.parse(text) as { workspace: { popouts: unknown[] } }).workspace.popouts).toMatchObject([{ panel: 'chart', pane: 1, pair: 'LTC_USDT' }])

  // switched to the workspace without it: its window closes, chart 2 is back in its cell
  const closed = first.waitForEvent('close')
  await dialog(page).getByTestId('workspace-Plain').click()
  await closed
  await expect(pane(page, 1).getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect.poll(kept).toEqual([])

  // Undo: the pop-out comes back, in a window opened within the click
  const [again] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('workspace-undo').click()])
  await again.waitForURL((url) => url.search === '?panel=chart&pane=1', { timeout: 20_000 })
  await expect(again.getByTestId('chart-pane-1').getByTestId('pair-select')).toHaveValue('LTC_USDT')
  await expect(pane(page, 1).getByTestId('popout-placeholder-chart-1')).toBeVisible()
  await expect.poll(kept).toMatchObject([{ panel: 'chart', pane: 1 }])

  // away again, then switched to the workspace itself: its window opens again
  const closedAgain = again.waitForEvent('close')
  await page.getByTestId('workspace-menu').click()
  await dialog(page).getByTestId('workspace-Plain').click()
  await closedAgain
  await expect.poll(kept).toEqual([])
  await page.getByTestId('workspace-menu').click()
  const [third] = await Promise.all([page.waitForEvent('popup'), dialog(page).getByTestId('workspace-Split').click()])
  await expect(third.getByTestId('chart-pane-1').getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(pane(page, 1).getByTestId('popout-placeholder-chart-1')).toBeVisible()
  await expect(page.getByTestId('workspace-open-windows')).toHaveCount(0)
  await shot(page, 'workspace-with-popout')

  // a browser that refuses the window in the switch's click: the header offers it, by a click
  const closedThird = third.waitForEvent('close')
  await page.getByTestId('workspace-menu').click()
  await dialog(page).getByTestId('workspace-Plain').click()
  await closedThird
  // the next window.open answers null, as a pop-up blocker's does
  await page.evaluate('{ const real = window.open; window.open = () => ((window.open = real), null) }')
  await page.getByTestId('workspace-menu').click()
  await dialog(page).getByTestId('workspace-Split').click()
  await expect(page.getByTestId('workspace-open-windows')).toHaveText('Open the window of this workspace')
  await expect(pane(page, 1).getByTestId('popout-reopen-chart-1')).toBeVisible()
  for (const theme of ['dark', 'light'] as const) {
    await switchedTo(page, theme)
    expect(await violations(page, `open the windows, ${theme}`, '[data-testid="workspace-open-windows"]')).toEqual([])
    await shot(page, `workspace-open-windows-${theme}`)
  }
  await switchedTo(page, 'dark')
  const [fourth] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('workspace-open-windows').click()])
  await expect(fourth.getByTestId('chart-pane-1').getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('workspace-open-windows')).toHaveCount(0)
  await fourth.close()
  await expect.poll(kept).toEqual([])
})

test("a price clicked in the popped-out book fills the main window's order form, and sends nothing", async ({ page }) => {
  await gotoApp(page, host)
  await expect(pane(page, 0).getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('popout-book').click()])
  const level = popup.getByTestId('order-book-asks').locator('li[data-price]').last()
  await expect(level).toBeVisible({ timeout: 20_000 })
  const orders = async () => (await callApi<{ orders: unknown[] | null }>(host, 'account.snapshot')).orders?.length ?? 0
  const before = await orders()
  // the price read and the level clicked in one turn of the page: the live book moves between two steps
  const shown = await level.evaluate((el) => {
    const text = el.querySelector('.px')?.textContent?.trim() ?? ''
    ;(el as unknown as { click(): void }).click()
    return text
  })
  await expect(page.getByTestId('limit-price')).toHaveValue(shown.replace(/,/g, ''))
  // with Shift: the amount up to that level too
  await level.click({ modifiers: ['Shift'] })
  await expect(page.getByTestId('base-amount')).not.toHaveValue('')
  // only the fields: no confirmation asked, nothing sent
  await expect(page.getByTestId('order-confirm')).toHaveCount(0)
  expect(await orders()).toBe(before)
  await popup.close()
  await expect(page.getByTestId('order-book')).toBeVisible({ timeout: 20_000 })
})
