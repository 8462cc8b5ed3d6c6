// The one gate between a transport (IPC, web host) and the core: it checks that the method exists
// and that the payload matches the method's schema, calls the core, and always answers with an
// Envelope. A payload that does not match never reaches the core; nothing thrown escapes.
import { type MethodName, methodInputs } from '../domain/api'
import type { TerminalCore } from '../domain/api'
import { type Envelope, type FieldIssue, TerminalError, toTerminalError } from '../domain/errors'

function isMethodName(name: string): name is MethodName {
  return Object.prototype.hasOwnProperty.call(methodInputs, name)
}

function issuesOf(error: { issues: ReadonlyArray<{ path: ReadonlyArray<PropertyKey>; message: string; code: string }> }): FieldIssue[] {
  return error.issues.slice(0, 20).map((issue) => ({
    field: issue.path.length ? issue.path.map(String).join('.') : 'form',
    code: issue.code.toUpperCase(),
    message: issue.message,
  }))
}

export type Dispatch = (method: string, input: unknown) => Promise<Envelope<unknown>>

/** Errors that mean a bug deserve a log line; everything else is an answer. */
export function createDispatch(core: Pick<TerminalCore, 'call'>, onInternalError?: (error: TerminalError) => void): Dispatch {
  return async (method, input) => {
    try {
      if (typeof method !== 'string' || !isMethodName(method)) {
        throw new TerminalError({ kind: 'validation', code: 'UNKNOWN_METHOD', message: `There is no method named ${String(method).slice(0, 60)}.` })
      }
      const parsed = methodInputs[method].safeParse(input)
      if (!parsed.success) {
        const issues = issuesOf(parsed.error)
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
      const typed = toTerminalError(error)
      if (typed.kind === 'internal') onInternalError?.(typed)
      return { ok: false, error: typed.toData() }
    }
  }
}
