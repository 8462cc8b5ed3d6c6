// The web host's real HTTP server (a fake core behind it) beyond its access: only the renderer folder
// is served, the page and the code are answered while the core starts, and with the dev server in
// front (npm run dev) the dev server gets only what the built renderer would.
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { rmSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { TerminalCore } from '../domain/api/api'
import { deferCore } from '../host/deferred-core'
import { type DevRenderer, PAGE_DATA_AFTER_HEAD_MS } from './server'
import { closeWebHostAfterEach, currentStaticDir, fakeCore, setup } from './test/web-host-harness.test-util'

closeWebHostAfterEach()

describe('the web host static files', () => {
  it('serves only the renderer folder: escapes, bad encodings and missing files are 404, never 500', async () => {
    const { code, send, trade, cookieOf } = await setup()
    const cookie = cookieOf(await trade(code))
    writeFileSync(join(currentStaticDir(), '..', `outside-${process.pid}.txt`), 'secret-ish')
    for (const path of [`/..%2foutside-${process.pid}.txt`, `/%2e%2e%2foutside-${process.pid}.txt`, '/%E0%A4%A', '/missing.js', '/%00index.html']) {
      const answer = await send('GET', path, { headers: { cookie } })
      expect(answer.status, path).toBe(404)
      expect(answer.body).not.toContain('secret-ish')
    }
    rmSync(join(currentStaticDir(), '..', `outside-${process.pid}.txt`), { force: true })
  })
})

describe('the web host while its core starts', () => {
  it('serves the page and takes the code at once; API calls wait for the core and then get its answers', async () => {
    let started: (core: TerminalCore) => void = () => undefined
    const { code, send, trade, cookieOf, api } = await setup(deferCore(new Promise<TerminalCore>((resolve) => (started = resolve))))
    expect((await send('GET', `/?code=${code}`)).body).toContain('the app')
    const cookie = cookieOf(await trade(code))
    let answered = false
    const call = api(cookie).finally(() => (answered = true))
    await new Promise((r) => setTimeout(r, 50))
    expect(answered).toBe(false)
    // The same checks as ever while it waits: no cookie, no call.
    expect((await api()).status).toBe(401)
    started(fakeCore())
    expect(JSON.parse((await call).body)).toEqual({ ok: true, value: { called: 'app.info' } })
  })

  it('answers the cached start from disk before its core has started, with the same session checks; other calls still wait', async () => {
    const core = deferCore(new Promise<TerminalCore>(() => undefined), { early: { 'market.cachedStart': async () => null } })
    const { code, send, trade, cookieOf, api } = await setup(core, { early: (method, input) => core.early(method, input) })
    const cached = (cookie?: string) => send('POST', '/api/market.cachedStart', { headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) }, body: '{}' })
    expect((await cached()).status).toBe(401)
    const cookie = cookieOf(await trade(code))
    expect(JSON.parse((await cached(cookie)).body)).toEqual({ ok: true, value: null })
    let answered = false
    // still waiting when the host closes after the test: its hang-up is no failure of this test
    void api(cookie).then(
      () => (answered = true),
      () => undefined,
    )
    await new Promise((r) => setTimeout(r, 50))
    expect(answered).toBe(false)
  })

  it('writes the cached start into the app page it serves to a window with a code, escaped; a stranger gets no page and no data', async () => {
    const cachedStart = { snapshot: { pair: 'BTC_USDT', note: '</script><script>alert(1)</script>' } }
    const { code, send } = await setup(fakeCore(), { pageData: async () => ({ 'market.cachedStart': cachedStart }) })
    const stranger = await send('GET', '/')
    expect(stranger.status).toBe(401)
    expect(stranger.body).not.toContain('BTC_USDT')
    const page = await send('GET', `/?code=${code}`)
    expect(page.headers['cache-control']).toBe('no-store')
    const element = /<script type="application\/json" id="page-data">(.*?)<\/script><\/head>/.exec(page.body)
    expect(element).not.toBeNull()
    // nothing in the data can close its element: every "<" is escaped, and it reads back whole
    expect(element![1]).not.toContain('<')
    expect(JSON.parse(element![1]!)).toEqual({ 'market.cachedStart': cachedStart })
  })

  it("sends the app page's head before its data is read, and the data and the rest once it is", async () => {
    let read: (data: Record<string, unknown> | null) => void = () => undefined
    const reading = new Promise<Record<string, unknown> | null>((resolve) => (read = resolve))
    const { host, code } = await setup(fakeCore(), { pageData: () => reading })
    const chunks: string[] = []
    let ended = false
    const headIn = new Promise<void>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: host.port, path: `/?code=${code}`, headers: { host: `127.0.0.1:${host.port}` } }, (res) => {
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => {
          chunks.push(chunk)
          resolve()
        })
        res.on('end', () => (ended = true))
      })
      req.on('error', reject)
      req.end()
    })
    await headIn
    // the browser has the head (its scripts and styles to fetch) while the host still reads
    expect(chunks.join('')).toContain('<title>the app</title>')
    expect(chunks.join('')).not.toContain('</head>')
    expect(ended).toBe(false)
    read({ 'market.cachedStart': { pair: 'BTC_USDT' } })
    await expect.poll(() => ended).toBe(true)
    expect(chunks.join('')).toBe('<!doctype html><head><title>the app</title><script type="application/json" id="page-data">{"market.cachedStart":{"pair":"BTC_USDT"}}</script></head><body></body>')
  })

  it("lets the app page's head go alone first, even when its data is read at once", async () => {
    const { host, code } = await setup(fakeCore(), { pageData: async () => ({ 'market.cachedStart': { pair: 'BTC_USDT' } }) })
    const arrivals: { at: number; text: string }[] = []
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: host.port, path: `/?code=${code}`, headers: { host: `127.0.0.1:${host.port}` } }, (res) => {
        res.setEncoding('utf8')
        res.on('data', (chunk: string) => arrivals.push({ at: performance.now(), text: chunk }))
        res.on('end', resolve)
      })
      req.on('error', reject)
      req.end()
    })
    // The browser scans the head for the page's files before the data arrives (server.ts).
    expect(arrivals[0]!.text).toContain('<title>the app</title>')
    expect(arrivals[0]!.text).not.toContain('page-data')
    const data = arrivals.find((a) => a.text.includes('page-data'))!
    expect(data.at - arrivals[0]!.at).toBeGreaterThanOrEqual(PAGE_DATA_AFTER_HEAD_MS - 2)
  })

  it('serves the app page as it is when there is nothing to carry, or the read fails', async () => {
    for (const pageData of [async () => null, () => Promise.reject(new Error('disk gone'))]) {
      const { code, send } = await setup(fakeCore(), { pageData })
      const page = await send('GET', `/?code=${code}`)
      expect(page.status).toBe(200)
      expect(page.body).not.toContain('page-data')
    }
  })

  it('asks for its core when a window first asks for something (its page, once answered, or a call), not for a script or a stranger', async () => {
    let asked = 0
    const { code, send, trade, cookieOf, api } = await setup(fakeCore(), { onDemand: () => asked++ })
    writeFileSync(join(currentStaticDir(), 'boot.js'), 'void 0')
    expect((await send('GET', '/boot.js')).status).toBe(200)
    expect((await send('GET', '/')).status).toBe(401) // no code: the signed-out page
    expect((await api()).status).toBe(401)
    expect((await api('terminal-session-1=forged')).status).toBe(401)
    expect(asked).toBe(0)
    expect((await send('GET', `/?code=${code}`)).body).toContain('the app')
    await expect.poll(() => asked).toBe(1)
    await api(cookieOf(await trade(code)))
    expect(asked).toBe(1)
  })

  it('asks for its core at the first call of a window that came without its page (a client of the API)', async () => {
    let asked = 0
    const { code, trade, cookieOf, api } = await setup(fakeCore(), { onDemand: () => asked++ })
    const cookie = cookieOf(await trade(code))
    expect(asked).toBe(0)
    expect(JSON.parse((await api(cookie)).body)).toEqual({ ok: true, value: { called: 'app.info' } })
    expect(asked).toBe(1)
  })

  it('answers with why when the core cannot start', async () => {
    const { code, trade, cookieOf, api } = await setup(deferCore(Promise.reject(new Error('no data directory'))))
    const answer = JSON.parse((await api(cookieOf(await trade(code)))).body) as { ok: boolean; error: { code: string; message: string } }
    expect(answer).toMatchObject({ ok: false, error: { code: 'START_FAILED', message: 'The terminal could not start: no data directory' } })
  })
})

