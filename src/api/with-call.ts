// A bridge that answers its calls its own way (held, or taken from an early answer) and passes the
// events, the stream's resumption and the pop-out links through to the bridge it wraps: the one shape of
// first-calls.ts's and first-chart.ts's bridges.
import type { MethodInput, MethodName, MethodResults, TerminalBridge } from '@domain/api/api'

type Call = <M extends MethodName>(method: M, input: MethodInput<M>) => Promise<MethodResults[M]>

export function withCall(inner: TerminalBridge, call: Call): TerminalBridge {
  return {
    call,
    on: (event, listener) => inner.on(event, listener),
    ...(inner.onResume ? { onResume: (listener: () => void) => inner.onResume!(listener) } : {}),
    ...(inner.popoutLink ? { popoutLink: inner.popoutLink } : {}),
  }
}
