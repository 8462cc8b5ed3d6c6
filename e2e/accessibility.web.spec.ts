// Every trader can read and operate the window: axe-core (the engine behind Lighthouse's and
// Playwright's accessibility checks) on the main window and each bottom tab, in both themes, at
// 1280×720 and 1920×1080. A critical or serious violation fails the test; moderate and minor ones
// are listed in the test report.
import { test, expect, type Page } from '@playwright/test'
import AxeBuilder from '@axe-core/playwright'
import { themeOf, violations } from './axe-check'
import { openApp, useWebHost } from './helpers'
import { callApi, startWebHost, type RunningHost } from './web-host'

let host: RunningHost
useWebHost((started) => (host = started))

/** The text and background colours of the window's text, as the page computes them now. */
const COLOURS = `[...document.querySelectorAll('body, .pair-name strong, .pair-row .num, .pair-head, .n-tabs-tab, .order-region, .book-region')].map((e) => { const s = getComputedStyle(e); return s.color + ' ' + s.backgroundColor }).join('|')`

/**
 * Switched to `theme`, its colours at rest: the root says the theme, and the window's colours read the
 * same twice, 100 ms apart. A full run once caught the pair list's names halfway between the two
 * themes' text colours right after the switch (2.5:1), with reduced motion on.
 */
async function switchedTo(page: Page, theme: 'dark' | 'light'): Promise<void> {
  if ((await themeOf(page)) !== theme) {
    await page.getByTestId('theme-toggle').click()
    // off the toggle at once: its tooltip, shown while the colours settle, would cover what comes next
    await page.mouse.move(0, 0)
  }
  await expect.poll(() => themeOf(page)).toBe(theme)
  let before = await page.evaluate(COLOURS)
  await expect
    .poll(
      async () => {
        const now = await page.evaluate(COLOURS)
        const same = now === before
        before = now
        return same
      },
      { intervals: [100] },
    )
    .toBe(true)
}

const TABS = ['balances', 'fees', 'orders', 'positions', 'algos', 'blotter', 'history', 'fills', 'journal', 'alerts', 'portfolio', 'limits'] as const

