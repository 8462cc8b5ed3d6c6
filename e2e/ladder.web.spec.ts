// The price ladder against a demo exchange that holds still: a click on a bid row asks first and then
// places exactly one LIMIT buy of the preset size at that row's price; with one-click on (after its
// warning, with its banner) a click places at once; an own order dragged to another row is moved
// (cancel, confirmed, then place) and the × cancels it; from the keyboard alone the cursor moves with
// the arrows and B buys at it, Delete cancels there; a hotkey set by key capture in the settings buys
// at the best ask through the confirmation, and one not set does nothing. The exchange's own records are the proof. The
// ladder and its dialogs have no critical or serious axe violation in either theme.
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import type { AccountSnapshot } from '../electron/domain/api/api'
import { startWebHost, callApi, type RunningHost } from './web-host'
import { bestPrices, openApp, shot } from './helpers'
import { onlyProfileOn, startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'

const PAIR = 'BTC_USDT'
const LIVE = ['PENDING', 'OPEN', 'PARTIAL_FILLED']
let host: RunningHost
let demo: AdminDemo
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  demo = await startAdminDemo(49, { still: true })
  host = await startWebHost()
  await onlyProfileOn(host, demo, 'Still')
})
test.afterAll(async () => {
  await host?.stop()
  await stopAdminDemo(demo)
})
test.afterEach(async () => {
  await callApi(host, 'orders.cancel', { pair: PAIR }).catch(() => undefined)
})

/** The pair's open orders as the exchange lists them. */
async function openOrders() {
  const snapshot = await callApi<AccountSnapshot>(host, 'account.snapshot')
  return (snapshot.orders ?? []).filter((o) => o.pair === PAIR && LIVE.includes(o.status.toUpperCase()))
}

/** The window with the ladder shown, grouped by 10 (rows 10 USDT apart), scrolled down under the bid. */
async function openLadder(page: Page): Promise<void> {
  await page.setViewportSize({ width: 1600, height: 1000 })
  await openApp(page, host)
  // the choice is kept: the ladder again after the first test switched to it
  await expect(page.getByTestId('ladder').or(page.getByTestId('book-view-ladder'))).toBeVisible({ timeout: 15_000 })
  if (!(await page.getByTestId('ladder').isVisible())) await page.getByTestId('book-view-ladder').click()
  await expect(page.getByTestId('ladder')).toBeVisible()
  await page.getByTestId('ladder-step').selectOption('10')
  await expect(page.locator('[data-testid^="ladder-row-"][data-bid]:not([data-bid=""])').first()).toBeVisible({ timeout: 15_000 })
  // the wheel scrolls the rows down under the best bid (the demo holds still: no trade centres them again)
  await page.getByTestId('ladder-grid').hover()
  await page.mouse.wheel(0, 100)
  await page.mouse.wheel(0, 100)
  await page.mouse.wheel(0, 100)
}

/** The price (test id) of the row the ladder's cursor is on. */
async function cursorPrice(page: Page): Promise<string | undefined> {
  return (await page.locator('[data-testid^="ladder-row-"][aria-selected="true"]').getAttribute('data-testid'))?.replace('ladder-row-', '')
}

/** A field of the body the confirmation shows, as a number. */
async function confirmed(page: Page, field: string): Promise<number> {
  return Number(await page.getByTestId(`order-confirm-${field}`).locator('td').textContent())
}

/**
 * The price of the row `up` rows above the lowest row shown, checked to be under the exchange's best
 * bid: a buy there rests (the demo holds still: nothing trades unless these tests do).
 */
async function restingRow(page: Page, up = 0): Promise<string> {
  const ids = await page.locator('[data-testid^="ladder-row-"]').evaluateAll((els) => els.map((e) => e.getAttribute('data-testid')!))
  const price = ids[ids.length - 1 - up]!.replace('ladder-row-', '')
  const { bid } = await bestPrices(host, PAIR)
  expect(Number(price), `row ${price} rests under the best bid ${bid}`).toBeLessThan(bid)
  return price
}

test('a click on a bid row asks first, then places one LIMIT buy of the preset size at that price; the × cancels it', async ({ page }) => {
  await openLadder(page)
  await expect(page.getByTestId('one-click-toggle')).toHaveAttribute('aria-checked', 'false')
  await expect(page.getByTestId('ladder-size-preset')).toHaveValue('0')
  const price = await restingRow(page)
  const row = page.getByTestId(`ladder-row-${price}`)
  await row.getByTestId('ladder-bid').click()
  const confirm = page.getByTestId('order-confirm')
  await expect(confirm).toBeVisible()
  await expect(confirm.getByTestId('order-confirm-order_type')).toContainText('LIMIT')
  await expect(confirm.getByTestId('order-confirm-order_side')).toContainText('BUY')
  expect(await confirmed(page, 'limit_price')).toBe(Number(price))
  expect(await confirmed(page, 'base_amount')).toBe(0.001)
  expect(await openOrders(), 'nothing sent before the confirmation').toHaveLength(0)
  await shot(page, 'ladder-confirm')
  await page.getByTestId('order-confirm-ok').click()
  await expect(row).toHaveAttribute('data-own', '1', { timeout: 10_000 })
  const open = await openOrders()
  expect(open).toHaveLength(1)
  expect(['BUY', 'BID']).toContain(open[0]!.side.toUpperCase())
  expect(Number(open[0]!.price)).toBe(Number(price))
  expect(Number(open[0]!.amount)).toBe(0.001)

  await row.getByTestId('ladder-cancel').click()
  await expect(row).toHaveAttribute('data-own', '0', { timeout: 10_000 })
  expect(await openOrders()).toHaveLength(0)
})

