// The web host's access through its real HTTP server (a fake core behind it): the printed code works
// once and for a minute, the session is an HttpOnly cookie, and nothing gets in without it.
import { connect } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createEventHub } from '../core/events'
import { CODE_TTL_MS } from './access'
import { EARLY_EVENTS_BYTES } from './server'
import { closeWebHost, closeWebHostAfterEach, fakeCore, setup } from './test/web-host-harness.test-util'

closeWebHostAfterEach()

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
    await closeWebHost()

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
