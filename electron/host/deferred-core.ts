// The core as a host can use it before it has started. Starting takes the demo exchange, the
// profile store, the keychain and the first session's activation; a host that waited for all of that
// before it listened (web host) or opened its window (Electron) made the window wait twice: first for
// the start, then for its own page to load. With this, the window loads while the core starts, and
// its first calls wait for the start instead — for a bounded (long) time, and a start that fails answers
// every call with why.
import type { Disposer, EventListener, EventName, MethodName, MethodResults, TerminalCore } from '../domain/api/api'
import { type Envelope, TerminalError, toTerminalError } from '../domain/errors'
import { within } from '../domain/within'

export { within }

/**
 * How long a call waits for the core's start before it answers that the terminal is still starting.
 * Long: the start may wait on a keychain prompt the user takes minutes to answer, and a window told
 * "still starting" after a short wait would keep that error until reloaded. Before the core started
 * in the background, such a window did not exist at all until the start was over.
 */
export const START_WAIT_MS = 10 * 60_000

export interface DeferredCore extends TerminalCore {
  /** Settles with the start: resolves once the core can answer, rejects with why it cannot. */
  readonly ready: Promise<void>
  /**
   * The answer to a call the host gives without its core (`early`, a method called without input),
   * as an envelope; null for any other call. The web host answers it ahead of its dispatcher, whose
   * checks load with the core's code; such a method takes no input, so there is nothing to check.
   */
  early(method: string, input: unknown): Promise<Envelope<unknown>> | null
}

/** Methods without input the host answers itself, before and after the start (market.cachedStart). */
export type EarlyAnswers = { [M in MethodName]?: () => Promise<MethodResults[M]> }

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error)
}

export function deferCore(starting: Promise<TerminalCore>, options: { waitMs?: number; early?: EarlyAnswers } = {}): DeferredCore {
  const waitMs = options.waitMs ?? START_WAIT_MS
  const earlyAnswers: EarlyAnswers = options.early ?? {}
  const answersEarly = (method: string, input: unknown): (() => Promise<unknown>) | null =>
    input === undefined && Object.prototype.hasOwnProperty.call(earlyAnswers, method) ? (earlyAnswers[method as MethodName] ?? null) : null
  let core: TerminalCore | null = null
  let failure: TerminalError | null = null
  // Listeners that came before the core: attached the moment it exists, before any waiting call
  // gets its answer (this `then` is registered first), so no event after the start is missed.
  const early = new Map<object, () => void>()
  const ready = starting.then(
    (started) => {
      core = started
      // (empty when the host stopped meanwhile: dispose() cleared them)
      for (const attach of early.values()) attach()
      early.clear()
    },
    (error: unknown) => {
      failure = new TerminalError({ kind: 'internal', code: 'START_FAILED', message: `The terminal could not start: ${reasonOf(error)}` })
      early.clear()
      throw failure
    },
  )
  // The host reads `ready` for the failure; a call's own answer says it too.
  ready.catch(() => undefined)

  let disposed = false

  async function started(): Promise<TerminalCore> {
    if (core) return core
    if (failure) throw failure
    if (disposed) throw new TerminalError({ kind: 'internal', code: 'DISPOSED', message: 'The terminal is shutting down.' })
    let timer: NodeJS.Timeout | undefined
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        reject(new TerminalError({ kind: 'timeout', code: 'STILL_STARTING', message: `The terminal is still starting after ${Math.round(waitMs / 1000)} s: try again in a moment.` }))
      }, waitMs)
    })
    try {
      await Promise.race([ready, late])
    } finally {
      clearTimeout(timer)
    }
    return core!
  }

  return {
    ready,
    early(method, input) {
      const answer = answersEarly(method, input)
      if (!answer) return null
      return answer().then(
        (value): Envelope<unknown> => ({ ok: true, value }),
        (error: unknown): Envelope<unknown> => ({ ok: false, error: toTerminalError(error).toData() }),
      )
    },
    async call(method, input) {
      const answer = answersEarly(method, input)
      if (answer) return answer() as never
      return (await started()).call(method, input)
    },
    on<E extends EventName>(event: E, listener: EventListener<E>): Disposer {
      if (core) return core.on(event, listener)
      const key = {}
      let dispose: Disposer | null = null
      early.set(key, () => (dispose = core!.on(event, listener)))
      return () => {
        early.delete(key)
        dispose?.()
      }
    },
    // A host that stops during the start does not wait for it (a keychain prompt can take minutes):
    // the core is disposed the moment it exists.
    async dispose() {
      disposed = true
      early.clear()
      if (core) await core.dispose()
      else
        void ready.then(
          () => core?.dispose(),
          () => undefined,
        )
    },
  }
}

/** An early answer read ahead: at the host's start, while the window's page loads, not when asked. */
export interface ReadAhead<T> {
  /** The answer read ahead, to the first ask while it is current; a fresh read otherwise. */
  answer(): Promise<T>
  /** Settles once the read ahead has: a host may hold its core's load (which holds the thread) for it. */
  readonly read: Promise<void>
  /** Every later ask reads anew: the core is up and may have written what was read. */
  outdated(): void
  /**
   * Settles once a core's load need wait no longer for the window: nothing was read ahead (no answer,
   * or a failed read), the answer read ahead was handed out, or `maxMs` passed since the call. A web
   * host holds its core's load (whose evaluation holds the thread) until then, so that the window's
   * ask is answered at once instead of after the load (issue 46).
   */
  taken(maxMs: number): Promise<void>
}

export function readAhead<T>(read: () => Promise<T>): ReadAhead<T> {
  const first = read()
  let ahead: Promise<T> | null = first
  const settled = first.then(
    () => undefined,
    () => undefined,
  )
  let handedOut: () => void = () => undefined
  const handed = new Promise<void>((resolve) => (handedOut = resolve))
  return {
    answer() {
      const given = ahead
      ahead = null
      if (given === null) return read()
      void given.then(handedOut, handedOut)
      return given
    },
    read: settled,
    taken(maxMs) {
      return first.then(
        (value) => {
          if (value === null || value === undefined) return
          return within(handed, maxMs).then(() => undefined)
        },
        () => undefined,
      )
    },
    outdated() {
      ahead = null
    },
  }
}
