// Shared helpers of the web end-to-end specs: opening the app, reading numbers the way a trader
// reads them off the screen, counting the API calls the page makes, and saving screenshots where
// people look for them (test-results/screenshots survives Playwright's own output clean-up).
import { spawn } from 'node:child_process'
import { mkdirSync } from 'node:fs'
import { createInterface } from 'node:readline'
import { expect, test, type Locator, type Page, type Request } from '@playwright/test'
import type { AccountSnapshot, SessionState } from '../electron/domain/api/api'
import type { Ticker } from '../electron/domain/wire/wire'
import { callApi, startWebHost, windowUrl, type RunningHost } from './web-host'
export { candleColoursOn, countCandleColours } from './canvas-pixels'

export const SCREENSHOT_DIR = 'test-results/screenshots'

/** Saves a screenshot of the whole window under test-results/screenshots/<name>.png. */
export async function shot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true })
  await settled(page)
  await page.screenshot({ path: `${SCREENSHOT_DIR}/${name}.png` })
}

/**
 * Waits (at most a second) for the page's finite CSS transitions and animations to end, so a picture
 * never catches a tab's underline or a dialog half way (spinners, which never end, are skipped).
 */
export async function settled(page: Page): Promise<void> {
  await page.evaluate(async () => {
    interface AnimationLike {
      finished: Promise<unknown>
      effect: { getComputedTiming(): { endTime?: number | string } } | null
    }
    const doc = (globalThis as unknown as { document: { getAnimations(): AnimationLike[] } }).document
    const finite = doc.getAnimations().filter((a) => Number.isFinite(Number(a.effect?.getComputedTiming().endTime)))
    await Promise.race([Promise.all(finite.map((a) => a.finished.catch(() => undefined))), new Promise((r) => setTimeout(r, 1_000))])
  })
}

/**
 * One web host for the calling spec file: started before its first test and handed to `use`, stopped
 * after its last. Its tests run in file order (one worker) and share it.
 */
export function useWebHost(use: (host: RunningHost) => void): void {
  let host: RunningHost | undefined
  test.beforeAll(async () => {
    host = await startWebHost()
    use(host)
  })
  test.afterAll(async () => {
    await host?.stop()
  })
}

/** Opens the app page with a fresh one-time URL, as a person opens the printed one. */
export async function gotoApp(page: Page, host: RunningHost): Promise<void> {
  const response = await page.goto(await windowUrl(host))
  // A 404 here means out/renderer is missing (or was being rebuilt under the running host).
  expect(response?.status(), 'the web host serves the app page').toBe(200)
}

/**
 * Opens the terminal and waits until a trader could work: candles drawn (the readout shows the
 * last candle) and the account loaded (the order form knows the available balance).
 */
export async function openApp(page: Page, host: RunningHost): Promise<void> {
  await gotoApp(page, host)
  await expect(page.getByTestId('chart-readout')).toBeVisible({ timeout: 20_000 })
  await expect(page.getByTestId('chart')).toHaveAttribute('data-render-ms', /\d/)
  // The first paint with candles drew the history, not a live candle or two that came before it
  // (the chart then framed those few and stayed zoomed on them).
  const firstPaint = Number(await page.getByTestId('chart').getAttribute('data-first-paint-candles'))
  expect(firstPaint, 'candles drawn by the chart at its first paint with candles').toBeGreaterThanOrEqual(30)
  await expect(page.getByTestId('order-available')).toContainText(/\d/)
}

/** "63,514.60" or "3.500000" as a number (grouping commas dropped). */
export function parseShown(text: string | null): number {
  const cleaned = (text ?? '').replace(/[,\s]/g, '').match(/-?\d+(\.\d+)?/)
  if (!cleaned) throw new Error(`no number in ${JSON.stringify(text)}`)
  return Number(cleaned[0])
}

/** One numeric cell of the balances table: balance, reserve or available of a currency and wallet. */
export function balanceCell(page: Page, currency: string, wallet: string, column: 'balance' | 'reserve' | 'available'): Locator {
  return page.getByTestId(`balance-row-${currency}-${wallet}`).locator(`[data-col="${column}"]`)
}

export async function readBalance(page: Page, currency: string, wallet: string, column: 'balance' | 'reserve' | 'available'): Promise<number> {
  return parseShown(await balanceCell(page, currency, wallet, column).textContent())
}

