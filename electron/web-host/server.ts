// The web host: the built renderer and the TerminalApi over loopback HTTP, for a browser window
// (tests, and machines without the Electron binary). Guarded like a local service must be:
//  - it listens on 127.0.0.1 only;
//  - the printed URL carries a one-time code (access.ts says why); the page trades it once, by a
//    same-origin JSON POST, for an HttpOnly SameSite=Strict session cookie;
//  - every API call and the event stream need that cookie; without it: 401, and the app page itself
//    is a page that says how to open the terminal again;
//  - the Host header must name this loopback address (no DNS rebinding), and a cross-origin
//    request is refused;
//  - the same Content-Security-Policy as the Electron window, and no Referer leaves any page.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo, Socket } from 'node:net'
import { setTimeout as delay } from 'node:timers/promises'
import type { TerminalCore } from '../domain/api/api'
import { WEB_CODE_PARAM, WEB_LINK_PATH, WEB_SESSION_PATH } from '../domain/api/api-names'
import type { Dispatch } from '../host/dispatch'
import { CONTENT_SECURITY_POLICY } from '../domain/csp'
import type { Envelope, TerminalError } from '../domain/errors'
import { type Access, cookieValues, createAccess, sessionCookie, sessionCookieName } from './access'
import { pageDataElement, splitForPageData } from './page-data'
import { type LinkScope, linkScope, parsePopoutRoute, popoutQuery } from '../domain/popouts/popout-route'
import { SIGNED_OUT_PAGE } from './signed-out-page'
import { STREAM_BACKLOG_BYTES, createEventStreams } from './event-streams'
import { createStaticCache } from './static-cache'

// Headers of every answer. no-referrer: nothing about this host leaves in a Referer header.
const COMMON_HEADERS = {
  'x-content-type-options': 'nosniff',
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'referrer-policy': 'no-referrer',
}

const MAX_BODY = 256 * 1024

/**
 * How long, at least, the app page's data follows its head (issue 46). Read together with the head,
 * ~120 KB of data made Chromium scan the page for its files only after committing it: traced on a
 * start again, the page's script, style and font requests went out 93–109 ms after navigation, and
 * 44–56 ms with the head alone first. The data is read meanwhile, so it waits only when its read is
 * quicker than this; it is still in long before the page's scripts, which run once it is.
 */
export const PAGE_DATA_AFTER_HEAD_MS = 25

export { EARLY_EVENTS_BYTES, EARLY_EVENTS_MS, STREAM_BACKLOG_BYTES } from './event-streams'

export interface WebHostOptions {
  core: TerminalCore
  /** The built renderer (out/renderer). */
  staticDir: string
  port?: number
  /** Codes and sessions (tests pass one with their own clock). */
  access?: Access
  onInternalError?: (error: TerminalError) => void
  /** Unsent event data a window may fall behind by before its stream is cut (STREAM_BACKLOG_BYTES). */
  streamBacklogBytes?: number
  /**
   * Serves the renderer in place of staticDir: `npm run dev`'s Vite dev server (dev-renderer.ts). It
   * sees only what the built renderer would: requests that passed every check above it, with the same
   * headers; `upgrade` gets the hot-reload socket's upgrade, once its Host and Origin are this host's.
   */
  renderer?: DevRenderer
  /**
   * Called when a window first asks this host for something (its page, a call, its event stream):
   * a host that loads its core late (run.ts) loads it then. Called once the page's answer is out, so
   * the page never waits for what the call starts.
   */
  onDemand?: () => void
  /**
   * A call's answer the host has without its core or its dispatcher (deferred-core.ts `early`: the
   * cached start, read from disk while the core's code loads), or null: the call is dispatched.
   */
  early?: (method: string, input: unknown) => Promise<Envelope<unknown>> | null
  /**
   * Answers the app page carries with it (page-data.ts), by method name: null at once when it will
   * carry none (the page goes out whole), or their read, which may end in null (the page's head goes
   * out meanwhile).
   */
  pageData?: () => Promise<Record<string, unknown> | null> | null
}

export interface DevRenderer {
  serve(req: IncomingMessage, res: ServerResponse): void
  upgrade(req: IncomingMessage, socket: Socket, head: Buffer): void
}

