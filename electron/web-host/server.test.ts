// The web host's access through its real HTTP server (a fake core behind it): the printed code works
// once and for a minute, the session is an HttpOnly cookie, and nothing gets in without it.
import { request as httpRequest } from 'node:http'
import { connect } from 'node:net'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import type { TerminalCore } from '../domain/api/api'
import { createEventHub } from '../core/events'
import { deferCore } from '../host/deferred-core'
import { CODE_TTL_MS, createAccess } from './access'
import { EARLY_EVENTS_BYTES, startWebHost, type DevRenderer, type WebHost } from './server'

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

let web: WebHost | null = null
let staticDir = ''

afterEach(async () => {
  await web?.close()
  web = null
  if (staticDir) rmSync(staticDir, { recursive: true, force: true })
})

function fakeCore(hub = createEventHub()): TerminalCore {
  return {
    call: (async (method: string) => ({ called: method })) as TerminalCore['call'],
    on: (event, listener) => hub.on(event, listener),
    dispose: async () => undefined,
  }
}

async function setup(core: TerminalCore = fakeCore(), extra: { streamBacklogBytes?: number; renderer?: DevRenderer; onDemand?: () => void } = {}) {
  staticDir = mkdtempSync(join(tmpdir(), 'web-host-test-'))
  writeFileSync(join(staticDir, 'index.html'), '<!doctype html><title>the app</title>')
  let clock = 1_000_000
  web = await startWebHost({ core, staticDir, access: createAccess({ now: () => clock }), ...extra })
  const host = web
  const code = new URL(host.url).searchParams.get('code') ?? ''

  /** One request with exactly these headers; resolves at the first body bytes for an event stream. */
  function send(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port: host.port, method, path, headers: { host: `127.0.0.1:${host.port}`, ...options.headers } }, (res) => {
        let body = ''
        res.setEncoding('utf8')
        const done = () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body })
        res.on('data', (chunk: string) => {
          body += chunk
          if (String(res.headers['content-type']).startsWith('text/event-stream')) {
            done()
            req.destroy()
          }
        })
        res.on('end', done)
      })
      req.on('error', reject)
      req.end(options.body)
    })
  }
  const trade = (value: string, headers: Record<string, string> = {}) =>
    send('POST', '/session', { headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify({ code: value }) })
  const cookieOf = (answer: Answer) => String(answer.headers['set-cookie']).split(';')[0]!
  const api = (cookie?: string, headers: Record<string, string> = {}) =>
    send('POST', '/api/app.info', { headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}), ...headers }, body: '{}' })
  return { host, code, send, trade, cookieOf, api, advance: (ms: number) => (clock += ms) }
}

