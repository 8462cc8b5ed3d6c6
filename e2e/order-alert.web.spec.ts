// "Order filled" alerts end to end: Chromium, the real web host, the embedded demo exchange. An alert
// set from an open order's row, and one set in the alert dialog on any order of the pair, each fire
// once when a market buy fills that resting sell; the core evaluates them, the window shows each once
// and lists them as fired.
import { test, expect } from '@playwright/test'
import type { AccountSnapshot, Alert } from '../electron/domain/api/api'
import type { OrderBook, Ticker } from '../electron/domain/wire/wire'
import { callApi, startWebHost, type RunningHost } from './web-host'
import { marketBuyFor, openApp, shot } from './helpers'
import { pairOf, placeLimit } from './chart-orders'

const PAIR = 'BTC_USDT'
let host: RunningHost

test.beforeAll(async () => {
  host = await startWebHost()
})
test.afterAll(async () => {
  await callApi(host, 'orders.cancel', { pair: PAIR }).catch(() => undefined)
  await host?.stop()
})

/**
 * A resting limit sell at the first ask level 0.3 % above the last price (or the deepest one): the live
 * market does not reach it on its own. (At 0.1 % it sat two levels up, first in its price's queue
 * since the makers requote after every trade, and a taker once filled it before the test did.)
 */
async function restingSell(): Promise<{ id: number; price: string }> {
  const [ticker] = await callApi<Ticker[]>(host, 'market.ticker', { pair: PAIR })
  const book = await callApi<OrderBook>(host, 'market.orderbook', { pair: PAIR, limit: 100 })
  return placeLimit(host, await pairOf(host, PAIR), 'SELL', (book.sell.find((l) => Number(l.price) > Number(ticker!.last) * 1.003) ?? book.sell.at(-1)!).price)
}

async function statusOf(id: number): Promise<string | undefined> {
  const snapshot = await callApi<AccountSnapshot>(host, 'account.snapshot')
  return snapshot.orders?.find((o) => o.id === id)?.status
}

/** Market buys through the book up to and including `price` until order `id` is filled. */
async function fillBuyingThrough(id: number, price: string): Promise<void> {
  for (let i = 0; i < 6; i++) {
    if ((await statusOf(id)) === 'FILLED') return
    const book = await callApi<OrderBook>(host, 'market.orderbook', { pair: PAIR, limit: 100 })
    const cost = book.sell.filter((l) => Number(l.price) <= Number(price)).reduce((sum, l) => sum + Number(l.price) * Number(l.amount), 0) + Number(price) * 0.002
    await marketBuyFor(host, cost)
  }
  expect(await statusOf(id)).toBe('FILLED')
}

test('an alert set on an open order, and one on any order of the pair, each fire once when the order fills', async ({ page }) => {
  await openApp(page, host)
  const order = await restingSell()

  // From the open order's row.
  await page.getByTestId('tab-orders').click()
  await page.getByTestId(`alert-order-${order.id}`).click()
  await expect(page.getByTestId('alert-order')).toHaveValue(String(order.id))
  await page.getByTestId('alert-save').click()
  await expect(page.getByTestId('alert-dialog')).toBeHidden()

  // From the dialog: "Order filled", any order of the pair.
  await page.getByTestId('alert-create').click()
  await page.getByTestId('alert-kind-order-filled').click()
  await expect(page.getByTestId('alert-price')).toHaveCount(0)
  await page.getByTestId('alert-order').selectOption('')
  await page.getByTestId('alert-save').click()
  await expect(page.getByTestId('alert-dialog')).toBeHidden()

  const armed = (await callApi<Alert[]>(host, 'alerts.list')).filter((a) => a.kind === 'order-filled' && a.status === 'active' && a.pair === PAIR)
  expect(armed.map((a) => a.orderId ?? 'any').sort()).toEqual([order.id, 'any'].sort())
  const own = armed.find((a) => a.orderId === order.id)!
  const any = armed.find((a) => a.orderId === undefined)!
  await page.getByTestId('tab-alerts').click()
  const list = page.getByTestId('alerts-list')
  await expect(list.getByTestId(`alert-row-${own.id}`)).toContainText(`order ${order.id} filled`)
  await expect(list.getByTestId(`alert-row-${any.id}`)).toContainText('any order filled')
  await expect(page.getByTestId('alert-fired')).toHaveCount(0)

  await fillBuyingThrough(order.id, order.price)
  // The core fires them (it would with no window open), then the window shows each once.
  for (const alert of [own, any]) {
    await expect.poll(async () => (await callApi<Alert[]>(host, 'alerts.list')).find((a) => a.id === alert.id)?.status, { timeout: 15_000 }).toBe('fired')
    const shown = page.locator(`[data-testid="alert-fired"][data-alert-id="${alert.id}"]`)
    await expect(shown).toHaveCount(1, { timeout: 15_000 })
    await expect(list.getByTestId(`alert-row-${alert.id}`)).toHaveAttribute('data-status', 'fired')
  }
  // The pair-wide one names the order that filled it (ours, or one of the market buys that filled it).
  await expect(page.locator(`[data-testid="alert-fired"][data-alert-id="${any.id}"]`)).toContainText(/order \d+ filled/)
  await expect(page.locator(`[data-testid="alert-fired"][data-alert-id="${own.id}"]`)).toContainText(`order ${order.id} filled`)
  await shot(page, 'order-filled-alert')
  // Several account polls and feed updates later each is still shown once.
  await page.waitForTimeout(3_000)
  await expect(page.getByTestId('alert-fired')).toHaveCount(2)
})
