// Command-line parsing for the CLI: a verb, then --flags, read by node:util's parseArgs. Kept apart
// from run.ts so the rules about what may be typed (and what must never be: secrets) sit in one
// short file; profiles.ts reads its own flags with readFlags below.
import { parseArgs as parseWithNode, type ParseArgsOptionsConfig } from 'node:util'
import type { OrderDraft } from '../domain/orders/orders'
import { REPEATABLE, SWITCH_FLAGS, VALUE_FLAGS, VERB_FLAGS, VERBS, type FlagName, type Verb } from './verbs'

/** Flags that would put a secret on the command line, where other users of the machine can read it. */
const SECRET_FLAGS = new Set(['api-key', 'api-secret', 'apikey', 'apisecret', 'key', 'secret', 'token'])

export class UsageError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'UsageError'
  }
}

export interface ParsedArgs {
  verb: Verb | null
  flags: Partial<Record<FlagName, string | true>>
  /** Arguments after the verb that are not flags (only the profiles verb takes them). */
  rest: string[]
}

/** Throws when `arg` is a flag that would carry a secret (--api-secret, --api-secret=..., ...). */
export function refuseSecretFlag(arg: string): void {
  if (!arg.startsWith('--')) return
  const eq = arg.indexOf('=')
  const name = (eq === -1 ? arg.slice(2) : arg.slice(2, eq)).toLowerCase()
  if (SECRET_FLAGS.has(name)) {
    throw new UsageError(
      `--${name} is refused: arguments are visible to other users of this machine. Put the key and secret in the environment variables TERMINAL_API_KEY and TERMINAL_API_SECRET (profiles add also reads them from standard input), or use --profile.`,
    )
  }
}

function isVerb(text: string): text is Verb {
  return (VERBS as readonly string[]).includes(text)
}

type Token = NonNullable<ReturnType<typeof parseWithNode>['tokens']>[number]

/**
 * Splits `argv` into flags and bare arguments with node:util's parseArgs. Not in its strict mode:
 * that refuses a value starting with "-", and `--base-amount -1` must reach the order rules, which
 * say what is wrong with it (exit 2, rejected locally), not fail as a usage error. flagsOf checks
 * the tokens instead.
 */
function tokensOf(argv: readonly string[], options: ParseArgsOptionsConfig): Token[] {
  return parseWithNode({ args: [...argv], options, strict: false, allowPositionals: true, tokens: true }).tokens
}

/**
 * The flags of `tokens`: each known, given once, a switch without a value and a flag with one (a
 * value starting with "--" is the next flag, so the value is missing). A bare argument is refused
 * without repeating it: it might be a pasted secret. `where` names the command. Throws UsageError.
 */
function flagsOf(tokens: readonly Token[], options: ParseArgsOptionsConfig, where: string): Record<string, string | true> {
  const flags: Record<string, string | true> = {}
  for (const token of tokens) {
    if (token.kind !== 'option') throw new UsageError(`${where}: unexpected argument; values follow their --flag.`)
    const option = Object.hasOwn(options, token.name) ? options[token.name] : undefined
    if (option === undefined) throw new UsageError(`Unknown flag ${token.rawName}. Run with --help for the list.`)
    const earlier = flags[token.name]
    if (earlier !== undefined && !(REPEATABLE.has(token.name) && typeof earlier === 'string')) throw new UsageError(`--${token.name} is given twice.`)
    if (option.type === 'boolean') {
      if (token.value !== undefined) throw new UsageError(`--${token.name} takes no value.`)
      flags[token.name] = true
    } else {
      if (token.value === undefined || (!token.inlineValue && token.value.startsWith('--'))) throw new UsageError(`--${token.name} needs a value.`)
      flags[token.name] = typeof earlier === 'string' ? `${earlier},${token.value}` : token.value
    }
  }
  return flags
}

/** Reads `--flag value | --flag=value | --switch`, refusing secret flags first. Throws UsageError. */
export function readFlags(argv: readonly string[], options: ParseArgsOptionsConfig, where: string): Record<string, string | true> {
  for (const arg of argv) refuseSecretFlag(arg)
  return flagsOf(tokensOf(argv, options), options, where)
}