describe('the web host access', () => {
  it('prints a one-time code, not a session: the app page opens with it, and trading it sets an HttpOnly cookie', async () => {
    const { host, code, send, trade, cookieOf, api } = await setup()
    expect(host.url).toBe(`${host.origin}/?code=${code}`)
    expect(code).toMatch(/^[\w-]{40,}$/)

    const page = await send('GET', `/?code=${code}`)
    expect(page.status).toBe(200)
    expect(page.body).toContain('the app')

    const traded = await trade(code)
    expect(traded.status).toBe(204)
    const setCookie = String(traded.headers['set-cookie'])
    expect(setCookie).toMatch(new RegExp(`^terminal-session-${host.port}=[\\w-]{40,}; HttpOnly; SameSite=Strict; Path=/$`))
    // No Expires or Max-Age: a session cookie the browser keeps in memory, never on disk.
    expect(setCookie).not.toMatch(/expires|max-age/i)
    expect(cookieOf(traded)).not.toContain(code)

    const call = await api(cookieOf(traded))
    expect(call.status).toBe(200)
    expect(JSON.parse(call.body)).toEqual({ ok: true, value: { called: 'app.info' } })
    // A reload: the page opens with the cookie alone.
    expect((await send('GET', '/', { headers: { cookie: cookieOf(traded) } })).status).toBe(200)
  })

  it('refuses a second use of the code, with a page that says how to open the terminal again', async () => {
    const { code, send, trade } = await setup()
    expect((await trade(code)).status).toBe(204)
    const again = await trade(code)
    expect(again.status).toBe(401)
    expect(again.headers['set-cookie']).toBeUndefined()
    const page = await send('GET', `/?code=${code}`)
    expect(page.status).toBe(401)
    expect(page.headers['content-type']).toContain('text/html')
    expect(page.body).toContain('npm start')
    expect(page.body).toContain('npm run web-host')
    expect(page.body).not.toContain('the app')
  })

  it('refuses an expired code, and takes one just before it expires', async () => {
    const first = await setup()
    first.advance(CODE_TTL_MS)
    expect((await first.send('GET', `/?code=${first.code}`)).status).toBe(401)
    expect((await first.trade(first.code)).status).toBe(401)
    await web?.close()
    web = null

    const second = await setup()
    second.advance(CODE_TTL_MS - 1)
    expect((await second.trade(second.code)).status).toBe(204)
  })

  it('refuses API calls and the event stream without the session cookie, or with a wrong one', async () => {
    const { host, code, send, trade, cookieOf, api } = await setup()
    const cookie = cookieOf(await trade(code))
    expect((await api()).status).toBe(401)
    expect((await api(`terminal-session-${host.port}=${'x'.repeat(43)}`)).status).toBe(401)
    // The code itself is no session.
    expect((await api(`terminal-session-${host.port}=${code}`)).status).toBe(401)
    // Another web host's cookie name does not count.
    expect((await api(`terminal-session-${host.port + 1}=${cookie.split('=')[1]}`)).status).toBe(401)
    expect((await send('GET', '/events')).status).toBe(401)

    const stream = await send('GET', '/events', { headers: { cookie } })
    expect(stream.status).toBe(200)
    expect(stream.headers['content-type']).toBe('text/event-stream')
    // Without a session, / is the page that says how to get in, not the app.
    expect((await send('GET', '/')).status).toBe(401)
  })

  it('cuts off a window that stops reading its event stream instead of buffering for it without end', async () => {
    const hub = createEventHub()
    const { host, code, trade, cookieOf } = await setup(fakeCore(hub), { streamBacklogBytes: 256 * 1024 })
    const cookie = cookieOf(await trade(code))
    // A window that reads its stream's first bytes, then hangs: it reads nothing more.
    const socket = connect(host.port, '127.0.0.1')
    let closed = false
    socket.on('close', () => (closed = true))
    socket.on('error', () => undefined)
    await new Promise<void>((resolve) => {
      socket.once('data', () => {
        socket.pause()
        resolve()
      })
      socket.write(`GET /events HTTP/1.1\r\nhost: 127.0.0.1:${host.port}\r\ncookie: ${cookie}\r\n\r\n`)
    })
    const body = 'x'.repeat(64 * 1024)
    // 16 MB of events: more than the sockets' own buffers on loopback hold, then the backlog grows.
    for (let i = 0; i < 256; i++) {
      hub.emit('notice', { kind: 'info', title: `event ${i}`, body })
      await new Promise((resolve) => setImmediate(resolve))
    }
    // The window wakes up: it reads what was sent, then finds its stream ended (a kept stream stays open).
    socket.resume()
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    expect(closed).toBe(true)
    socket.destroy()
  })

  it("keeps a window's events from its first call until its stream opens, and sends them first", async () => {
    const hub = createEventHub()
    const { code, send, trade, cookieOf, api } = await setup(fakeCore(hub))
    const cookie = cookieOf(await trade(code))
    hub.emit('notice', { kind: 'info', title: 'before any call', body: '' })
    // The window's first call goes out beside its stream's request; the stream comes in second.
    expect((await api(cookie)).status).toBe(200)
    hub.emit('notice', { kind: 'info', title: 'after the call', body: '' })
    const stream = await send('GET', '/events', { headers: { cookie } })
    expect(stream.body).toContain('after the call')
    expect(stream.body).not.toContain('before any call')
    // Sent once: a second stream of the same session (a reconnect) starts from its own moment.
    hub.emit('notice', { kind: 'info', title: 'later', body: '' })
    const again = await send('GET', '/events', { headers: { cookie } })
    expect(again.body).not.toContain('after the call')
  })

  it('keeps nothing for a session that never opens its stream past its time', async () => {
    const hub = createEventHub()
    const { code, send, trade, cookieOf, api } = await setup(fakeCore(hub))
    const cookie = cookieOf(await trade(code))
    await api(cookie)
    hub.emit('notice', { kind: 'info', title: 'x'.repeat(1024), body: 'y'.repeat(EARLY_EVENTS_BYTES) })
    hub.emit('notice', { kind: 'info', title: 'after the limit', body: '' })
    const stream = await send('GET', '/events', { headers: { cookie } })
    expect(stream.body).toBe(': connected\n\n')
  })

  it('keeps the Host and Origin checks, and takes the code only as JSON', async () => {
    const { host, code, send, trade, cookieOf, api } = await setup()
    expect((await trade(code, { origin: 'http://evil.example' })).status).toBe(403)
    expect((await send('POST', '/session', { headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: `code=${code}` })).status).toBe(415)
    expect((await send('GET', `/?code=${code}`, { headers: { host: 'evil.example' } })).status).toBe(421)
    // None of those used the code up.
    const cookie = cookieOf(await trade(code, { origin: host.origin }))
    expect((await api(cookie, { origin: 'http://evil.example' })).status).toBe(403)
    expect((await api(cookie, { origin: host.origin })).status).toBe(200)
  })

  it('gives a session a one-time URL for another window, and nobody else', async () => {
    const { host, code, send, trade, cookieOf } = await setup()
    expect((await send('POST', '/session/link')).status).toBe(401)
    const cookie = cookieOf(await trade(code))
    const link = await send('POST', '/session/link', { headers: { cookie } })
    expect(link.status).toBe(200)
    const url = new URL((JSON.parse(link.body) as { url: string }).url)
    expect(url.origin).toBe(host.origin)
    const next = url.searchParams.get('code') ?? ''
    expect(next).not.toBe(code)
    const other = cookieOf(await trade(next))
    expect(other).not.toBe(cookie)
    expect((await trade(next)).status).toBe(401)
  })

  it('sends Referrer-Policy: no-referrer with every answer', async () => {
    const { code, send, trade, cookieOf, api } = await setup()
    const answers = [await send('GET', `/?code=${code}`), await send('GET', '/missing.js'), await send('GET', '/'), await api()]
    const traded = await trade(code)
    answers.push(traded, await api(cookieOf(traded)), await send('GET', '/events', { headers: { cookie: cookieOf(traded) } }), await trade(code))
    for (const answer of answers) expect(answer.headers['referrer-policy']).toBe('no-referrer')
  })
})

describe('the web host static files', () => {
  it('serves only the renderer folder: escapes, bad encodings and missing files are 404, never 500', async () => {
    const { code, send, trade, cookieOf } = await setup()
    const cookie = cookieOf(await trade(code))
    writeFileSync(join(staticDir, '..', `outside-${process.pid}.txt`), 'secret-ish')
    for (const path of [`/..%2foutside-${process.pid}.txt`, `/%2e%2e%2foutside-${process.pid}.txt`, '/%E0%A4%A', '/missing.js', '/%00index.html']) {
      const answer = await send('GET', path, { headers: { cookie } })
      expect(answer.status, path).toBe(404)
      expect(answer.body).not.toContain('secret-ish')
    }
    rmSync(join(staticDir, '..', `outside-${process.pid}.txt`), { force: true })
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

  it('asks for its core when a window first asks for something (its page, once answered, or a call), not for a script or a stranger', async () => {
    let asked = 0
    const { code, send, trade, cookieOf, api } = await setup(fakeCore(), { onDemand: () => asked++ })
    writeFileSync(join(staticDir, 'boot.js'), 'void 0')
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
