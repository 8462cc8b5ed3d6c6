// The command line of every script (test, ensure-built, system-deps, bench, soak and bench's own
// children): node:util's parseArgs in strict mode, so an unknown flag, a flag without its value or a
// stray argument stops the script with a message naming it, instead of being silently ignored.
import { parseArgs } from 'node:util'

/** A command line that cannot be read; its message is for the person who typed it. */
export class CommandLineError extends Error {
  name = 'CommandLineError'
}

/**
 * Node's parseArgs messages name the flag but go on with advice about positional arguments that
 * does not apply to us; keep what names the problem (and the "did you forget" of a missing value).
 */
function concise(message) {
  return message
    .replace(/\. To specify a positional argument[\s\S]*$/, '')
    .split('\n')
    .slice(0, 2)
    .join(' ')
}

/** `{ values, positionals }` of `argv` for `options` (parseArgs' format); throws CommandLineError. */
export function readCommandLine(argv, options, { allowPositionals = false } = {}) {
  try {
    return parseArgs({ args: [...argv], options, strict: true, allowPositionals })
  } catch (error) {
    if (typeof error?.code === 'string' && error.code.startsWith('ERR_PARSE_ARGS_')) throw new CommandLineError(concise(error.message))
    throw error
  }
}

/**
 * The number in flag `name` of parsed `values`, `fallback` when it is absent. Throws CommandLineError
 * unless it is a number (a whole one with `whole`) with above < n, min ≤ n and n ≤ max.
 */
export function numberFlag(values, name, { fallback = null, whole = false, above, min, max } = {}) {
  const raw = values[name]
  if (raw === undefined) return fallback
  const n = raw.trim() === '' ? Number.NaN : Number(raw)
  const ok = Number.isFinite(n) && (!whole || Number.isInteger(n)) && (above === undefined || n > above) && (min === undefined || n >= min) && (max === undefined || n <= max)
  if (ok) return n
  const bounds = min !== undefined && max !== undefined ? [`from ${min} to ${max}`] : [min !== undefined && `no less than ${min}`, max !== undefined && `no more than ${max}`]
  const range = [above !== undefined && `above ${above}`, ...bounds].filter(Boolean).join(' and ')
  throw new CommandLineError(`--${name} takes ${whole ? 'a whole number' : 'a number'}${range ? ` ${range}` : ''}, got "${raw}"`)
}

/**
 * The command line of script `name`, read by `read({ values, positionals })` (which may throw
 * CommandLineError for values it refuses). `--help` / `-h` prints `usage` and exits 0; a bad command
 * line prints what is wrong and the usage on stderr and exits 2, before the script does anything.
 */
export function commandLineOrExit(name, usage, options, read = (parsed) => parsed, { allowPositionals = false, argv = process.argv.slice(2) } = {}) {
  try {
    const parsed = readCommandLine(argv, { ...options, help: { type: 'boolean', short: 'h' } }, { allowPositionals })
    if (parsed.values.help) {
      process.stdout.write(`${usage}\n`)
      process.exit(0)
    }
    return read(parsed)
  } catch (error) {
    if (!(error instanceof CommandLineError)) throw error
    process.stderr.write(`${name}: ${error.message}\n${usage}\n`)
    process.exit(2)
  }
}
