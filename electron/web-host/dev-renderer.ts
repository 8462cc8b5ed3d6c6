// The renderer from Vite's dev server, for `npm run dev`: the web host stays in front, so its access
// rules hold as they are (one-time code, HttpOnly session cookie, Host and Origin checks, the CSP),
// and Vite, in middleware mode, answers only the requests the host passes on (server.ts, `renderer`):
// the page's files, transformed on request, and its hot-reload socket. Vite serves nothing outside
// what the built renderer is made of (src/, electron/domain, node_modules), and no SPA fallback: an
// unknown path is a 404, as it is for the built renderer. Its files live under /src/ (Vite's base):
// at the root, src/api/index.ts would be /api/index.ts, a path the host keeps for TerminalApi calls.
import { EventEmitter } from 'node:events'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { join } from 'node:path'
import type { DevRenderer } from './server'

/** Where the dev server's files are; the app page itself stays at / (the URL the host prints). */
const BASE = '/src/'

export async function createDevRenderer(repoRoot: string): Promise<DevRenderer & { close(): Promise<void> }> {
  const { createLogger, createServer } = await import('vite')
  // stdout carries the host's one JSON line: Vite's news (optimised dependencies, hot updates) goes to stderr.
  const logger = createLogger('info')
  logger.info = (message) => void process.stderr.write(`${message}\n`)
  const { default: vue } = await import('@vitejs/plugin-vue')
  // Vite listens for the hot-reload upgrade on this emitter; the host hands it the upgrades it let through.
  const upgrades = new EventEmitter()
  const src = join(repoRoot, 'src')
  const vite = await createServer({
    configFile: false,
    root: src,
    // The renderer's aliases and plugin, as electron.vite.config.ts builds it.
    resolve: { alias: { '@domain': join(repoRoot, 'electron/domain'), '@': src } },
    plugins: [vue()],
    base: BASE,
    appType: 'mpa',
    clearScreen: false,
    customLogger: logger,
    server: {
      middlewareMode: true,
      ws: { server: upgrades as never },
      fs: { strict: true, allow: [src, join(repoRoot, 'electron/domain'), join(repoRoot, 'node_modules')] },
    },
  })
  return {
    serve(req: IncomingMessage, res: ServerResponse) {
      const url = new URL(req.url ?? '/', 'http://host')
      if (url.pathname === '/' || url.pathname === '/index.html') req.url = `${BASE}${url.search}`
      vite.middlewares(req, res, () => {
        res.statusCode = 404
        res.setHeader('content-type', 'text/plain; charset=utf-8')
        res.end('Not found')
      })
    },
    upgrade: (req, socket, head) => void upgrades.emit('upgrade', req, socket, head),
    close: () => vite.close(),
  }
}
