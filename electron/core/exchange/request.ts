// One request to the exchange, and the rules around it that keep the terminal safe:
// - a timeout on every request (the answer's body included; exchange-http.ts);
// - GETs retried on network failures, timeouts, 5xx, gateway pages and 429 (Retry-After honoured),
//   at most `maxTries` tries with exponential backoff and jitter;
// - POST and DELETE sent once. The one exception is a 401: the server refused the request before
//   executing it, so after one re-authentication the same bytes are sent once more;
// - the body is serialised once; X-SIGN signs those exact bytes and those bytes are sent;
// - every answer is read without losing a digit (domain/wire/wire-json.ts), then parsed with the zod schemas of
//   domain/wire/wire.ts; every failure mapped in errors.ts;
// - an order whose answer is lost becomes 'outcome-unknown', never a second POST;
// - no error message carries the secret or the session token out.
import { TerminalError, toTerminalError } from '../../domain/errors'
import { abortedError, outcomeUnknown } from './errors'
import { MAX_WAIT_MS, backoffDelayMs, isRetryable } from './retry'
import type { HttpExchange, RequestSpec } from './exchange-http'
import type { SignIn } from './sign-in'

export type ClientState = 'online' | 'retrying' | 'rate-limited' | 'reauthenticating' | 'offline'
export interface ClientStatus {
  state: ClientState
  message: string
  /** When the next try happens (ms since epoch), for retrying / rate-limited. */
  retryAt?: number
}

export interface RequesterOptions {
  http: HttpExchange
  signIn: SignIn
  /** Tries of a GET in total. */
  maxTries: number
  now: () => number
  sleep: (ms: number) => Promise<void>
  random: () => number
  onStatus: ((status: ClientStatus) => void) | undefined
}

/** Replaces every occurrence of a secret in an error's message; secrets never leave in words. */
function redact(error: TerminalError, secrets: readonly (string | undefined)[]): TerminalError {
  let message = error.message
  for (const secret of secrets) if (secret && secret.length >= 4) message = message.split(secret).join('[redacted]')
  if (message === error.message) return error
  return new TerminalError({ ...error.toData(), message }, { cause: error.cause })
}

/** Makes `execute`, which sends one request under the rules above and reports the connection's state. */
export function createRequester(options: RequesterOptions): <T>(spec: RequestSpec<T>) => Promise<T> {
  const { http, signIn, maxTries, now, sleep, random } = options
  let lastState: ClientState | null = null

  function report(status: ClientStatus): void {
    // 'online' is reported on change only; the other states carry news (a new retryAt) every time.
    if (status.state === 'online' && lastState === 'online') return
    lastState = status.state
    options.onStatus?.(status)
  }

  /** One try of a request, with the one re-authentication a 401 allows. */
  async function attempt<T>(spec: RequestSpec<T>, endpoint: string, url: string, bodyText: string | undefined): Promise<T> {
    const base: Record<string, string> = { accept: 'application/json' }
    if (bodyText !== undefined) base['content-type'] = 'application/json'
    let auth = spec.isPrivate ? await signIn.privateHeaders(bodyText) : null
    let sent = await http.transmit(spec.method, url, endpoint, { ...base, ...auth?.headers }, bodyText, spec.signal)
    if (auth && sent.ok && sent.answer.status === 401) {
      // The token expired or was revoked: the server refused before executing, so the same bytes
      // may go once more with a fresh token. A second 401 is an authentication error.
      signIn.invalidate(auth.token)
      report({ state: 'reauthenticating', message: 'The session token was refused; signing in again.' })
      auth = await signIn.privateHeaders(bodyText)
      sent = await http.transmit(spec.method, url, endpoint, { ...base, ...auth.headers }, bodyText, spec.signal)
    }
    if (!sent.ok) {
      if (spec.isOrder && sent.sent) throw outcomeUnknown(endpoint, sent.error)
      throw sent.error
    }
    const { answer } = sent
    if (answer.status >= 200 && answer.status < 300) {
      try {
        return http.readSuccess(spec.read, endpoint, answer)
      } catch (error) {
        // The order was accepted (2xx) but its ids cannot be read: it is most likely placed.
        if (spec.isOrder && error instanceof TerminalError) throw outcomeUnknown(endpoint, error)
        throw error
      }
    }
    const failure = http.failureOf(endpoint, answer, spec.body)
    if (spec.isOrder && failure.kind === 'server') throw outcomeUnknown(endpoint, failure)
    throw failure
  }

  /** How long to wait before the next try, or null when the error is final. */
  function nextWaitMs(error: TerminalError, tryNo: number, tries: number, signal: AbortSignal | undefined): number | null {
    if (tryNo >= tries || !isRetryable(error) || signal?.aborted) return null
    if (error.kind === 'rate-limited' && error.retryAfterMs !== undefined) {
      // A wait longer than the cap is the server saying "not now": the caller decides, not a hidden sleep.
      return error.retryAfterMs > MAX_WAIT_MS ? null : error.retryAfterMs
    }
    return backoffDelayMs(tryNo, random)
  }

  return async function execute<T>(spec: RequestSpec<T>): Promise<T> {
    const endpoint = `${spec.method} ${spec.path}`
    const url = http.urlOf(spec.path, spec.query)
    // Serialised once: these exact bytes are signed and sent, on the first try and after a re-auth.
    const bodyText = spec.body === undefined ? undefined : JSON.stringify(spec.body)
    const tries = spec.method === 'GET' ? maxTries : 1
    for (let tryNo = 1; ; tryNo++) {
      try {
        const value = await attempt(spec, endpoint, url, bodyText)
        report({ state: 'online', message: 'Connected to the exchange.' })
        return value
      } catch (thrown) {
        const error = redact(toTerminalError(thrown), signIn.secrets())
        const waitMs = nextWaitMs(error, tryNo, tries, spec.signal)
        if (waitMs === null) {
          if ((error.kind === 'network' && error.code !== 'ABORTED') || error.kind === 'timeout') report({ state: 'offline', message: error.message })
          throw error
        }
        const retryAt = now() + waitMs
        report(
          error.kind === 'rate-limited'
            ? { state: 'rate-limited', message: `The exchange is limiting requests; trying again in ${Math.ceil(waitMs / 1000)} s.`, retryAt }
            : { state: 'retrying', message: `${error.message} Trying again (${tryNo + 1} of ${tries}).`, retryAt },
        )
        await sleep(waitMs)
        if (spec.signal?.aborted) throw abortedError(endpoint)
      }
    }
  }
}