for (const size of [
  { width: 1280, height: 720 },
  { width: 1920, height: 1080 },
]) {
  for (const theme of ['dark', 'light'] as const) {
    test(`no critical or serious violation: main window and every bottom tab, ${theme} theme, ${size.width}×${size.height}`, async ({ page }) => {
      // Fifteen axe passes over a full window: ~40 s here, and the first test of a run on a fresh
      // machine also pays for Chromium's first start (its font cache): room for three times that.
      test.setTimeout(180_000)
      await page.setViewportSize(size)
      // Colours as they settle, not halfway through a theme's or a row's transition.
      await page.emulateMedia({ reducedMotion: 'reduce' })
      await openApp(page, host)
      await switchedTo(page, theme)
      const found: string[] = []
      for (const tab of TABS) {
        await page.getByTestId(`tab-${tab}`).click()
        await expect(page.locator(`.n-tabs-tab--active [data-testid="tab-${tab}"]`)).toBeVisible()
        await page.waitForLoadState('networkidle') // the tab's table loads in a chunk of its own
        // a table still loading is dimmed on purpose: it is checked as it reads once loaded
        await expect(page.locator('.bottom-region .n-data-table--loading')).toHaveCount(0)
        // the portfolio reads every account first: checked with its figures and its ring drawn
        if (tab === 'portfolio') await expect(page.getByTestId('portfolio-allocation')).toBeVisible({ timeout: 15_000 })
        if (tab === 'blotter') await expect(page.getByTestId('blotter').locator('table, p.muted').first()).toBeVisible({ timeout: 15_000 })
        // the limits' form, read from the core
        if (tab === 'limits') await expect(page.getByTestId('limits-account')).toBeVisible({ timeout: 15_000 })
        // the journal reads the account's fills: checked once its answer (its statistics) is in
        if (tab === 'journal') await expect(page.getByTestId('journal-stats').or(page.getByTestId('journal-problem'))).toBeVisible({ timeout: 20_000 })
        // the positions are read at start: checked once the list (or its empty note) is in, then the protect form
        if (tab === 'positions') await expect(page.getByTestId('positions').locator('[data-testid="positions-empty"], article').first()).toBeVisible({ timeout: 15_000 })
        if (tab === 'algos') await expect(page.getByTestId('algos').locator('[data-testid="algos-empty"], article').first()).toBeVisible({ timeout: 15_000 })
        found.push(...(await violations(page, `${tab} tab`)))
        if (tab === 'positions') {
          await page.getByTestId('protect-toggle').click()
          await expect(page.getByTestId('protect-dialog')).toBeVisible()
          found.push(...(await violations(page, 'protect form')))
          await page.keyboard.press('Escape')
          await expect(page.getByTestId('protect-dialog')).toBeHidden()
        }
        if (tab === 'blotter') {
          // the panic button's confirmation, with each account's open orders read
          await page.getByTestId('cancel-all').click()
          await expect(page.getByTestId('cancel-all-accounts')).toBeVisible({ timeout: 15_000 })
          found.push(...(await violations(page, 'cancel-all confirmation')))
          await page.keyboard.press('Escape')
          await expect(page.getByTestId('cancel-all-dialog')).toHaveCount(0)
        }
      }
      await page.getByTestId('chart-view-depth').click()
      await expect(page.getByTestId('depth-chart')).toBeVisible()
      found.push(...(await violations(page, 'depth chart')))
      await page.getByTestId('chart-view-candles').click()
      // Last, so its order is in no table checked above: the Positions tab with a pending position's
      // card, and the card's levels dialog.
      await page.getByTestId('tab-positions').click()
      {
        const [ticker] = await callApi<{ last: string }[]>(host, 'market.ticker', { pair: 'BTC_USDT' })
        const entry = Number(ticker!.last) * 0.8
        await callApi(host, 'positions.protect', {
          pair: 'BTC_USDT',
          side: 'BUY',
          entry: { type: 'LIMIT', price: entry.toFixed(0) },
          size: { amount: '0.001' },
          stopLoss: (entry * 0.95).toFixed(0),
          takeProfits: [{ price: (entry * 1.1).toFixed(0), share: '100' }],
        })
        await expect(page.getByTestId('positions').locator('article[data-state="pending"]').first()).toBeVisible({ timeout: 15_000 })
      }
      found.push(...(await violations(page, 'positions tab with a position')))
      await page.getByTestId('positions').locator('article[data-state="pending"]').first().getByTestId('position-levels').click()
      await expect(page.getByTestId('levels-dialog')).toBeVisible()
      found.push(...(await violations(page, 'levels dialog')))
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('levels-dialog')).toBeHidden()
      expect(found).toEqual([])
    })
  }
}

/** Opens each dialog in turn, checks it, and closes it with Esc (Esc closes what it opened). */
for (const theme of ['dark', 'light'] as const) {
  test(`no critical or serious violation in the dialogs: order confirmation, profiles, alert, indicators, shortcuts, diagnostics (${theme} theme)`, async ({ page }) => {
    test.setTimeout(120_000)
    await page.setViewportSize({ width: 1280, height: 720 })
    await openApp(page, host)
    await switchedTo(page, theme)
    await page.mouse.move(600, 400) // the toggle's tooltip would cover the order type tabs
    const found: string[] = []
    const check = async (name: string, open: () => Promise<void>, shown: string) => {
      await open()
      await expect(page.getByTestId(shown)).toBeVisible()
      found.push(...(await violations(page, name)))
      await page.keyboard.press('Escape')
      await expect(page.getByTestId(shown)).toBeHidden()
    }
    await check(
      'order confirmation',
      async () => {
        await page.getByTestId('order-type-LIMIT').click()
        await page.getByTestId('limit-price').fill('1000')
        await page.getByTestId('base-amount').fill('0.001')
        await page.getByTestId('order-submit').click()
      },
      'order-confirm',
    )
    await check('profiles', () => page.getByRole('button', { name: /Profiles…|Add a profile/ }).click(), 'profile-manager')
    await check('alert dialog', () => page.getByTestId('alert-create').click(), 'alert-dialog')
    await check('indicator menu', () => page.getByTestId('indicator-menu').click(), 'indicator-panel')
    await check(
      'shortcuts list',
      async () => {
        await page.locator('body').click({ position: { x: 600, y: 300 } })
        await page.keyboard.press('?')
      },
      'shortcuts-help',
    )
    await check(
      'diagnostics panel',
      async () => {
        await page.locator('body').click({ position: { x: 600, y: 300 } })
        await page.keyboard.press('?')
        await page.getByTestId('diagnostics-open').click()
        // read with its table of long tasks (the window's start had some) and the feed's figures
        await expect(page.getByTestId('longtask-row').first()).toBeVisible()
        await expect(page.getByTestId('feed-lag')).toBeVisible()
      },
      'diagnostics-panel',
    )
    expect(found).toEqual([])
  })
}

