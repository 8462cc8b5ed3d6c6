// The one place where a failed exchange request becomes a TerminalError.
//
// Everything the client can meet (an HTTP answer that is not a success, a transport failure, a
// timeout, an answer that does not parse) passes through a function here, so the kinds, codes and
// messages are decided once. Messages never quote a response body (it may be a gateway page, or echo
// what was sent) except the server's own human-readable `message` of a 4xx error object.
import type { z } from 'zod'
import { TerminalError, messageWithCode, type FieldIssue } from '../../domain/errors'
import { errorBodySchema } from '../../domain/wire/wire'

/** An HTTP answer that was not a 2xx. */
export interface HttpFailure {
  /** 'GET /pairs' and the like: names the request in messages. */
  endpoint: string
  status: number
  contentType: string
  text: string
  /** Parsed Retry-After of a 429, when the server sent one. */
  retryAfterMs?: number
  /** The request body as sent (an order), to tell base_amount from quote_amount in a rejection. */
  requestBody?: Readonly<Record<string, unknown>>
}

// Which order field a server error code belongs to. A function when the answer depends on the body.
type FieldOf = (body: Readonly<Record<string, unknown>> | undefined, message: string) => string
const amountField: FieldOf = (body) => (body && body.base_amount === undefined && body.quote_amount !== undefined ? 'quote_amount' : 'base_amount')
const priceField: FieldOf = (body, message) => {
  // Only a message that names the stop price moves the error there; the limit price is the default.
  if (/stop/i.test(message) && body?.stop_price !== undefined) return 'stop_price'
  return 'limit_price'
}
const ERROR_CODE_FIELDS: Record<string, FieldOf> = {
  INVALID_QUANTITY: amountField,
  INSUFFICIENT_FUNDS: amountField,
  INVALID_PRICE: priceField,
  MIN_ORDER_VALUE: () => 'base_amount',
  INVALID_STOP_OPERATOR: () => 'stop_operator',
  UNKNOWN_PAIR: () => 'pair',
  INVALID_ORDER_TYPE: () => 'order_type',
  INVALID_ORDER_SIDE: () => 'order_side',
  INVALID_WALLET_TYPE: () => 'wallet_type',
}

/** The order field a server rejection belongs to, when it maps onto one. */
export function fieldForErrorCode(code: string, message: string, body?: Readonly<Record<string, unknown>>): string | undefined {
  const fieldOf = ERROR_CODE_FIELDS[code]
  return fieldOf ? fieldOf(body, message) : undefined
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return undefined
  }
}

function isHtml(contentType: string, text: string): boolean {
  return /text\/html/i.test(contentType) || /^\s*<(!doctype|html|head|body)/i.test(text)
}

/** Turns the `formErrors` object of a 400 into field issues; accepts strings, string lists and objects. */
function formIssues(formErrors: unknown): FieldIssue[] {
  const issues: FieldIssue[] = []
  const push = (field: string, value: unknown): void => {
    if (typeof value === 'string') issues.push({ field, code: 'FORM_ERROR', message: value })
    else if (Array.isArray(value)) for (const item of value) push(field, item)
    else if (value && typeof value === 'object') {
      const record = value as Record<string, unknown>
      if (typeof record.message === 'string') {
        issues.push({ field, code: typeof record.code === 'string' ? record.code : 'FORM_ERROR', message: record.message })
      } else for (const [key, inner] of Object.entries(record)) push(key, inner)
    }
  }
  if (Array.isArray(formErrors)) push('form', formErrors)
  else if (formErrors && typeof formErrors === 'object') for (const [key, value] of Object.entries(formErrors)) push(key, value)
  else if (formErrors !== undefined) push('form', String(formErrors))
  return issues.slice(0, 50)
}

