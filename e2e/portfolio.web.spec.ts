// The Portfolio tab against two demo exchanges that hold still (prices move only when orders trade),
// each with a master and two sub-accounts. The totals the window shows must equal what this test
// computes itself from each exchange's balances and tickers, read through the CLI: every holding at
// its pair's last price in USDT, DAI (no pair) left out and named.
import { spawnSync } from 'node:child_process'
import { test, expect } from '@playwright/test'
import Decimal from 'decimal.js'
import { startWebHost, callApi, type RunningHost } from './web-host'
import { openApp, shot } from './helpers'
import { startAdminDemo, stopAdminDemo, type AdminDemo } from './demo-process'

let host: RunningHost
let one: AdminDemo
let two: AdminDemo
test.describe.configure({ mode: 'serial' })
test.beforeAll(async () => {
  ;[one, two] = await Promise.all([startAdminDemo(31, { still: true }), startAdminDemo(32, { still: true })])
  host = await startWebHost()
})
test.afterAll(async () => {
  await host?.stop()
  await Promise.all([stopAdminDemo(one), stopAdminDemo(two)])
})

/** The CLI's JSON answer for one verb, with the master's key in the environment. */
function cli<T>(demo: AdminDemo, verb: string): T {
  const master = demo.accounts[0]!
  const run = spawnSync(process.execPath, ['out/main/cli.js', verb, '--base-url', demo.baseUrl], {
    env: { ...process.env, TERMINAL_API_KEY: master.apiKey, TERMINAL_API_SECRET: master.apiSecret },
    encoding: 'utf8',
  })
  expect(run.status, run.stderr).toBe(0)
  return JSON.parse(run.stdout) as T
}

/** Every account's holdings at their pair's last price, computed here, not by the terminal. */
function expected(demo: AdminDemo): { total: Decimal; byAccount: Map<number, Decimal>; unpriced: string[] } {
  const balances = cli<{ account_id: number; currency: string; balance: string }[]>(demo, 'balances')
  const tickers = cli<{ pair: string; last: string | null }[]>(demo, 'ticker')
  const last = new Map(tickers.map((t) => [t.pair, t.last]))
  const byAccount = new Map<number, Decimal>()
  const unpriced: string[] = []
  for (const b of balances) {
    const price = b.currency === 'USDT' ? '1' : last.get(`${b.currency}_USDT`)
    if (!price) {
      if (!new Decimal(b.balance).isZero()) unpriced.push(b.currency)
      continue
    }
    byAccount.set(b.account_id, (byAccount.get(b.account_id) ?? new Decimal(0)).plus(new Decimal(b.balance).times(price)))
  }
  return { total: [...byAccount.values()].reduce((s, v) => s.plus(v), new Decimal(0)), byAccount, unpriced }
}

test('the portfolio’s totals equal the balances at the tickers’ prices, per account and over every profile', async ({ page }) => {
  // Two exchanges' masters, and one sub-account of the first with a profile of its own; the embedded
  // demo (whose market moves) is removed, so every profile holds still.
  const first = await callApi<{ id: string }>(host, 'profiles.create', { name: 'One', baseUrl: one.baseUrl, apiKey: one.accounts[0]!.apiKey, apiSecret: one.accounts[0]!.apiSecret })
  await callApi(host, 'profiles.create', { name: 'Two', baseUrl: two.baseUrl, apiKey: two.accounts[0]!.apiKey, apiSecret: two.accounts[0]!.apiSecret })
  await callApi(host, 'profiles.create', { name: 'One sub', baseUrl: one.baseUrl, apiKey: one.accounts[1]!.apiKey, apiSecret: one.accounts[1]!.apiSecret })
  await callApi(host, 'profiles.activate', { id: first.id })
  const demo = (await callApi<{ id: string; isDemo: boolean }[]>(host, 'profiles.list')).find((p) => p.isDemo)
  if (demo) await callApi(host, 'profiles.remove', { id: demo.id })

  await openApp(page, host)
  await page.getByTestId('tab-portfolio').click()
  const panel = page.getByTestId('portfolio')
  const total = panel.getByTestId('portfolio-total')
  await expect(total).toHaveAttribute('data-value', /\d/, { timeout: 15_000 })

  // This profile: the first exchange's master and its two sub-accounts.
  const mine = expected(one)
  expect(mine.byAccount.size).toBe(3)
  await expect(total).toHaveAttribute('data-value', mine.total.toFixed())
  for (const [id, value] of mine.byAccount) await expect(panel.getByTestId(`portfolio-account-${id}`)).toHaveAttribute('data-value', value.toFixed())
  // DAI trades in no pair: named, counted, and in no total.
  expect(mine.unpriced).toEqual(['DAI'])
  await expect(panel.getByTestId('portfolio-unpriced')).toContainText('DAI')
  await expect(panel.getByTestId(`portfolio-row-${one.accounts[0]!.id}-DAI`).locator('td').nth(4)).toHaveText('no price')
  await expect(panel.getByTestId(`portfolio-row-${one.accounts[0]!.id}-BTC`).locator('td').nth(5)).toHaveText('BTC → USDT')
  await expect(panel.getByTestId('portfolio-allocation')).toContainText('% ')
  // Equity is recorded once a minute while the core runs: a fresh window says none is yet.
  await expect(panel.getByTestId('portfolio-equity')).toContainText('No equity recorded yet')
  await shot(page, 'portfolio')

  // Every profile: both exchanges; the sub-account seen by two profiles counted once.
  await panel.getByTestId('portfolio-scope-all').click()
  const theirs = expected(two)
  await expect(total).toHaveAttribute('data-value', mine.total.plus(theirs.total).toFixed(), { timeout: 15_000 })
  await expect(panel.locator('[data-testid^="portfolio-account-"]')).toHaveCount(6)
  await expect(panel.getByTestId('portfolio-failed')).toHaveCount(0)
  await shot(page, 'portfolio-all')
})

