// The web host: the built renderer and the TerminalApi over loopback HTTP, for a browser window
// (tests, and machines without the Electron binary). Guarded like a local service must be:
//  - it listens on 127.0.0.1 only;
//  - every API call and the event stream need the per-launch random token (constant-time compare);
//  - the Host header must name this loopback address (no DNS rebinding), and a cross-origin
//    request is refused;
//  - the same Content-Security-Policy as the Electron window.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { readFile } from 'node:fs/promises'
import { extname, join, normalize, sep } from 'node:path'
import { randomBytes, timingSafeEqual } from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { EVENT_NAMES, WEB_TOKEN_HEADER, WEB_TOKEN_PARAM, type TerminalCore } from '../domain/api'
import { createDispatch } from '../core/dispatch'
import { CONTENT_SECURITY_POLICY } from '../domain/csp'
import type { TerminalError } from '../domain/errors'

const WEB_CSP = CONTENT_SECURITY_POLICY

const MIME: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.json': 'application/json',
  '.woff2': 'font/woff2',
}
const MAX_BODY = 256 * 1024

export interface WebHostOptions {
  core: TerminalCore
  /** The built renderer (out/renderer). */
  staticDir: string
  port?: number
  token?: string
  onInternalError?: (error: TerminalError) => void
}

export interface WebHost {
  url: string
  origin: string
  token: string
  port: number
  close(): Promise<void>
}

function tokensMatch(given: string | null | undefined, token: string): boolean {
  if (!given) return false
  const a = Buffer.from(given)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

function send(res: ServerResponse, status: number, body: string, type = 'text/plain; charset=utf-8'): void {
  res.writeHead(status, { 'content-type': type, 'cache-control': 'no-store', 'x-content-type-options': 'nosniff', 'content-security-policy': WEB_CSP })
  res.end(body)
}

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
  const token = options.token ?? randomBytes(24).toString('base64url')
  const dispatch = createDispatch(options.core, options.onInternalError)
  const streams = new Set<ServerResponse>()
  let origin = ''
  let hostHeader = ''

  const disposers = EVENT_NAMES.map((name) =>
    options.core.on(name, (payload) => {
      const frame = `event: ${name}\ndata: ${JSON.stringify(payload)}\n\n`
      for (const res of streams) res.write(frame)
    }),
  )

  async function serveStatic(pathname: string, res: ServerResponse): Promise<void> {
    const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '')
    const file = normalize(join(options.staticDir, relative))
    if (!file.startsWith(normalize(options.staticDir) + sep)) return send(res, 404, 'Not found')
    try {
      const data = await readFile(file)
      res.writeHead(200, {
        'content-type': MIME[extname(file)] ?? 'application/octet-stream',
        'cache-control': relative === 'index.html' ? 'no-store' : 'public, max-age=31536000, immutable',
        'x-content-type-options': 'nosniff',
        'content-security-policy': WEB_CSP,
      })
      res.end(data)
    } catch {
      send(res, 404, 'Not found')
    }
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.headers.host !== hostHeader) return send(res, 421, 'Wrong host')
    const url = new URL(req.url ?? '/', origin)
    if (req.headers.origin && req.headers.origin !== origin) return send(res, 403, 'Cross-origin requests are refused')

    if (url.pathname.startsWith('/api/')) {
      if (req.method !== 'POST') return send(res, 405, 'Use POST')
      if (!tokensMatch(req.headers[WEB_TOKEN_HEADER] as string | undefined, token)) return send(res, 401, 'Missing or wrong token')
      let input: unknown
      try {
        const text = await readBody(req)
        const parsed = text ? (JSON.parse(text) as unknown) : {}
        input = typeof parsed === 'object' && parsed !== null ? (parsed as { input?: unknown }).input : Symbol('bad')
      } catch {
        return send(res, 400, JSON.stringify({ ok: false, error: { kind: 'validation', code: 'INVALID_JSON', message: 'The request body is not JSON.' } }), 'application/json')
      }
      const envelope = await dispatch(url.pathname.slice('/api/'.length), input)
      return send(res, 200, JSON.stringify(envelope), 'application/json')
    }

    if (url.pathname === '/events') {
      if (!tokensMatch(url.searchParams.get(WEB_TOKEN_PARAM), token)) return send(res, 401, 'Missing or wrong token')
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store', connection: 'keep-alive' })
      res.write(': connected\n\n')
      streams.add(res)
      req.on('close', () => streams.delete(res))
      return
    }

    if (req.method !== 'GET' && req.method !== 'HEAD') return send(res, 405, 'Method not allowed')
    return serveStatic(url.pathname, res)
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) send(res, 500, 'Internal error')
      else res.end()
    })
  })
  // Keep the event stream alive through idle proxies and detect dead tabs.
  const heartbeat = setInterval(() => {
    for (const res of streams) res.write(': ping\n\n')
  }, 15_000)
  heartbeat.unref()

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port ?? 0, '127.0.0.1', () => resolve())
  })
  const port = (server.address() as AddressInfo).port
  origin = `http://127.0.0.1:${port}`
  hostHeader = `127.0.0.1:${port}`

  return {
    url: `${origin}/?${WEB_TOKEN_PARAM}=${token}`,
    origin,
    token,
    port,
    async close() {
      clearInterval(heartbeat)
      for (const dispose of disposers) dispose()
      for (const res of streams) res.end()
      streams.clear()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}
