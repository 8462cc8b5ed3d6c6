// Placing orders end to end: Chromium, the real web host, the embedded demo exchange. Each order type
// is placed after its confirmation and shows in open orders, a limit order is cancelled and its
// reserve released, a fill changes the balances, and each invalid input shows its error and sends
// nothing. The chart, the sub-account view and the theme are trading-view.web.spec.ts. Each test acts
// as a trader does (clicks, typing, keys) and waits on what the trader would see; the API is used
// only to check what the exchange received.
import { test, expect, type Page } from '@playwright/test'
import { callApi, type RunningHost } from './web-host'
import { balanceCell, bestPrices, countCalls, openApp, orderIds, parseShown, readBalance, shot, useWebHost } from './helpers'
import { chooseOrder, submitAndConfirm } from './order-form'

const PAIR = 'BTC_USDT'

let host: RunningHost

// Tests run in file order (one worker) and share the host; each opens its own page and leaves the
// account selection as it found it.

useWebHost((started) => (host = started))

/** The open-orders tab with finished orders shown too. */
async function showAllOrders(page: Page): Promise<void> {
  await page.getByTestId('tab-orders').click()
  await expect(page.getByTestId('open-orders-table')).toBeVisible()
  const toggle = page.getByTestId('show-finished')
  if ((await toggle.getAttribute('aria-checked')) !== 'true') await toggle.click()
  await expect(toggle).toHaveAttribute('aria-checked', 'true')
}

const lowPrice = (bid: number): string => (Math.floor(bid * 0.5 * 100) / 100).toFixed(2)
const highPrice = (ask: number): string => (Math.ceil(ask * 1.5 * 100) / 100).toFixed(2)

test('each order type is placed, after confirmation, and shows in open orders', async ({ page }) => {
  await openApp(page, host)
  const places = countCalls(page, 'orders.place')
  const { bid, ask } = await bestPrices(host, PAIR)
  await expect(page.getByTestId('order-confirm-toggle')).toBeChecked()

  // LIMIT buy at half the market: stays open. Esc on the confirmation first: nothing is sent.
  await chooseOrder(page, 'LIMIT', 'BUY')
  await page.getByTestId('limit-price').fill(lowPrice(bid))
  await page.getByTestId('base-amount').fill('0.001')
  const before = await orderIds(host)
  await page.getByTestId('order-submit').click()
  const dialog = page.getByTestId('order-confirm')
  await expect(dialog).toBeVisible()
  // The exact body: decimal strings as the exchange receives them ("31754.1" for a typed "31754.10").
  expect(parseShown(await page.getByTestId('order-confirm-limit_price').locator('td').textContent())).toBe(Number(lowPrice(bid)))
  await expect(page.getByTestId('order-confirm-base_amount').locator('td')).toHaveText('0.001')
  await expect(page.getByTestId('order-confirm-order_type').locator('td')).toHaveText('LIMIT')
  await expect(page.getByTestId('order-confirm-order_side').locator('td')).toHaveText('BUY')
  await shot(page, 'order-confirmation')
  await page.keyboard.press('Escape')
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('order-result')).toBeHidden()
  expect(places.count).toBe(0)
  expect(await orderIds(host)).toEqual(before)

  const limitId = await submitAndConfirm(page)
  expect(places.count).toBe(1)
  expect(before).not.toContain(limitId)
  await page.getByTestId('tab-orders').click()
  const limitRow = page.getByTestId(`order-row-${limitId}`)
  await expect(limitRow).toBeVisible()
  await expect(limitRow).toHaveAttribute('data-status', 'OPEN')
  await expect(limitRow).toContainText('LIMIT')
  await expect(page.getByTestId(`cancel-order-${limitId}`)).toBeVisible()
  await shot(page, 'open-orders')

  // STOP_LIMIT buy, triggering only if the price rises by half: waits (PENDING) until then.
  await chooseOrder(page, 'STOP_LIMIT', 'BUY')
  await page.getByTestId('stop-operator').selectOption('GTE')
  await page.getByTestId('stop-price').fill(highPrice(ask))
  await page.getByTestId('limit-price').fill(highPrice(ask))
  await page.getByTestId('base-amount').fill('0.001')
  const stopId = await submitAndConfirm(page)
  const stopRow = page.getByTestId(`order-row-${stopId}`)
  await expect(stopRow).toBeVisible()
  await expect(stopRow).toHaveAttribute('data-status', /^(PENDING|OPEN)$/)
  await expect(stopRow).toContainText('STOP_LIMIT')

  // MARKET buy (spend 100 USDT) and MARKET sell (0.001 BTC): both fill; shown with the finished ones.
  await chooseOrder(page, 'MARKET', 'BUY')
  await page.getByTestId('quote-amount').fill('100')
  const buyId = await submitAndConfirm(page)
  await chooseOrder(page, 'MARKET', 'SELL')
  await page.getByTestId('base-amount').fill('0.001')
  const sellId = await submitAndConfirm(page)
  expect(places.count).toBe(4)

  await showAllOrders(page)
  for (const id of [buyId, sellId]) {
    const row = page.getByTestId(`order-row-${id}`)
    await expect(row).toHaveAttribute('data-status', 'FILLED')
    await expect(row).toContainText('MARKET')
    await expect(page.getByTestId(`cancel-order-${id}`)).toHaveCount(0)
  }
  await expect(page.getByTestId(`order-row-${buyId}`)).toContainText('BUY')
  await expect(page.getByTestId(`order-row-${sellId}`)).toContainText('SELL')
  // The exchange holds exactly these four new orders.
  expect((await orderIds(host)).filter((id) => !before.includes(id)).sort((a, b) => a - b)).toEqual([limitId, stopId, buyId, sellId].sort((a, b) => a - b))
})

