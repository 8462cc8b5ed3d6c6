// Trading on a popped-out chart (docs/popouts.md), in the web host: an open order's line dragged in
// the chart's own window opens the move dialog there, not in the main window; confirmed, the exchange
// holds exactly one order, at the new price, and the pop-out's chart draws its line.
import { test, expect } from '@playwright/test'
import { callApi, type RunningHost } from './web-host'
import { openApp, parseShown, shot, useWebHost } from './helpers'
import { LIVE, dragBy, ordersOf, restingBuy } from './chart-orders'

const PAIR = 'BTC_USDT'
let host: RunningHost
useWebHost((started) => (host = started))

test('an order line dragged in a popped-out chart is moved from a dialog in that window, once confirmed', async ({ page }) => {
  await callApi(host, 'orders.cancel', { pair: PAIR }).catch(() => undefined)
  const order = await restingBuy(host, PAIR)
  await openApp(page, host)
  await expect(page.locator('.toolbar .pair').first()).toHaveValue(PAIR)
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.getByTestId('popout-chart-0').click()])
  await expect(popup.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  const line = popup.getByTestId(`order-line-${order.id}`)
  await expect(line).toBeVisible({ timeout: 15_000 })

  // down, for a buy: further from the ask, so it rests
  await dragBy(popup, `order-line-drag-${order.id}`, 40)
  await expect(popup.getByTestId('move-dialog')).toBeVisible()
  await expect(page.getByTestId('move-dialog')).toHaveCount(0)
  expect(parseShown(await popup.getByTestId('move-old-price').textContent())).toBe(Number(order.price))
  // with the pair's digits, as the order's line writes it
  await expect(popup.getByTestId('move-old-price')).toHaveText(/\.\d{2}$/)
  const newPrice = parseShown(await popup.getByTestId('move-new-price').textContent())
  expect(newPrice).toBeLessThan(Number(order.price))
  // nothing is sent before the trader confirms
  expect((await ordersOf(host, PAIR)).find((o) => o.id === order.id)?.status).toBe('OPEN')
  await shot(popup, 'popout-move-confirm')

  await popup.getByTestId('move-confirm').click()
  await expect(popup.getByTestId('move-result')).toHaveAttribute('data-outcome', 'moved')
  const live = (await ordersOf(host, PAIR)).filter((o) => LIVE.includes(o.status))
  expect(live).toHaveLength(1)
  expect(Number(live[0]!.price)).toBe(newPrice)
  await popup.getByTestId('move-close').click()
  await expect(popup.getByTestId(`order-line-${live[0]!.id}`)).toBeVisible({ timeout: 15_000 })
  await expect(line).toBeHidden()
  await callApi(host, 'orders.cancel', { pair: PAIR })
  await popup.close()
})
