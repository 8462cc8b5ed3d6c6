// The whole order flow and a price alert with the keyboard alone: no click, no hover, no mouse event
// of any kind (only Tab, the keys a trader presses in a field or on a button, and the shortcuts the
// `?` list names). At every stop the focused element shows a focus ring; Esc closes what it opened
// and hands focus back to what opened it; Tab follows the screen's order. The exchange's own order
// list (through the API) is the judge of what was placed and cancelled.
import { test, expect, type Page } from '@playwright/test'
import { bestPrices, openApp, orderIds, placedOrderId, shot, useWebHost } from './helpers'
import { byTestId, expectFocusVisible, focused, tabTo } from './keyboard-nav'
import { callApi, type RunningHost } from './web-host'

const PAIR = 'ETH_USDT'

let host: RunningHost
useWebHost((started) => (host = started))

/** Types into the focused field what a trader types, after selecting what is there. */
async function typeInto(page: Page, text: string): Promise<void> {
  await page.keyboard.press('ControlOrMeta+a')
  await page.keyboard.type(text)
}

/** Esc closes the thing `shown` and focus goes back to the control with `opener`'s test id. */
async function escapeReturnsTo(page: Page, shown: string, opener: string): Promise<void> {
  await page.keyboard.press('Escape')
  await expect(page.getByTestId(shown)).toBeHidden()
  await expect.poll(async () => (await focused(page))?.testid, { message: `after Esc on ${shown}, focus is back on ${opener}` }).toBe(opener)
  await expectFocusVisible(page, `back on ${opener}`)
}

