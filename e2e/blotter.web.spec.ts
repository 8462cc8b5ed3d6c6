// The blotter and the panic button against two demo exchanges that hold still, each with a master and
// two sub-accounts. Profiles hold the keys of both masters and of the first exchange's first
// sub-account; the other sub-accounts have no profile. Orders rest in three accounts; the blotter
// lists each with its account, and "cancel all" over every profile cancels them account by account,
// reporting each, and says which accounts it could not touch.
import { spawnSync } from 'node:child_process'
import { test, expect } from '@playwright/test'
import { startWebHost, callApi, type RunningHost } from './web-host'
import { openApp, shot } from './helpers'
import { startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'

let host: RunningHost
let one: AdminDemo
let two: AdminDemo
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  ;[one, two] = await Promise.all([startAdminDemo(41, { still: true }), startAdminDemo(42, { still: true })])
  host = await startWebHost()
})
test.afterAll(async () => {
  await host?.stop()
  await Promise.all([stopAdminDemo(one), stopAdminDemo(two)])
})

/** The CLI with one account's key in the environment; its JSON answer. */
function cli<T>(demo: AdminDemo, index: number, args: string[]): T {
  const account = demo.accounts[index]!
  const run = spawnSync(process.execPath, ['out/main/cli.js', ...args, '--base-url', demo.baseUrl], {
    env: { ...process.env, TERMINAL_API_KEY: account.apiKey, TERMINAL_API_SECRET: account.apiSecret },
    encoding: 'utf8',
  })
  expect(run.status, run.stderr).toBe(0)
  return JSON.parse(run.stdout) as T
}

/** A limit buy at half the last price: it rests until cancelled. Returns its id. */
function rest(demo: AdminDemo, index: number): number {
  const [ticker] = cli<{ last: string }[]>(demo, index, ['ticker', '--pair', 'BTC_USDT'])
  const price = (Math.floor(Number(ticker!.last) * 50) / 100).toFixed(2)
  const placed = cli<{ outcome: string; orderIds: number[] }>(demo, index, ['place-order', '--pair', 'BTC_USDT', '--type', 'LIMIT', '--side', 'BUY', '--base-amount', '0.001', '--limit-price', price])
  expect(placed.outcome).toBe('placed')
  return placed.orderIds[0]!
}

const openIds = (demo: AdminDemo, index: number) =>
  cli<{ id: number; status: string }[]>(demo, index, ['orders'])
    .filter((o) => ['OPEN', 'PENDING', 'PARTIAL_FILLED'].includes(o.status))
    .map((o) => o.id)

