// The live feed's latencies in a real Chromium window (issue 14), measured against the web host's
// embedded demo exchange (seed 1, market moving):
//   tick-to-pixel: a crossing order of a sub-account → its trade's row in the trades list, and a chart
//     paint at or after it (a trade the chart never paints is no sample, and is counted apart); with
//     the feed, and with polling only (TERMINAL_FEED=off), in the same run;
//   order to screen: the form's submit (confirmation off) → "placed" shown and the order's row in
//     open orders;
//   fill to balances: a crossing market order of the viewer's own account → its BTC balance row changed.
// Each trade carries an amount of its own (the minimum size plus a sample number in the last digits),
// so its row is told from the market's other trades by its text.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { callApi, crossingOrders, demoAccounts, sleep, startWebHost, windowUrl } from './lib.mjs'
import { ownDemo } from './load.mjs'
import { longTasksBetween } from './long-tasks.mjs'

const VIEWPORT = { width: 1600, height: 960 }

/**
 * In the page before the app: the wall-clock time of every chart paint (CandleChart.vue's
 * data-render-ms), and of every market.trades message the window's event stream delivers, with the
 * message's text (the web host's EventSource; its listeners are wrapped, nothing else changes).
 */
const recordPaints = () => {
  window.__paintAt = []
  window.__tradesAt = []
  const now = () => performance.timeOrigin + performance.now()
  new MutationObserver(() => window.__paintAt.push(now())).observe(document, {
    subtree: true,
    attributes: true,
    attributeFilter: ['data-render-ms'],
  })
  const add = EventSource.prototype.addEventListener
  EventSource.prototype.addEventListener = function (type, listener, options) {
    if (type !== 'market.trades' || typeof listener !== 'function') return add.call(this, type, listener, options)
    return add.call(
      this,
      type,
      function (message) {
        window.__tradesAt.push([now(), message.data])
        if (window.__tradesAt.length > 2000) window.__tradesAt.splice(0, 1000)
        return listener.call(this, message)
      },
      options,
    )
  }
}

/**
 * Resolves in the page with the wall-clock times the trade whose amount reads `text` reached the
 * window (its market.trades message: `arrived`) and of the first chart paint at or after it (`at`);
 * `at` null when the chart paints nothing within `withinMs` of it: it never showed the trade. (Until issue 46 this bench
 * looked for a paint from the trades row's frame on; when the row came a frame or more after the
 * paint that drew the trade, it counted the market's next trade's paint instead, up to seconds
 * later: that was the unexplained 1.2 s p99.)
 */
const paintAfter = ({ text, withinMs }) =>
  new Promise((resolve) => {
    // the wire may write the amount with fewer trailing zeros than the row: compared as numbers
    const amount = Number(text)
    const arrived = window.__tradesAt.find(([, data]) => JSON.parse(data).trades.some((t) => Number(t.amount) === amount))?.[0]
    if (arrived === undefined) return resolve({ arrived: null, at: null })
    const until = arrived + withinMs
    const look = () => {
      const at = window.__paintAt.find((t) => t >= arrived)
      if (at !== undefined) resolve({ arrived, at })
      else if (performance.timeOrigin + performance.now() > until) resolve({ arrived, at: null })
      else requestAnimationFrame(look)
    }
    look()
  })

/** Resolves in the page with the wall-clock time of the first frame whose trades list shows `text`. */
const rowShown = (text) =>
  new Promise((resolve) => {
    const look = () => {
      const table = document.querySelector('[data-testid="trades-table"]')
      if (table && table.textContent.includes(text)) resolve(performance.timeOrigin + performance.now())
      else requestAnimationFrame(look)
    }
    look()
  })

/**
 * The web host, its window open on the chart, watching `ownDemo`'s exchange when asked: a demo
 * exchange process of its own, as a real exchange is, instead of the host's embedded one.
 */
