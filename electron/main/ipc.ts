// Binds the TerminalApi to ipcMain: one handler per method (names from the contract), each checking
// the sender first and the payload's schema second (in the shared dispatcher). Events go to every
// app window through one channel.
// https://www.electronjs.org/docs/latest/tutorial/ipc
import type { IpcMain, IpcMainInvokeEvent, WebContents } from 'electron'
import { type TerminalCore, EVENT_NAMES, METHOD_NAMES, ipcChannel, IPC_EVENT_CHANNEL } from '../domain/api/api'
import type { TerminalError, Envelope } from '../domain/errors'
import { createDispatch } from '../host/dispatch'
import { type SenderFrameLike, type SenderPolicy, isTrustedSender } from './sender'

export interface IpcBindingOptions {
  ipcMain: Pick<IpcMain, 'handle' | 'removeHandler'>
  core: TerminalCore
  policy: SenderPolicy
  /** The windows that receive events. */
  targets: () => WebContents[]
  onRejectedSender?: (method: string, url: string) => void
  onInternalError?: (error: TerminalError) => void
}

export function bindTerminalIpc(options: IpcBindingOptions): () => void {
  const dispatch = createDispatch(options.core, options.onInternalError)
  const untrusted: Envelope<never> = {
    ok: false,
    error: { kind: 'validation', code: 'UNTRUSTED_SENDER', message: 'This message did not come from the terminal window.' },
  }

  for (const method of METHOD_NAMES) {
    options.ipcMain.handle(ipcChannel(method), async (event: IpcMainInvokeEvent, input: unknown) => {
      const frame = event.senderFrame as SenderFrameLike | null
      if (!isTrustedSender(frame, options.policy)) {
        options.onRejectedSender?.(method, frame?.url ?? '(gone)')
        return untrusted
      }
      return dispatch(method, input)
    })
  }

  const disposers = EVENT_NAMES.map((name) =>
    options.core.on(name, (payload) => {
      for (const target of options.targets()) {
        if (!target.isDestroyed()) target.send(IPC_EVENT_CHANNEL, name, payload)
      }
    }),
  )

  return () => {
    for (const method of METHOD_NAMES) options.ipcMain.removeHandler(ipcChannel(method))
    for (const dispose of disposers) dispose()
  }
}
