// Profiles end to end: a trader adds the key of a demo sub-account through the profile manager,
// trades as that sub-account by choosing it in the account switcher, and removes the profile again.
// The keys come from the demo exchange's CLI with the embedded exchange's seed (they derive from it).
import { spawnSync } from 'node:child_process'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'
import { test, expect, type Page } from '@playwright/test'
import type { ProfileView } from '../electron/domain/api/api'
import { callApi, startWebHost, type RunningHost } from './web-host'
import { bestPrices, countCalls, demoAccountKeys, openApp, placedOrderId, session, shot, type DemoAccountKeys } from './helpers'

const PROFILE_NAME = 'Scalping desk'

let host: RunningHost
let sub: DemoAccountKeys
let baseUrl: string

test.beforeAll(async () => {
  host = await startWebHost()
  const accounts = await demoAccountKeys()
  const found = accounts.find((a) => a.name === 'Demo Scalping Desk')
  if (!found) throw new Error('the demo exchange has no "Demo Scalping Desk" sub-account')
  sub = found
  const state = await session(host)
  if (!state.profile) throw new Error('the web host started without its demo profile')
  baseUrl = state.profile.baseUrl
})
test.afterAll(async () => {
  await host?.stop()
})

async function openManager(page: Page): Promise<void> {
  await page.getByTestId('open-profile-manager').click()
  await expect(page.getByTestId('profile-manager')).toBeVisible()
}

async function profiles(): Promise<ProfileView[]> {
  return callApi<ProfileView[]>(host, 'profiles.list')
}

/** Every input's current value: what page.content() does not show. */
async function inputValues(page: Page): Promise<string[]> {
  return page.locator('input, textarea').evaluateAll((elements) => elements.map((e) => (e as unknown as { value: string }).value))
}

test('a profile for a demo sub-account is added through the UI and switched to', async ({ page }) => {
  const demo = (await session(host)).profile!
  await openApp(page, host)
  await openManager(page)
  await page.getByTestId('profile-add').click()
  await page.getByTestId('profile-name').fill(PROFILE_NAME)
  await page.getByTestId('profile-base-url').fill(baseUrl)
  await page.getByTestId('profile-api-key').fill(sub.apiKey)
  await page.getByTestId('profile-api-secret').fill(sub.apiSecret)

  // Test connection: the exchange knows this key, and it is the sub-account's.
  await page.getByTestId('profile-test').click()
  const result = page.getByTestId('profile-test-result')
  await expect(result).toContainText('Connected')
  await expect(result).toContainText(sub.name)
  await expect(result).toContainText(`#${sub.id}`)

  await page.getByTestId('profile-save').click()
  await expect.poll(async () => (await profiles()).some((p) => p.name === PROFILE_NAME)).toBe(true)
  const added = (await profiles()).find((p) => p.name === PROFILE_NAME)!
  const row = page.getByTestId(`profile-row-${added.id}`)
  await expect(row).toBeVisible()
  await expect(row).toContainText(`••••${sub.apiKey.slice(-4)}`)
  await expect(page.getByTestId(`profile-storage-${added.id}`)).toHaveText('keychain')
  await shot(page, 'profile-manager')

  // Neither the secret nor the whole key is anywhere on the page now: not in the markup, not in a field.
  expect(await page.content()).not.toContain(sub.apiSecret)
  expect(await page.content()).not.toContain(sub.apiKey)
  for (const value of await inputValues(page)) {
    expect(value).not.toContain(sub.apiSecret)
    expect(value).not.toContain(sub.apiKey)
  }
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('profile-manager')).toBeHidden()

  // The account switcher now marks the sub-account as tradable with the new profile.
  await page.getByTestId('account-switcher').click()
  const item = page.getByTestId(`account-item-${sub.id}`)
  await expect(item).toHaveAttribute('data-tradable', 'true')
  await expect(item).toContainText(`profile ${PROFILE_NAME}`)
  await item.click()

  // Choosing it switches the profile: header, balances and an enabled order form all say so.
  await expect(page.getByTestId('profile-select')).toContainText(PROFILE_NAME)
  await expect(page.getByTestId('account-switcher')).toContainText(sub.name)
  await expect(page.getByTestId('view-only-note')).toHaveCount(0)
  await expect(page.getByTestId('balance-row-USDT-ISOLATED_MARGIN')).toBeVisible()
  await expect(page.getByTestId('balance-row-XRP-SPOT')).toHaveCount(0)
  // Only the empty form holds the order back now, not the account.
  await expect(page.getByTestId('order-submit-reason')).toHaveText(/^Enter /)
  const state = await session(host)
  expect(state.profile?.id).toBe(added.id)
  expect(state.profile?.id).not.toBe(demo.id)
  expect(state.accountId).toBe(sub.id)
  expect(state.canTrade).toBe(true)

  // And it trades: a limit buy far below the market is placed as the sub-account, then cancelled.
  const places = countCalls(page, 'orders.place')
  const { bid } = await bestPrices(host, 'BTC_USDT')
  await page.getByTestId('order-type-LIMIT').click()
  await page.getByTestId('order-side-BUY').click()
  await page.getByTestId('limit-price').fill((Math.floor(bid * 50) / 100).toFixed(2))
  await page.getByTestId('base-amount').fill('0.001')
  await expect(page.getByTestId('order-submit-reason')).toHaveCount(0)
  await expect(page.getByTestId('order-submit')).toBeEnabled()
  await page.getByTestId('order-submit').click()
  await page.getByTestId('order-confirm-ok').click()
  const id = await placedOrderId(page)
  expect(places.count).toBe(1)
  await page.getByTestId('tab-orders').click()
  await expect(page.getByTestId(`order-row-${id}`)).toHaveAttribute('data-status', 'OPEN')
  const snapshot = await callApi<{ accountId: number; orders: { id: number; account_id?: number }[] }>(host, 'account.snapshot')
  expect(snapshot.accountId).toBe(sub.id)
  // The order must be in the sub-account's snapshot, carrying its account id (the demo's records do).
  expect(snapshot.orders.find((o) => o.id === id)).toMatchObject({ id, account_id: sub.id })
  await shot(page, 'sub-account-profile')
  await page.getByTestId(`cancel-order-${id}`).click()
  await expect(page.getByTestId(`order-row-${id}`)).toHaveCount(0)
})

