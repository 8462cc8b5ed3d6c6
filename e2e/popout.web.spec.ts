// Windows of their own (docs/popouts.md), in the web host: the chart, and the book with the trades,
// pop out into a new browser window opened through a fresh one-time link of its route; the main
// window keeps a placeholder with "Bring back"; closing the pop-out puts the panel back; a reload, or
// a new browser (a restart), opens the kept pop-out again; the link works once.
import { test, expect, type Page, type Response } from '@playwright/test'
import { openApp, shot, useWebHost } from './helpers'
import { themeOf, violations } from './a11y'
import { callApi, type RunningHost } from './web-host'

let host: RunningHost
useWebHost((started) => (host = started))

interface Popout {
  panel: string
  pane: number
  pair: string
}
const kept = async () => (await callApi<{ popouts: Popout[] }>(host, 'popouts.list')).popouts
const mintedUrl = async (response: Response) => new URL(((await response.json()) as { url: string }).url)
const isLink = (response: Response) => response.url().endsWith('/session/link') && response.request().method() === 'POST'

/** Clicks a pop-out button; the new window, and the one-time link the host minted for it. */
async function popOut(page: Page, testId: string): Promise<{ popup: Page; link: URL }> {
  const [popup, response] = await Promise.all([page.waitForEvent('popup'), page.waitForResponse(isLink), page.getByTestId(testId).click()])
  return { popup, link: await mintedUrl(response) }
}

async function toTheme(page: Page, theme: 'dark' | 'light'): Promise<void> {
  if ((await themeOf(page)) !== theme) await page.getByTestId('theme-toggle').click()
  await page.mouse.move(0, 0)
  await expect.poll(() => themeOf(page)).toBe(theme)
}

test('the chart pops out through a fresh one-time link, the main window holds its place, and closing it puts it back', async ({ page }) => {
  test.setTimeout(120_000)
  await openApp(page, host)
  // the chart's pair: its toolbar's pair list (a select of the exchange's names, BTC_USDT)
  const pairName = await page.locator('.toolbar .pair').first().inputValue()
  const pair = pairName.replace('_', '/')
  await shot(page, 'popout-buttons')
  const { popup, link } = await popOut(page, 'popout-chart-0')

  // a link of the pop-out's route, with a code of its own, which the page takes out of its address
  expect(link.searchParams.get('panel')).toBe('chart')
  expect(link.searchParams.get('pane')).toBe('0')
  expect(link.searchParams.get('code')).toMatch(/^[\w-]{40,}$/)
  await popup.waitForURL((url) => url.search === '?panel=chart&pane=0')
  await expect(popup.getByTestId('popout-window-chart-0')).toBeVisible()
  await expect(popup.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(popup.locator('.toolbar .pair')).toHaveValue(pairName)
  await expect(popup.locator('.popout-title')).toContainText(pair)
  // the pop-out offers no pop-out of itself
  await expect(popup.getByTestId('popout-chart-0')).toHaveCount(0)

  // the main window: a placeholder with "Bring back" where the chart was; the chart is drawn once only
  await expect(page.getByTestId('popout-placeholder-chart-0')).toContainText(`The chart (${pair}) is in a window of its own`)
  await expect(page.getByTestId('popout-back-chart-0')).toBeVisible()
  await expect(page.getByTestId('chart')).toHaveCount(0)
  expect(await kept()).toMatchObject([{ panel: 'chart', pane: 0, pair: pair.replace('/', '_') }])

  // the link is spent: neither its page nor its code opens anything for anyone else
  const code = link.searchParams.get('code')!
  expect((await fetch(link)).status).toBe(401)
  const traded = await fetch(`${host.origin}/session`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code, scope: 'popout:chart:0' }) })
  expect(traded.status).toBe(401)

  // axe-core on the pop-out and on the placeholder, both themes (the pop-out follows the main window's)
  for (const theme of ['dark', 'light'] as const) {
    await toTheme(page, theme)
    await expect.poll(() => themeOf(popup)).toBe(theme)
    expect(await violations(popup, `chart pop-out, ${theme}`)).toEqual([])
    expect(await violations(page, `placeholder, ${theme}`, '[data-testid="popout-placeholder-chart-0"]')).toEqual([])
    await shot(popup, `popout-chart-${theme}`)
    await shot(page, `popout-placeholder-${theme}`)
  }
  await toTheme(page, 'dark')

  // one chart, shown where it is: another pair chosen in the main window is the pop-out's too
  await page.getByTestId('pair-item-ETH_USDT').click()
  await expect(popup.locator('.toolbar .pair')).toHaveValue('ETH_USDT')
  await expect(page.getByTestId('popout-placeholder-chart-0')).toContainText('The chart (ETH/USDT)')
  await expect.poll(async () => (await kept())[0]?.pair).toBe('ETH_USDT')

  // the trader closes the pop-out's window: the chart is back in the main window, on that pair
  await popup.close()
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(page.locator('.toolbar .pair').first()).toHaveValue('ETH_USDT')
  await expect(page.getByTestId('popout-placeholder-chart-0')).toHaveCount(0)
  await expect.poll(kept).toEqual([])
})

