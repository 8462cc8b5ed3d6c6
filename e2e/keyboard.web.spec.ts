// One keypress, one action, in a real Chromium: a held Enter opens the confirmation but never
// answers it, a submit that will not send says why, and a notice arriving meanwhile never covers it.
// The exchange's own order list (through the API) is the judge of what was placed.
import { test, expect, type Page } from '@playwright/test'
import { callApi, startWebHost, type RunningHost } from './web-host'
import { bestPrices, countCalls, openApp, orderIds, placedOrderId, shot, textContrast } from './helpers'

const PAIR = 'BTC_USDT'

let host: RunningHost

test.beforeAll(async () => {
  host = await startWebHost()
})
test.afterAll(async () => {
  await host?.stop()
})

/** A limit buy at half the best bid: valid, and it stays open on the book. */
async function fillLowLimitBuy(page: Page): Promise<string> {
  const { bid } = await bestPrices(host, PAIR)
  const price = (Math.floor(bid * 0.5 * 100) / 100).toFixed(2)
  await page.getByTestId('order-type-LIMIT').click()
  await page.getByTestId('order-side-BUY').click()
  await page.getByTestId('limit-price').fill(price)
  await page.getByTestId('base-amount').fill('0.001')
  await expect(page.getByTestId('order-confirm-toggle')).toBeChecked()
  return price
}

test('a held Enter opens the confirmation but places nothing; a fresh press after release places one order', async ({ page }) => {
  await openApp(page, host)
  const places = countCalls(page, 'orders.place')
  await fillLowLimitBuy(page)
  const before = await orderIds(host)

  await page.getByTestId('base-amount').focus()
  await page.keyboard.down('Enter')
  const dialog = page.getByTestId('order-confirm')
  await expect(dialog).toBeVisible()
  await expect(page.getByTestId('order-confirm-ok')).toBeFocused()
  // The key stays down: the keyboard repeats it (keydown with repeat set) onto the focused Buy button.
  for (let i = 0; i < 12; i++) {
    await page.keyboard.down('Enter')
    await page.waitForTimeout(30)
  }
  // Some platforms send a held key's repeats without the flag: still the same press.
  await page.getByTestId('order-confirm-ok').dispatchEvent('keydown', { key: 'Enter', code: 'Enter', bubbles: true })
  await page.waitForTimeout(500)
  await expect(dialog).toBeVisible()
  expect(places.count).toBe(0)
  expect(await orderIds(host)).toEqual(before)
  await shot(page, 'keyboard-held-enter-confirmation')

  // Released, then pressed again: that is the trader's answer.
  await page.keyboard.up('Enter')
  await page.keyboard.press('Enter')
  await expect(dialog).toBeHidden()
  const id = await placedOrderId(page)
  expect(places.count).toBe(1)
  await expect.poll(() => orderIds(host)).toEqual([...before, id].sort((a, b) => a - b))

  // The same order again by Enter is asked about first; Esc leaves it unsent.
  await page.getByTestId('base-amount').fill('0.001')
  await page.getByTestId('base-amount').press('Enter')
  await expect(page.getByTestId('order-confirm-warning')).toContainText('You just placed this order')
  await shot(page, 'keyboard-same-order-again')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  expect(places.count).toBe(1)
  await callApi(host, 'orders.cancel', { order_ids: [id] })
})

test('an empty required field: pressing submit says why nothing was sent', async ({ page }) => {
  await openApp(page, host)
  const places = countCalls(page, 'orders.place')
  await page.getByTestId('order-type-LIMIT').click()
  // aria-disabled (the look of a button that will not send yet) stops Playwright's click, not a trader's.
  await page.getByTestId('order-submit').click({ force: true })
  await expect(page.getByTestId('order-error-limit_price')).toContainText('Enter a price')
  await expect(page.getByTestId('order-error-base_amount')).toContainText('Enter an amount')
  await expect(page.getByTestId('order-submit-reason')).toHaveText('Enter a price (1 more field to fix)')
  await shot(page, 'keyboard-blocked-submit')
  await expect(page.getByTestId('order-confirm')).toBeHidden()
  expect(places.count).toBe(0)
})

