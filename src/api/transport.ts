// The renderer's one client of the main process. It picks the transport once: the preload's
// `window.terminal` inside Electron, the web host's HTTP + event stream in a plain browser.
// Stores import `terminal` from here (or get it injected in tests); nothing else touches
// `window.terminal`.
import type { EventListener, EventName, MethodInput, MethodName, MethodResults, TerminalBridge, WindowTerminal } from '@domain/api/api'
// The values come from the zod-free api-names.ts (api.ts re-exports them with its schemas): the
// renderer's first screen then carries no zod.
import { EVENT_NAMES, WEB_CODE_PARAM, WEB_LINK_PATH, WEB_SESSION_PATH, splitMethod } from '@domain/api/api-names'
import { type LinkScope, linkScope, parsePopoutRoute, popoutQuery } from '@domain/popouts/popout-route'
import { type Envelope, TerminalError } from '@domain/errors'

declare global {
  interface Window {
    terminal?: WindowTerminal
  }
}

function unwrap<T>(envelope: Envelope<T>): T {
  if (envelope.ok) return envelope.value
  throw TerminalError.fromData(envelope.error)
}

/** Electron: the preload's namespaced functions. */
export function preloadBridge(api: WindowTerminal): TerminalBridge {
  return {
    async call(method, input) {
      const [ns, fn] = splitMethod(method)
      const group = (api as unknown as Record<string, Record<string, (i: unknown) => Promise<Envelope<unknown>>>>)[ns]
      const target = group?.[fn]
      if (!target) throw new TerminalError({ kind: 'internal', code: 'NO_SUCH_METHOD', message: `The preload does not expose ${method}` })
      return unwrap(await target(input)) as never
    },
    on: (event, listener) => api.on(event, listener),
  }
}

function hostError(status: number): TerminalError {
  return new TerminalError({ kind: 'internal', code: `HOST_${status}`, message: `The terminal host answered ${status}.`, status })
}

/** Words for a window the web host no longer (or never) let in; its 401 page says the same. */
export const NO_ACCESS_MESSAGE = 'This window has no access to the terminal: the link that opened it was used already or has expired. Run npm start (or npm run web-host) again to open it.'

export interface WebBridgeOptions {
  /** The one-time code from the printed URL, traded for the session cookie before the first call. */
  code?: string | null
  /** The route the code was minted for: 'app', or a pop-out's (popout-route.ts); the host checks it. */
  scope?: LinkScope
  /** Called once when the host refuses this window (401): show the host's page that says what to do. */
  onNoAccess?: () => void
  fetchImpl?: typeof fetch
}

/**
 * A plain browser: the web host over loopback HTTP. Access is an HttpOnly session cookie the browser
 * sends by itself (same origin); this code never sees it, and nothing about access is kept in web storage.
 */
export function webBridge(origin: string, options: WebBridgeOptions = {}): TerminalBridge {
  const fetchImpl = options.fetchImpl ?? fetch.bind(globalThis)
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  const resumed = new Set<() => void>()
  let streaming = false
  let refused = false

  function noAccess(): TerminalError {
    if (!refused) {
      refused = true
      options.onNoAccess?.()
    }
    return new TerminalError({ kind: 'auth', code: 'HOST_NO_ACCESS', message: NO_ACCESS_MESSAGE, status: 401 })
  }

  async function post(path: string, body: unknown): Promise<Response> {
    try {
      return await fetchImpl(`${origin}${path}`, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
    } catch (error) {
      throw new TerminalError({ kind: 'network', code: 'HOST_UNREACHABLE', message: 'The terminal host is not answering. Is it still running?' }, { cause: error })
    }
  }

  // The code is traded once, before anything else goes out; every call waits for it.
  const ready: Promise<void> = options.code
    ? post(WEB_SESSION_PATH, { code: options.code, scope: options.scope ?? 'app' }).then((response) => {
        if (response.status === 401) throw noAccess()
        if (!response.ok) throw hostError(response.status)
      })
    : Promise.resolve()
  ready.catch(() => undefined) // each call reports the failure itself

  function ensureStream(): void {
    if (streaming || typeof EventSource === 'undefined') return
    streaming = true
    // The stream needs the session cookie too: it opens once the code is traded.
    void ready.then(
      () => {
        const stream = new EventSource(`${origin}/events`)
        // The stream broke (the host cut a window that fell behind, or the connection dropped) and the
        // browser opened it again: the events in between are lost, so the window reads its state anew.
        let broken = false
        stream.addEventListener('error', () => (broken = true))
        stream.addEventListener('open', () => {
          if (!broken) return
          broken = false
          for (const listener of resumed) listener()
        })
        for (const name of EVENT_NAMES) {
          stream.addEventListener(name, (message) => {
            const payload = JSON.parse((message as MessageEvent<string>).data) as unknown
            for (const listener of listeners.get(name) ?? []) listener(payload)
          })
        }
      },
      () => undefined,
    )
  }

  return {
    async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodResults[M]> {
      await ready
      const response = await post(`/api/${method}`, input === undefined ? {} : { input })
      if (response.status === 401) throw noAccess()
      if (!response.ok) throw hostError(response.status)
      return unwrap((await response.json()) as Envelope<MethodResults[M]>)
    },
    on<E extends EventName>(event: E, listener: EventListener<E>) {
      ensureStream()
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      const entry = listener as (payload: unknown) => void
      set.add(entry)
      return () => set.delete(entry)
    },
    onResume(listener) {
      resumed.add(listener)
      return () => resumed.delete(listener)
    },
    async popoutLink(place) {
      await ready
      const response = await post(WEB_LINK_PATH, { popout: { panel: place.panel, pane: place.pane } })
      if (response.status === 401) throw noAccess()
      if (!response.ok) throw hostError(response.status)
      return ((await response.json()) as { url: string }).url
    },
  }
}

/**
 * Picks the transport for this window. In a plain browser, a one-time code in the URL (the printed
 * link) is taken out of the address bar at once, so it is not in the window's history entry or a
 * bookmark, and traded for the session cookie; a reload then works with the cookie alone.
 */
export function detectBridge(win: Window = window): TerminalBridge {
  if (win.terminal) return preloadBridge(win.terminal)
  const url = new URL(win.location.href)
  const code = url.searchParams.get(WEB_CODE_PARAM)
  if (code !== null) {
    url.searchParams.delete(WEB_CODE_PARAM)
    win.history.replaceState(win.history.state, '', `${url.pathname}${url.search}${url.hash}`)
  }
  // The host answers / without access with its page that says how to open the terminal again.
  // A pop-out's page (?panel=…&pane=…) trades a code minted for its route only, and stays a pop-out
  // when it is refused (the host's page says what to do; with a session, it opens as that pop-out).
  const popout = parsePopoutRoute(url.searchParams)
  const page = `${url.origin}/${popout ? `?${popoutQuery(popout)}` : ''}`
  return webBridge(url.origin, { code, scope: linkScope(popout), onNoAccess: () => win.location.replace(page) })
}