async function openWindow(browser, env, { demoProcess = false } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-live-'))
  const host = await startWebHost(dataDir, env)
  const demo = demoProcess ? await ownDemo(host) : null
  const context = await browser.newContext({ viewport: VIEWPORT })
  await context.addInitScript(recordPaints)
  const page = await context.newPage()
  await page.goto(await windowUrl(host))
  await page.getByTestId('chart-readout').waitFor({ timeout: 20_000 })
  await page.getByTestId('order-available').filter({ hasText: /\d/ }).waitFor({ timeout: 20_000 })
  const close = async () => {
    await context.close()
    await host.stop()
    await demo?.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
  return { host, demo, page, close }
}

/** Trades of a sub-account against the market makers: `trade(i)` → the amount text its row shows. */
async function trader(baseUrl, account, pairName) {
  // Each trade's amount is the minimum plus a sample number in the last digits.
  const amountOf = (i, pair) => (Number(pair.minimum_order_size) + (101 + (i % 800)) * 10 ** -pair.amount_precision).toFixed(pair.amount_precision)
  const orders = await crossingOrders({ baseUrl, account, pairName, amountOf })
  return async (i) => {
    if (i % 20 === 0) await orders.refresh()
    const sentAt = Date.now()
    const status = await orders.place(i)
    if (status !== 200) throw new Error(`the demo refused a bench order: ${status}`)
    return { sentAt, amount: orders.amountFor(i) }
  }
}

/** How long after its trade reached the window its chart paint may come (the candle poll is every 2 s without the feed). */
const PAINT_WITHIN_MS = 5_000

/**
 * `samples` trades, each timed from its order to the later of its row and the chart's paint. A trade
 * the chart never painted is no sample: it is counted in `unpainted` instead. `trace`: each sample's
 * times (sent, arrived at the window, row shown, chart painted, both on screen) and the window's long tasks, to
 * explain a slow one (`slowest`).
 */
export async function tickToPixel(browser, env, samples, { demoProcess = true, gapMs = 100 } = {}) {
  const w = await openWindow(browser, env, { demoProcess })
  try {
    const prefs = await callApi(w.host, 'prefs.get')
    const baseUrl = w.demo ? w.demo.baseUrl : (await callApi(w.host, 'session.get')).profile.baseUrl.replace(/\/+$/, '')
    const accounts = w.demo ? w.demo.accounts : await demoAccounts(1)
    const sub = accounts.find((a) => a.parentId !== null) ?? accounts[0]
    const trade = await trader(baseUrl, sub, prefs.pair)
    const ms = []
    const trace = []
    let unpainted = 0
    const from = Date.now()
    for (let i = 0; i < samples; i++) {
      const { sentAt, amount } = await trade(i)
      // amounts under 1 show as the wire writes them (no grouping)
      const rowAt = await w.page.evaluate(rowShown, amount)
      // the chart's last candle: the first chart paint since the trade reached the window
      const { arrived, at: paintAt } = await w.page.evaluate(paintAfter, { text: amount, withinMs: PAINT_WITHIN_MS })
      // on screen once both are: the later of the row and the chart's paint
      const shownAt = paintAt === null ? null : Math.max(rowAt, paintAt)
      trace.push({ i, sentAt, arrived, rowAt, paintAt, shownAt })
      if (shownAt === null) unpainted++
      else ms.push(shownAt - sentAt)
      await sleep(gapMs)
    }
    // the window's long tasks meanwhile, as every page the bench opens reports them (long-tasks.mjs)
    return { ms, unpainted, trades: samples, trace, longTasks: longTasksBetween(from, Date.now()) }
  } finally {
    await w.close()
  }
}

/**
 * The slowest painted sample of a tickToPixel run, split where its time went: before its trade
 * reached the window (the order, the exchange, the host and the event stream) and in the window
 * (to the later of its row and the chart's paint). Null when no sample was painted.
 */
export function slowest(trace) {
  let worst = null
  for (const t of trace) {
    if (t.shownAt === null || t.arrived === null) continue
    const total = t.shownAt - t.sentAt
    if (worst === null || total > worst.total) worst = { total, beforeWindow: t.arrived - t.sentAt, inWindow: t.shownAt - t.arrived }
  }
  return worst
}

/** Every row here runs against a demo exchange process of its own (ownDemo), as a real exchange would be. */
export async function measureLive(browser, { samples = 600, pollingSamples = 10, orders = 30 } = {}) {
  const feed = await tickToPixel(browser, {}, samples)
  const polling = await tickToPixel(browser, { TERMINAL_FEED: 'off' }, pollingSamples)

  // Order to screen and fill to balances, in one window on the feed, confirmation off.
  const w = await openWindow(browser, {}, { demoProcess: true })
  try {
    await callApi(w.host, 'prefs.set', { confirmOrders: false })
    await w.page.reload()
    await w.page.getByTestId('order-available').filter({ hasText: /\d/ }).waitFor({ timeout: 20_000 })
    const orderMs = []
    const fillMs = []
    const [ticker] = await callApi(w.host, 'market.ticker', { pair: 'BTC_USDT' })
    for (let i = 0; i < orders; i++) {
      await w.page.getByTestId('tab-orders').click()
      await w.page.getByTestId('order-type-LIMIT').click()
      await w.page.getByTestId('order-side-BUY').click()
      await w.page.getByTestId('limit-price').fill((Number(ticker.buy) * 0.7).toFixed(2))
      await w.page.getByTestId('base-amount').fill('0.001')
      const before = await w.page.locator('[data-testid^="order-row-"]').count()
      // Timed in the page, from the click event the form receives: Playwright's own checks before it
      // clicks (the button stable for two frames, scrolled into view) are the harness's, not the app's.
      await w.page.evaluate(() => {
        window.__submitAt = null
        const note = (e) => {
          if (e.target instanceof Element && e.target.closest('[data-testid="order-submit"]')) window.__submitAt ??= performance.timeOrigin + performance.now()
        }
        document.addEventListener('click', note, { capture: true, once: true })
      })
      await w.page.getByTestId('order-submit').click()
      const shown = await w.page.waitForFunction(
        (n) => {
          const placed = /placed/i.test(document.querySelector('[data-testid="order-result"]')?.textContent ?? '')
          const listed = document.querySelectorAll('[data-testid^="order-row-"]').length > n
          return placed && listed ? performance.timeOrigin + performance.now() : false
        },
        before,
        { polling: 'raf', timeout: 10_000 },
      )
      orderMs.push((await shown.jsonValue()) - (await w.page.evaluate(() => window.__submitAt)))
    }
    await callApi(w.host, 'orders.cancel', { pair: 'BTC_USDT' })
    await w.page.getByTestId('tab-balances').click()
    const row = w.page.getByTestId('balance-row-BTC-SPOT')
    await row.waitFor()
    for (let i = 0; i < orders; i++) {
      const before = await row.innerText()
      const t0 = Date.now()
      await callApi(w.host, 'orders.place', {
        pair: 'BTC_USDT',
        order_type: 'MARKET',
        order_side: i % 2 ? 'SELL' : 'BUY',
        wallet_type: 'SPOT',
        ...(i % 2 ? { base_amount: '0.001' } : { quote_amount: '60' }),
      })
      await w.page.waitForFunction((text) => document.querySelector('[data-testid="balance-row-BTC-SPOT"]')?.innerText !== text, before, { polling: 'raf', timeout: 10_000 })
      fillMs.push(Date.now() - t0)
    }
    return { feed, polling, orderMs, fillMs }
  } finally {
    await w.close()
  }
}
