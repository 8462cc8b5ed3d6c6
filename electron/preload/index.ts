// The preload exposes exactly one thing: `window.terminal`, derived from the TerminalApi name list —
// one function per method and `on(event, listener)` returning a disposer. No raw ipcRenderer, no
// process, no Node. It runs sandboxed and context-isolated, so it is one self-contained file.
// https://www.electronjs.org/docs/latest/tutorial/context-isolation
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron'
import { EVENT_NAMES, IPC_EVENT_CHANNEL, IPC_PREFIX, METHOD_NAMES } from '../domain/api/api-names'

type Listener = (payload: unknown) => void
const listeners = new Map<string, Set<Listener>>()
const eventNames = new Set<string>(EVENT_NAMES)

ipcRenderer.on(IPC_EVENT_CHANNEL, (_event: IpcRendererEvent, name: unknown, payload: unknown) => {
  if (typeof name !== 'string') return
  for (const listener of listeners.get(name) ?? []) listener(payload)
})

const api: Record<string, unknown> = {}
for (const method of METHOD_NAMES) {
  const [ns, fn] = method.split('.') as [string, string]
  const group = (api[ns] ??= {}) as Record<string, (input?: unknown) => Promise<unknown>>
  group[fn] = (input?: unknown) => ipcRenderer.invoke(`${IPC_PREFIX}${method}`, input)
}
api.on = (event: string, listener: Listener): (() => void) => {
  if (!eventNames.has(event) || typeof listener !== 'function') throw new TypeError(`Unknown event ${String(event)}`)
  let set = listeners.get(event)
  if (!set) listeners.set(event, (set = new Set()))
  set.add(listener)
  return () => {
    set.delete(listener)
  }
}

contextBridge.exposeInMainWorld('terminal', Object.freeze(api))
