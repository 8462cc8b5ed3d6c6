// The preload exposes exactly `window.terminal`: one function per TerminalApi method and `on`.
// No ipcRenderer, no send, no way to name an arbitrary channel. Electron is mocked.
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { METHOD_NAMES, EVENT_NAMES } from '../domain/api/api'

const exposed: Record<string, unknown> = {}
const invoke = vi.fn(async (..._args: unknown[]) => ({ ok: true, value: 'answer' }))
let eventHandler: ((event: unknown, name: unknown, payload: unknown) => void) | undefined

vi.mock('electron', () => ({
  contextBridge: { exposeInMainWorld: (key: string, value: unknown) => void (exposed[key] = value) },
  ipcRenderer: {
    invoke: (...args: unknown[]) => invoke(...args),
    on: (channel: string, handler: typeof eventHandler) => {
      if (channel === 'terminal:event') eventHandler = handler
    },
  },
}))

type Api = Record<string, Record<string, (input?: unknown) => Promise<unknown>>> & { on: (e: string, l: (p: unknown) => void) => () => void }

describe('preload', () => {
  let api: Api
  beforeAll(async () => {
    await import('./index')
    api = exposed.terminal as Api
  })

  it('exposes one frozen object, window.terminal, and nothing else', () => {
    expect(Object.keys(exposed)).toEqual(['terminal'])
    expect(Object.isFrozen(api)).toBe(true)
    const namespaces = Object.keys(api)
      .filter((k) => k !== 'on')
      .sort()
    expect(namespaces).toEqual([...new Set(METHOD_NAMES.map((m) => m.split('.')[0]))].sort())
    // Every leaf is a method of the contract; no raw ipcRenderer, invoke, send or channel names.
    const leaves = namespaces.flatMap((ns) => Object.keys(api[ns]!).map((fn) => `${ns}.${fn}`)).sort()
    expect(leaves).toEqual([...METHOD_NAMES].sort())
    for (const name of ['ipcRenderer', 'invoke', 'send', 'sendSync', 'require', 'process']) expect(api).not.toHaveProperty(name)
  })

  it('calls each method on its own channel with the input only', async () => {
    await expect(api.orders!.place!({ pair: 'BTC_USDT' })).resolves.toEqual({ ok: true, value: 'answer' })
    expect(invoke).toHaveBeenLastCalledWith('terminal:orders.place', { pair: 'BTC_USDT' })
  })

  it('delivers only contract events, and on() returns a disposer', () => {
    expect(() => api.on('not-an-event', () => undefined)).toThrow(/Unknown event/)
    const seen: unknown[] = []
    const dispose = api.on(EVENT_NAMES[0]!, (p) => seen.push(p))
    eventHandler!({}, EVENT_NAMES[0], { a: 1 })
    eventHandler!({}, 'other', { b: 2 })
    dispose()
    eventHandler!({}, EVENT_NAMES[0], { c: 3 })
    expect(seen).toEqual([{ a: 1 }])
  })
})
