// The renderer's one client of the main process. It picks the transport once: the preload's
// `window.terminal` inside Electron, the web host's HTTP + event stream in a plain browser.
// Stores import `terminal` from here (or get it injected in tests); nothing else touches
// `window.terminal`.
import type { EventListener, EventName, MethodInput, MethodName, MethodResults, TerminalBridge, WindowTerminal } from '@domain/api'
// The values come from the zod-free api-names.ts (api.ts re-exports them with its schemas): the
// renderer's first screen then carries no zod.
import { EVENT_NAME_LIST as EVENT_NAMES, WEB_TOKEN_HEADER, WEB_TOKEN_PARAM, splitMethod } from '@domain/api-names'
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

/** A plain browser: the web host over loopback HTTP, guarded by the per-launch token in the URL. */
export function webBridge(origin: string, token: string, fetchImpl: typeof fetch = fetch.bind(globalThis)): TerminalBridge {
  const listeners = new Map<EventName, Set<(payload: unknown) => void>>()
  let source: EventSource | null = null

  function ensureStream(): void {
    if (source || typeof EventSource === 'undefined') return
    source = new EventSource(`${origin}/events?${WEB_TOKEN_PARAM}=${encodeURIComponent(token)}`)
    for (const name of EVENT_NAMES) {
      source.addEventListener(name, (message) => {
        const payload = JSON.parse((message as MessageEvent<string>).data) as unknown
        for (const listener of listeners.get(name) ?? []) listener(payload)
      })
    }
  }

  return {
    async call<M extends MethodName>(method: M, input: MethodInput<M>): Promise<MethodResults[M]> {
      let response: Response
      try {
        response = await fetchImpl(`${origin}/api/${method}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [WEB_TOKEN_HEADER]: token },
          body: JSON.stringify(input === undefined ? {} : { input }),
        })
      } catch (error) {
        throw new TerminalError({ kind: 'network', code: 'HOST_UNREACHABLE', message: 'The terminal host is not answering. Is it still running?' }, { cause: error })
      }
      if (!response.ok) {
        throw new TerminalError({ kind: 'internal', code: `HOST_${response.status}`, message: `The terminal host answered ${response.status}.`, status: response.status })
      }
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
  }
}

/** Picks the transport for this window. The web host passes its token as ?token= in the URL. */
export function detectBridge(win: Window = window): TerminalBridge {
  if (win.terminal) return preloadBridge(win.terminal)
  const url = new URL(win.location.href)
  const token = url.searchParams.get(WEB_TOKEN_PARAM) ?? win.sessionStorage.getItem('terminal-token')
  if (!token) {
    throw new TerminalError({ kind: 'internal', code: 'NO_HOST', message: 'Open the terminal from the app or from the URL the web host printed (it carries the access token).' })
  }
  win.sessionStorage.setItem('terminal-token', token)
  return webBridge(url.origin, token)
}
