// @vitest-environment happy-dom
// The renderer's side of the web host's access: the printed code leaves the address bar at once, is
// traded once before anything else, and nothing about access lands in web storage.
import { afterEach, describe, expect, it, vi } from 'vitest'
import { NO_ACCESS_MESSAGE, detectBridge, webBridge } from './transport'

interface Sent {
  url: string
  body: unknown
  credentials: RequestCredentials | undefined
}

function fakeHost(answers: Record<string, number> = {}) {
  const sent: Sent[] = []
  const fetchImpl = vi.fn(async (url: string | URL | Request, init?: RequestInit) => {
    const path = new URL(String(url)).pathname
    sent.push({ url: String(url), body: JSON.parse(String(init?.body)) as unknown, credentials: init?.credentials })
    const status = answers[path] ?? (path === '/session' ? 204 : 200)
    const body = status === 200 ? JSON.stringify({ ok: true, value: { answered: path } }) : null
    return new Response(body, { status })
  })
  return { sent, fetchImpl: fetchImpl as unknown as typeof fetch }
}

/** happy-dom's way to put the window at a URL (as opening the printed link does). */
const setUrl = (url: string) => (window as unknown as { happyDOM: { setURL(url: string): void } }).happyDOM.setURL(url)

afterEach(() => {
  vi.unstubAllGlobals()
  window.sessionStorage.clear()
  window.localStorage.clear()
})

describe('the web bridge', () => {
  it('trades the code once, before the first call, and sends the calls with the cookie only', async () => {
    const host = fakeHost()
    const bridge = webBridge('http://127.0.0.1:5000', { code: 'one-time', fetchImpl: host.fetchImpl })
    const [a, b] = await Promise.all([bridge.call('app.info', undefined), bridge.call('session.get', undefined)])
    expect(a).toEqual({ answered: '/api/app.info' })
    expect(b).toEqual({ answered: '/api/session.get' })
    expect(host.sent.map((s) => new URL(s.url).pathname)).toEqual(['/session', '/api/app.info', '/api/session.get'])
    expect(host.sent[0]!.body).toEqual({ code: 'one-time', scope: 'app' })
    // Nothing about access travels in a call: the browser adds the HttpOnly cookie by itself.
    expect(JSON.stringify(host.sent.slice(1))).not.toContain('one-time')
    expect(host.sent.every((s) => s.credentials === 'same-origin')).toBe(true)
  })

  it('says how to open the terminal again when the host refuses the code, once, and sends nothing else', async () => {
    const host = fakeHost({ '/session': 401 })
    const onNoAccess = vi.fn()
    const bridge = webBridge('http://127.0.0.1:5000', { code: 'used', fetchImpl: host.fetchImpl, onNoAccess })
    await expect(bridge.call('app.info', undefined)).rejects.toMatchObject({ code: 'HOST_NO_ACCESS', message: NO_ACCESS_MESSAGE })
    await expect(bridge.call('session.get', undefined)).rejects.toMatchObject({ code: 'HOST_NO_ACCESS' })
    expect(NO_ACCESS_MESSAGE).toContain('npm start')
    expect(onNoAccess).toHaveBeenCalledTimes(1)
    expect(host.sent).toHaveLength(1)
  })

  it('treats a call refused for want of a session (a reload without the cookie) the same way', async () => {
    const host = fakeHost({ '/api/app.info': 401 })
    const onNoAccess = vi.fn()
    const bridge = webBridge('http://127.0.0.1:5000', { fetchImpl: host.fetchImpl, onNoAccess })
    await expect(bridge.call('app.info', undefined)).rejects.toMatchObject({ code: 'HOST_NO_ACCESS' })
    expect(onNoAccess).toHaveBeenCalledTimes(1)
  })
})

describe('detectBridge in a plain browser', () => {
  it('takes the code out of the address bar before the page does anything, and keeps nothing in web storage', async () => {
    setUrl('http://127.0.0.1:5000/?code=one-time&pair=BTC_USDT#chart')
    const host = fakeHost()
    vi.stubGlobal('fetch', host.fetchImpl)
    const bridge = detectBridge(window)
    expect(window.location.href).toBe('http://127.0.0.1:5000/?pair=BTC_USDT#chart')
    await bridge.call('app.info', undefined)
    expect(host.sent[0]!.body).toEqual({ code: 'one-time', scope: 'app' })
    expect(window.sessionStorage.length).toBe(0)
    expect(window.localStorage.length).toBe(0)
  })

  it("a pop-out's page trades its code for its own route, and asks the host for a pop-out's link with its session", async () => {
    setUrl('http://127.0.0.1:5000/?panel=chart&pane=2&code=fresh')
    const host = fakeHost({ '/session/link': 200 })
    vi.stubGlobal('fetch', host.fetchImpl)
    const bridge = detectBridge(window)
    expect(window.location.href).toBe('http://127.0.0.1:5000/?panel=chart&pane=2')
    await bridge.popoutLink?.({ panel: 'book', pane: 0 })
    expect(host.sent.map((s) => [new URL(s.url).pathname, s.body])).toEqual([
      ['/session', { code: 'fresh', scope: 'popout:chart:2' }],
      ['/session/link', { popout: { panel: 'book', pane: 0 } }],
    ])
  })

  it("a pop-out's page the host refuses goes to the host's page at its own route, not the main window's", async () => {
    setUrl('http://127.0.0.1:5000/?panel=book&pane=0&code=spent')
    const host = fakeHost({ '/session': 401 })
    vi.stubGlobal('fetch', host.fetchImpl)
    const replace = vi.spyOn(window.location, 'replace').mockImplementation(() => undefined)
    const bridge = detectBridge(window)
    await expect(bridge.call('app.info', undefined)).rejects.toMatchObject({ code: 'HOST_NO_ACCESS' })
    expect(replace).toHaveBeenCalledWith('http://127.0.0.1:5000/?panel=book&pane=0')
  })

  it('says when its event stream is back after a break, so the window reads its state again; not at the first open', async () => {
    const streams: FakeEventSource[] = []
    class FakeEventSource extends EventTarget {
      constructor(readonly url: string) {
        super()
        streams.push(this)
      }
      fire(type: string): void {
        this.dispatchEvent(new Event(type))
      }
    }
    vi.stubGlobal('EventSource', FakeEventSource)
    const bridge = webBridge('http://127.0.0.1:5000', { fetchImpl: fakeHost().fetchImpl })
    const resumes = vi.fn()
    bridge.on('notice', () => undefined)
    bridge.onResume?.(resumes)
    await vi.waitFor(() => expect(streams).toHaveLength(1))
    const stream = streams[0]!
    stream.fire('open')
    expect(resumes).not.toHaveBeenCalled()
    // The host cut the stream; the browser reconnects by itself.
    stream.fire('error')
    stream.fire('open')
    expect(resumes).toHaveBeenCalledTimes(1)
    stream.fire('open')
    expect(resumes).toHaveBeenCalledTimes(1)
  })

  it('opens without a code (a reload) and relies on the cookie', async () => {
    setUrl('http://127.0.0.1:5000/')
    const host = fakeHost()
    vi.stubGlobal('fetch', host.fetchImpl)
    await detectBridge(window).call('app.info', undefined)
    expect(host.sent.map((s) => new URL(s.url).pathname)).toEqual(['/api/app.info'])
  })
})
