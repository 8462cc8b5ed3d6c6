// The CLI's key and secret for `profiles add` / `profiles update --new-key`: from TERMINAL_API_KEY /
// TERMINAL_API_SECRET, or from standard input (two lines, or a JSON object), never from arguments
// (other users can read those). Standard input is bounded in size and time, and no message quotes it.
import { z } from 'zod'
import type { Credentials } from '../core/exchange/client'
import { UsageError } from './args'
import type { CliIo, CliStdin } from './run'

/** Standard input bigger than this is not a key and a secret. */
const MAX_STDIN_BYTES = 16 * 1024

/** All of standard input as text, bounded in size and time (a pipe nobody closes must not hang us). */
export async function readStdin(input: CliStdin, timeoutMs: number): Promise<string> {
  if (typeof input === 'string') return input
  const iterator = input[Symbol.asyncIterator]()
  const chunks: Buffer[] = []
  let size = 0
  const deadline = Date.now() + timeoutMs
  try {
    for (;;) {
      const remaining = deadline - Date.now()
      let timer: ReturnType<typeof setTimeout> | undefined
      const next = await Promise.race([
        iterator.next(),
        new Promise<'timeout'>((resolve) => {
          timer = setTimeout(() => resolve('timeout'), Math.max(0, remaining))
        }),
      ])
      clearTimeout(timer)
      if (next === 'timeout') {
        throw new UsageError(`Standard input did not end within ${Math.round(timeoutMs / 1000)} s. Pipe the key and secret in (and close the pipe), or set TERMINAL_API_KEY and TERMINAL_API_SECRET.`)
      }
      if (next.done === true) break
      const chunk = typeof next.value === 'string' ? Buffer.from(next.value, 'utf8') : Buffer.from(next.value)
      size += chunk.length
      if (size > MAX_STDIN_BYTES) throw new UsageError(`Standard input is larger than ${MAX_STDIN_BYTES} bytes; it should hold only the API key and secret.`)
      chunks.push(chunk)
    }
  } finally {
    // Stops reading (a Readable is destroyed): the process must be free to exit.
    void Promise.resolve(iterator.return?.()).catch(() => undefined)
  }
  return Buffer.concat(chunks).toString('utf8')
}

const NO_CREDENTIALS =
  'profiles add needs the API key and secret: set TERMINAL_API_KEY and TERMINAL_API_SECRET, or pipe them on standard input as two lines (key, then secret) or as {"apiKey": "...", "apiSecret": "..."}.'

/** Two lines (key, then secret) or a JSON object. Messages never quote the input. */
export function parseCredentialText(text: string): Credentials {
  const trimmed = text.trim()
  if (trimmed === '') throw new UsageError(NO_CREDENTIALS)
  if (trimmed.startsWith('{')) {
    let raw: unknown
    try {
      raw = JSON.parse(trimmed)
    } catch {
      throw new UsageError('Standard input starts with "{" but is not valid JSON; expected {"apiKey": "...", "apiSecret": "..."}.')
    }
    const parsed = z.object({ apiKey: z.string(), apiSecret: z.string() }).safeParse(raw)
    if (!parsed.success) throw new UsageError('The JSON on standard input needs the string fields "apiKey" and "apiSecret".')
    return { apiKey: parsed.data.apiKey.trim(), apiSecret: parsed.data.apiSecret.trim() }
  }
  const lines = trimmed
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== '')
  if (lines.length !== 2) throw new UsageError(`Standard input must hold two lines, the API key and then the secret; it holds ${lines.length} non-empty lines.`)
  return { apiKey: lines[0]!, apiSecret: lines[1]! }
}

/** The environment wins when it has both; one without the other is a mistake worth naming. */
export async function credentialsForAdd(io: CliIo, stdinTimeoutMs: number): Promise<Credentials> {
  const apiKey = io.env.TERMINAL_API_KEY?.trim()
  const apiSecret = io.env.TERMINAL_API_SECRET?.trim()
  if (apiKey && apiSecret) return { apiKey, apiSecret }
  if (apiKey || apiSecret) throw new UsageError('Set both TERMINAL_API_KEY and TERMINAL_API_SECRET, or neither (then the key and secret are read from standard input).')
  if (io.stdin === undefined) throw new UsageError(NO_CREDENTIALS)
  return parseCredentialText(await readStdin(io.stdin, stdinTimeoutMs))
}