test('equity recorded while the core runs is drawn per account and overall', async ({ page }) => {
  // Recorded every second here instead of once a minute (TERMINAL_EQUITY_MS), against the still exchange.
  const quick = await startWebHost({ env: { TERMINAL_EQUITY_MS: '1000' } })
  try {
    const first = await callApi<{ id: string }>(quick, 'profiles.create', { name: 'One', baseUrl: one.baseUrl, apiKey: one.accounts[0]!.apiKey, apiSecret: one.accounts[0]!.apiSecret })
    await callApi(quick, 'profiles.activate', { id: first.id })
    await openApp(page, quick)
    await page.getByTestId('tab-portfolio').click()
    const equity = page.getByTestId('portfolio-equity')
    // Each Refresh reads the series again; three accounts recorded, so an overall line too.
    await expect
      .poll(
        async () => {
          await page.getByTestId('portfolio-refresh').click()
          return equity.locator('.visually-hidden').textContent()
        },
        { timeout: 20_000, intervals: [1_500] },
      )
      .toMatch(/^All accounts: \d+ points/)
    const total = await page.getByTestId('portfolio-total').getAttribute('data-value')
    // The market holds still: the overall line ends at the total the tab shows.
    await expect(equity.locator('.visually-hidden')).toContainText(`to ${total} USDT`)
    await expect(equity.locator('[role="img"]')).toBeVisible()
    await shot(page, 'portfolio-equity')
  } finally {
    await quick.stop()
  }
})

test('before the first record, the equity is rebuilt from the wallet activity and drawn dashed, said in words', async ({ page }) => {
  test.setTimeout(150_000)
  // A market sell in the first exchange's master account: wallet activity (the trade and its fee).
  const master = one.accounts[0]!
  const sold = spawnSync(process.execPath, ['out/main/cli.js', 'place-order', '--pair', 'BTC_USDT', '--type', 'MARKET', '--side', 'SELL', '--base-amount', '0.01', '--base-url', one.baseUrl], {
    env: { ...process.env, TERMINAL_API_KEY: master.apiKey, TERMINAL_API_SECRET: master.apiSecret },
    encoding: 'utf8',
  })
  expect(sold.status, sold.stderr).toBe(0)
  // Points are rebuilt on the minute (a day of activity or less): wait for the next minute to begin.
  await page.waitForTimeout(60_000 - (Date.now() % 60_000) + 1_500)
  // A fresh data directory: nothing recorded before now; records then every second.
  const quick = await startWebHost({ env: { TERMINAL_EQUITY_MS: '1000' } })
  try {
    const first = await callApi<{ id: string }>(quick, 'profiles.create', { name: 'One', baseUrl: one.baseUrl, apiKey: master.apiKey, apiSecret: master.apiSecret })
    await callApi(quick, 'profiles.activate', { id: first.id })
    await openApp(page, quick)
    await page.getByTestId('tab-portfolio').click()
    const equity = page.getByTestId('portfolio-equity')
    await expect(equity.getByTestId('equity-rebuilt-legend')).toContainText('rebuilt from wallet activity', { timeout: 20_000 })
    const notes = equity.getByTestId('equity-rebuilt-notes')
    await expect(notes).toContainText(`(#${master.id}): 1 point before the first record rebuilt from wallet activity, valued at each minute’s candle close`)
    // DAI has no pair: left out of the rebuilt point as of every recorded one, and said.
    await expect(notes).toContainText('DAI (no pair to USDT)')
    // The sub-accounts: no profile holds their keys, so their activity cannot be read.
    await expect(notes).toContainText(`(#${one.accounts[1]!.id}): No profile holds this account’s own key`)
    await expect(equity.locator('.visually-hidden')).toContainText('the first 1 rebuilt from wallet activity, drawn dashed')
    // Kept in the account's equity file, marked: what a new window reads.
    const series = await callApi<{ accountId: number; points: { rebuilt?: true }[] }[]>(quick, 'equity.get')
    const mine = series.find((s) => s.accountId === master.id)!
    expect(mine.points[0]!.rebuilt).toBe(true)
    expect(mine.points.filter((p) => p.rebuilt)).toHaveLength(1)
    await equity.scrollIntoViewIfNeeded()
    await shot(page, 'portfolio-equity-rebuilt')
  } finally {
    await quick.stop()
  }
})
