// The app:// scheme handler on the real built renderer (out/renderer, built first if stale): what the
// packaged window loads, and what it must never hand out.
import { spawnSync } from 'node:child_process'
import { existsSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { APP_SCHEME, APP_URL, createAppProtocolHandler, installAppProtocol, registerAppScheme } from './app-protocol'
import { CONTENT_SECURITY_POLICY } from '../domain/csp'

const root = join(__dirname, '../..')
const rendererDir = join(root, 'out/renderer')
const handler = createAppProtocolHandler(rendererDir)
const get = (url: string, method = 'GET') => handler(new Request(url, { method }))

beforeAll(() => {
  const built = spawnSync(process.execPath, [join(root, 'scripts/ensure-built.mjs'), '--quiet'], { cwd: root, stdio: 'inherit' })
  expect(built.status).toBe(0)
}, 240_000)

describe('app:// serves the built renderer', () => {
  it('answers the index with HTML, the CSP and no caching', async () => {
    for (const url of [APP_URL, 'app://terminal/']) {
      const res = await get(url)
      expect(res.status).toBe(200)
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8')
      expect(res.headers.get('content-security-policy')).toBe(CONTENT_SECURITY_POLICY)
      expect(res.headers.get('cache-control')).toBe('no-store')
      expect(await res.text()).toBe(readFileSync(join(rendererDir, 'index.html'), 'utf8'))
    }
  })

  it('answers every asset the index names, byte for byte, with its MIME type', async () => {
    const index = readFileSync(join(rendererDir, 'index.html'), 'utf8')
    const assets = [...index.matchAll(/(?:src|href)="\.?\/(assets\/[^"]+)"/g)].map((m) => m[1]!)
    expect(assets.some((a) => a.endsWith('.js'))).toBe(true)
    expect(assets.some((a) => a.endsWith('.css'))).toBe(true)
    // the window's own fonts, preloaded by the index: the app serves them, no machine font is needed
    expect(assets.filter((a) => a.endsWith('.woff2'))).toEqual([
      expect.stringMatching(/^assets\/inter-latin-wght-normal-.+\.woff2$/),
      expect.stringMatching(/^assets\/jetbrains-mono-latin-wght-normal-.+\.woff2$/),
    ])
    const mime = (asset: string): string => (asset.endsWith('.js') ? 'text/javascript; charset=utf-8' : asset.endsWith('.woff2') ? 'font/woff2' : 'text/css; charset=utf-8')
    for (const asset of assets) {
      const res = await get(`app://terminal/${asset}`)
      expect(res.status, asset).toBe(200)
      expect(res.headers.get('content-type')).toBe(mime(asset))
      expect(res.headers.get('cache-control')).toContain('immutable')
      expect(Buffer.from(await res.arrayBuffer()).equals(readFileSync(join(rendererDir, asset)))).toBe(true)
    }
  })

  it('HEAD answers headers without a body', async () => {
    const res = await get(APP_URL, 'HEAD')
    expect(res.status).toBe(200)
    expect(await res.text()).toBe('')
  })

  it('refuses every way out of the renderer folder', async () => {
    // The files are there, one folder up: the handler must not reach them.
    expect(existsSync(join(root, 'out/main/index.js'))).toBe(true)
    expect(existsSync(join(root, 'package.json'))).toBe(true)
    const escapes = [
      'app://terminal/%2e%2e/main/index.js',
      'app://terminal/..%2fmain%2findex.js',
      'app://terminal/%2e%2e%2f%2e%2e%2fpackage.json',
      'app://terminal/assets/..%2f..%2fmain%2findex.js',
      'app://terminal/..%5cmain%5cindex.js',
      `app://terminal/${encodeURIComponent(join(root, 'package.json'))}`,
      'app://terminal/%2Fetc%2Fpasswd',
      'app://terminal/C:%5CWindows%5Cwin.ini',
      'app://terminal/index.html%00.js',
    ]
    for (const url of escapes) {
      const res = await get(url)
      expect(res.status, url).toBe(404)
      expect(await res.text()).toBe('Not found')
    }
  })

  it('answers 404 for a missing file, a directory, another host; 405 for other methods', async () => {
    expect((await get('app://terminal/assets/nope-123.js')).status).toBe(404)
    expect((await get('app://terminal/assets')).status).toBe(404)
    expect((await get('app://terminal/assets/')).status).toBe(404)
    expect((await get('app://elsewhere/index.html')).status).toBe(404)
    expect((await get(APP_URL, 'POST')).status).toBe(405)
  })
})

describe('registration', () => {
  it('registers one standard, secure scheme before ready and the handler after, removable', () => {
    const registered = vi.fn()
    registerAppScheme({ registerSchemesAsPrivileged: registered })
    expect(registered).toHaveBeenCalledWith([{ scheme: APP_SCHEME, privileges: expect.objectContaining({ standard: true, secure: true }) }])
    expect(registered.mock.calls[0]![0][0].privileges.corsEnabled).toBeUndefined()
    const protocol = { handle: vi.fn(), unhandle: vi.fn() }
    const remove = installAppProtocol(protocol, rendererDir)
    expect(protocol.handle).toHaveBeenCalledWith(APP_SCHEME, expect.any(Function))
    remove()
    expect(protocol.unhandle).toHaveBeenCalledWith(APP_SCHEME)
  })
})
