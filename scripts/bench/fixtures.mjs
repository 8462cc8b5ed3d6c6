// The renderer's panels alone in fixture pages: the chart code's first render, live ticks and new
// candles (with and without indicators), and OrderBook.vue fed book diffs at a fixed rate.
import { VIEWPORT } from './browser.mjs'
import { buildPage } from './pages.mjs'
import { serveDir } from './static-host.mjs'

/** Builds (once a process) and serves a fixture page, runs `measure(page)` once the page says it is ready, then closes both. */
async function withFixturePage(browser, name, measure) {
  const dir = await buildPage(name)
  const server = await serveDir(dir)
  const context = await browser.newContext({ viewport: VIEWPORT })
  try {
    const page = await context.newPage()
    await page.goto(server.url)
    await page.waitForFunction(() => document.title === 'ready', undefined, { timeout: 20_000 })
    return await measure(page)
  } finally {
    await context.close()
    await server.close()
  }
}

/**
 * The renderer's chart code in a fixture page: first render of 500 candles, live ticks, new candles;
 * and the live ticks without and with 50 drawings, in `drawingBlocks` pairs of 40-tick blocks
 * (`drawings.added`: each pair's mean with less its mean without).
 */
export async function measureChart(browser, { runs = 15, warmup = 3, ticks = 200, tickWarmup = 20, drawingBlocks = 10 } = {}) {
  return withFixturePage(browser, 'chart-page', (page) =>
    page.evaluate(
      async ({ runs, warmup, ticks, tickWarmup, drawingBlocks }) => {
        const frame = () => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)))
        const b = window.__bench
        /**
         * `skip + count` runs of `fn(i)`, the last `count` kept; a frame painted after every `every`-th
         * run. `paths`, when given, gets the painter's path of each kept run ('live', 'update', …).
         */
        const samples = async (count, skip, fn, every, paths = null) => {
          const out = []
          for (let i = 0; i < skip + count; i++) {
            const ms = fn(i)
            if (i >= skip) {
              out.push(ms)
              paths?.push(b.lastKind())
            }
            if (i % every === 0) await frame()
          }
          return out
        }
        const merges = (paths) => paths.filter((p) => p === 'update').length
        const initial = await samples(runs, warmup, () => b.initial(500), 1)
        // A tick per frame at most, as live data arrives: let the browser paint between ticks. The
        // ticks are a market's (chart-page/main.ts): bursts of new highs between flat trading.
        const tickPaths = []
        const tick = await samples(ticks, tickWarmup, (i) => b.tick(i), 4, tickPaths)
        const append = await samples(30, 10, () => b.append(), 4)
        // The data-merge path alone, on its own chart (a fresh one every 10 ticks, so prices stay in range).
        const mergePaths = []
        const mergeTick = (i) => {
          if (i % 10 === 0) b.initial(500) // untimed
          return b.tickMerge()
        }
        const mergeAll = await samples(50, 10, mergeTick, 4, mergePaths)
        const merge = mergeAll.filter((_, i) => mergePaths[i] === 'update')
        // The same ticks on a chart created with useDirtyRect: a candidate fix, measured beside.
        b.initial(500, true)
        const tickDirty = await samples(ticks, tickWarmup, (i) => b.tick(i), 4)
        // With BB, RSI and MACD (issue 16's three indicators): first paint, then live ticks.
        const initialIndicators = await samples(runs, warmup, () => b.initialIndicators(500), 1)
        const tickIndicators = await samples(ticks, tickWarmup, (i) => b.tick(i), 4)
        // 50 drawings: the same market ticks on a fresh chart in blocks of 40 (a burst of new highs and
        // its flat trading), each block twice, without the drawings and with them, in turn (which
        // first alternates), so both see the same prices and the same moment of the machine.
        b.initial(500)
        const plain = []
        const drawn = []
        const added = []
        // A block's mean: the merge ticks, which move the price axis and so paint the drawings' layer
        // again, count with the rest (the timer's 0.1 ms steps would hide them in a median).
        const mean = (xs) => xs.reduce((a, x) => a + x, 0) / xs.length
        for (let k = -1; k < drawingBlocks; k++) {
          const block = {}
          for (const n of k % 2 === 0 ? [0, 50] : [50, 0]) {
            b.drawings(n)
            await frame()
            block[n] = await samples(40, 0, (i) => b.tick(i), 4)
          }
          if (k < 0) continue // a warm-up pair
          plain.push(...block[0])
          drawn.push(...block[50])
          added.push(mean(block[50]) - mean(block[0]) + 0) // + 0: no -0
        }
        return { initial, tick, tickMerges: merges(tickPaths), append, merge, mergeTicks: mergeAll.length, tickDirty, initialIndicators, tickIndicators, drawings: { plain, drawn, added } }
      },
      { runs, warmup, ticks, tickWarmup, drawingBlocks },
    ),
  )
}

/**
 * The chart code's first render in a fresh page, as in the app at start: the first ECharts paint of
 * that page, its code not yet compiled or warmed. Each sample opens a page of its own; `kind` is
 * 'initial' (500 candles) or 'initialIndicators' (with BB, RSI, MACD).
 */
export async function measureChartCold(browser, { runs = 5, kind = 'initial' } = {}) {
  const out = []
  for (let i = 0; i < runs; i++) out.push(await withFixturePage(browser, 'chart-page', (page) => page.evaluate((k) => window.__bench[k](500), kind)))
  return out
}

/** OrderBook.vue in a fixture page at `rate` book diffs per second: frames per 1-s window. */
export async function measureBookPanel(browser, { rate = 50, seconds = 10 } = {}) {
  return withFixturePage(browser, 'book-page', async (page) => {
    await page.evaluate(() => window.__bench.run(50, 1)) // warm-up
    return await page.evaluate(({ rate, seconds }) => window.__bench.run(rate, seconds), { rate, seconds })
  })
}

/**
 * A panel's fixture page whose `__bench.draw(i)` answers `{ms, …}`: `runs` draws after `warmup`, their
 * times, every answer counted, and the last (the page's own check of what it drew).
 */
async function measureDraws(browser, name, { runs, warmup }) {
  const answers = await withFixturePage(browser, name, (page) =>
    page.evaluate(
      async ({ runs, warmup }) => {
        const out = []
        for (let i = 0; i < warmup + runs; i++) {
          const answer = await window.__bench.draw(i)
          if (i >= warmup) out.push(answer)
        }
        return out
      },
      { runs, warmup },
    ),
  )
  return { ms: answers.map((a) => a.ms), answers, last: answers.at(-1) }
}

/**
 * The Portfolio tab in a fixture page (bench/portfolio-page): 5 accounts × 40 currencies valued and
 * drawn (the table and the allocation ring) into a tab showing no report, `runs` times after `warmup`.
 */
export async function measurePortfolio(browser, { runs = 15, warmup = 3 } = {}) {
  const { ms, last } = await measureDraws(browser, 'portfolio-page', { runs, warmup })
  return { ms, rows: last.rows }
}

/**
 * The Journal tab in a fixture page (bench/journal-page): the journal of 5,000 trades computed from
 * their fills and drawn (the list, the statistics, both charts) into a tab showing none, `runs` times
 * after `warmup`.
 */
export async function measureJournal(browser, { runs = 15, warmup = 3 } = {}) {
  const { ms, answers, last } = await measureDraws(browser, 'journal-page', { runs, warmup })
  return { ms, computeMs: answers.map((a) => a.computeMs), trades: last.trades }
}