/** The O, H, L, C numbers of the chart's readout (the last candle while the pointer is elsewhere). */
export async function readReadout(page: Page): Promise<{ open: number; high: number; low: number; close: number }> {
  const values = await page.getByTestId('chart-readout').locator('span > b').allTextContents()
  const [open, high, low, close] = values.map(parseShown)
  if (open === undefined || high === undefined || low === undefined || close === undefined) throw new Error(`readout incomplete: ${values.join(' ')}`)
  return { open, high, low, close }
}

/** Records every call the page makes to one TerminalApi method (e.g. 'orders.place'). */
export function countCalls(page: Page, method: string): { readonly count: number; readonly requests: Request[] } {
  const requests: Request[] = []
  page.on('request', (request) => {
    if (request.method() === 'POST' && new URL(request.url()).pathname === `/api/${method}`) requests.push(request)
  })
  return {
    get count() {
      return requests.length
    },
    requests,
  }
}

/** Ids of the selected account's recent orders, as the core sees them now. */
export async function orderIds(host: RunningHost): Promise<number[]> {
  const snapshot = await callApi<AccountSnapshot>(host, 'account.snapshot')
  return (snapshot.orders ?? []).map((o) => o.id).sort((a, b) => a - b)
}

export async function session(host: RunningHost): Promise<SessionState> {
  return callApi<SessionState>(host, 'session.get')
}

/** Best bid and ask of a pair from the exchange, as numbers. */
export async function bestPrices(host: RunningHost, pair: string): Promise<{ bid: number; ask: number }> {
  const [ticker] = await callApi<Ticker[]>(host, 'market.ticker', { pair })
  if (!ticker) throw new Error(`no ticker for ${pair}`)
  return { bid: Number(ticker.buy), ask: Number(ticker.sell) }
}

/** The id in the order form's result line ("Order placed #123"). */
export async function placedOrderId(page: Page): Promise<number> {
  const result = page.getByTestId('order-result')
  await expect(result).toContainText('Order placed')
  await expect(result).toContainText(/#\d+/)
  const match = (await result.textContent())?.match(/#(\d+)/)
  if (!match?.[1]) throw new Error('no order id in the result')
  return Number(match[1])
}

export interface DemoAccountKeys {
  id: number
  name: string
  parentId: number | null
  apiKey: string
  apiSecret: string
}

/**
 * The demo accounts and their keys, from the demo exchange's own CLI started with the default seed
 * (the one the embedded exchange uses): the keys derive from the seed, so they are the embedded
 * exchange's keys too. The process is stopped as soon as its one JSON line is read.
 */
export async function demoAccountKeys(): Promise<DemoAccountKeys[]> {
  const child = spawn(process.execPath, ['out/main/demo-exchange.js', '--port', '0'], { stdio: ['ignore', 'pipe', 'pipe'] })
  let errText = ''
  child.stderr.on('data', (chunk: Buffer) => (errText += chunk.toString()))
  try {
    const line = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`demo exchange did not start in 15 s: ${errText}`)), 15_000)
      createInterface({ input: child.stdout }).once('line', (l) => {
        clearTimeout(timer)
        resolve(l)
      })
      child.once('exit', (code) => {
        clearTimeout(timer)
        reject(new Error(`demo exchange exited with ${code}: ${errText}`))
      })
    })
    return (JSON.parse(line) as { accounts: DemoAccountKeys[] }).accounts
  } finally {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r))
      child.kill('SIGTERM')
      await exited
    }
  }
}

// The node-side type check has no DOM library: the few browser shapes used in page functions.
interface WindowLike {
  getComputedStyle(element: unknown): { backgroundColor: string; color: string }
}

/** Holds the page's requests for `url` back until the returned release is called. */
export async function holdBack(page: Page, url: RegExp): Promise<() => void> {
  let release: () => void = () => undefined
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(url, async (route) => {
    await held
    await route.continue()
  })
  return release
}

/** The computed background colour of an element, as "rgb(r, g, b)". */
export async function backgroundOf(locator: Locator): Promise<string> {
  return locator.evaluate((element) => (globalThis as unknown as WindowLike).getComputedStyle(element).backgroundColor)
}

/** Texts of a table that run out of their cells (numbers that run into the next column), as shown. */
export function textsOutsideCells(table: Locator): Promise<(string | null)[]> {
  return table.locator('td').evaluateAll((cells) =>
    cells.flatMap((td) => {
      const box = td.getBoundingClientRect()
      return [...td.querySelectorAll('span')].filter((el) => el.getBoundingClientRect().right > box.right + 0.5).map((el) => el.textContent)
    }),
  )
}