test('choose a pair, place a limit order, find it in open orders and cancel it; set and remove an alert — keyboard only', async ({ page }) => {
  test.setTimeout(120_000)
  await page.setViewportSize({ width: 1280, height: 720 })
  await openApp(page, host)
  const { bid } = await bestPrices(host, PAIR)
  const price = (Math.floor(bid * 0.5 * 100) / 100).toFixed(2)

  // ---- A pair, from the list: Tab into it, Enter on the row.
  await tabTo(page, byTestId(`pair-item-${PAIR}`), 'the ETH/USDT row')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId(`pair-item-${PAIR}`)).toHaveAttribute('aria-selected', 'true')
  await expect(page.getByTestId('chart-summary')).toContainText('USDT')

  // ---- Tab onwards to the order form: its fields come in the order they stand, top to bottom.
  const stops = await tabTo(page, byTestId('order-submit'), 'the submit button')
  const form = stops.filter((s) => /^order-(type|side)-|^wallet-type$|^limit-price$|^base-amount$|^order-preset-|^order-submit$/.test(s.testid))
  expect(form.map((s) => s.testid)).toEqual([
    'order-type-MARKET',
    'order-type-LIMIT',
    'order-type-STOP_LIMIT',
    'order-side-BUY',
    'order-side-SELL',
    'wallet-type',
    'limit-price',
    'base-amount',
    'order-preset-25',
    'order-preset-50',
    'order-preset-75',
    'order-preset-100',
    'order-submit',
  ])
  for (let i = 1; i < form.length; i++) {
    const [a, b] = [form[i - 1]!, form[i]!]
    expect(b.y > a.y + 2 || (Math.abs(b.y - a.y) <= 2 && b.x > a.x), `${b.testid} comes after ${a.testid} on screen`).toBe(true)
  }
  // nothing of the order form is reached before the pair list's rows are passed
  expect(stops.findIndex((s) => s.testid.startsWith('order-'))).toBeGreaterThan(0)

  // ---- Fill the form going back up (Shift+Tab), then down again.
  await tabTo(page, byTestId('order-type-LIMIT'), 'the Limit tab', { back: true })
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('order-type-LIMIT')).toHaveAttribute('aria-selected', 'true')
  await tabTo(page, byTestId('order-side-BUY'), 'the Buy side')
  await page.keyboard.press('Space')
  await expect(page.getByTestId('order-side-BUY')).toHaveAttribute('aria-checked', 'true')
  await tabTo(page, byTestId('limit-price'), 'the price')
  await typeInto(page, price)
  await tabTo(page, byTestId('base-amount'), 'the amount')
  await typeInto(page, '0.02')
  await expect(page.getByTestId('limit-price')).toHaveValue(price)

  // ---- Enter asks for confirmation; Esc leaves it unsent and focus where the trader was.
  const before = await orderIds(host)
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('order-confirm')).toBeVisible()
  await expect(page.getByTestId('order-confirm-ok')).toBeFocused()
  await expectFocusVisible(page, 'the confirmation')
  await shot(page, 'keyboard-only-confirmation')
  await escapeReturnsTo(page, 'order-confirm', 'base-amount')
  expect(await orderIds(host)).toEqual(before)

  // ---- From the submit button this time: Enter opens, Enter confirms.
  await tabTo(page, byTestId('order-submit'), 'the submit button')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('order-confirm-ok')).toBeFocused()
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('order-confirm')).toBeHidden()
  const id = await placedOrderId(page)
  await expect.poll(() => orderIds(host)).toContain(id)

  // ---- The open orders tab: reached by Tab, chosen by the arrow keys.
  await tabTo(page, (f) => f.testid === 'tab-balances' || f.name === 'Balances', 'the bottom tabs', { back: true })
  await page.keyboard.press('ArrowRight')
  await page.keyboard.press('ArrowRight')
  await expect(page.locator('.n-tabs-tab--active [data-testid="tab-orders"]')).toBeVisible()
  await expectFocusVisible(page, 'the Open orders tab')
  await expect(page.getByTestId(`order-row-${id}`)).toBeVisible()
  await tabTo(page, byTestId(`cancel-order-${id}`), `order ${id}'s Cancel button`)
  await shot(page, 'keyboard-only-cancel-focused')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId(`order-row-${id}`)).toBeHidden({ timeout: 15_000 })
  await expect.poll(async () => (await callApi<{ orders?: { id: number; status: string }[] }>(host, 'account.snapshot')).orders?.find((o) => o.id === id)?.status).toMatch(/CANCEL/i)

  // ---- A price alert: "+ Alert" by Tab; Esc closes the dialog back onto it; then set one.
  await tabTo(page, byTestId('alert-create'), 'the + Alert button', { back: true })
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('alert-dialog')).toBeVisible()
  await expectFocusVisible(page, 'the alert dialog')
  await escapeReturnsTo(page, 'alert-dialog', 'alert-create')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('alert-dialog')).toBeVisible()
  await tabTo(page, byTestId('alert-price'), 'the alert price')
  const alertPrice = (Math.floor(bid * 2 * 100) / 100).toFixed(2)
  await typeInto(page, alertPrice)
  await page.keyboard.press('Enter') // the form submits
  await expect(page.getByTestId('alert-dialog')).toBeHidden()
  await expect.poll(async () => (await focused(page))?.testid, { message: 'after the alert is set, focus is back on + Alert' }).toBe('alert-create')

  // ---- The Alerts tab (End: the last tab), its Cancel button by Tab.
  await tabTo(page, (f) => f.name.startsWith('Balances') || f.name.startsWith('Open orders'), 'the bottom tabs')
  // End: the last tab (the risk limits); two to the left, the alerts
  await page.keyboard.press('End')
  await expect(page.locator('.n-tabs-tab--active [data-testid="tab-limits"]')).toBeVisible()
  await page.keyboard.press('ArrowLeft')
  await expect(page.locator('.n-tabs-tab--active [data-testid="tab-portfolio"]')).toBeVisible()
  await page.keyboard.press('ArrowLeft')
  await expect(page.locator('.n-tabs-tab--active [data-testid="tab-alerts"]')).toBeVisible()
  // the core's list says which alert it is: the active one on this pair at that price
  const listed = await callApi<{ id: string; pair: string; price?: string; status: string }[]>(host, 'alerts.list')
  const alertId = listed.find((a) => a.pair === PAIR && a.status === 'active' && Number(a.price) === Number(alertPrice))?.id
  expect(alertId, `an active alert on ${PAIR} at ${alertPrice}`).toBeDefined()
  await expect(page.getByTestId(`alert-row-${alertId}`)).toHaveAttribute('data-status', 'active')
  await tabTo(page, byTestId(`alert-cancel-${alertId}`), 'the alert’s Cancel button')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId(`alert-row-${alertId}`)).toHaveAttribute('data-status', /cancel/i)
  await shot(page, 'keyboard-only-alert-removed')
})

test('menus and lists opened by keyboard close with Esc and give focus back', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 })
  await openApp(page, host)
  // the indicator menu
  await tabTo(page, byTestId('indicator-menu'), 'the Indicators button')
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('indicator-panel')).toBeVisible()
  await escapeReturnsTo(page, 'indicator-panel', 'indicator-menu')
  // the shortcuts list (?), from the interval buttons
  await tabTo(page, byTestId('interval-60'), 'the 1h interval', { back: true })
  await page.keyboard.press('?')
  await expect(page.getByTestId('shortcuts-help')).toBeVisible()
  await expectFocusVisible(page, 'the shortcuts list')
  await escapeReturnsTo(page, 'shortcuts-help', 'interval-60')
  // the profiles dialog
  await tabTo(page, byTestId('open-profile-manager'), 'the Profiles button', { back: true })
  await page.keyboard.press('Enter')
  await expect(page.getByTestId('profile-manager')).toBeVisible()
  await expectFocusVisible(page, 'the profiles dialog')
  await escapeReturnsTo(page, 'profile-manager', 'open-profile-manager')
})
