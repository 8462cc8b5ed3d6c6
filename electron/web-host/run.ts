// The web host's run, for its two entries: `npm run web-host` (index.ts, the built renderer) and
// `npm run dev` (dev.ts, the renderer from Vite's dev server with hot reload). Prints exactly one JSON
// line ({"url": ...}, a one-time code inside) once it listens; SIGINT/SIGTERM stop it cleanly. A core
// that cannot start makes it exit 1 with the reason on stderr.
import type { ChildProcess } from 'node:child_process'
import { join } from 'node:path'
import { type ReadAhead, deferCore, readAhead, within } from '../host/deferred-core'
import { hostSettings } from '../host/host-env'
import type { PreparedHost } from '../host/host'
import { WEB_HOST_USAGE, parseWebHostArgs } from './args'
import { findBrowser, openBrowser } from './browser'
import { type DevRenderer, startWebHost } from './server'

/** How long after its URL is out a host nobody has asked anything of yet loads and starts its core. */
export const CORE_UNASKED_MS = 300
/** How long the core's load waits, at most, for the window to take the cached chart read ahead. */
export const CACHED_HOLD_MS = 400
/** How long after its URL is out the host reads the cached chart ahead if no window has asked for it. */
export const READ_AHEAD_MS = 100
/** How long the app page waits, at most, for the cached chart it carries (page-data.ts). */
export const PAGE_DATA_WAIT_MS = 150

export interface WebHostRun {
  /** The built renderer (out/renderer). */
  staticDir: string
  /** Serves the renderer instead (the dev server); closed when the host stops. */
  renderer?: DevRenderer & { close(): Promise<void> }
}

export function runWebHost(run: WebHostRun): void {
  main(run).catch((error: unknown) => {
    process.stderr.write(`web host failed to start: ${error instanceof Error ? error.message : String(error)}\n`)
    process.exit(1)
  })
}