test('a market buy with no amount says why beside the greyed-out button, readable in both themes', async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('order-type-MARKET').click()
  await page.getByTestId('order-side-BUY').click()
  const submit = page.getByTestId('order-submit')
  const reason = page.getByTestId('order-submit-reason')
  await expect(submit).toHaveAttribute('aria-disabled', 'true')
  await expect(reason).toHaveText('Enter the amount to spend')
  await expect(submit).toHaveAccessibleDescription('Enter the amount to spend')
  // Beside the button: right under it, in the same column.
  const button = (await submit.boundingBox())!
  const words = (await reason.boundingBox())!
  expect(words.y - (button.y + button.height)).toBeGreaterThanOrEqual(0)
  expect(words.y - (button.y + button.height)).toBeLessThan(12)
  expect(Math.abs(words.x - button.x)).toBeLessThan(2)
  expect(await textContrast(reason), 'the reason against the dark form').toBeGreaterThanOrEqual(4.5)
  await shot(page, 'order-submit-reason-dark')
  const chart = page.getByTestId('chart')
  await page.getByTestId('theme-toggle').click()
  await expect(chart).toHaveClass(/light/)
  await page.mouse.move(800, 950) // the toggle's tooltip away from the picture
  expect(await textContrast(reason), 'the reason against the light form').toBeGreaterThanOrEqual(4.5)
  await shot(page, 'order-submit-reason-light')
  await page.getByTestId('theme-toggle').click()
  await expect(chart).toHaveClass(/dark/)
  await page.getByTestId('quote-amount').fill('10')
  await expect(reason).toHaveCount(0)
  await expect(submit).toHaveAttribute('aria-disabled', 'false')
})

test('a notice arriving while the confirmation is open never covers it', async ({ page }) => {
  await openApp(page, host)
  const price = await fillLowLimitBuy(page)
  await page.getByTestId('order-submit').click()
  const dialog = page.getByTestId('order-confirm')
  await expect(dialog).toBeVisible()
  // A small window, where the notices' corner and the centred dialog meet.
  await page.setViewportSize({ width: 760, height: 420 })

  // An order placed elsewhere (here: through the API) brings an "Order placed" notice.
  const other = await callApi<{ orderIds: number[] }>(host, 'orders.place', {
    pair: PAIR,
    order_type: 'LIMIT',
    order_side: 'BUY',
    wallet_type: 'SPOT',
    base_amount: '0.001',
    limit_price: price,
  })
  const notice = page.locator('.n-notification').first()
  await expect(notice).toBeVisible()
  const d = (await dialog.boundingBox())!
  const n = (await notice.boundingBox())!
  const overlap = n.x < d.x + d.width && d.x < n.x + n.width && n.y < d.y + d.height && d.y < n.y + n.height
  expect(overlap, 'the notice and the dialog share screen space here, or this test proves nothing').toBe(true)

  // Every point of the dialog shows the dialog (the notice waits, dimmed, under its backdrop).
  const covered = await page.evaluate(
    ({ x, y, width, height }) => {
      const doc = (globalThis as unknown as { document: { elementFromPoint(x: number, y: number): { closest(s: string): unknown } | null } }).document
      const misses: string[] = []
      for (let i = 0; i <= 10; i++) {
        for (let j = 0; j <= 10; j++) {
          // 8 px in from the edges: the rounded corners show the backdrop, rightly.
          const px = x + 8 + ((width - 16) * i) / 10
          const py = y + 8 + ((height - 16) * j) / 10
          if (!doc.elementFromPoint(px, py)?.closest('[data-testid="order-confirm"]')) misses.push(`${px.toFixed(0)},${py.toFixed(0)}`)
        }
      }
      return misses
    },
    { x: d.x, y: d.y, width: d.width, height: d.height },
  )
  expect(covered, 'points of the dialog where something else is on top').toEqual([])
  await shot(page, 'keyboard-confirmation-with-notice')

  await page.keyboard.press('Escape')
  await callApi(host, 'orders.cancel', { order_ids: other.orderIds })
})

test('with confirmations off, a held Enter places exactly one order, and the same order again is asked about', async ({ page }) => {
  await openApp(page, host)
  const places = countCalls(page, 'orders.place')
  await fillLowLimitBuy(page)
  const toggle = page.getByTestId('order-confirm-toggle')
  await toggle.uncheck()
  try {
    const before = await orderIds(host)
    await page.getByTestId('base-amount').focus()
    for (let i = 0; i < 12; i++) {
      await page.keyboard.down('Enter')
      await page.waitForTimeout(30)
    }
    await page.keyboard.up('Enter')
    const id = await placedOrderId(page)
    await page.waitForTimeout(300)
    expect(places.count).toBe(1)
    await expect.poll(() => orderIds(host)).toEqual([...before, id].sort((a, b) => a - b))

    // The amount was cleared; typed again, the identical order by Enter stops at the question.
    await page.getByTestId('base-amount').fill('0.001')
    await page.getByTestId('base-amount').press('Enter')
    await expect(page.getByTestId('order-confirm-warning')).toContainText('You just placed this order')
    await page.keyboard.press('Escape')
    expect(places.count).toBe(1)
    await callApi(host, 'orders.cancel', { order_ids: [id] })
  } finally {
    await toggle.check()
  }
})