/** Texts of a table's cells that reach under its pinned right-hand column, row by row. */
export function cellsUnderPinned(table: Locator): Promise<(string | null)[]> {
  return table.locator('tbody tr').evaluateAll((rows) =>
    rows.flatMap((tr) => {
      const cells = [...tr.querySelectorAll('td')]
      const pinned = cells.find((td) => td.className.includes('fixed-right'))
      if (!pinned) return ['no pinned column']
      const edge = pinned.getBoundingClientRect().left
      return cells.filter((td) => td !== pinned && td.getBoundingClientRect().right > edge + 0.5).map((td) => td.textContent)
    }),
  )
}

/**
 * The WCAG contrast ratio of an element's text against what is behind it: its colour laid over the
 * nearest background that is not transparent (a theme's text colours are often translucent white).
 */
export async function textContrast(locator: Locator): Promise<number> {
  const [fg, bg] = await locator.evaluate((element) => {
    const style = (el: unknown) => (globalThis as unknown as WindowLike).getComputedStyle(el)
    let behind: { parentElement: unknown } | null = element
    let background = 'rgb(255, 255, 255)'
    for (; behind; behind = behind.parentElement as typeof behind) {
      const colour = style(behind).backgroundColor
      if (!/^rgba\(.*, 0\)$|transparent/.test(colour)) {
        background = colour
        break
      }
    }
    return [style(element).color, background]
  })
  const rgba = (text: string): number[] => {
    const [r = 0, g = 0, b = 0, a = 1] = (text.match(/[\d.]+/g) ?? []).map(Number)
    return [r, g, b, a]
  }
  const back = rgba(bg)
  const front = rgba(fg)
  const over = front.slice(0, 3).map((c, i) => c * front[3]! + back[i]! * (1 - front[3]!))
  const luminance = (rgb: number[]): number => {
    const [r, g, b] = rgb.map((c) => (c / 255 <= 0.03928 ? c / 255 / 12.92 : ((c / 255 + 0.055) / 1.055) ** 2.4))
    return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!
  }
  const [hi, lo] = [luminance(over), luminance(back.slice(0, 3))].sort((x, y) => y - x)
  return (hi! + 0.05) / (lo! + 0.05)
}

/**
 * A MARKET buy on BTC_USDT spending `cost` USDT, as a spec that lifts the price through the book
 * does. A deep book can cost more USDT than the earlier tests' buys left the demo account: then it
 * first sells BTC for the difference (the market buy follows once the account has it) and answers
 * false, so the caller reads the book again; true once the buy is placed.
 */
export async function marketBuyFor(host: RunningHost, cost: number): Promise<boolean> {
  const { balances } = await callApi<AccountSnapshot>(host, 'account.snapshot')
  const usdt = balances.find((b) => b.currency === 'USDT' && b.wallet_type === 'SPOT')
  const available = usdt ? Number(usdt.balance) - Number(usdt.reserve) : 0
  const order = { pair: 'BTC_USDT', order_type: 'MARKET', wallet_type: 'SPOT' }
  if (cost > available * 0.95) {
    const [ticker] = await callApi<Ticker[]>(host, 'market.ticker', { pair: 'BTC_USDT' })
    const base = ((cost - available * 0.95) / Number(ticker!.last)) * 1.1
    await callApi(host, 'orders.place', { ...order, order_side: 'SELL', base_amount: base.toFixed(6) })
    await new Promise((r) => setTimeout(r, 1_000))
    return false
  }
  const buy = await callApi<{ outcome: string }>(host, 'orders.place', { ...order, order_side: 'BUY', quote_amount: cost.toFixed(2) })
  expect(buy.outcome).toBe('placed')
  return true
}

/** Saves the arrangement on screen as the workspace `name` through the Workspaces dialog, and closes it. */
export async function saveWorkspace(page: Page, name: string): Promise<void> {
  const dialog = page.getByTestId('workspace-dialog')
  await page.getByTestId('workspace-menu').click()
  await dialog.getByTestId('workspace-name').fill(name)
  await dialog.getByTestId('workspace-save').click()
  await expect(dialog.getByTestId(`workspace-${name}`)).toBeVisible()
  await page.keyboard.press('Escape')
  await expect(dialog).toHaveCount(0)
}
