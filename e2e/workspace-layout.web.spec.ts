// The workspace's panels, in a real Chromium against the demo exchange: at 1280×720 the chart, the
// whole order form, the book (whole rows, six levels a side) and the trades are on screen with no
// panel over another; at common window sizes the book shows whole rows and follows a resize; and the
// panel arrangement (collapsed, resized) comes back after a reload. Indicators and shortcuts are
// workspace.web.spec.ts; the tables at those sizes, workspace-tables.web.spec.ts.
import { test, expect, type Page } from '@playwright/test'
import { callApi, type RunningHost } from './web-host'
import { openApp, shot, useWebHost } from './helpers'

let host: RunningHost

useWebHost((started) => (host = started))

interface Box {
  name: string
  x: number
  y: number
  width: number
  height: number
}

/** Whether two boxes share any area (touching edges do not count). */
const overlap = (a: Box, b: Box) => a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1

async function boxOf(page: Page, testId: string): Promise<Box> {
  const box = await (testId.startsWith('.') ? page.locator(testId) : page.getByTestId(testId)).boundingBox()
  expect(box, `${testId} is on screen`).not.toBeNull()
  return { name: testId, ...box! }
}

/**
 * The order book panel as the trader sees it, read in one task of the page (the book streams): the
 * levels each side, the rows not wholly inside both their list and the panel, and whether the spread
 * row is wholly inside the panel.
 */
function bookFit(page: Page): Promise<{ asks: number; bids: number; cut: string[]; spreadInside: boolean }> {
  return page.evaluate(() => {
    interface El {
      getBoundingClientRect(): { top: number; bottom: number; height: number }
      parentElement: El | null
      getAttribute(n: string): string | null
    }
    const doc = (globalThis as unknown as { document: { querySelector(s: string): El | null; querySelectorAll(s: string): ArrayLike<El> } }).document
    const panel = doc.querySelector('[data-testid="book-region"]')!.getBoundingClientRect()
    const inside = (r: { top: number; bottom: number }, box: { top: number; bottom: number }) => r.top >= box.top - 0.5 && r.bottom <= box.bottom + 0.5
    const cut: string[] = []
    const count = (side: string) => {
      const rows = Array.from(doc.querySelectorAll(`[data-testid="order-book-${side}"] li[data-price]`))
      for (const row of rows) {
        const r = row.getBoundingClientRect()
        if (r.height < 1 || !inside(r, panel) || !inside(r, row.parentElement!.getBoundingClientRect())) cut.push(`${side} ${row.getAttribute('data-price')} ${r.top}–${r.bottom}`)
      }
      return rows.length
    }
    // No spread row yet (the book's first answer on its way): not inside, and the poll asks again.
    const spread = doc.querySelector('[data-testid="order-book-spread"]')?.parentElement?.getBoundingClientRect() ?? null
    return { asks: count('asks'), bids: count('bids'), cut, spreadInside: spread !== null && inside(spread, panel) }
  })
}

/** Trade rows wholly inside the trades list's viewport. */
function wholeTradeRows(page: Page): Promise<number> {
  return page
    .getByTestId('trades-table')
    .locator('[data-testid^="trade-"]')
    .evaluateAll((rows) => {
      return rows.filter((row) => {
        const r = row.getBoundingClientRect()
        const view = row.closest('[role="table"]')!.getBoundingClientRect()
        return r.top >= view.top - 0.5 && r.bottom <= view.bottom + 0.5
      }).length
    })
}