export interface WebHost {
  /** The URL to print or open: its one-time code opens one window, once, within a minute. */
  url: string
  origin: string
  port: number
  close(): Promise<void>
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8', extra: Record<string, string> = {}): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', ...COMMON_HEADERS, ...extra })
  res.end(body)
}

const NO_ACCESS = 'No access: open the terminal again with npm start (or npm run web-host).'

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    req.on('data', (chunk: Buffer) => {
      size += chunk.length
      if (size > MAX_BODY) {
        reject(new Error('too large'))
        req.destroy()
        return
      }
      chunks.push(chunk)
    })
    req.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')))
    req.on('error', reject)
  })
}

export async function startWebHost(options: WebHostOptions): Promise<WebHost> {
  const access = options.access ?? createAccess()
  // The contract's checks (zod, every method's schema) load with the first call, not before the
  // host listens: a window's page is out before they are read.
  let dispatching: Promise<Dispatch> | null = null
  const dispatch: Dispatch = async (method, input) => {
    dispatching ??= import('../host/dispatch').then(({ createDispatch }) => createDispatch(options.core, options.onInternalError))
    return (await dispatching)(method, input)
  }
  let demanded = false
  const demand = (): void => {
    if (demanded) return
    demanded = true
    options.onDemand?.()
  }
  const events = createEventStreams(options.core, options.streamBacklogBytes ?? STREAM_BACKLOG_BYTES)
  let origin = ''
  let hostHeader = ''
  let cookieName = ''

  function sessionOf(req: IncomingMessage): string | null {
    return cookieValues(req.headers.cookie, cookieName).find((value) => access.hasSession(value)) ?? null
  }
  function hasSession(req: IncomingMessage): boolean {
    return sessionOf(req) !== null
  }

  // The same resolver as the Electron window's app:// scheme: nothing outside the renderer folder.
  const files = createStaticCache(options.staticDir)
  async function serveStatic(pathname: string, res: ServerResponse, page = false): Promise<void> {
    const file = await files.get(pathname)
    if (file.status !== 200) return send(res, 404, 'Not found')
    const reading = page ? (options.pageData?.() ?? null) : null
    const split = reading ? splitForPageData(file.body) : null
    // The app page is never stored by the browser (static-files.ts): what it carries is this start's.
    res.writeHead(200, { 'content-type': file.contentType, 'cache-control': reading ? 'no-store' : file.cacheControl, ...COMMON_HEADERS })
    if (!reading || !split) return void res.end(file.body)
    res.write(split.head)
    const [data] = await Promise.all([reading.catch(() => null), delay(PAGE_DATA_AFTER_HEAD_MS)])
    if (data) res.write(pageDataElement(data))
    res.end(split.rest)
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.host !== hostHeader) return send(res, 421, 'Wrong host')
    const url = new URL(req.url ?? '/', origin)
    if (req.headers.origin && req.headers.origin !== origin) return send(res, 403, 'Cross-origin requests are refused')

    if (url.pathname === WEB_SESSION_PATH) return startSession(req, res)
    if (url.pathname === WEB_LINK_PATH) return mintLink(req, res)

    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST') return send(res, 405, 'Use POST')
      const session = sessionOf(req)
      if (session === null) return send(res, 401, NO_ACCESS)
      demand()
      events.keepEarly(session)
      let input: unknown
      try {
        const text = await readBody(req)
        const parsed = text ? (JSON.parse(text) as unknown) : {}
        input = typeof parsed === 'object' && parsed !== null ? (parsed as { input?: unknown }).input : Symbol('bad')
      } catch {
        return send(res, 400, JSON.stringify({ ok: false, error: { kind: 'validation', code: 'INVALID_JSON', message: 'The request body is not JSON.' } }), 'application/json')
      }
      const method = url.pathname.slice('/api/'.length)
      const envelope = await (options.early?.(method, input) ?? dispatch(method, input))
      return send(res, 200, JSON.stringify(envelope), 'application/json')
    }

    if (url.pathname === '/events') {
      const session = sessionOf(req)
      if (session === null) return send(res, 401, NO_ACCESS)
      demand()
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive', ...COMMON_HEADERS })
      events.open(req, res, session)
      return
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed')
    // The app page only for a window with a session, or one holding a live code it is about to
    // trade; anyone else learns how to get in. (Scripts and styles are the public build: no gate.)
    // A pop-out's code opens its own route only (access.ts).
    const appPage = url.pathname === '/' || url.pathname === '/index.html'
    if (appPage && !hasSession(req) && !access.isCodeLive(url.searchParams.get(WEB_CODE_PARAM), linkScope(parsePopoutRoute(url.searchParams)))) {
      return send(res, 401, SIGNED_OUT_PAGE, 'text/html; charset=utf-8')
    }
    if (appPage) res.once('finish', demand)
    if (options.renderer) {
      for (const [name, value] of Object.entries(COMMON_HEADERS)) res.setHeader(name, value)
      return options.renderer.serve(req, res)
    }
    return serveStatic(url.pathname, res, appPage)
  }

  /**
   * A window with a session asks for a one-time URL of one more window: the main window's (no body),
   * or, with {"popout": {"panel", "pane"}}, one that opens that pop-out's route only (docs/popouts.md).
   */
  async function mintLink(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return send(res, 405, 'Use POST')
    if (!hasSession(req)) return send(res, 401, NO_ACCESS)
    let popout: unknown
    try {
      const text = await readBody(req)
      popout = text ? (JSON.parse(text) as { popout?: unknown } | null)?.popout : undefined
    } catch {
      return send(res, 400, 'The request body is not JSON.')
    }
    if (popout === undefined) return send(res, 200, JSON.stringify({ url: `${origin}/?${WEB_CODE_PARAM}=${access.issueCode()}` }), 'application/json')
    const { panel, pane } = (typeof popout === 'object' && popout !== null ? popout : {}) as { panel?: unknown; pane?: unknown }
    const place = typeof panel === 'string' && typeof pane === 'number' ? parsePopoutRoute(popoutQuery({ panel: panel as never, pane })) : null
    if (!place) return send(res, 400, 'Name a pop-out as {"popout": {"panel": "chart" | "book", "pane": 0-3}}.')
    return send(res, 200, JSON.stringify({ url: `${origin}/?${popoutQuery(place)}&${WEB_CODE_PARAM}=${access.issueCode(linkScope(place))}` }), 'application/json')
  }

  /**
   * The page trades its code here, saying which route it is on (`scope`, absent for the main window). A JSON body only: a form or an <img> on another site cannot
   * send one without a CORS preflight, which this host never grants, and its Origin is refused above.
   */
  async function startSession(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method !== 'POST') return send(res, 405, 'Use POST')
    if (!(req.headers['content-type'] ?? '').startsWith('application/json')) return send(res, 415, 'Send the code as JSON')
    let code: unknown
    let scope: unknown
    try {
      ;({ code, scope } = (JSON.parse(await readBody(req)) as { code?: unknown; scope?: unknown } | null) ?? {})
    } catch {
      return send(res, 400, 'The request body is not JSON.')
    }
    const session = access.redeem(typeof code === 'string' ? code : null, typeof scope === 'string' ? (scope as LinkScope) : 'app')
    if (session === null) return send(res, 401, 'This link was used already or has expired. Open the terminal again with npm start (or npm run web-host).')
    return send(res, 204, '', undefined, { 'set-cookie': sessionCookie(port, session) })
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal error')
      else res.end()
    })
  })
  const renderer = options.renderer
  if (renderer) {
    // The dev server's hot-reload socket: only from this host's own pages (its Host and Origin).
    server.on('upgrade', (req: IncomingMessage, socket: Socket, head: Buffer) => {
      if (req.headers.host !== hostHeader || req.headers.origin !== origin) socket.destroy()
      else renderer.upgrade(req, socket, head)
    })
  }
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  origin = `http://127.0.0.1:${port}`
  hostHeader = `127.0.0.1:${port}`
  cookieName = sessionCookieName(port)

  return {
    url: `${origin}/?${WEB_CODE_PARAM}=${access.issueCode()}`,
    origin,
    port,
    async close() {
      events.close()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