test('one-click: off until its warning is accepted, a banner while on, and then a click places at once', async ({ page }) => {
  await openLadder(page)
  await page.getByTestId('one-click-toggle').click()
  await expect(page.getByTestId('one-click-warning')).toBeVisible()
  await page.getByTestId('one-click-keep-off').click()
  await expect(page.getByTestId('one-click-toggle')).toHaveAttribute('aria-checked', 'false')
  await page.getByTestId('one-click-toggle').click()
  await page.getByTestId('one-click-accept').click()
  await expect(page.getByTestId('one-click-toggle')).toHaveAttribute('aria-checked', 'true')
  await expect(page.getByTestId('one-click-banner')).toBeVisible()
  await shot(page, 'ladder-one-click')
  const price = await restingRow(page, 1)
  const row = page.getByTestId(`ladder-row-${price}`)
  await row.getByTestId('ladder-bid').click()
  await expect(row).toHaveAttribute('data-own', '1', { timeout: 10_000 })
  await expect(page.getByTestId('order-confirm')).toHaveCount(0)
  const open = await openOrders()
  expect(open).toHaveLength(1)
  expect(Number(open[0]!.price)).toBe(Number(price))
  await page.getByTestId('one-click-toggle').click()
  await expect(page.getByTestId('one-click-banner')).toHaveCount(0)
})

test('an own order dragged to another row is moved: cancel, confirmed, then one order at the new price', async ({ page }) => {
  await openLadder(page)
  const from = await restingRow(page, 3)
  const to = await restingRow(page, 0)
  const source = page.getByTestId(`ladder-row-${from}`)
  await source.getByTestId('ladder-bid').click()
  await page.getByTestId('order-confirm-ok').click()
  await expect(source).toHaveAttribute('data-own', '1', { timeout: 10_000 })
  await source.getByTestId('ladder-own-buy').dragTo(page.getByTestId(`ladder-row-${to}`))
  await expect(page.getByTestId('move-dialog')).toBeVisible()
  expect(Number((await page.getByTestId('move-new-price').textContent())!.replace(/,/g, ''))).toBe(Number(to))
  await page.getByTestId('move-confirm').click()
  await expect(page.getByTestId('move-result')).toHaveAttribute('data-outcome', 'moved', { timeout: 15_000 })
  await page.getByTestId('move-close').click()
  await expect(page.getByTestId(`ladder-row-${to}`)).toHaveAttribute('data-own', '1', { timeout: 10_000 })
  const open = await openOrders()
  expect(open).toHaveLength(1)
  expect(Number(open[0]!.price)).toBe(Number(to))
})

test('from the keyboard alone: the arrows move the cursor, B buys at it (after the confirmation), M and Enter move it, Delete cancels', async ({ page }) => {
  await openLadder(page)
  const grid = page.getByTestId('ladder-grid')
  await grid.focus()
  const spoken = page.getByTestId('ladder-spoken')
  await expect(spoken).toContainText('Price ')
  // the cursor starts at the last price; down to the lowest row but one, under the bid
  const low = await restingRow(page, 1)
  while ((await cursorPrice(page)) !== low) await page.keyboard.press('ArrowDown')
  const price = low
  // the row is spoken with its price as the book writes it (grouped)
  await expect(spoken).toContainText(`Price ${Number(price).toLocaleString('en-US')}`)
  await page.keyboard.press('b')
  await expect(page.getByTestId('order-confirm')).toBeVisible()
  expect(await confirmed(page, 'limit_price')).toBe(Number(price))
  await page.keyboard.press('Enter')
  await expect(page.getByTestId(`ladder-row-${price}`)).toHaveAttribute('data-own', '1', { timeout: 10_000 })
  await expect(spoken).toContainText('your buy orders: 1')
  await expect(grid).toBeFocused()
  // M picks the order up, the arrow carries it a row down, Enter drops it: the move asks first
  await page.keyboard.press('m')
  await page.keyboard.press('ArrowDown')
  await expect(spoken).toContainText('Enter drops it here')
  const lower = (await cursorPrice(page))!
  await page.keyboard.press('Enter')
  expect(Number((await page.getByTestId('move-new-price').textContent())!.replace(/,/g, ''))).toBe(Number(lower))
  await page.getByTestId('move-confirm').click()
  await expect(page.getByTestId('move-result')).toHaveAttribute('data-outcome', 'moved', { timeout: 15_000 })
  await page.getByTestId('move-close').click()
  await expect(page.getByTestId(`ladder-row-${lower}`)).toHaveAttribute('data-own', '1', { timeout: 10_000 })
  await grid.focus()
  await page.keyboard.press('Delete')
  await expect(page.getByTestId(`ladder-row-${lower}`)).toHaveAttribute('data-own', '0', { timeout: 10_000 })
  expect(await openOrders()).toHaveLength(0)
})