const OPTIONS: ParseArgsOptionsConfig = Object.fromEntries([
  ...VALUE_FLAGS.map((name) => [name, { type: 'string' }] as const),
  ...SWITCH_FLAGS.map((name) => [name, name === 'help' ? { type: 'boolean', short: 'h' } : { type: 'boolean' }] as const),
])

/** Parses `<verb> [--flag value | --flag=value | --switch]...`. Throws UsageError. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  for (const arg of argv) refuseSecretFlag(arg)
  // The verb is the first bare argument that is not a flag's value (after a leading `help`, which is
  // --help). What follows `profiles` is that verb's own (profiles.ts reads it with its flags); for
  // every other verb all flags are ours.
  const tokens = tokensOf(argv, OPTIONS)
  const bare = tokens.filter((token) => token.kind === 'positional')
  const helpToken = bare[0]?.value === 'help' ? bare[0] : undefined
  const verbToken = helpToken ? bare[1] : bare[0]
  const word = verbToken?.value ?? null
  // `limits` is the same: its sub-verb (set, show) and flags are read by limits-verb.ts.
  const profilesAt = (word === 'profiles' || word === 'limits') && verbToken ? verbToken.index : -1
  const own = tokens.filter((token) => token !== verbToken && token !== helpToken && (profilesAt === -1 || token.index < profilesAt))
  const flags = flagsOf(own, OPTIONS, word ?? 'the CLI') as ParsedArgs['flags']
  if (helpToken) flags.help = true
  let verb: Verb | null = null
  if (word !== null && isVerb(word)) verb = word
  else if (word !== null) throw new UsageError(`Unknown verb "${word}". Run with --help for the list.`)
  if (verb !== null && !flags.help) {
    const allowed = VERB_FLAGS[verb]
    for (const name of Object.keys(flags) as FlagName[]) {
      if (!allowed.includes(name)) throw new UsageError(`--${name} does not apply to ${verb}.`)
    }
  }
  return { verb, flags, rest: profilesAt === -1 ? [] : argv.slice(profilesAt + 1) }
}

/** The value of a flag that takes one; undefined when absent. */
export function text(flags: ParsedArgs['flags'], name: FlagName): string | undefined {
  const value = flags[name]
  return typeof value === 'string' ? value : undefined
}

/** A required flag's value. */
export function required(flags: ParsedArgs['flags'], name: FlagName, verb: string): string {
  const value = text(flags, name)
  if (value === undefined || value.trim() === '') throw new UsageError(`${verb} needs --${name}.`)
  return value.trim()
}

/** An optional non-negative integer flag. */
export function integer(flags: ParsedArgs['flags'], name: FlagName, min = 0, max = Number.MAX_SAFE_INTEGER): number | undefined {
  const value = text(flags, name)
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value.trim())) throw new UsageError(`--${name} must be a whole number, got "${value}".`)
  const n = Number(value.trim())
  if (n < min || n > max) throw new UsageError(`--${name} must be between ${min} and ${max}, got ${n}.`)
  return n
}

/** The order flags of place-order and validate-order as a draft (the wallet defaults to SPOT). */
export function draftOf(flags: ParsedArgs['flags']): OrderDraft {
  const draft: OrderDraft = {
    pair: text(flags, 'pair') ?? '',
    order_type: text(flags, 'type') ?? '',
    order_side: text(flags, 'side') ?? '',
    wallet_type: text(flags, 'wallet') ?? 'SPOT',
  }
  const optional: Array<[keyof OrderDraft, Parameters<typeof text>[1]]> = [
    ['base_amount', 'base-amount'],
    ['quote_amount', 'quote-amount'],
    ['limit_price', 'limit-price'],
    ['stop_price', 'stop-price'],
    ['stop_operator', 'stop-operator'],
    ['client_order_id', 'client-order-id'],
  ]
  for (const [field, flag] of optional) {
    const value = text(flags, flag)
    if (value !== undefined) draft[field] = value
  }
  return draft
}
