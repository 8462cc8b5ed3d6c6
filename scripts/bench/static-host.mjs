// A static file server for the bench pages (the floor page and the fixtures), shaped like the web
// host's static part: node:http on 127.0.0.1, the same Content-Security-Policy and cache headers
// (the index never cached, hashed assets for good), files answered from memory (the web host keeps
// the renderer's files in memory, static-cache.ts; the bench pages are read whole before listening).
// Run as a process (`node static-host.mjs <dir> [port]` prints {"url"} once listening, like the web
// host) so "start to first paint" of the floor page includes a Node start as the app's does; a second
// start on the same port is the same origin, so the browser's caches apply to it.
import { createServer } from 'node:http'
import { readFileSync, readdirSync } from 'node:fs'
import { extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'

const CSP =
  "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; font-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
const MIME = { '.html': 'text/html; charset=utf-8', '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8', '.svg': 'image/svg+xml' }

export async function serveDir(dir, port = 0) {
  const root = normalize(dir)
  const files = new Map()
  for (const entry of readdirSync(root, { recursive: true, withFileTypes: true })) {
    const path = join(entry.parentPath ?? entry.path, entry.name)
    if (entry.isFile()) files.set(normalize(path), readFileSync(path))
  }
  const server = createServer((req, res) => {
    const pathname = new URL(req.url ?? '/', 'http://x').pathname
    const relative = pathname === '/' ? 'index.html' : decodeURIComponent(pathname).replace(/^\/+/, '')
    const file = normalize(join(root, relative))
    if (!file.startsWith(root + sep)) {
      res.writeHead(404).end()
      return
    }
    const data = files.get(file)
    if (!data) {
      res.writeHead(404).end()
      return
    }
    res.writeHead(200, {
      'content-type': MIME[extname(file)] ?? 'application/octet-stream',
      'cache-control': relative === 'index.html' ? 'no-store' : 'public, max-age=31536000, immutable',
      'x-content-type-options': 'nosniff',
      'content-security-policy': CSP,
    })
    res.end(data)
  })
  await new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', resolve)
  })
  const url = `http://127.0.0.1:${server.address().port}/`
  return {
    url,
    close: () => {
      server.closeAllConnections()
      return new Promise((r) => server.close(() => r()))
    },
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2]
  if (!dir) {
    process.stderr.write('usage: node static-host.mjs <dir> [port]\n')
    process.exit(2)
  }
  const host = await serveDir(dir, Number(process.argv[3] ?? 0))
  process.stdout.write(`${JSON.stringify({ url: host.url })}\n`)
  const stop = () => host.close().then(() => process.exit(0))
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}