async function main(run: WebHostRun): Promise<void> {
  let args: ReturnType<typeof parseWebHostArgs>
  try {
    args = parseWebHostArgs(process.argv.slice(2))
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${WEB_HOST_USAGE}`)
    process.exit(2)
  }
  if (args.help) {
    process.stdout.write(WEB_HOST_USAGE)
    return
  }
  // A bad data directory or knob stops the host here, before it listens.
  const settings = hostSettings()
  // Listen and print the URL first; the core's code (~1 MB: the contract's schemas, the exchange
  // client, the demo exchange) loads and starts once the window's page is out, while the browser
  // reads the page and its scripts (from its cache on a start again) on the machine's other core.
  // The page's first calls wait for the start (deferred-core.ts). A window nobody opens yet gets a
  // core all the same, CORE_UNASKED_MS after the URL.
  const loaded: { host?: PreparedHost; demo?: { close(): Promise<void> } } = {}
  let demanded: () => void = () => undefined
  const wanted = new Promise<void>((resolve) => (demanded = resolve))
  // The remembered chart is answered from the disk's cache meanwhile (market.cachedStart): read while
  // the browser reads the page, and before the core's code is loaded (its evaluation holds the thread
  // for a few hundred ms); its reader loads the cache's and the preferences' checks alone. The window
  // paints it (marked stale) before the core has started.
  const readCached = async () => {
    // The answer the core kept ready (start-file.ts: no checks to load), or the files read through them.
    const { readCachedStartQuickly } = await import('../core/market/start-file')
    return readCachedStartQuickly(settings.dataDir, async () => (await import('../core/market/cached-start')).readCachedStart(settings.dataDir))
  }
  let cachedStart: ReadAhead<Awaited<ReturnType<typeof readCached>>> | null = null
  // A read through the checks holds the thread (~50 ms loading them, as much again running them cold):
  // the read starts in a turn of its own once the page's head is out, or READ_AHEAD_MS after the URL if
  // no window has asked by then (a browser being launched), never before a waiting page's head.
  const readingAhead = () => (cachedStart ??= readAhead(readCached))
  const core = deferCore(
    wanted
      // Held until the window has taken the cached chart (at most CACHED_HOLD_MS): on two cores the
      // core's evaluation, started as the page was served, held that answer back by 50-150 ms.
      .then(() => cachedStart?.taken(CACHED_HOLD_MS))
      .then(async () => {
        const [{ prepareHostTerminal }, { embeddedDemoExchange }] = await Promise.all([import('../host/host'), import('../demo-exchange/server')])
        const demo = (loaded.demo = embeddedDemoExchange())
        loaded.host = prepareHostTerminal({ host: 'web', demo, settings })
        return loaded.host.start()
      }),
    { early: { 'market.cachedStart': () => readingAhead().answer() } },
  )
  let coreUp = false
  core.ready.then(
    () => {
      coreUp = true
      cachedStart?.outdated()
    },
    () => undefined,
  )
  const web = await startWebHost({
    core,
    staticDir: run.staticDir,
    ...(run.renderer ? { renderer: run.renderer } : {}),
    port: args.port,
    onInternalError: (error) => loaded.host?.logger.error('internal error', { code: error.code, message: error.message }),
    onDemand: demanded,
    early: (method, input) => core.early(method, input),
    // Before the core is up, the page carries the cached chart itself (page-data.ts): the window
    // draws it as its script starts, with no session trade and no call first.
    // Its head goes out at once (page-data.ts), and the read starts in the next turn: started in this
    // one, its load would run before the corked head reached the socket.
    // A window given the cached chart sends its first call once that chart's code has arrived
    // (src/boot.ts); until then, up to CACHED_HOLD_MS, the core waits for it, not for CORE_UNASKED_MS.
    pageData: () => {
      if (coreUp) return null
      return new Promise<void>((resolve) => setImmediate(resolve))
        .then(() => within(readingAhead().answer(), PAGE_DATA_WAIT_MS))
        .then((cached) => {
          if (!cached) return null
          holdForWindow()
          return { 'market.cachedStart': cached }
        })
    },
  })
  process.stdout.write(`${JSON.stringify({ url: web.url })}\n`)
  setTimeout(readingAhead, READ_AHEAD_MS).unref()
  let unasked: NodeJS.Timeout | null = setTimeout(demanded, CORE_UNASKED_MS)
  unasked.unref()
  function holdForWindow(): void {
    if (unasked === null) return
    clearTimeout(unasked)
    unasked = null
    setTimeout(demanded, CACHED_HOLD_MS).unref()
  }

  let browser: ChildProcess | null = null
  if (args.open) {
    const exe = findBrowser()
    if (exe) {
      browser = openBrowser(exe, web.url, join(settings.dataDir, 'browser-profile'))
      browser.on('exit', () => void stop())
    } else {
      process.stderr.write(`No Chromium or Chrome found: open ${web.url} in a browser.\n`)
    }
  }

  let stopping = false
  async function stop(): Promise<void> {
    if (stopping) return
    stopping = true
    // Let the browser close its profile files before we go (bounded: a hung browser cannot keep us).
    if (browser && browser.exitCode === null && browser.signalCode === null) {
      const exited = new Promise((resolve) => browser?.once('exit', resolve))
      browser.kill()
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))])
    }
    await web.close()
    await run.renderer?.close()
    await core.dispose()
    await loaded.demo?.close()
    process.exit(0)
  }
  process.on('SIGINT', () => void stop())
  process.on('SIGTERM', () => void stop())

  try {
    await core.ready
  } catch (error) {
    // Calls that waited for the start answer with why (their answers are written in this turn; a
    // window keeps showing it); then the host goes, as a host that cannot start always has.
    stopping = true
    await new Promise((resolve) => setImmediate(resolve))
    await web.close()
    await run.renderer?.close()
    await loaded.demo?.close()
    throw error
  }
}