test('profile form errors show on their fields and nothing is saved', async ({ page }) => {
  await openApp(page, host)
  const creates = countCalls(page, 'profiles.create')
  const before = (await profiles()).map((p) => p.id).sort()
  await openManager(page)
  await page.getByTestId('profile-add').click()
  await page.getByTestId('profile-name').fill('')
  await page.getByTestId('profile-base-url').fill('not a url')
  await page.getByTestId('profile-api-key').fill('short')
  await page.getByTestId('profile-api-secret').fill('a-long-enough-secret')
  await page.getByTestId('profile-save').click()

  await expect(page.getByTestId('profile-error-name')).toHaveText('Give the profile a name')
  await expect(page.getByTestId('profile-error-baseUrl')).toContainText('Enter a URL like')
  await expect(page.getByTestId('profile-error-apiKey')).toHaveText('Too short')
  await expect(page.getByTestId('profile-error-apiSecret')).toHaveCount(0)
  await shot(page, 'profile-form-errors')

  // Fixing one field clears its error and leaves the others.
  await page.getByTestId('profile-name').fill('Named now')
  await expect(page.getByTestId('profile-error-name')).toHaveCount(0)
  await expect(page.getByTestId('profile-error-baseUrl')).toBeVisible()
  await page.getByTestId('profile-save').click()
  await expect(page.getByTestId('profile-error-apiKey')).toBeVisible()

  expect(creates.count).toBe(0)
  expect((await profiles()).map((p) => p.id).sort()).toEqual(before)
})

test('removing a profile removes it from the list', async ({ page }) => {
  const demo = (await profiles()).find((p) => p.isDemo)!
  // The sub-account profile of the first test, or a fresh one when that test did not get so far.
  const target =
    (await profiles()).find((p) => p.name === PROFILE_NAME) ?? (await callApi<ProfileView>(host, 'profiles.create', { name: PROFILE_NAME, baseUrl, apiKey: sub.apiKey, apiSecret: sub.apiSecret }))

  await openApp(page, host)
  await openManager(page)
  // Back to the demo profile first: the one to remove is then not the one in use.
  if ((await session(host)).profile?.id !== demo.id) {
    await page.getByTestId(`profile-activate-${demo.id}`).click()
    await expect(page.getByTestId(`profile-activate-${demo.id}`)).toBeDisabled()
  }
  const row = page.getByTestId(`profile-row-${target.id}`)
  await expect(row).toBeVisible()
  await page.getByTestId(`profile-remove-${target.id}`).click()
  await page.locator('.n-popconfirm').getByRole('button', { name: 'Remove' }).click()
  await expect(row).toHaveCount(0)
  await expect(page.getByTestId(`profile-row-${demo.id}`)).toBeVisible()
  expect((await profiles()).map((p) => p.id)).not.toContain(target.id)

  // Without its profile the sub-account is view-only again.
  await page.keyboard.press('Escape')
  await expect(page.getByTestId('profile-manager')).toBeHidden()
  await page.getByTestId('account-switcher').click()
  await expect(page.getByTestId(`account-item-${sub.id}`)).toHaveAttribute('data-tradable', 'false')
})

/** Every file under `dir`, skipping folders that are not the project's own output or data. */
function filesUnder(dir: string, skip: Set<string>): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (skip.has(entry.name)) return []
    const path = join(dir, entry.name)
    if (entry.isSymbolicLink()) return []
    return entry.isDirectory() ? filesUnder(path, skip) : [path]
  })
}

test('after the whole session the secret is in no file, no log line, no API answer and no keychain entry', async () => {
  const secret = sub.apiSecret
  const holders: string[] = []
  // The data directory (profiles, preferences, cache, logs, the browser profile) and the project
  // (sources, build output, test results, screenshots' folders).
  for (const file of [...filesUnder(host.dataDir, new Set()), ...filesUnder(process.cwd(), new Set(['node_modules', '.git']))]) {
    if (statSync(file).size > 50 * 1024 * 1024) continue
    if (readFileSync(file).includes(secret)) holders.push(file)
  }
  expect(holders).toEqual([])
  expect(host.stderr()).not.toContain(secret)
  for (const method of ['profiles.list', 'session.get', 'app.info', 'account.snapshot']) {
    expect(JSON.stringify(await callApi(host, method))).not.toContain(secret)
  }
  // The profile was removed: its keychain entry went with it (the test runs inside its own keyring).
  const search = spawnSync('secret-tool', ['search', '--all', 'service', 'trading-terminal'], { encoding: 'utf8' })
  expect(`${search.stdout}${search.stderr}`).not.toContain(secret)
})
