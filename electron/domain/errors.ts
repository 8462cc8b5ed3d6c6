// The terminal's typed error: one shape for every failure that crosses a boundary (IPC, web host,
// CLI). Each boundary maps foreign failures onto it in one place; nothing else invents error shapes.
import { z } from 'zod'

export const ERROR_KINDS = [
  'validation', // the payload or order draft is invalid; nothing was sent
  'rejected', // the exchange answered 4xx with {code, message}
  'auth', // authentication failed (bad key, bad signature, expired token after one re-auth)
  'network', // no connection, DNS failure, connection reset
  'timeout', // no answer within the timeout
  'rate-limited', // 429; retryAfterMs says when to try again
  'server', // 5xx or a gateway page on a request that is safe to repeat
  'malformed', // the answer did not match the schema
  'outcome-unknown', // an order request whose result cannot be known from the answer
  'keychain', // the OS keychain is unreachable or refused
  'not-found', // a profile, account or endpoint that does not exist
  'unsupported', // the server lacks an optional endpoint (404)
  'storage', // a file in the data directory could not be read or written
  'internal', // a bug: reported, never swallowed
] as const
export type ErrorKind = (typeof ERROR_KINDS)[number]

export interface FieldIssue {
  /** The form field the issue belongs to (an order-draft key, a profile-form key) or 'form'. */
  field: string
  /** Machine-readable code, e.g. INVALID_QUANTITY. */
  code: string
  /** A sentence for people. */
  message: string
}

export interface TerminalErrorData {
  kind: ErrorKind
  code: string
  message: string
  /** HTTP status, when the error came from an HTTP answer. */
  status?: number
  /** The field the error belongs to, when it maps onto one. */
  field?: string
  issues?: FieldIssue[]
  retryAfterMs?: number
}

// Built in a function called through a pure annotation: a bundle that never reads the schema (the
// renderer's) drops it, and zod with it.
export const terminalErrorDataSchema = /* @__PURE__ */ errorDataSchema()

function errorDataSchema() {
  return z.object({
    kind: z.enum(ERROR_KINDS),
    code: z.string(),
    message: z.string(),
    status: z.number().optional(),
    field: z.string().optional(),
    issues: z.array(z.object({ field: z.string(), code: z.string(), message: z.string() })).optional(),
    retryAfterMs: z.number().optional(),
  })
}

export class TerminalError extends Error implements TerminalErrorData {
  readonly kind: ErrorKind
  readonly code: string
  readonly status?: number
  readonly field?: string
  readonly issues?: FieldIssue[]
  readonly retryAfterMs?: number

  constructor(data: TerminalErrorData, options?: { cause?: unknown }) {
    super(data.message, options)
    this.name = 'TerminalError'
    this.kind = data.kind
    this.code = data.code
    if (data.status !== undefined) this.status = data.status
    if (data.field !== undefined) this.field = data.field
    if (data.issues !== undefined) this.issues = data.issues
    if (data.retryAfterMs !== undefined) this.retryAfterMs = data.retryAfterMs
  }

  /** The plain data that crosses a process boundary (never the cause: it may hold request details). */
  toData(): TerminalErrorData {
    const data: TerminalErrorData = { kind: this.kind, code: this.code, message: this.message }
    if (this.status !== undefined) data.status = this.status
    if (this.field !== undefined) data.field = this.field
    if (this.issues !== undefined) data.issues = this.issues
    if (this.retryAfterMs !== undefined) data.retryAfterMs = this.retryAfterMs
    return data
  }

  static fromData(data: TerminalErrorData): TerminalError {
    return new TerminalError(data)
  }
}

export function isTerminalError(value: unknown): value is TerminalError {
  return value instanceof TerminalError
}

/** Maps anything thrown onto a TerminalError: the one place where unknown failures get a type. */
export function toTerminalError(error: unknown): TerminalError {
  if (error instanceof TerminalError) return error
  const message = error instanceof Error ? error.message : String(error)
  return new TerminalError({ kind: 'internal', code: 'INTERNAL', message: `Unexpected error: ${message}` }, { cause: error })
}

/** The envelope every transport uses, because thrown errors do not survive IPC intact. */
export type Envelope<T> = { ok: true; value: T } | { ok: false; error: TerminalErrorData }

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/** True when a message already names the code as a word ("… (INVALID_QUANTITY)", "1003: …"). */
export function mentionsCode(message: string, code: string): boolean {
  if (code === '') return true
  return new RegExp(`(^|[^A-Za-z0-9_])${escapeRegExp(code)}($|[^A-Za-z0-9_])`).test(message)
}

/**
 * A server's message with its code shown exactly once, after the words: "Amount too small
 * (INVALID_QUANTITY)". Servers often start their message with the code ("INVALID_QUANTITY: Amount
 * too small"); that copy is dropped so the code never appears twice.
 */
export function messageWithCode(message: string, code: string): string {
  const leading = new RegExp(`^\\s*[[(]?${escapeRegExp(code)}[\\])]?\\s*[:\\-–—]?\\s*`)
  const words = message.replace(leading, '').trim()
  if (words === '') return code
  return mentionsCode(words, code) ? words : `${words} (${code})`
}