test('at 1280×720 the chart, the whole order form with its submit button and the trades are on screen, and no panel covers another', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openApp(page, host)
  const viewport = { x: 0, y: 0, width: 1280, height: 720 }
  const submit = await boxOf(page, 'order-submit')
  const inView = (b: Box) => b.x >= 0 && b.y >= 0 && b.x + b.width <= viewport.width + 0.5 && b.y + b.height <= viewport.height + 0.5
  expect(inView(submit), `submit button ${JSON.stringify(submit)} within the window`).toBe(true)
  // Not scrolled into view: the form region shows it as it stands.
  expect(await page.locator('.order-region').evaluate((el) => el.scrollTop)).toBe(0)
  expect(
    await page.getByTestId('order-submit').evaluate((el) => {
      const r = el.getBoundingClientRect()
      const region = el.closest('.order-region')!.getBoundingClientRect()
      return r.bottom <= region.bottom + 0.5
    }),
  ).toBe(true)
  await expect(page.getByTestId('order-submit')).toBeInViewport({ ratio: 1 })

  const chart = await boxOf(page, 'chart')
  const trades = await boxOf(page, '.trades-region')
  const form = await boxOf(page, 'order-form')
  const book = await boxOf(page, 'book-region')
  const pairs = await boxOf(page, 'pair-list')
  const bottom = await boxOf(page, 'bottom-region')
  // The tabs themselves: on a short screen the trades share the bottom region with them.
  const tabs = await boxOf(page, '.bottom-tabs')
  for (const box of [chart, trades, form, book, pairs, bottom]) expect(inView(box), `${box.name} ${JSON.stringify(box)} within the window`).toBe(true)
  // The chart keeps a useful size, and the trades show more than their header.
  expect(chart.width).toBeGreaterThan(500)
  expect(chart.height).toBeGreaterThan(250)
  expect(trades.height).toBeGreaterThan(120)
  const panels = [chart, trades, form, book, pairs, tabs]
  for (let i = 0; i < panels.length; i++) for (let j = i + 1; j < panels.length; j++) expect(overlap(panels[i]!, panels[j]!), `${panels[i]!.name} and ${panels[j]!.name} overlap`).toBe(false)
  for (const other of [chart, trades, book]) expect(overlap(submit, other), `the submit button and ${other.name} overlap`).toBe(false)
  // The book shows whole rows only, six levels a side at this size (five at the least anywhere).
  const fit = await bookFit(page)
  expect(fit.cut, `book rows cut by the panel's edge: ${JSON.stringify(fit.cut)}`).toEqual([])
  expect(fit.asks).toBeGreaterThanOrEqual(6)
  expect(fit.bids).toBeGreaterThanOrEqual(6)
  expect(fit.spreadInside, 'the spread row is wholly inside the book panel').toBe(true)
  // A trades list worth reading: at least six whole rows in view.
  expect(await wholeTradeRows(page)).toBeGreaterThanOrEqual(6)
  // The balances beside it still show what can be spent without a sideways scroll.
  const available = page.getByTestId('balances-table').locator('th', { hasText: 'Available' })
  const availableBox = (await available.boundingBox())!
  expect(availableBox.x + availableBox.width, 'the Available column within the tabs').toBeLessThanOrEqual(tabs.x + tabs.width + 0.5)
  // The pair list names every pair in full ("DOGE/US…" could be USDT or USDC), and its prices too.
  const cut = await page
    .locator('.pair-row')
    .evaluateAll((rows) => rows.flatMap((row) => [...row.querySelectorAll('.pair-name, .num')].filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.textContent)))
  expect(cut, 'pair names or prices cut short in the pair list').toEqual([])
  // Nothing painted over the submit button: the element at its centre is the button.
  const centre = { x: submit.x + submit.width / 2, y: submit.y + submit.height / 2 }
  expect(
    await page.getByTestId('order-submit').evaluate((el, { x, y }) => {
      const doc = el.ownerDocument as unknown as { elementFromPoint(x: number, y: number): unknown }
      const hit = doc.elementFromPoint(x, y) as typeof el | null
      return hit === el || (hit !== null && el.contains(hit))
    }, centre),
  ).toBe(true)
  await shot(page, 'workspace-1280x720')
})

