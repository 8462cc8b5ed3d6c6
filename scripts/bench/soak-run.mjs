// The soak: the web host with a streaming market, for a bounded time, while the bench switches
// profiles and accounts, places and cancels small limit orders through the web host's API, and
// (when a browser is given) clicks through intervals and pairs in the window. Resident memory of
// the web host process (which embeds the demo exchange) is sampled from /proc every few seconds,
// its JS heap after a full GC every 30 s (heap-probe.mjs, loaded into the host for the soak only),
// and the renderer's JS heap (after GC) through CDP. A leak shows in the heaps; resident memory
// also moves with V8's own sizing of its heap (see bench/README.md, "Soak").
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'
import { callApi, crossingOrders, demoAccounts, rssOf, sleep, slope, startWebHost, summarize, windowUrl } from './lib.mjs'

const MB = 1024 * 1024
const HEAP_PROBE = pathToFileURL(join(dirname(fileURLToPath(import.meta.url)), 'heap-probe.mjs')).href

/** The heap probe's samples taken from `since` on, as [ms since then, heap used after GC]. */
function hostHeapSamples(file, since) {
  if (!existsSync(file)) return []
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line))
    .filter((s) => s.at >= since)
    .map((s) => [s.at - since, s.heapUsed])
}

/** start/end/min/max/slope (per minute) and growth (median of the last fifth minus the first fifth). */
export function describeSeries(samples) {
  if (samples.length === 0) return null
  const values = samples.map(([, v]) => v)
  const fifth = Math.max(1, Math.floor(samples.length / 5))
  const head = summarize(values.slice(0, fifth)).median
  const tail = summarize(values.slice(-fifth)).median
  return {
    start: values[0],
    end: values[values.length - 1],
    min: Math.min(...values),
    max: Math.max(...values),
    slopePerMin: slope(samples.map(([t, v]) => [t / 60_000, v])),
    growth: tail - head,
    samples: samples.length,
  }
}

/**
 * Runs the soak for `seconds` (bounded); `tradeRate` crossing orders per second from a sub-account
 * keep the market streaming beyond the demo's own takers. Returns the series and the action counts.
 */