// The header's warning badges (filled with the theme's warning colour) on a machine without a
// keychain: the run above has one, so it never shows the "Keychain unavailable" badge.
test('the keychain warning reads in both themes on a machine without a keychain', async ({ page }) => {
  test.setTimeout(90_000)
  const bare = await startWebHost({ env: { DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent/bus' } })
  try {
    await openApp(page, bare)
    await expect(page.getByTestId('keychain-status')).toHaveAttribute('data-available', 'false')
    for (const theme of ['dark', 'light'] as const) {
      await switchedTo(page, theme)
      await page.mouse.move(600, 400) // the toggle's tooltip is not what is checked
      const { violations } = await new AxeBuilder({ page }).include('[data-testid="keychain-status"]').withRules(['color-contrast']).analyze()
      expect(violations.map((v) => `${theme}: ${v.id} ${v.nodes[0]?.any[0]?.message ?? ''}`)).toEqual([])
    }
  } finally {
    await bare.stop()
  }
})

test('the live region says a placed order once, with what it was and its id', async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('order-type-LIMIT').click()
  await page.getByTestId('limit-price').fill('1000')
  await page.getByTestId('base-amount').fill('0.001')
  await page.getByTestId('order-submit').click()
  await page.getByTestId('order-confirm-ok').click()
  const region = page.getByTestId('announcer')
  await expect(region).toHaveAttribute('aria-live', 'polite')
  await expect(region.locator('p')).toHaveText([/^Order placed: buy limit 0\.001 BTC\/USDT at 1000, #\d+$/])
  const id = /#(\d+)/.exec((await region.textContent()) ?? '')![1]
  await callApi(host, 'orders.cancel', { order_ids: [Number(id)] })
  // the cancel is said once more, and the placed order is not said again
  await expect(region.locator('p')).toHaveText([/^Order placed/, /^Order cancelled: .*#\d+/], { timeout: 15_000 })
})

test('a system asking for reduced motion gets no transitions', async ({ page }) => {
  await page.emulateMedia({ reducedMotion: 'reduce' })
  await openApp(page, host)
  const durations = () =>
    page.getByTestId('open-profile-manager').evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { transitionDuration: string } }).getComputedStyle(el).transitionDuration)
  expect((await durations()).split(',').every((d: string) => parseFloat(d) < 0.001)).toBe(true)
  // A theme switch reaches every text in the frame it reaches the window: the pair list's names take
  // the new colour with the window, not frames later (white on the light theme's white meanwhile).
  const firstFrame = page.evaluate(`new Promise((resolve) => {
    const colour = (selector) => getComputedStyle(document.querySelector(selector)).color
    const before = colour('.app')
    const started = performance.now()
    const look = () => {
      if (colour('.app') !== before || performance.now() - started > 5000) resolve({ before, window: colour('.app'), name: colour('.pair-name strong') })
      else requestAnimationFrame(look)
    }
    requestAnimationFrame(look)
  })`) as Promise<{ before: string; window: string; name: string }>
  await page.getByTestId('theme-toggle').click()
  const seen = await firstFrame
  expect(seen.name, "a pair name's colour in the frame the window took the new theme").toBe(seen.window)
  expect(seen.window, 'the window took the other theme within 5 s').not.toBe(seen.before)
  await page.emulateMedia({ reducedMotion: 'no-preference' })
  expect((await durations()).split(',').some((d: string) => parseFloat(d) > 0)).toBe(true)
})