test('a hotkey set in the settings (key capture) buys at the best ask through the confirmation; an unset one does nothing', async ({ page }) => {
  await openLadder(page)
  await page.getByTestId('ladder-settings-open').click()
  await expect(page.getByTestId('ladder-hotkey-buyBest')).toHaveText('off')
  await expect(page.getByTestId('ladder-hotkey-sellBest')).toHaveText('off')
  await page.getByTestId('ladder-hotkey-set-buyBest').click()
  await expect(page.getByTestId('ladder-hotkey-set-buyBest')).toHaveText('Press the keys…')
  await page.keyboard.press('Alt+KeyB')
  await expect(page.getByTestId('ladder-hotkey-buyBest')).toContainText(/Alt.*B/)
  await page.getByTestId('ladder-settings-save').click()
  await expect(page.getByTestId('ladder-settings')).toHaveCount(0)

  const before = new Set(((await callApi<AccountSnapshot>(host, 'account.snapshot')).orders ?? []).map((o) => o.id))
  const { ask } = await bestPrices(host, PAIR)
  // Alt+S is sell at the best bid, still off: it does nothing. Keys are handled in order, so had it
  // opened a confirmation, Alt+B would find a dialog open and the one shown would be a sell.
  await page.keyboard.press('Alt+KeyS')
  await page.keyboard.press('Alt+KeyB')
  const confirm = page.getByTestId('order-confirm')
  await expect(confirm).toBeVisible()
  await expect(confirm.getByTestId('order-confirm-order_side')).toContainText('BUY')
  await expect(confirm.getByTestId('order-confirm-order_type')).toContainText('LIMIT')
  expect(await confirmed(page, 'limit_price')).toBe(ask)
  expect(await confirmed(page, 'base_amount')).toBe(0.001)
  expect(await openOrders(), 'nothing sent before the confirmation').toHaveLength(0)
  await page.getByTestId('order-confirm-ok').click()
  await expect(page.getByTestId('ladder-message')).toContainText(/placed|filled/i, { timeout: 10_000 })

  // the exchange's record: exactly one new order, a LIMIT buy of 0.001 at the best ask
  const mine = ((await callApi<AccountSnapshot>(host, 'account.snapshot')).orders ?? []).filter((o) => !before.has(o.id) && o.pair === PAIR)
  expect(mine).toHaveLength(1)
  expect(['BUY', 'BID']).toContain(mine[0]!.side.toUpperCase())
  expect(Number(mine[0]!.price)).toBe(ask)
  expect(Number(mine[0]!.amount)).toBe(0.001)

  // the hotkey off again, as the other tests expect the ladder
  await page.getByTestId('ladder-settings-open').click()
  await page.getByRole('button', { name: /Turn off the hotkey for: Buy/ }).click()
  await page.getByTestId('ladder-settings-save').click()
  await expect(page.getByTestId('ladder-settings')).toHaveCount(0)
})

/** The critical and serious violations in `selector` now. */
async function serious(page: Page, selector: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).include(selector).analyze()
  return violations.filter((v) => v.impact === 'critical' || v.impact === 'serious').map((v) => `${selector}: ${v.id} ${v.help} on ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`)
}

for (const theme of ['dark', 'light'] as const) {
  test(`the ladder, its settings, one-click warning and confirmation: no critical or serious axe violation, ${theme} theme`, async ({ page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    await openLadder(page)
    if ((await page.evaluate("document.documentElement.dataset.theme ?? 'dark'")) !== theme) await page.getByTestId('theme-toggle').click()
    await expect.poll(() => page.evaluate("document.documentElement.dataset.theme ?? 'dark'")).toBe(theme)
    await page.mouse.move(0, 0)
    const found = await serious(page, '[data-testid="book-region"]')
    await shot(page, `ladder-${theme}`)
    await page.getByTestId('ladder-settings-open').click()
    await expect(page.getByTestId('ladder-settings')).toBeVisible()
    found.push(...(await serious(page, '.n-modal')))
    await shot(page, `ladder-settings-${theme}`)
    await page.keyboard.press('Escape')
    await expect(page.getByTestId('ladder-settings')).toHaveCount(0)
    await page.getByTestId('one-click-toggle').click()
    await expect(page.getByTestId('one-click-warning')).toBeVisible()
    found.push(...(await serious(page, '.n-modal')))
    await page.getByTestId('one-click-keep-off').click()
    await page
      .getByTestId(`ladder-row-${await restingRow(page)}`)
      .getByTestId('ladder-bid')
      .click()
    await expect(page.getByTestId('order-confirm')).toBeVisible()
    found.push(...(await serious(page, '[data-testid="order-confirm"]')))
    await page.getByTestId('order-confirm-cancel').click()
    expect(found).toEqual([])
  })
}
