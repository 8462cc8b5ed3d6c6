// The window's first calls, sent the moment the page runs (boot.ts), before the rest of the
// window's code has even arrived: the remembered chart, the preferences, the session and the header's
// lists. On a start the window's code takes a few hundred milliseconds to load and run, and the core's
// answers used to wait for it (the calls went out only once the code ran); now they travel while it
// loads, and the start takes each answer as it asks for it. A page that carries the remembered chart
// holds them until that chart's code has arrived (boot.ts: `after` below).
//
// Each early answer is handed out once, to the first call of the same method (all of them take no
// input); a second call (a retry, a reload of the session) goes to the core as any call does. Nothing
// is sent twice: a first call that meets its early one gets that one's promise, answer or failure.
import type { MethodName, MethodResults, TerminalBridge } from '@domain/api/api'
import { withCall } from './with-call'

/**
 * The calls the start makes before anything has answered (startup.ts; the session, prefs and pairs
 * stores). The pair list is among them: the chart draws its prices with the pair's precision and names
 * the pair by its currencies, and without them its first paint showed 8 places and BTC_USDT. The
 * cached start goes first: the host answers it from disk without its core, and the first chart draws it
 * (marked stale) before the exchange has answered anything.
 */
export const FIRST_CALLS = ['market.cachedStart', 'market.start', 'prefs.get', 'session.get', 'profiles.list', 'app.info', 'market.pairs', 'market.currencies'] as const satisfies readonly MethodName[]

/** The first calls' answers, read without taking them: the window's first chart (boot.ts) draws from them. */
export interface FirstAnswers {
  answer<M extends (typeof FIRST_CALLS)[number]>(method: M): Promise<MethodResults[M]>
}

/** `inner` with the first calls already on their way; a call of one of them takes that early call. */
export function withFirstCalls(inner: TerminalBridge, calls: readonly MethodName[] = FIRST_CALLS): TerminalBridge {
  return sendFirstCalls(inner, calls).bridge
}

/**
 * As withFirstCalls, with the early answers to read as well (`answers`: each as the core gave it).
 * With `after`, the calls the page has no answer for go out once it settles (either way): a caller
 * that asks meanwhile gets that one call, sent then.
 */
export function sendFirstCalls(
  inner: TerminalBridge,
  calls: readonly MethodName[] = FIRST_CALLS,
  given: Partial<Record<MethodName, unknown>> = {},
  after?: Promise<unknown>,
): { bridge: TerminalBridge; answers: FirstAnswers } {
  const early = new Map<MethodName, Promise<unknown>>()
  const send = (method: MethodName) => inner.call(method, undefined as never)
  const gate = after?.then(
    () => undefined,
    () => undefined,
  )
  for (const method of calls) {
    // An answer the page came with (page-data.ts) is that call's answer: nothing is sent for it.
    const sent = method in given ? Promise.resolve(given[method]) : gate ? gate.then(() => send(method)) : send(method)
    // A failure is the caller's to report when it asks; an early call nobody asks for reports nothing.
    sent.catch(() => undefined)
    early.set(method, sent)
  }
  const all = new Map(early)
  const bridge = withCall(inner, ((method, input) => {
    const sent = input === undefined ? early.get(method) : undefined
    if (sent === undefined) return inner.call(method, input as never)
    early.delete(method)
    return sent
  }) as TerminalBridge['call'])
  const answers: FirstAnswers = {
    answer: (method) => (all.get(method) ?? Promise.reject(new Error(`${method} is not a first call`))) as never,
  }
  return { bridge, answers }
}