/** Maps a non-2xx HTTP answer onto a TerminalError. */
export function mapHttpFailure(failure: HttpFailure): TerminalError {
  const { endpoint, status, contentType, text } = failure
  const json = isHtml(contentType, text) ? undefined : parseJson(text)
  const errorBody = errorBodySchema.safeParse(json)

  if (status === 401 || status === 403) {
    const serverWords = errorBody.success ? ` (${messageWithCode(errorBody.data.message, errorBody.data.code)})` : ''
    return new TerminalError({
      kind: 'auth',
      code: errorBody.success ? errorBody.data.code : 'AUTH_FAILED',
      status,
      message: `The exchange refused the API key or its token on ${endpoint}${serverWords}. Check the key and secret of this profile.`,
    })
  }
  if (status === 429) {
    const data = {
      kind: 'rate-limited' as const,
      code: 'RATE_LIMITED',
      status,
      message:
        failure.retryAfterMs !== undefined
          ? `The exchange is limiting requests (${endpoint}); try again in ${Math.ceil(failure.retryAfterMs / 1000)} s.`
          : `The exchange is limiting requests (${endpoint}); try again shortly.`,
    }
    return new TerminalError(failure.retryAfterMs !== undefined ? { ...data, retryAfterMs: failure.retryAfterMs } : data)
  }
  if (status === 404) {
    return new TerminalError({ kind: 'unsupported', code: 'NOT_SUPPORTED', status, message: `This exchange does not offer ${endpoint} (404).` })
  }
  if (status >= 400 && status < 500) {
    if (json && typeof json === 'object' && 'formErrors' in json) {
      const issues = formIssues((json as { formErrors: unknown }).formErrors)
      const first = issues[0]
      return new TerminalError({
        kind: 'rejected',
        code: 'FORM_ERRORS',
        status,
        message: first ? `The exchange rejected the request: ${first.field}: ${first.message}` : 'The exchange rejected the request.',
        issues,
        ...(first && first.field !== 'form' ? { field: first.field } : {}),
      })
    }
    if (errorBody.success) {
      const { code, message } = errorBody.data
      const field = fieldForErrorCode(code, message, failure.requestBody)
      return new TerminalError({
        kind: 'rejected',
        code,
        status,
        // An unknown code is shown as is, with the server's words, so nothing the server said is lost;
        // a code the server already put in its words is not repeated.
        message: messageWithCode(message, code),
        ...(field ? { field } : {}),
      })
    }
    return new TerminalError({ kind: 'rejected', code: `HTTP_${status}`, status, message: `The exchange rejected ${endpoint} with status ${status}.` })
  }
  const what = isHtml(contentType, text) ? 'a gateway error page' : `status ${status}`
  return new TerminalError({ kind: 'server', code: `HTTP_${status}`, status, message: `The exchange failed to answer ${endpoint}: ${what}.` })
}

/** A 2xx whose body is not what the schema expects (or not JSON at all). */
export function malformedResponse(endpoint: string, problem: { zodError?: z.ZodError; reason?: string }): TerminalError {
  let detail = problem.reason ?? 'unexpected content'
  const issue = problem.zodError?.issues[0]
  if (issue) {
    const path = issue.path.length > 0 ? issue.path.map(String).join('.') : '(top level)'
    detail = `field ${path}: ${issue.message}`
  }
  return new TerminalError({ kind: 'malformed', code: 'MALFORMED_RESPONSE', message: `The exchange's answer to ${endpoint} was not understood: ${detail}.` })
}

/** Error codes of Node's socket layer that mean the request never left: nothing reached the server. */
const NOT_SENT_CODES = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT', 'ERR_INVALID_URL', 'ERR_INVALID_ARG_VALUE'])

function causeCode(error: unknown): string | undefined {
  let current: unknown = error
  for (let depth = 0; depth < 5 && current && typeof current === 'object'; depth++) {
    const code = (current as { code?: unknown }).code
    if (typeof code === 'string') return code
    current = (current as { cause?: unknown }).cause
  }
  return undefined
}

/**
 * A fetch that threw: a timeout, or a network failure. `sent` is false only when the request certainly
 * never left (connection refused, name not found): an order is then known not to be placed.
 */
export function mapTransportFailure(endpoint: string, error: unknown, timedOut: boolean, timeoutMs: number): { error: TerminalError; sent: boolean } {
  if (timedOut) {
    const seconds = Math.round(timeoutMs / 100) / 10
    return { error: new TerminalError({ kind: 'timeout', code: 'TIMEOUT', message: `The exchange did not answer ${endpoint} within ${seconds} s.` }), sent: true }
  }
  const code = causeCode(error)
  const mapped = new TerminalError({
    kind: 'network',
    code: code ? `NETWORK_${code}` : 'NETWORK',
    message: `Could not reach the exchange for ${endpoint}${code ? ` (${code})` : ''}. Check the connection and the base URL.`,
  })
  return { error: mapped, sent: !(code !== undefined && NOT_SENT_CODES.has(code)) }
}

/**
 * An order request whose result cannot be known: the server may have placed it. The caller must look
 * it up, never resend it.
 */
export function outcomeUnknown(endpoint: string, cause: TerminalError): TerminalError {
  return new TerminalError(
    {
      kind: 'outcome-unknown',
      code: 'OUTCOME_UNKNOWN',
      ...(cause.status !== undefined ? { status: cause.status } : {}),
      message: `The order may or may not have been placed: ${cause.message} It was not sent again.`,
    },
    { cause },
  )
}

/** Aborted by the caller (a profile switch): not an exchange failure, but typed all the same. */
export function abortedError(endpoint: string): TerminalError {
  return new TerminalError({ kind: 'network', code: 'ABORTED', message: `The request ${endpoint} was cancelled.` })
}
