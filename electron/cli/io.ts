// The CLI's contract with the outside world: what it is given (`CliIo`: environment, streams, fetch,
// profiles) and what it answers (one JSON document, and an exit code that says what kind of failure
// it was). run.ts and each verb's file use these.
import type { TerminalError, ErrorKind } from '../domain/errors'
import type { Credentials } from '../core/exchange/client'

export const EXIT = {
  ok: 0,
  usage: 1,
  rejectedLocally: 2,
  rejectedByServer: 3,
  failed: 4,
  outcomeUnknown: 5,
  auth: 6,
} as const

export const EXIT_BY_KIND: Record<ErrorKind, number> = {
  validation: EXIT.rejectedLocally,
  rejected: EXIT.rejectedByServer,
  network: EXIT.failed,
  timeout: EXIT.failed,
  'rate-limited': EXIT.failed,
  server: EXIT.failed,
  malformed: EXIT.failed,
  unsupported: EXIT.failed,
  storage: EXIT.failed,
  internal: EXIT.failed,
  'outcome-unknown': EXIT.outcomeUnknown,
  auth: EXIT.auth,
  keychain: EXIT.auth,
  'not-found': EXIT.usage,
}

export interface ResolvedProfile {
  /** The profile's id: its protected positions are kept under it. */
  id?: string
  baseUrl: string
  /** A profile of the embedded demo exchange: its limits and history are kept under `demo`, whatever its port. */
  isDemo?: boolean
  credentials: Credentials | (() => Promise<Credentials>)
}

/** Standard input: the text itself (tests) or a stream such as process.stdin. */
export type CliStdin = string | AsyncIterable<string | Uint8Array>

export interface CliIo {
  env: Readonly<Record<string, string | undefined>>
  stdout: { write(text: string): unknown }
  stderr: { write(text: string): unknown }
  fetch?: typeof fetch
  sleep?: (ms: number) => Promise<void>
  random?: () => number
  /** The clock the default history range ends at (tests). */
  now?: () => number
  /** Looks a saved profile up (profile store + vault). Absent: --profile answers a clear error. */
  resolveProfile?: (name: string) => Promise<ResolvedProfile>
  /** The stored profiles' names, for `portfolio --profiles all`. */
  profileNames?: () => Promise<string[]>
  /** Read only by `profiles add`, when the key and secret are not in the environment. */
  stdin?: CliStdin
  /** Runs `profiles ...` (list, add, remove, test) when the profile store is wired in. */
  profilesCommand?: (args: string[], io: CliIo) => Promise<unknown>
  /** Ends `watch` (tests); without it, SIGINT or SIGTERM does. */
  stop?: AbortSignal
}

export function writeJson(stream: CliIo['stdout'], value: unknown): void {
  stream.write(`${JSON.stringify(value, null, 2)}\n`)
}

export function fail(io: CliIo, error: TerminalError, extra: Record<string, unknown> = {}): number {
  writeJson(io.stderr, { error: { ...error.toData(), ...extra } })
  return EXIT_BY_KIND[error.kind]
}

export function usage(io: CliIo, message: string): number {
  writeJson(io.stderr, { error: { kind: 'usage', code: 'USAGE', message } })
  return EXIT.usage
}
