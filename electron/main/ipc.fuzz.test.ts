// The real IPC binding under fuzzed payloads and forged senders: the sender is checked before the
// payload is even looked at, and a trusted sender gets exactly the schema's verdict. Payloads come
// from the same schema-driven generators as dispatch.fuzz.test.ts.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import type { IpcMainInvokeEvent } from 'electron'
import { METHOD_NAMES, type MethodName, type TerminalCore, ipcChannel, methodInputs } from '../domain/api/api'
import { bindTerminalIpc } from './ipc'
import { payloadArbitrary } from '../core/test/zod-arbitrary.test-util'

type Handler = (event: IpcMainInvokeEvent, input: unknown) => Promise<unknown>

const APP_URL = 'app://terminal/index.html'

function setup() {
  const handlers = new Map<string, Handler>()
  const ipcMain = {
    handle: (channel: string, handler: Handler) => void handlers.set(channel, handler),
    removeHandler: (channel: string) => void handlers.delete(channel),
  }
  const calls: Array<[string, unknown]> = []
  const core: TerminalCore = {
    call: (async (method: string, input: unknown) => {
      calls.push([method, input])
      return { answered: method }
    }) as TerminalCore['call'],
    on: () => () => undefined,
    dispose: async () => undefined,
  }
  const mainFrame = { url: APP_URL, parent: null }
  const rejected: string[] = []
  bindTerminalIpc({
    ipcMain: ipcMain as never,
    core,
    policy: { appUrl: APP_URL, isAppMainFrame: (frame) => frame === mainFrame },
    targets: () => [],
    onRejectedSender: (method) => rejected.push(method),
  })
  const invoke = (method: MethodName, input: unknown, frame: unknown) => handlers.get(ipcChannel(method))!({ senderFrame: frame } as unknown as IpcMainInvokeEvent, input)
  return { invoke, calls, rejected, mainFrame }
}

function accepts(method: MethodName, input: unknown): boolean {
  try {
    return methodInputs[method].safeParse(input).success
  } catch {
    return false
  }
}

const anyCall = fc.oneof(...METHOD_NAMES.map((method) => payloadArbitrary(methodInputs[method]).map((input) => ({ method, input }))))

describe('IPC binding under fuzzing', () => {
  it('answers the app window with the schema verdict for every method (2,300 cases)', async () => {
    const { invoke, calls, mainFrame } = setup()
    await fc.assert(
      fc.asyncProperty(anyCall, async ({ method, input }) => {
        calls.length = 0
        const answer = (await invoke(method, input, mainFrame)) as { ok: boolean; error?: { code: string } }
        if (accepts(method, input)) {
          expect(answer).toEqual({ ok: true, value: { answered: method } })
          expect(calls.map(([m]) => m)).toEqual([method])
        } else {
          expect(answer).toMatchObject({ ok: false, error: { kind: 'validation', code: 'INVALID_PAYLOAD' } })
          expect(calls).toEqual([])
        }
      }),
      { numRuns: 2_300 },
    )
  })

  it('refuses every forged sender before reading the payload (2,000 cases)', async () => {
    const { invoke, calls, rejected, mainFrame } = setup()
    const forgedFrame = fc.oneof(
      // another frame (an iframe of the app, a window we did not create) showing the app's own page
      fc.constant(null).map(() => ({ url: APP_URL, parent: mainFrame })),
      fc.constant(null).map(() => ({ url: APP_URL, parent: null })),
      fc.webUrl().map((url) => ({ url, parent: null })),
      fc.constantFrom(null, undefined),
    )
    // The app's own main frame after it navigated away from the app page.
    const awayUrl = fc.oneof(
      fc.webUrl(),
      fc.constantFrom(
        'about:blank',
        'file:///etc/passwd',
        'app://elsewhere/index.html',
        'file:///opt/terminal/resources/app.asar/out/renderer/index.html',
        'data:text/html,<b>x</b>',
        'javascript:alert(1)',
        '',
      ),
      fc.string({ maxLength: 30 }),
    )
    let sent = 0
    await fc.assert(
      fc.asyncProperty(
        anyCall,
        fc.oneof(
          forgedFrame.map((frame) => ({ frame, away: null })),
          awayUrl.map((away) => ({ frame: mainFrame, away })),
        ),
        async ({ method, input }, { frame, away }) => {
          mainFrame.url = away ?? APP_URL
          try {
            const answer = await invoke(method, input, frame)
            sent += 1
            expect(answer).toMatchObject({ ok: false, error: { code: 'UNTRUSTED_SENDER' } })
          } finally {
            mainFrame.url = APP_URL
          }
        },
      ),
      { numRuns: 2_000 },
    )
    expect(calls).toEqual([])
    expect(rejected).toHaveLength(sent)
  })
})