export async function runSoak({ seconds, browser = null, sampleEveryMs = 5_000, tradeRate = 20, warmupSeconds = 15, log = () => {}, signal = null }) {
  const dataDir = mkdtempSync(join(tmpdir(), 'bench-soak-'))
  const accounts = await demoAccounts(1)
  const heapFile = join(dataDir, 'heap-probe.jsonl')
  const host = await startWebHost(dataDir, { BENCH_HEAP_PROBE: heapFile }, { nodeArgs: ['--expose-gc', '--import', HEAP_PROBE] })
  let stopAt = Date.now() + (warmupSeconds + seconds) * 1000
  // If the web host dies, stop at once and say how (exit code or signal, the end of its stderr).
  let died = null
  host.child.once('exit', (code, signal) => {
    died = `the web host exited (code ${code}, signal ${signal}) during the soak: ${host.stderr().slice(-400)}`
    stopAt = 0
  })
  // Ctrl-C / SIGTERM from the caller: finish the current step, then stop and clean up.
  signal?.addEventListener('abort', () => (stopAt = 0), { once: true })
  const counts = { switches: 0, ordersPlaced: 0, cancels: 0, clicks: 0, marketOrders: 0, errors: 0 }
  const errors = []
  const note = (what, error) => {
    counts.errors++
    if (errors.length < 10) errors.push(`${what}: ${error instanceof Error ? error.message : String(error)}`)
  }
  let context = null
  try {
    const session = await callApi(host, 'session.get')
    const demoProfile = session.profile
    const baseUrl = demoProfile.baseUrl.replace(/\/+$/, '')
    const master = accounts.find((a) => a.parentId === null) ?? accounts[0]
    const sub = accounts.find((a) => a.parentId !== null) ?? accounts[0]
    // A second profile on the same exchange with the sub-account's key, to switch between.
    const second = await callApi(host, 'profiles.create', { name: 'Soak desk', baseUrl, apiKey: sub.apiKey, apiSecret: sub.apiSecret })
    const profiles = [demoProfile.id, second.id]
    // The demo generates a pair's history the first time it is read (history-walk.ts): a one-time,
    // bounded growth (~3 MB a pair) that is not a leak. Read it all before the first sample.
    const pairs = await (await fetch(`${baseUrl}/pairs`)).json()
    for (const p of pairs) await (await fetch(`${baseUrl}/charts?pair=${p.name}&interval=1D&limit=500`)).arrayBuffer()

    let page = null
    let cdp = null
    if (browser) {
      context = await browser.newContext({ viewport: { width: 1600, height: 960 } })
      page = await context.newPage()
      await page.goto(await windowUrl(host))
      await page.waitForSelector('[data-testid="chart"] canvas', { timeout: 30_000 })
      cdp = await context.newCDPSession(page)
    }

    const t0 = Date.now()
    const rss = []
    const heap = []
    let s0 = Infinity
    const sampler = (async () => {
      await sleep(warmupSeconds * 1000)
      s0 = Date.now()
      while (Date.now() < stopAt) {
        const r = rssOf(host.pid)
        if (r === null) break
        rss.push([Date.now() - s0, r])
        if (cdp) {
          try {
            await cdp.send('HeapProfiler.collectGarbage')
            const { usedSize } = await cdp.send('Runtime.getHeapUsage')
            heap.push([Date.now() - s0, usedSize])
          } catch (error) {
            note('heap sample', error)
          }
        }
        log(`soak ${Math.round((Date.now() - t0) / 1000)} s: web host RSS ${(r / MB).toFixed(1)} MB${heap.length ? `, renderer heap ${(heap[heap.length - 1][1] / MB).toFixed(1)} MB` : ''}`)
        await sleep(sampleEveryMs)
      }
    })()

    // The market: crossing orders from the sub-account at `tradeRate` per second.
    const market = (async () => {
      const orders = await crossingOrders({ baseUrl, account: sub, pairName: 'BTC_USDT' })
      for (let i = 0; Date.now() < stopAt; i++) {
        if (i % Math.max(1, tradeRate * 5) === 0) await orders.refresh().catch((e) => note('ticker', e))
        await orders.place(i).then(
          (s) => (s === 200 ? counts.marketOrders++ : note('market order', `status ${s}`)),
          (e) => note('market order', e),
        )
        await sleep(1000 / tradeRate)
      }
    })()

    // Switching and ordering through the web host, as the window would.
    const actions = (async () => {
      let step = 0
      const subIds = accounts.filter((a) => a.parentId !== null).map((a) => a.id)
      const intervals = ['1', '5', '15', '60', '1D']
      const pairs = ['BTC_USDT', 'ETH_USDT', 'LTC_USDT']
      while (Date.now() < stopAt) {
        step++
        try {
          if (step % 6 === 0) {
            // Profile round trip: to the second profile and back to the demo one.
            await callApi(host, 'profiles.activate', { id: profiles[1] })
            await sleep(500)
            await callApi(host, 'profiles.activate', { id: profiles[0] })
            counts.switches += 2
          } else if (step % 3 === 0) {
            await callApi(host, 'accounts.select', { accountId: subIds[step % subIds.length] ?? master.id })
            await sleep(500)
            await callApi(host, 'accounts.select', { accountId: master.id })
            counts.switches += 2
          } else {
            // A small limit order far below the market, then its cancel.
            const ticker = (await callApi(host, 'market.ticker', { pair: 'BTC_USDT' }))[0]
            const price = (Number(ticker.buy) * 0.7).toFixed(2)
            const placed = await callApi(host, 'orders.place', { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: '0.0001', limit_price: price })
            if (placed.outcome === 'placed') {
              counts.ordersPlaced++
              await callApi(host, 'orders.cancel', { order_ids: placed.orderIds })
              counts.cancels++
            } else note('order', placed.message)
          }
          if (page && step % 2 === 0) {
            const target = step % 4 === 0 ? `interval-${intervals[(step / 4) % intervals.length]}` : `pair-item-${pairs[(step / 2) % pairs.length]}`
            const el = page.getByTestId(target)
            if (await el.count()) {
              await el.first().click({ timeout: 5_000 })
              counts.clicks++
            }
          }
        } catch (error) {
          note(`step ${step}`, error)
        }
        await sleep(1_000)
      }
    })()

    await Promise.all([sampler, market, actions])
    if (died) throw new Error(died)
    const hostHeap = hostHeapSamples(heapFile, s0)
    return { rss: describeSeries(rss), hostHeap: describeSeries(hostHeap), heap: describeSeries(heap), rssSamples: rss, hostHeapSamples: hostHeap, heapSamples: heap, counts, errors, seconds }
  } finally {
    await context?.close().catch(() => {})
    await host.stop()
    rmSync(dataDir, { recursive: true, force: true })
  }
}
