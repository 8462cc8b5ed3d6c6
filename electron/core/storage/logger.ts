// The terminal's log: JSON lines in <dataDir>/logs/terminal.log, rotated by size. Every line passes
// one redaction step just before it is written, so a secret that slips into a message, a field or an
// error text is masked there: registered secrets (only the vault registers: every api key and secret
// it stores or reads), the token after "Bearer", anything shaped like a JWT, and 64-hex HMAC
// signatures. Session tokens are not registered: the exchange's JWTs are masked by their shape, and
// the exchange client strikes its secret and last token from its own error messages (request.ts).
import { appendFileSync, mkdirSync, renameSync, statSync, unlinkSync } from 'node:fs'
import { join } from 'node:path'

export type LogLevel = 'debug' | 'info' | 'warn' | 'error'
const LEVEL_RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40 }

export type LogFields = Record<string, unknown>

export interface Logger {
  debug(message: string, fields?: LogFields): void
  info(message: string, fields?: LogFields): void
  warn(message: string, fields?: LogFields): void
  error(message: string, fields?: LogFields): void
  /** Masks `value` in every line written from now on (values shorter than 4 characters are ignored). */
  registerSecret(value: string): void
  /** The current log file, or null when the logger writes to its sink only. */
  readonly file: string | null
}

export interface LoggerOptions {
  /** The data directory; the log goes to `<dir>/logs/terminal.log`. Without it nothing is written to disk. */
  dir?: string
  level?: LogLevel
  /** Receives every line that passes the level filter, already redacted (console, tests). */
  sink?: (line: string) => void
  /** Rotate when the file would grow past this many bytes; default 5 MB. */
  maxBytes?: number
  /** How many rotated files to keep (terminal.log.1 … .N); default 3. */
  keep?: number
  now?: () => Date
}

export const REDACTED = '[redacted]'
const MIN_SECRET_LENGTH = 4

// A JWT starts with a base64url '{"' (eyJ); other tokens of three long base64url segments are masked
// too. The lengths keep host names and version numbers (a.b.c) readable.
const JWT_PATTERN = /\beyJ[\w-]*\.[\w-]+\.[\w-]*/g
const TRIPLE_SEGMENT_PATTERN = /\b[\w-]{16,}\.[\w-]{16,}\.[\w-]{16,}/g
const HEX_SIGNATURE_PATTERN = /\b[0-9a-fA-F]{64}\b/g
const BEARER_PATTERN = /\b(Bearer)\s+[^\s"',;]+/gi
// Fields whose name says they hold a secret are masked whatever their value looks like.
const SECRET_FIELD = /^(api_?secret|secret|password|passphrase|token|access_?token|jwt|authorization|x-sign|sign|signature|api_?key)$/i

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')
}

/** Masks the given secrets (also in their JSON-escaped and URL-encoded forms) and token-shaped text. */
export function redactText(text: string, secrets: Iterable<string> = []): string {
  const variants = new Set<string>()
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue
    variants.add(secret)
    variants.add(JSON.stringify(secret).slice(1, -1))
    variants.add(encodeURIComponent(secret))
  }
  let out = text
  // Longest first, so a secret that contains another is masked whole.
  for (const variant of [...variants].sort((a, b) => b.length - a.length)) {
    if (out.includes(variant)) out = out.replace(new RegExp(escapeRegExp(variant), 'g'), REDACTED)
  }
  return out.replace(BEARER_PATTERN, `$1 ${REDACTED}`).replace(JWT_PATTERN, REDACTED).replace(TRIPLE_SEGMENT_PATTERN, REDACTED).replace(HEX_SIGNATURE_PATTERN, REDACTED)
}

/** JSON.stringify replacer: errors become their readable parts, secret-named fields are masked. */
function replacer(this: unknown, key: string, value: unknown): unknown {
  if (key !== '' && SECRET_FIELD.test(key) && value !== null && value !== undefined && value !== '') return REDACTED
  if (value instanceof Error) {
    const out: Record<string, unknown> = { name: value.name, message: value.message }
    for (const extra of ['kind', 'code', 'status', 'field'] as const) {
      const v = (value as unknown as Record<string, unknown>)[extra]
      if (v !== undefined) out[extra] = v
    }
    return out
  }
  if (typeof value === 'bigint') return value.toString()
  return value
}

function serialise(time: string, level: LogLevel, message: string, fields: LogFields | undefined): string {
  const record = { time, level, msg: message, ...fields }
  try {
    return JSON.stringify(record, replacer)
  } catch {
    // A circular or otherwise unserialisable field must not lose the message itself.
    return JSON.stringify({ time, level, msg: message, fields: '[unserialisable]' })
  }
}

export function createLogger(options: LoggerOptions = {}): Logger {
  const minimum = LEVEL_RANK[options.level ?? 'info']
  const maxBytes = options.maxBytes ?? 5 * 1024 * 1024
  const keep = Math.max(1, options.keep ?? 3)
  const now = options.now ?? (() => new Date())
  const secrets = new Set<string>()
  const file = options.dir === undefined ? null : join(options.dir, 'logs', 'terminal.log')

  let size = -1 // unknown until the first write
  let broken = false // a log that cannot be written must never break the terminal

  function rotate(path: string): void {
    try {
      unlinkSync(`${path}.${keep}`)
    } catch {
      // not there yet
    }
    for (let index = keep - 1; index >= 1; index--) {
      try {
        renameSync(`${path}.${index}`, `${path}.${index + 1}`)
      } catch {
        // not there yet
      }
    }
    renameSync(path, `${path}.1`)
    size = 0
  }

  function writeToFile(path: string, line: string): void {
    if (broken) return
    try {
      if (size < 0) {
        mkdirSync(join(path, '..'), { recursive: true, mode: 0o700 })
        try {
          size = statSync(path).size
        } catch {
          size = 0
        }
      }
      const bytes = Buffer.byteLength(line) + 1
      if (size > 0 && size + bytes > maxBytes) rotate(path)
      appendFileSync(path, `${line}\n`, { mode: 0o600 })
      size += bytes
    } catch {
      broken = true
    }
  }

  function log(level: LogLevel, message: string, fields?: LogFields): void {
    if (LEVEL_RANK[level] < minimum) return
    const line = redactText(serialise(now().toISOString(), level, message, fields), secrets)
    if (file !== null) writeToFile(file, line)
    options.sink?.(line)
  }

  return {
    debug: (message, fields) => log('debug', message, fields),
    info: (message, fields) => log('info', message, fields),
    warn: (message, fields) => log('warn', message, fields),
    error: (message, fields) => log('error', message, fields),
    registerSecret(value: string) {
      if (typeof value === 'string' && value.length >= MIN_SECRET_LENGTH) secrets.add(value)
    },
    file,
  }
}
