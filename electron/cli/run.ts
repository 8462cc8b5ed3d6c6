// The CLI: the exchange client and the order desk without a window. One JSON document on stdout; on
// failure a JSON error on stderr and an exit code that says what kind of failure it was, so scripts
// can tell "rejected, nothing happened" from "the order may exist".
//
// Everything the outside world provides (environment, output streams, fetch, profiles) comes in
// through `io`, so the whole CLI runs in-process in tests.
import { toTerminalError } from '../domain/errors'
import { UsageError, parseArgs, type ParsedArgs } from './args'
import { VERB_FLAGS, VERBS } from './verbs'
import { USAGE } from './usage'
import { EXIT, fail, usage, type CliIo } from './io'
import { VERB_TABLE } from './verb-table'

export { EXIT, type CliIo, type CliStdin, type ResolvedProfile } from './io'
export { USAGE }

/** Runs the CLI with `argv` (without node and the script) and returns the exit code. */
export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let args: ParsedArgs
  try {
    args = parseArgs(argv)
  } catch (error) {
    if (error instanceof UsageError) return usage(io, error.message)
    throw error
  }
  if (args.flags.help === true || args.verb === null) {
    if (args.verb !== null && !VERB_TABLE[args.verb].subcommands) {
      io.stdout.write(`${USAGE}\n${args.verb} accepts: ${VERB_FLAGS[args.verb].map((f) => `--${f}`).join(' ')}\n`)
      return EXIT.ok
    }
    if (args.flags.help === true) {
      io.stdout.write(USAGE)
      return EXIT.ok
    }
    io.stderr.write(USAGE)
    return EXIT.usage
  }
  const entry = VERB_TABLE[args.verb]
  try {
    if (entry.subcommands && (args.rest.some((a) => a === '--help' || a === '-h') || args.rest[0] === 'help')) {
      io.stdout.write(USAGE)
      return EXIT.ok
    }
    return await entry.run(args, io)
  } catch (error) {
    if (error instanceof UsageError) return usage(io, error.message)
    return fail(io, toTerminalError(error))
  }
}

export { VERBS }
