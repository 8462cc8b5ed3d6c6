// The one gate between a transport (IPC, web host) and the core: it checks that the method exists
// and that the payload matches the method's schema, calls the core, and always answers with an
// Envelope. A payload that does not match never reaches the core; nothing thrown escapes.
//
// The answer to bad input never reflects the input at length: zod's message for an unknown key names
// the key, and a renderer (or a page that got hold of the bridge) could send a megabyte-long one. So
// texts taken from a validation issue are cut short (dispatch.fuzz.test.ts fuzzes all of this).
import { type MethodName, methodInputs } from '../domain/api/api'
import type { TerminalCore } from '../domain/api/api'
import { type Envelope, type FieldIssue, TerminalError, toTerminalError } from '../domain/errors'

function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(methodInputs, name)
}

/** Longest piece of an issue (message or field path) that goes back to the caller. */
const MAX_ISSUE_TEXT = 200
const MAX_ISSUES = 20
const MAX_METHOD_ECHO = 60

function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`
}

function issuesOf(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; code: string }> }): FieldIssue[] {
  return error.issues.slice(0, MAX_ISSUES).map((issue) => ({
    field: issue.path.length ? clip(issue.path.map(String).join('.'), MAX_ISSUE_TEXT) : 'form',
    code: issue.code.toUpperCase(),
    message: clip(issue.message, MAX_ISSUE_TEXT),
  }))
}

/** Words for a method name that is not one; never calls into the value (it may be any object). */
function describeMethod(method: unknown): string {
  return typeof method === 'string' ? clip(method, MAX_METHOD_ECHO) : `(a ${method === null ? 'null' : typeof method}, not a name)`
}

/**
 * toTerminalError reads `String(error)`, which itself throws for an object without a usable
 * toString (Object.create(null), a throwing toString); a broken core must still get an answer.
 */
function typedError(error: unknown): TerminalError {
  try {
    return toTerminalError(error)
  } catch {
    return new TerminalError({ kind: 'internal', code: 'INTERNAL', message: 'Unexpected error (not describable)' })
  }
}

/**
 * The schema's verdict on an input. zod builds its issue messages lazily, and building them inspects
 * the input (its prototype, for "received object"), so an exotic value (a getter or proxy that throws)
 * can make reading the verdict throw: that is bad input, not a bug in the terminal.
 */
function readInput(method: MethodName, input: unknown): { success: true; data: unknown } | { success: false; issues: FieldIssue[] } {
  try {
    const parsed = methodInputs[method].safeParse(input)
    return parsed.success ? { success: true, data: parsed.data } : { success: false, issues: issuesOf(parsed.error) }
  } catch {
    return { success: false, issues: [{ field: 'form', code: 'UNREADABLE', message: 'The input could not be read' }] }
  }
}

export type Dispatch = (method: string, input: unknown) => Promise<Envelope<unknown>>

/** Errors that mean a bug deserve a log line; everything else is an answer. */
export function createDispatch(core: Pick<TerminalCore, 'call'>, onInternalError?: (error: TerminalError) => void): Dispatch {
  return async (method, input) => {
    try {
      if (typeof method !== 'string' || !isMethodName(method)) {
        throw new TerminalError({ kind: 'validation', code: 'UNKNOWN_METHOD', message: `There is no method named ${describeMethod(method)}.` })
      }
      const parsed = readInput(method, input)
      if (!parsed.success) {
        const issues = parsed.issues
        const first = issues[0]
        throw new TerminalError({
          kind: 'validation',
          code: 'INVALID_PAYLOAD',
          message: `Invalid input for ${method}${first ? `: ${first.field} — ${first.message}` : ''}`,
          issues,
          ...(first && first.field !== 'form' ? { field: first.field } : {}),
        })
      }
      const value = await core.call(method, parsed.data as never)
      return { ok: true, value }
    } catch (error) {
      const typed = typedError(error)
      if (typed.kind === 'internal') {
        try {
          onInternalError?.(typed)
        } catch {
          // A failing error reporter (a full disk under the logger) must not turn an answer into a throw.
        }
      }
      return { ok: false, error: typed.toData() }
    }
  }
}