describe('the web host with the dev server in front of its renderer (npm run dev)', () => {
  it('hands the dev server only what the built renderer would get, with the same headers, and its socket only from its own pages', async () => {
    const seen: string[] = []
    const upgrades: string[] = []
    const renderer: DevRenderer = {
      serve: (req, res) => {
        seen.push(req.url ?? '')
        res.writeHead(200, { 'content-type': 'text/html' })
        res.end('dev page')
      },
      upgrade: (req, socket) => {
        upgrades.push(String(req.headers.origin))
        socket.destroy()
      },
    }
    const { host, code, send, trade, cookieOf, api } = await setup(fakeCore(), { renderer })
    expect((await send('GET', '/')).status).toBe(401)
    const page = await send('GET', `/?code=${code}`)
    expect(page.body).toBe('dev page')
    expect(page.headers['content-security-policy']).toContain("script-src 'self'")
    expect(page.headers['referrer-policy']).toBe('no-referrer')
    expect((await api(cookieOf(await trade(code)))).status).toBe(200)
    expect((await send('GET', '/src/main.ts', { headers: { origin: 'http://127.0.0.1:1' } })).status).toBe(403)
    expect(seen).toEqual([`/?code=${code}`])

    const upgrade = (origin: string) =>
      new Promise<void>((resolve) => {
        const socket = connect(host.port, '127.0.0.1', () =>
          socket.write(
            `GET /src/ HTTP/1.1\r\nHost: 127.0.0.1:${host.port}\r\nOrigin: ${origin}\r\nConnection: Upgrade\r\nUpgrade: websocket\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n`,
          ),
        )
        socket.on('close', () => resolve())
        socket.on('error', () => resolve())
      })
    await upgrade('http://127.0.0.1:1')
    await upgrade(host.origin)
    expect(upgrades).toEqual([host.origin])
  })
})