test('a reload of the main window keeps the pop-out, and finds its window again', async ({ page }) => {
  await openApp(page, host)
  const { popup } = await popOut(page, 'popout-chart-0')
  await expect(popup.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  // the reloaded main window never draws the chart that is out, not even its first chart (boot.ts)
  await page.addInitScript(`new MutationObserver(() => {
    const drawn = document.querySelector('[data-testid="first-chart"], [data-testid="chart"]')
    if (drawn) window.__chartDrawn = drawn.dataset.testid
  }).observe(document, { childList: true, subtree: true })`)
  await page.reload()
  await expect(page.getByTestId('popout-placeholder-chart-0')).toBeVisible({ timeout: 20_000 })
  expect(await page.evaluate('window.__chartDrawn ?? null')).toBeNull()
  await expect(popup.getByTestId('chart-readout')).toBeVisible()
  // the window it found is watched as before: closing it brings the chart back
  await popup.close()
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect.poll(kept).toEqual([])
})

test('the book and trades pop out, come back after a restart, and "Back to the main window" puts them back', async ({ page, browser }) => {
  test.setTimeout(90_000)
  await openApp(page, host)
  const { popup, link } = await popOut(page, 'popout-book')
  expect(link.searchParams.get('panel')).toBe('book')
  await expect(popup.getByTestId('order-book')).toBeVisible({ timeout: 20_000 })
  await expect(popup.getByTestId('trades-table')).toBeVisible()
  await expect(page.getByTestId('popout-placeholder-book-0')).toBeVisible()
  await expect(page.getByTestId('order-book')).toHaveCount(0)
  await expect(page.getByTestId('trades-table')).toHaveCount(0)
  // kept by the core; the whole browser closes, as at a restart (where its window stood is
  // browser-windows.test.ts's: Playwright sizes a pop-up as its context's viewport)
  await expect.poll(async () => (await kept())[0]).toMatchObject({ panel: 'book', pane: 0 })
  await page.context().close()

  // a new browser (no cookie, no window of before), opened as a person opens the printed link
  const context = await browser.newContext()
  const main = await context.newPage()
  const [restored] = await Promise.all([context.waitForEvent('page'), openApp(main, host)])
  await restored.waitForURL((url) => url.search === '?panel=book&pane=0', { timeout: 20_000 })
  await expect(restored.getByTestId('order-book')).toBeVisible({ timeout: 20_000 })
  await expect(main.getByTestId('popout-placeholder-book-0')).toBeVisible()
  for (const theme of ['dark', 'light'] as const) {
    await toTheme(main, theme)
    await expect.poll(() => themeOf(restored)).toBe(theme)
    expect(await violations(restored, `book pop-out, ${theme}`)).toEqual([])
    await shot(restored, `popout-book-${theme}`)
  }
  await toTheme(main, 'dark')

  // its own button puts it back, and its window closes
  const closed = restored.waitForEvent('close')
  await restored.getByTestId('popout-back').click()
  await closed
  await expect(main.getByTestId('order-book')).toBeVisible({ timeout: 20_000 })
  await expect(main.getByTestId('popout-placeholder-book-0')).toHaveCount(0)
  await expect.poll(kept).toEqual([])
  await context.close()
})

test('a popped-out chart opens its own alert dialog, the alert it sets is listed at once in the main window, and its drawings know which lines are armed', async ({ page }) => {
  await openApp(page, host)
  await page.getByTestId('tab-alerts').click()
  const list = page.getByTestId('alerts-list')
  await expect(list).toBeVisible()
  const before = await list.locator('tr[data-status="active"]').count()
  const { popup } = await popOut(page, 'popout-chart-0')
  await expect(popup.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  const [ticker] = await callApi<{ last: string }[]>(host, 'market.ticker', { pair: await popup.locator('.toolbar .pair').inputValue() })
  // far above the market: it stays active while the test looks
  const level = String(Math.round(Number(ticker!.last) * 1.5))
  await popup.getByTestId('alert-create').click()
  await expect(popup.getByTestId('alert-dialog')).toBeVisible()
  await popup.getByTestId('alert-kind-above').click()
  await popup.getByTestId('alert-price').fill(level)
  await shot(popup, 'popout-alert-dialog')
  await popup.getByTestId('alert-save').click()
  await expect(popup.getByTestId('alert-dialog')).toHaveCount(0)
  // the main window's list, open all along, reads it without a reload
  await expect(list.locator('tr[data-status="active"]')).toHaveCount(before + 1)
  await expect(list).toContainText(Number(level).toLocaleString('en-US'))

  // a line drawn with an alert on it: the pop-out's drawings say it is armed, and no longer once cancelled elsewhere
  const pair = await popup.locator('.toolbar .pair').inputValue()
  const line = { id: 'popout-line', pair, kind: 'hline', color: '#3b82f6', points: [{ time: Date.now(), price: level }] }
  await callApi(host, 'drawings.save', line)
  const armed = await callApi<{ id: string }>(host, 'alerts.create', { kind: 'line', pair, drawingId: line.id, sound: false })
  await popup.getByTestId('drawings-toggle').click()
  await expect(popup.getByTestId(`drawing-${line.id}-alert`)).toHaveText('Alert armed')
  await callApi(host, 'alerts.cancel', { id: armed.id })
  await expect(popup.getByTestId(`drawing-${line.id}-alert`)).toHaveText('Alert on cross')
  await popup.close()
  await expect.poll(kept).toEqual([])
})
