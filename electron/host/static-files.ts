// The built renderer's files, read for a host that serves them: the Electron window's own `app://`
// scheme and the web host. One resolver so both answer the same paths the same way: only files inside
// the renderer folder, nothing outside it (no `../`, no absolute paths, no NUL, no encoded escapes),
// no directory listings, and the right MIME type for every asset the build emits.
import { readFile, stat } from 'node:fs/promises'
import { extname, isAbsolute, join, normalize, relative, sep } from 'node:path'

export const MIME_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json',
  '.map': 'application/json',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.wasm': 'application/wasm',
}

export type StaticFile = { status: 200; body: Buffer; contentType: string; cacheControl: string; path: string } | { status: 404; reason: string }

const notFound = (reason: string): StaticFile => ({ status: 404, reason })

/**
 * The file under `rootDir` that a URL path names, or 404. `pathname` is the URL's path as it came
 * (percent-encoded); `/` is the index. Hashed assets may be cached for good; the index never.
 */
export async function readStaticFile(rootDir: string, pathname: string): Promise<StaticFile> {
  let decoded: string
  try {
    decoded = decodeURIComponent(pathname)
  } catch {
    return notFound('bad percent-encoding')
  }
  if (decoded.includes('\0')) return notFound('NUL in path')
  const wanted = decoded === '/' || decoded === '' ? 'index.html' : decoded.replace(/^\/+/, '')
  if (wanted.includes('\\') || isAbsolute(wanted) || /^[a-zA-Z]:/.test(wanted)) return notFound('absolute path')
  const root = normalize(rootDir)
  const file = normalize(join(root, wanted))
  const inside = relative(root, file)
  if (inside === '' || inside.startsWith('..') || isAbsolute(inside) || !file.startsWith(root.endsWith(sep) ? root : root + sep)) {
    return notFound('outside the renderer folder')
  }
  try {
    const info = await stat(file)
    if (!info.isFile()) return notFound('not a file')
    const body = await readFile(file)
    const isIndex = inside === 'index.html'
    return {
      status: 200,
      body,
      path: file,
      contentType: MIME_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream',
      cacheControl: isIndex ? 'no-store' : 'public, max-age=31536000, immutable',
    }
  } catch {
    return notFound('no such file')
  }
}
