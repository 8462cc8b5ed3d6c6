// Command-line parsing for the CLI: a verb, then --flags. Kept apart from run.ts so the rules about
// what may be typed (and what must never be: secrets) sit in one short file.

export const VERBS = [
  'currencies',
  'pairs',
  'candles',
  'trades',
  'ticker',
  'orderbook',
  'accounts',
  'balances',
  'fees',
  'orders',
  'place-order',
  'cancel-order',
  'validate-order',
  'profiles',
  'watch',
] as const
export type Verb = (typeof VERBS)[number]

/** Flags that take a value. */
const VALUE_FLAGS = [
  'base-url',
  'profile',
  'timeout-ms',
  'pair',
  'interval',
  'since',
  'until',
  'limit',
  'type',
  'side',
  'wallet',
  'base-amount',
  'quote-amount',
  'limit-price',
  'stop-price',
  'stop-operator',
  'client-order-id',
  'ids',
  'currency1',
  'currency2',
  'topics',
  'feed-url',
] as const
/** Flags that are present or absent. */
const SWITCH_FLAGS = ['include-subaccounts', 'all', 'help'] as const
export type FlagName = (typeof VALUE_FLAGS)[number] | (typeof SWITCH_FLAGS)[number]

const CONNECTION: FlagName[] = ['base-url', 'profile', 'timeout-ms', 'help']
const ORDER_FLAGS: FlagName[] = ['pair', 'type', 'side', 'wallet', 'base-amount', 'quote-amount', 'limit-price', 'stop-price', 'stop-operator', 'client-order-id']

/** Which flags each verb understands; anything else is a usage error, not silently ignored. */
export const VERB_FLAGS: Record<Verb, FlagName[]> = {
  currencies: CONNECTION,
  pairs: [...CONNECTION, 'currency1', 'currency2'],
  candles: [...CONNECTION, 'pair', 'interval', 'since', 'until', 'limit'],
  trades: [...CONNECTION, 'pair', 'limit'],
  ticker: [...CONNECTION, 'pair'],
  orderbook: [...CONNECTION, 'pair', 'limit'],
  accounts: [...CONNECTION, 'include-subaccounts'],
  balances: CONNECTION,
  fees: CONNECTION,
  orders: CONNECTION,
  'place-order': [...CONNECTION, ...ORDER_FLAGS],
  'validate-order': [...CONNECTION, ...ORDER_FLAGS],
  'cancel-order': [...CONNECTION, 'ids', 'all', 'pair'],
  profiles: [],
  watch: [...CONNECTION, 'pair', 'topics', 'limit', 'feed-url'],
}

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

/** Parses `<verb> [--flag value | --flag=value | --switch]...`. Throws UsageError. */
export function parseArgs(argv: readonly string[]): ParsedArgs {
  const flags: ParsedArgs['flags'] = {}
  const rest: string[] = []
  let verb: Verb | null = null
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    if (verb === 'profiles') {
      // The profiles verb parses its own arguments (profiles.ts), but a secret is refused here too.
      refuseSecretFlag(arg)
      rest.push(arg)
      continue
    }
    if (arg === '-h') {
      flags.help = true
      continue
    }
    if (!arg.startsWith('--')) {
      if (verb === null && arg === 'help') flags.help = true
      else if (verb === null && isVerb(arg)) verb = arg
      else if (verb === null) throw new UsageError(`Unknown verb "${arg}". Run with --help for the list.`)
      else throw new UsageError(`Unexpected argument "${arg}": values follow their --flag.`)
      continue
    }
    refuseSecretFlag(arg)
    const eq = arg.indexOf('=')
    const name = (eq === -1 ? arg.slice(2) : arg.slice(2, eq)).toLowerCase()
    if ((SWITCH_FLAGS as readonly string[]).includes(name)) {
      if (eq !== -1) throw new UsageError(`--${name} takes no value.`)
      flags[name as FlagName] = true
      continue
    }
    if (!(VALUE_FLAGS as readonly string[]).includes(name)) throw new UsageError(`Unknown flag --${name}. Run with --help for the list.`)
    let value: string | undefined
    if (eq !== -1) value = arg.slice(eq + 1)
    else {
      value = argv[i + 1]
      if (value === undefined || value.startsWith('--')) throw new UsageError(`--${name} needs a value.`)
      i++
    }
    if (flags[name as FlagName] !== undefined) throw new UsageError(`--${name} is given twice.`)
    flags[name as FlagName] = value
  }
  if (verb !== null && verb !== 'profiles' && !flags.help) {
    const allowed = VERB_FLAGS[verb]
    for (const name of Object.keys(flags) as FlagName[]) {
      if (!allowed.includes(name)) throw new UsageError(`--${name} does not apply to ${verb}.`)
    }
  }
  return { verb, flags, rest }
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