test('at common window sizes the book shows only whole rows, five levels a side or more, and follows a resize', async ({ page }) => {
  await page.setViewportSize({ width: 1920, height: 1080 })
  await openApp(page, host)
  // 'fits', or what the panel showed instead (the last reading is in the failure message).
  const fits = (size: string, least: number) => async () => {
    const fit = await bookFit(page)
    return fit.cut.length === 0 && fit.spreadInside && fit.asks >= least && fit.bids >= least ? 'fits' : `${size}: ${JSON.stringify(fit)}`
  }
  for (const [width, height] of [
    [1920, 1080],
    [1600, 900],
    [1366, 768],
    [1280, 720],
  ] as const) {
    await page.setViewportSize({ width, height })
    // Tall enough, the trades stay under the book; shorter, they move under the chart.
    await expect(page.getByTestId(height > 920 ? 'side-region' : 'bottom-region').getByTestId('trades-table')).toBeVisible()
    await expect.poll(fits(`${width}×${height}`, 5)).toBe('fits')
  }
  // Short screen with the tabs collapsed: the trades come back to the side column (not gone with
  // the tabs), and the book, smaller now, still shows whole rows.
  await page.getByTestId('toggle-bottom').click()
  await expect(page.getByTestId('side-region').getByTestId('trades-table')).toBeVisible()
  await expect.poll(fits('1280×720, tabs collapsed', 2)).toBe('fits')
  await shot(page, 'book-1280x720-tabs-collapsed')
  await page.getByTestId('toggle-bottom').click()
  await expect(page.getByTestId('bottom-region').getByTestId('trades-table')).toBeVisible()
})

test('a collapsed bottom panel, a collapsed side column and a resized split come back after a reload', async ({ page }) => {
  await page.setViewportSize({ width: 1600, height: 1000 })
  await openApp(page, host)
  const before = await boxOf(page, 'chart')

  // Drag the handle between the chart area and the side column 120 px to the left.
  const side = await boxOf(page, 'side-region')
  await page.mouse.move(side.x - 2, side.y + 200)
  await page.mouse.down()
  await page.mouse.move(side.x - 60, side.y + 200, { steps: 4 })
  await page.mouse.move(side.x - 122, side.y + 200, { steps: 4 })
  await page.mouse.up()
  const widened = await boxOf(page, 'side-region')
  expect(widened.width).toBeGreaterThan(side.width + 100)

  // The tabs' button, from the keyboard: focus it and press Enter.
  await page.getByTestId('toggle-bottom').focus()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('tab-balances')).toBeHidden()
  const grown = await boxOf(page, 'chart')
  expect(grown.height).toBeGreaterThan(before.height + 150)
  await expect.poll(async () => (await callPrefs()).layout.bottomCollapsed).toBe(true)

  await page.reload()
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('tab-balances')).toBeHidden()
  const after = await boxOf(page, 'side-region')
  expect(Math.abs(after.width - widened.width)).toBeLessThan(6)
  expect((await boxOf(page, 'chart')).height).toBeGreaterThan(before.height + 150)

  // The side column hides and shows with its button; hidden, the chart and the pair list share
  // its room (the pair list keeps its percentage).
  const narrow = await boxOf(page, 'chart')
  await page.getByTestId('toggle-side').click()
  await expect(page.getByTestId('side-region')).toBeHidden()
  await expect.poll(async () => (await boxOf(page, 'chart')).width).toBeGreaterThan(narrow.width + widened.width * 0.6)
  await page.reload()
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('side-region')).toBeHidden()
  await shot(page, 'workspace-collapsed')
  await page.getByTestId('toggle-side').click()
  await page.getByTestId('toggle-bottom').click()
  await expect(page.getByTestId('side-region')).toBeVisible()
  await expect(page.getByTestId('tab-balances')).toBeVisible()
})

function callPrefs(): Promise<{ layout: { bottomCollapsed: boolean; side: number } }> {
  return callApi(host, 'prefs.get')
}
