// From a click on the price ladder to the order on the wire: the web host on a demo exchange process
// of its own (started with --admin, as a real exchange is apart from the terminal), the ladder shown,
// grouped by the pair's largest step, one-click mode on (after its warning, as a trader turns it on).
// Each sample is a click on the bid cell of the ladder's lowest row (a buy far under the market, so it
// rests) timed from the click event the page receives to the moment the exchange received the POST
// (the demo's own record of its order calls, GET /__admin/calls: both clocks are this machine's wall
// clock). The next click waits for the ladder to say the order was placed (one order in flight).
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { callApi, sleep, startWebHost, windowUrl } from './lib.mjs'
import { ownDemo } from './load.mjs'

const VIEWPORT = { width: 1600, height: 960 }

/** In the page: the wall-clock time of the next click on a ladder bid cell. */
const armClick = () => {
  window.__clickAt = null
  const note = (e) => {
    if (e.target instanceof Element && e.target.closest('[data-testid="ladder-bid"]')) window.__clickAt ??= performance.timeOrigin + performance.now()
  }
  document.addEventListener('click', note, { capture: true, once: true })
}

export async function measureLadderClick(browser, { clicks = 30 } = {}) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-ladder-'))
  const host = await startWebHost(dataDir)
  const demo = await ownDemo(host)
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.goto(await windowUrl(host))
    await page.getByTestId('order-available').filter({ hasText: /\d/ }).waitFor({ timeout: 30_000 })
    await page.getByTestId('book-view-ladder').click()
    await page.locator('[data-testid^="ladder-row-"]').first().waitFor({ timeout: 30_000 })
    const steps = await page
      .getByTestId('ladder-step')
      .locator('option')
      .evaluateAll((options) => options.map((o) => o.value))
    // rows of 1,000 ticks (10 USDT on BTC/USDT), as before the steps went 1-2-5 with Auto first
    const tick = Number(steps[1])
    await page.getByTestId('ladder-step').selectOption(steps.find((s) => s !== 'auto' && Number(s) === tick * 1000) ?? steps.at(-1))
    await page.getByTestId('one-click-toggle').click()
    await page.getByTestId('one-click-accept').click()
    await page.getByTestId('one-click-banner').waitFor()
    const ms = []
    let placed = 0
    for (let i = 0; i < clicks; i++) {
      const before = (await demo.admin('calls')).calls.filter((c) => c.method === 'POST').length
      const said = (await page.getByTestId('ladder-message').textContent()) ?? ''
      const row = page.locator('[data-testid^="ladder-row-"]').last()
      await page.evaluate(armClick)
      await row.getByTestId('ladder-bid').click()
      const clickAt = await page.evaluate(() => window.__clickAt)
      let arrived = null
      for (let tries = 0; tries < 200 && arrived === null; tries++) {
        const posts = (await demo.admin('calls')).calls.filter((c) => c.method === 'POST')
        // the log keeps the latest 100 calls: after that, the newest POST later than the click
        const fresh = posts.length > before ? posts[posts.length - 1] : posts.findLast((c) => c.at >= clickAt)
        if (fresh && fresh.at >= clickAt) arrived = fresh.at
        else await sleep(5)
      }
      if (arrived !== null && clickAt !== null) ms.push(arrived - clickAt)
      // one order in flight at a time: the next click once the ladder has its answer
      // (each answer names its order's id, so the line changes with every answer)
      await page.waitForFunction(
        (before) => {
          const text = document.querySelector('[data-testid="ladder-message"]')?.textContent ?? ''
          return text !== before && /^(Placed|Refused|Outcome unknown|Not sent)/.test(text.trim())
        },
        said,
        { timeout: 10_000 },
      )
      if (/^\s*Placed/.test((await page.getByTestId('ladder-message').textContent()) ?? '')) placed++
      await sleep(50)
    }
    await callApi(host, 'orders.cancel', { pair: 'BTC_USDT' }).catch(() => undefined)
    return { ms, placed, clicks }
  } finally {
    await context.close()
    await host.stop()
    await demo.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