test('the blotter lists every account’s orders; cancel all over every profile cancels them and reports each account', async ({ page }) => {
  const keys = (demo: AdminDemo, i: number) => ({ apiKey: demo.accounts[i]!.apiKey, apiSecret: demo.accounts[i]!.apiSecret })
  const first = await callApi<{ id: string }>(host, 'profiles.create', { name: 'One', baseUrl: one.baseUrl, ...keys(one, 0) })
  await callApi(host, 'profiles.create', { name: 'One sub', baseUrl: one.baseUrl, ...keys(one, 1) })
  await callApi(host, 'profiles.create', { name: 'Two', baseUrl: two.baseUrl, ...keys(two, 0) })
  await callApi(host, 'profiles.activate', { id: first.id })
  const demo = (await callApi<{ id: string; isDemo: boolean }[]>(host, 'profiles.list')).find((p) => p.isDemo)
  if (demo) await callApi(host, 'profiles.remove', { id: demo.id })
  const orders = { master: rest(one, 0), sub: rest(one, 1), other: rest(two, 0) }

  await openApp(page, host)
  await page.getByTestId('tab-blotter').click()
  const blotter = page.getByTestId('blotter')
  // This profile: the first exchange's master and its sub-account, each in its account's row.
  // Order ids and account ids are only unique within one exchange: each row names its exchange.
  const row = (demo: AdminDemo, id: number) => blotter.locator(`[data-testid="blotter-row-${id}"][data-exchange="${demo.origin}"]`)
  await expect(row(one, orders.master)).toHaveAttribute('data-account', String(one.accounts[0]!.id))
  await expect(row(one, orders.sub)).toHaveAttribute('data-account', String(one.accounts[1]!.id))
  await expect(blotter.getByTestId(`blotter-account-problem-${one.accounts[2]!.id}`)).toContainText('No profile holds this account’s own API key')
  await blotter.getByTestId('blotter-scope-all').click()
  await expect(row(two, orders.other)).toHaveAttribute('data-account', String(two.accounts[0]!.id), { timeout: 15_000 })
  await shot(page, 'blotter')

  await blotter.getByTestId('cancel-all').click()
  const dialog = page.getByTestId('cancel-all-dialog')
  await dialog.getByTestId('cancel-all-every').click()
  const listed = dialog.getByTestId('cancel-all-accounts')
  await expect(listed.locator(`[data-account="${one.accounts[0]!.id}"][data-exchange="${one.origin}"]`)).toContainText('1 open order')
  await expect(listed.locator(`[data-account="${one.accounts[2]!.id}"][data-exchange="${one.origin}"]`)).toContainText('No profile holds')
  await expect(dialog.getByTestId('cancel-all-confirm')).toHaveText('Cancel 3 orders')
  await shot(page, 'cancel-all-confirm')
  await dialog.getByTestId('cancel-all-confirm').click()
  const results = dialog.getByTestId('cancel-all-results')
  const resultOf = (demo: AdminDemo, i: number) => results.locator(`[data-account="${demo.accounts[i]!.id}"][data-exchange="${demo.origin}"]`)
  await expect(resultOf(one, 0)).toHaveAttribute('data-result', 'cancelled', { timeout: 15_000 })
  await expect(resultOf(one, 1)).toHaveAttribute('data-result', 'cancelled')
  await expect(resultOf(one, 2)).toHaveAttribute('data-result', 'no-key')
  await expect(results.locator('[data-result="cancelled"]')).toHaveCount(3)
  await shot(page, 'cancel-all-results')
  // The exchanges agree: nothing left open in the three accounts.
  expect([...openIds(one, 0), ...openIds(one, 1), ...openIds(two, 0)]).toEqual([])
  await dialog.getByTestId('cancel-all-close').click()
  await expect(blotter.locator('[data-testid^="blotter-row-"]')).toHaveCount(0)
})

test('the panic hotkey is off until turned on; then it opens the confirmation, which cancels nothing by itself', async ({ page }) => {
  await openApp(page, host)
  const dialog = page.getByTestId('cancel-all-dialog')
  await page.keyboard.press('Control+Shift+X')
  await page.waitForTimeout(300)
  await expect(dialog).toHaveCount(0)
  await page.getByTestId('tab-blotter').click()
  await page.getByTestId('panic-hotkey').click()
  await expect(page.getByTestId('panic-hotkey')).toHaveAttribute('aria-checked', 'true')
  await page.getByTestId('chart').focus()
  await page.keyboard.press('Control+Shift+X')
  await expect(dialog).toBeVisible()
  // Opened by the key, it reads each account's open orders as the button's does.
  await expect(dialog.getByTestId('cancel-all-accounts')).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
  // On in the preferences: a new window keeps it.
  expect((await callApi<{ panicHotkey: boolean }>(host, 'prefs.get')).panicHotkey).toBe(true)
})

test('the blotter follows an account no live feed covers: an order placed elsewhere shows within seconds, with its age, no Refresh', async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('tab-blotter').click()
  const blotter = page.getByTestId('blotter')
  await expect(blotter.getByTestId('blotter-age')).toContainText('s ago')
  const readAt = Number(await blotter.getByTestId('blotter-age').getAttribute('data-read-at'))
  const refreshes = { count: 0 }
  page.on('request', (r) => {
    if (r.url().endsWith('/api/blotter.get')) refreshes.count++
  })
  // The first exchange's sub-account, through its own key from the shell: not the active profile's feed.
  const id = rest(one, 1)
  const row = blotter.locator(`[data-testid="blotter-row-${id}"][data-exchange="${one.origin}"]`)
  await expect(row).toHaveAttribute('data-account', String(one.accounts[1]!.id), { timeout: 12_000 })
  expect(Number(await blotter.getByTestId('blotter-age').getAttribute('data-read-at'))).toBeGreaterThan(readAt)
  expect(refreshes.count).toBeGreaterThanOrEqual(1)
  await shot(page, 'blotter-live')
  // Hidden, it is not read again.
  await page.getByTestId('tab-balances').click()
  await page.waitForTimeout(500)
  const hidden = refreshes.count
  await page.waitForTimeout(6_000)
  expect(refreshes.count).toBe(hidden)
  cli(one, 1, ['cancel-order', '--ids', String(id)])
})
