import { describe, expect, it, vi } from 'vitest'
import type { IpcMainInvokeEvent, WebContents } from 'electron'
import { bindTerminalIpc } from './ipc'
import type { TerminalCore } from '../domain/api/api'
import { createEventHub } from '../core/events'

type Handler = (event: IpcMainInvokeEvent, input: unknown) => Promise<unknown>

const APP_URL = 'app://terminal/index.html'

function setup() {
  const handlers = new Map<string, Handler>()
  const ipcMain = {
    handle: (channel: string, handler: Handler) => void handlers.set(channel, handler),
    removeHandler: (channel: string) => void handlers.delete(channel),
  }
  const hub = createEventHub()
  const calls: Array<[string, unknown]> = []
  const core: TerminalCore = {
    call: (async (method: string, input: unknown) => {
      calls.push([method, input])
      return { echoed: method }
    }) as TerminalCore['call'],
    on: (event, listener) => hub.on(event, listener),
    dispose: async () => undefined,
  }
  const mainFrame = { url: APP_URL, parent: null }
  const sent: unknown[][] = []
  const contents = { isDestroyed: () => false, send: (...args: unknown[]) => sent.push(args) } as unknown as WebContents
  const rejected = vi.fn()
  const unbind = bindTerminalIpc({
    ipcMain: ipcMain as never,
    core,
    policy: { appUrl: APP_URL, isAppMainFrame: (frame) => frame === mainFrame },
    targets: () => [contents],
    onRejectedSender: rejected,
  })
  const invoke = (channel: string, input: unknown, frame: unknown = mainFrame) => handlers.get(channel)!({ senderFrame: frame } as unknown as IpcMainInvokeEvent, input)
  return { handlers, invoke, calls, hub, sent, rejected, unbind, mainFrame }
}

describe('IPC binding', () => {
  it('registers one channel per TerminalApi method', () => {
    const { handlers } = setup()
    expect(handlers.has('terminal:app.info')).toBe(true)
    expect(handlers.has('terminal:orders.place')).toBe(true)
  })

  it('passes a valid payload from the app window to the core', async () => {
    const { invoke, calls } = setup()
    const answer = await invoke('terminal:market.subscribe', { pair: 'BTC_USDT', interval: '15' })
    expect(answer).toEqual({ ok: true, value: { echoed: 'market.subscribe' } })
    expect(calls).toEqual([['market.subscribe', { pair: 'BTC_USDT', interval: '15' }]])
  })

  it('rejects a payload that does not match its schema, without calling the core', async () => {
    const { invoke, calls } = setup()
    const bad = [
      { pair: 'btc-usdt', interval: '15' }, // pair format
      { pair: 'BTC_USDT', interval: '2' }, // not an interval
      { pair: 'BTC_USDT', interval: '15', extra: true }, // unknown field
      'BTC_USDT',
      null,
    ]
    for (const input of bad) {
      const answer = (await invoke('terminal:market.subscribe', input)) as { ok: boolean; error: { kind: string; code: string } }
      expect(answer.ok).toBe(false)
      expect(answer.error).toMatchObject({ kind: 'validation', code: 'INVALID_PAYLOAD' })
    }
    expect(calls).toEqual([])
  })

  it('names the offending field of an invalid order draft', async () => {
    const { invoke } = setup()
    const answer = (await invoke('terminal:orders.place', { pair: 'BTC_USDT', order_type: 'LIMIT', order_side: 'BUY', wallet_type: 'SPOT', base_amount: 5 })) as {
      error: { field: string }
    }
    expect(answer.error.field).toBe('base_amount')
  })

  it('refuses messages from a frame that is not the app’s main frame', async () => {
    const { invoke, calls, rejected, mainFrame } = setup()
    const forged = [
      { url: 'https://evil.example/', parent: null }, // another origin in a window we do not own
      { url: APP_URL, parent: mainFrame }, // an iframe inside the app window
      { url: 'about:blank', parent: null },
      null, // the frame is gone
    ]
    for (const frame of forged) {
      const answer = (await invoke('terminal:app.info', undefined, frame)) as { ok: boolean; error: { code: string } }
      expect(answer).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } })
    }
    // The app's own main frame, after navigating away from the app page, is refused too.
    mainFrame.url = 'https://evil.example/phish'
    expect(await invoke('terminal:app.info', undefined)).toMatchObject({ ok: false })
    expect(calls).toEqual([])
    expect(rejected).toHaveBeenCalledTimes(5)
  })

  it('forwards core events to the windows and stops after unbinding', () => {
    const { hub, sent, unbind, handlers } = setup()
    hub.emit('notice', { kind: 'info', title: 't', body: 'b' })
    expect(sent).toEqual([['terminal:event', 'notice', { kind: 'info', title: 't', body: 'b' }]])
    unbind()
    hub.emit('notice', { kind: 'info', title: 't', body: 'b' })
    expect(sent).toHaveLength(1)
    expect(handlers.size).toBe(0)
  })
})
