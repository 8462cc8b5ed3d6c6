// Faults end to end, as an order meets them: the stage of faults.web.spec.ts (the demo exchange as
// its own process, the web host, one window; fault-window.ts), with orders sent while the exchange's
// clock is off, its answers are slow, dropped or a 5xx, or its order records lack client_order_id.
// The window must say exactly what is known of the order (placed, outcome unknown, probably placed
// and which one) and never place it twice: the exchange's own counters (/__admin/stats) are the
// witness, they count what arrived, whatever the terminal believes.
//
// Tests wait on what the window shows, never on sleeps. They share one window and run in order.
import { expect, test } from '@playwright/test'
import { callApi } from './web-host'
import { accountStatus, countPlaceCalls, fillLimitBuy, host, marketStatus, page, pair, setFaults, shot, stats, useFaultWindow } from './fault-window'

useFaultWindow()

test('clock skew: the terminal still authenticates (token lifetimes are read on the server clock)', async () => {
  const before = await stats()
  // An hour ahead: the token the terminal holds is expired by the exchange's clock.
  await setFaults({ clockSkewSec: 3_600 })
  await fillLimitBuy()
  await page.getByTestId('order-submit').click()
  await expect(page.getByTestId('order-result')).toContainText(/Order placed\s*#\d+/)
  await expect(accountStatus()).toHaveText(/Account online/)
  await shot('clockSkew')
  const after = await stats()
  expect(after.ordersPlaced - before.ordersPlaced).toBe(1)
  expect(after.orderRequests - before.orderRequests).toBe(1)
})

test('latency: orders are slower, the button is disabled while sending, one order placed', async () => {
  const before = await stats()
  const calls = countPlaceCalls()
  await setFaults({ latencyMs: 1_500 })
  await fillLimitBuy()
  const submit = page.getByTestId('order-submit')
  await submit.click()
  await expect(submit).toBeDisabled()
  await expect(submit).toHaveText(/Sending…/)
  await shot('latency')
  // a second click or Enter while sending does nothing
  await submit.click({ force: true })
  await page.getByTestId('base-amount').press('Enter')
  await expect(submit).toHaveText(/Sending…/)
  await expect(page.getByTestId('order-result')).toContainText(/Order placed\s*#\d+/)
  await expect(submit).not.toHaveText(/Sending/)
  const after = await stats()
  expect(after.ordersPlaced - before.ordersPlaced).toBe(1)
  expect(after.orderRequests - before.orderRequests).toBe(1)
  expect(calls.count).toBe(1)
  await expect(marketStatus()).toHaveText(/Market online/)
})

test('dropped order answer: outcome unknown, the lookup finds it placed, exactly one order on the exchange', async () => {
  const before = await stats()
  const calls = countPlaceCalls()
  await setFaults({ dropOrderResponse: true })
  await fillLimitBuy()
  await page.getByTestId('order-submit').click()
  const result = page.getByTestId('order-result')
  await expect(result).toContainText('Outcome unknown', { timeout: 20_000 })
  await expect(result).toContainText(/the order WAS placed \(#\d+\)/)
  await expect(result).toContainText('Do not place it again')
  await shot('dropOrderResponse')
  const id = Number((await result.textContent())!.match(/WAS placed \(#(\d+)\)/)![1])
  const after = await stats()
  expect(after.ordersPlaced - before.ordersPlaced).toBe(1)
  expect(after.orderRequests - before.orderRequests).toBe(1)
  expect(calls.count).toBe(1)
  // the id the window shows is the order the exchange holds
  const snapshot = await callApi<{ orders: { id: number; client_order_id?: string }[] | null }>(host, 'account.snapshot')
  const cid = (await result.locator('.cid').textContent())!.replace('client id', '').trim()
  expect(snapshot.orders?.find((o) => o.id === id)?.client_order_id).toBe(cid)
})

test('5xx on the order POST: outcome unknown, looked up and not found (never "not placed"), never sent twice', async () => {
  const before = await stats()
  const calls = countPlaceCalls()
  await setFaults({ serverError: 503, onlyPaths: ['/trading/order'] })
  await fillLimitBuy()
  await page.getByTestId('order-submit').click()
  const result = page.getByTestId('order-result')
  await expect(result).toContainText('Outcome unknown', { timeout: 20_000 })
  await expect(result).toContainText('not found among the recent orders')
  await expect(result).toContainText('It was not sent again')
  await shot('5xx-order')
  const after = await stats()
  expect(after.orderRequests - before.orderRequests).toBe(1)
  expect(after.ordersPlaced - before.ordersPlaced).toBe(0)
  expect(calls.count).toBe(1)
})

test('dropped answer, and order records without client_order_id (as on the real exchange): probably placed, the order named', async () => {
  const before = await stats()
  const calls = countPlaceCalls()
  await setFaults({ dropOrderResponse: true, omitClientOrderId: true })
  await fillLimitBuy()
  // an amount no earlier test used, so the one order with these fields is this one
  await page.getByTestId('base-amount').fill('0.0013')
  await expect(page.getByTestId('order-submit')).toBeEnabled()
  await page.getByTestId('order-submit').click()
  const result = page.getByTestId('order-result')
  await expect(result).toContainText('Outcome unknown', { timeout: 20_000 })
  await expect(result).toContainText(/probably placed — #\d+ matches it/)
  await expect(result).toContainText(`Searched GET /accounts/order?pair=${pair.name}`)
  await expect(result).not.toContainText('was NOT placed')
  await shot('dropOrderResponse-no-client-id')
  const id = Number((await result.textContent())!.match(/probably placed — #(\d+)/)![1])
  const after = await stats()
  expect(after.ordersPlaced - before.ordersPlaced).toBe(1)
  expect(after.orderRequests - before.orderRequests).toBe(1)
  expect(calls.count).toBe(1)
  // with the ids switched back on, the order named is the one the window sent
  await setFaults({})
  const cid = (await result.locator('.cid').textContent())!.replace('client id', '').trim()
  const snapshot = await callApi<{ orders: { id: number; client_order_id?: string }[] | null }>(host, 'account.snapshot')
  expect(snapshot.orders?.find((o) => o.id === id)?.client_order_id).toBe(cid)
})
