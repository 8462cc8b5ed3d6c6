// Whether the start again's scripts came compiled from Chromium's code cache: the same three starts
// in one browser profile as the timed ones (first-paint.mjs), the third traced (so never timed). It
// sums what the third start's module scripts read from the cache ("v8.compileModule" consumedCacheSize)
// and counts the functions it still compiled on first call ("V8.CompileCode"). Chromium 156 read no
// cache at all until the bench turned BackgroundResourceFetch off (scripts/lib/chromium-args.mjs); this
// check says so in the row's note if a browser update brings that back.
import { chartPainted, VIEWPORT } from './browser.mjs'
import { startsInOneProfile } from './lib.mjs'

/** Collects the trace events of `run()` in `page`'s browser, for the V8 categories. */
async function traced(context, page, run) {
  const cdp = await context.newCDPSession(page)
  const events = []
  cdp.on('Tracing.dataCollected', (e) => events.push(...e.value))
  await cdp.send('Tracing.start', { traceConfig: { includedCategories: ['v8', 'disabled-by-default-v8.compile'] } })
  try {
    await run()
  } finally {
    const done = new Promise((resolve) => cdp.once('Tracing.tracingComplete', resolve))
    await cdp.send('Tracing.end')
    await done
  }
  return events
}

/**
 * Three starts of `start(port)` in one profile; of the third: the code cache's bytes read by its
 * module scripts and how many functions it compiled lazily.
 */
export async function codeCacheOfStartAgain(start, starts = 3) {
  const events = await startsInOneProfile(
    starts,
    async (context, port, i) => {
      const page = await context.newPage()
      const server = await start(port)
      try {
        const open = async () => {
          await page.goto(server.url, { waitUntil: 'commit' })
          await page.waitForFunction(chartPainted, undefined, { polling: 'raf', timeout: 20_000 })
        }
        if (i === starts - 1) return await traced(context, page, open)
        await open()
        // The cache is written once a module has run: give the browser a moment to store it.
        await page.waitForTimeout(500)
        return []
      } finally {
        await page.close()
        await server.stop()
      }
    },
    { viewport: VIEWPORT },
  )
  const modules = events.filter((e) => e.name === 'v8.compileModule')
  return {
    readBytes: modules.reduce((sum, e) => sum + (e.args?.data?.consumedCacheSize ?? 0), 0),
    modules: modules.length,
    lazyCompiles: events.filter((e) => e.name === 'V8.CompileCode').length,
  }
}

/** The check in words, for a row's note. */
export function codeCacheWords(name, c) {
  if (!c) return `${name}: code cache not checked`
  return c.readBytes > 0
    ? `${name}: ${Math.round(c.readBytes / 1024)} KB of compiled code read from Chromium's code cache by ${c.modules} module scripts, ${c.lazyCompiles} functions compiled on first call`
    : `${name}: NO code cache read (its ${c.modules} module scripts compiled anew, ${c.lazyCompiles} functions on first call)`
}