test('a limit order is cancelled and its reserve released', async ({ page }) => {
  await openApp(page, host)
  const { bid } = await bestPrices(host, PAIR)
  const price = lowPrice(bid)
  await page.getByTestId('tab-balances').click()
  await expect(balanceCell(page, 'USDT', 'SPOT', 'reserve')).toBeVisible()
  const reserveBefore = await readBalance(page, 'USDT', 'SPOT', 'reserve')

  await chooseOrder(page, 'LIMIT', 'BUY')
  await page.getByTestId('limit-price').fill(price)
  await page.getByTestId('base-amount').fill('0.002')
  const id = await submitAndConfirm(page)
  // 0.002 BTC at that price is held back from the USDT available.
  await expect.poll(() => readBalance(page, 'USDT', 'SPOT', 'reserve')).toBeGreaterThanOrEqual(reserveBefore + 0.002 * Number(price) - 0.01)

  await showAllOrders(page)
  const row = page.getByTestId(`order-row-${id}`)
  await expect(row).toHaveAttribute('data-status', 'OPEN')
  await page.getByTestId(`cancel-order-${id}`).click()
  await expect(row).toHaveAttribute('data-status', 'CANCELLED')
  await expect(page.getByTestId(`cancel-order-${id}`)).toHaveCount(0)
  const snapshot = await callApi<{ orders: { id: number; status: string }[] }>(host, 'account.snapshot')
  expect(snapshot.orders.find((o) => o.id === id)?.status).toBe('CANCELLED')

  await page.getByTestId('tab-balances').click()
  await expect.poll(() => readBalance(page, 'USDT', 'SPOT', 'reserve')).toBeCloseTo(reserveBefore, 6)
})

test('balances change after a fill', async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('tab-balances').click()
  await expect(balanceCell(page, 'BTC', 'SPOT', 'balance')).toBeVisible()
  const btcBefore = await readBalance(page, 'BTC', 'SPOT', 'balance')
  const usdtBefore = await readBalance(page, 'USDT', 'SPOT', 'balance')

  await chooseOrder(page, 'MARKET', 'BUY')
  await page.getByTestId('quote-amount').fill('500')
  await submitAndConfirm(page)

  await expect.poll(() => readBalance(page, 'BTC', 'SPOT', 'balance')).toBeGreaterThan(btcBefore)
  // The exchange buys whole units of the amount precision, so a few cents of the 500 may stay unspent.
  await expect.poll(() => readBalance(page, 'USDT', 'SPOT', 'balance')).toBeLessThan(usdtBefore - 499)
  // What was bought is worth about what was spent (less the fee), at the market price.
  const { ask } = await bestPrices(host, PAIR)
  const bought = (await readBalance(page, 'BTC', 'SPOT', 'balance')) - btcBefore
  expect(bought * ask).toBeGreaterThan(400)
  expect(bought * ask).toBeLessThan(600)
})

test('each invalid input shows its error and sends nothing', async ({ page }) => {
  await openApp(page, host)
  const places = countCalls(page, 'orders.place')
  const before = await orderIds(host)
  const { bid } = await bestPrices(host, PAIR)
  const submit = page.getByTestId('order-submit')
  const dialog = page.getByTestId('order-confirm')

  /** The field shows the message, the button is disabled, and Enter in the field sends nothing. */
  async function expectRejected(field: string, message: string | RegExp, input: string): Promise<void> {
    await expect(page.getByTestId(`order-error-${field}`)).toBeVisible()
    await expect(page.getByTestId(`order-error-${field}`)).toContainText(message)
    await expect(page.getByTestId(input)).toHaveAttribute('aria-invalid', 'true')
    await expect(submit).toBeDisabled()
    await page.getByTestId(input).press('Enter')
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('order-result')).toBeHidden()
  }

  await chooseOrder(page, 'LIMIT', 'BUY')
  await page.getByTestId('limit-price').fill(lowPrice(bid))
  const amount = page.getByTestId('base-amount')

  // Empty amount.
  await amount.fill('1')
  await amount.fill('')
  await expectRejected('base_amount', 'Enter an amount', 'base-amount')
  // More decimals than the pair allows (BTC_USDT: 6).
  await amount.fill('0.0000001')
  await expectRejected('base_amount', 'At most 6 decimal places', 'base-amount')
  // Below the minimum and above the maximum order size (INVALID_QUANTITY).
  await amount.fill('0.000001')
  await expectRejected('base_amount', 'Amount must be at least 0.00001 BTC', 'base-amount')
  await amount.fill('101')
  await expectRejected('base_amount', 'Amount must be at most 100 BTC', 'base-amount')
  // A price that is not a number, while the amount is wrong too: each error on its own field.
  await amount.fill('0.0000001')
  await page.getByTestId('limit-price').fill('12abc')
  await expectRejected('limit_price', 'Enter a number like 0.5', 'limit-price')
  await expect(page.getByTestId('order-error-base_amount')).toContainText('At most 6 decimal places')
  await shot(page, 'order-form-errors')

  // Market buy without the amount to spend.
  await chooseOrder(page, 'MARKET', 'BUY')
  const spend = page.getByTestId('quote-amount')
  await spend.fill('5')
  await spend.fill('')
  await expectRejected('quote_amount', 'Enter the amount to spend', 'quote-amount')

  // Market sell worth less than the minimum order value (5 USDT) at the best bid.
  await chooseOrder(page, 'MARKET', 'SELL')
  await amount.fill('0.00001')
  await expectRejected('base_amount', /minimum is 5\.00 USDT/, 'base-amount')

  expect(places.count).toBe(0)
  expect(await orderIds(host)).toEqual(before)
})
