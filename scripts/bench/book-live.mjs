// The order book panel of the real terminal while its book comes from the live feed: the web host's
// embedded demo exchange, a sub-account placing crossing orders at `rate` a second (every one changes
// the book, so the feed sends a diff for each, on top of the market makers' own), and the window's
// frame rate per one-second window. The diffs are counted on a socket of the bench's own, subscribed
// to the same topic, so the rate reported is what the feed really sent.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import WebSocket from 'ws'
import { installProbes } from './browser.mjs'
import { callApi, crossingOrders, demoAccounts, sleep, startWebHost, windowUrl } from './lib.mjs'

const VIEWPORT = { width: 1600, height: 960 }

/** In the page: the times the panel (`testId`: the book or the ladder) changed (frames come from installProbes). */
const watchBook = (testId) => {
  window.__bookChanges = []
  const root = document.querySelector(`[data-testid="${testId}"]`)
  new MutationObserver(() => window.__bookChanges.push(performance.now())).observe(root, { subtree: true, childList: true, characterData: true })
}

/** Counts the feed's `d` frames of the pair on a socket of its own. */
function countDiffs(feedUrl, pair) {
  const ws = new WebSocket(feedUrl)
  const counter = { diffs: 0, counting: false, close: () => ws.close() }
  ws.on('open', () => ws.send(JSON.stringify(['subscribe', `diff.${pair}`])))
  ws.on('message', (data) => {
    const text = data.toString()
    if (text === '1') return ws.send('2')
    if (counter.counting && text.startsWith('["d"')) counter.diffs++
  })
  return counter
}

/**
 * `panel`: 'book' (the order book panel) or 'ladder' (the price ladder in its place, switched to once
 * the book comes from the feed; both draw the same store's book, each throttled to its own redraws).
 */
export async function measureBookFeed(browser, { rate = 60, seconds = 10, warmupSeconds = 2, panel = 'book' } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-book-'))
  const accounts = await demoAccounts(1)
  const host = await startWebHost(dataDir)
  const context = await browser.newContext({ viewport: VIEWPORT })
  let counter = null
  try {
    const page = await context.newPage()
    await page.goto(await windowUrl(host))
    await page.waitForSelector('[data-testid="order-book"][data-source="feed"] [data-testid="order-book-bids"] li', { timeout: 30_000 })
    if (panel === 'ladder') {
      await page.getByTestId('book-view-ladder').click()
      await page.waitForSelector('[data-testid="ladder"] [data-testid^="ladder-row-"]', { timeout: 30_000 })
    }
    const session = await callApi(host, 'session.get')
    const prefs = await callApi(host, 'prefs.get')
    const baseUrl = session.profile.baseUrl.replace(/\/+$/, '')
    counter = countDiffs(baseUrl.replace(/^http/, 'ws').replace(/\/api\/v3$/, '/alp-ws'), prefs.pair)
    const trader = accounts.find((a) => a.parentId !== null) ?? accounts[0]
    const orders = await crossingOrders({ baseUrl, account: trader, pairName: prefs.pair })
    let stop = false
    let failed = 0
    let placed = 0
    const load = (async () => {
      const start = Date.now()
      for (let i = 0; !stop; i++) {
        const wait = start + (i * 1000) / rate - Date.now()
        if (wait > 0) await sleep(wait)
        if (i % rate === 0) await orders.refresh().catch(() => {})
        orders.place(i).then(
          (status) => (status === 200 ? placed++ : failed++),
          () => failed++,
        )
      }
    })()
    await sleep(warmupSeconds * 1000)
    await page.evaluate(installProbes)
    await page.evaluate(watchBook, panel === 'ladder' ? 'ladder' : 'order-book')
    const t0 = await page.evaluate(() => performance.now())
    counter.counting = true
    const placedBefore = placed
    const wallStart = Date.now()
    await sleep(seconds * 1000)
    counter.counting = false
    const placedDuring = placed - placedBefore
    const elapsed = (Date.now() - wallStart) / 1000
    const probe = await page.evaluate(() => ({ frames: window.__frames.slice(), changes: window.__bookChanges.slice(), now: performance.now() }))
    stop = true
    await load
    const source = panel === 'ladder' ? 'feed (the ladder draws the book store the book panel showed from the feed)' : await page.getByTestId('order-book').getAttribute('data-source')
    const fps = []
    for (let s = 0; s < Math.min(seconds, Math.floor((probe.now - t0) / 1000)); s++) {
      const from = t0 + s * 1000
      fps.push(probe.frames.filter((t) => t >= from && t < from + 1000).length)
    }
    return { fps, ordersPerSec: placedDuring / elapsed, diffsPerSec: counter.diffs / elapsed, panelChangesPerSec: probe.changes.filter((t) => t >= t0).length / elapsed, failed, source }
  } finally {
    counter?.close()
    await context.close()
    await host.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
