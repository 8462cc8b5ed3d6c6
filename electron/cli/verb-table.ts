// Every verb of the CLI and what it does (run.ts parses the command line and runs one): how a verb
// connects (a profile, or the key and secret from the environment), reads one thing, or works on the
// keeper's file. The usage lines are in usage.ts, the flags each verb takes in verbs.ts.
import { TerminalError } from '../domain/errors'
import { CANDLE_INTERVALS, type CandleInterval } from '../domain/wire/wire'
import { baseUrlProblem } from '../domain/origin'
import { createExchangeClient, type Credentials, type ExchangeClient } from '../core/exchange/client'
import { createOrderDesk } from '../core/orders/order-desk'
import { UsageError, draftOf, integer, required, text, type ParsedArgs } from './args'
import type { Verb } from './verbs'
import { feedUrlOf, runWatch } from './watch'
import { historyCall, type HistoryVerb } from './history-verbs'
import { runPortfolio } from './portfolio-verb'
import { runCancelAll } from './cancel-all-verb'
import { runPositionsVerb, type PositionsIo, type PositionsVerb } from './positions-verbs'
import { runAlgoVerb, type AlgoVerb } from './algo-verbs'
import { riskGateForCli, runLimits } from './limits-verb'
import { runDiagnostics } from './diagnostics-verb'
import { runJournal } from './journal-verb'
import { runAlerts, runDrawings } from './drawings-verbs'
import { EXIT, fail, usage, writeJson, type CliIo } from './io'

/** The key and secret from the environment: both or neither. */
function envCredentials(env: CliIo['env']): (() => Promise<Credentials>) | undefined {
  const apiKey = env.TERMINAL_API_KEY?.trim()
  const apiSecret = env.TERMINAL_API_SECRET?.trim()
  if (!apiKey && !apiSecret) return undefined
  if (!apiKey || !apiSecret) throw new UsageError('Set both TERMINAL_API_KEY and TERMINAL_API_SECRET, or neither (public data only).')
  return async () => ({ apiKey, apiSecret })
}

async function connect(args: ParsedArgs, io: CliIo): Promise<ExchangeClient> {
  const baseUrl = text(args.flags, 'base-url')
  const profile = text(args.flags, 'profile')
  if (baseUrl !== undefined && profile !== undefined) throw new UsageError('Give --base-url or --profile, not both.')
  const timeoutMs = integer(args.flags, 'timeout-ms', 1, 600_000)
  const common = {
    ...(timeoutMs !== undefined ? { timeoutMs } : {}),
    ...(io.fetch ? { fetch: io.fetch } : {}),
    ...(io.sleep ? { sleep: io.sleep } : {}),
    ...(io.random ? { random: io.random } : {}),
  }
  if (profile !== undefined) {
    if (!io.resolveProfile) {
      throw new TerminalError({
        kind: 'not-found',
        code: 'PROFILES_UNAVAILABLE',
        message: 'Profiles are not available in this build of the CLI; use --base-url with TERMINAL_API_KEY and TERMINAL_API_SECRET.',
      })
    }
    const resolved = await io.resolveProfile(profile)
    const creds = resolved.credentials
    return createExchangeClient({ baseUrl: resolved.baseUrl, credentials: typeof creds === 'function' ? creds : async () => creds, ...common })
  }
  if (baseUrl === undefined) throw new UsageError('Say which exchange: --base-url <url> (key and secret from the environment) or --profile <name>.')
  if (!/^https?:\/\/[^\s/]+/i.test(baseUrl)) throw new UsageError(`--base-url must be an http(s) URL, got "${baseUrl}".`)
  const credentials = envCredentials(io.env)
  // The profiles' rule: https, or plain http to this computer only (market data read in clear could be
  // altered on the way as easily as a key could be read).
  const problem = baseUrlProblem(baseUrl)
  if (problem) {
    throw new TerminalError({ kind: 'validation', code: 'INVALID_BASE_URL', field: 'baseUrl', message: `--base-url: ${problem} Nothing was sent.` })
  }
  return createExchangeClient({ baseUrl, ...(credentials ? { credentials } : {}), ...common })
}

function intervalOf(flags: ParsedArgs['flags']): CandleInterval {
  const value = required(flags, 'interval', 'candles')
  const match = CANDLE_INTERVALS.find((i) => i.toUpperCase() === value.toUpperCase())
  if (!match) throw new UsageError(`--interval must be one of ${CANDLE_INTERVALS.join(', ')}, got "${value}".`)
  return match
}

function idsOf(value: string): number[] {
  const parts = value
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '')
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p))) throw new UsageError(`--ids must be order ids separated by commas, like 12,15; got "${value}".`)
  return parts.map(Number)
}

/** The connection of the flags, or (given a name) that stored profile's in their place. */
function connectAs(args: ParsedArgs, io: CliIo): (profile?: string) => Promise<ExchangeClient> {
  const { 'base-url': _url, profile: _profile, ...rest } = args.flags
  return (profile) => connect(profile === undefined ? args : { ...args, flags: { ...rest, profile } }, io)
}

/**
 * What a verb does: prints its answer (or its own failure) and returns the exit code. Arguments are
 * checked before any connection is made: a usage error sends nothing.
 */
type VerbRun = (args: ParsedArgs, io: CliIo) => Promise<number>

export interface VerbEntry {
  run: VerbRun
  /** The verb reads what follows it itself (a sub-command and its flags): help after it is the usage. */
  subcommands?: true
}

/** A verb that reads one thing: `callOf` checks the flags, then the answer of the call is printed. */
const read = (callOf: (flags: ParsedArgs['flags'], args: ParsedArgs, io: CliIo) => (client: ExchangeClient) => Promise<unknown>): VerbEntry => ({
  async run(args, io) {
    const call = callOf(args.flags, args, io)
    writeJson(io.stdout, await call(await connect(args, io)))
    return EXIT.ok
  },
})

const pairOf = (flags: ParsedArgs['flags'], verb: Verb): string => required(flags, 'pair', verb).toUpperCase()

/** The history verbs (history-verbs.ts): book, history, fills, pnl. */
const history = (verb: HistoryVerb): VerbEntry => read((_flags, args, io) => historyCall(verb, args, io.now?.() ?? Date.now()))

/**
 * The verbs of the profile's keeper, on its file and lock, with the limits' gate: the protected
 * positions' (positions-verbs.ts) and the execution algorithms' (algo-verbs.ts).
 */
function kept<V>(verb: V, runVerb: (verb: V, args: ParsedArgs, io: PositionsIo, connect: () => Promise<ExchangeClient>) => Promise<unknown>): VerbEntry {
  return {
    async run(args, io) {
      const profileId = io.resolveProfile && (async (name: string) => (await io.resolveProfile!(name)).id ?? name)
      const keeperIo: PositionsIo = {
        env: io.env,
        stdout: io.stdout,
        ...(io.stop ? { stop: io.stop } : {}),
        ...(profileId ? { profileId } : {}),
        riskGate: (client: ExchangeClient) => riskGateForCli(args, io, client),
        feedUrl: () => feedUrlOf(args.flags, io),
      }
      writeJson(io.stdout, await runVerb(verb, args, keeperIo, () => connect(args, io)))
      return EXIT.ok
    },
  }
}
const positions = (verb: PositionsVerb): VerbEntry => kept(verb, runPositionsVerb)
const algos = (verb: AlgoVerb): VerbEntry => kept(verb, runAlgoVerb)

/** Every verb and what it does; the usage lines are in usage.ts, the flags each takes in verbs.ts. */
export const VERB_TABLE: Record<Verb, VerbEntry> = {
  currencies: read(() => (c) => c.currencies()),
  pairs: read((flags) => {
    const currency1 = text(flags, 'currency1')
    const currency2 = text(flags, 'currency2')
    return (c) => c.pairs({ ...(currency1 ? { currency1 } : {}), ...(currency2 ? { currency2 } : {}) })
  }),
  candles: read((flags) => {
    const query = { pair: pairOf(flags, 'candles'), interval: intervalOf(flags) }
    const since = integer(flags, 'since')
    const until = integer(flags, 'until')
    const limit = integer(flags, 'limit', 1, 500)
    if (since !== undefined && until !== undefined && since > until) throw new UsageError('--since must not be after --until.')
    return (c) => c.candles({ ...query, ...(since !== undefined ? { since } : {}), ...(until !== undefined ? { until } : {}), ...(limit !== undefined ? { limit } : {}) })
  }),
  trades: read((flags) => {
    const pair = pairOf(flags, 'trades')
    const limit = integer(flags, 'limit', 1)
    return (c) => c.trades({ pair, ...(limit !== undefined ? { limit } : {}) })
  }),
  ticker: read((flags) => {
    const pair = text(flags, 'pair')?.trim().toUpperCase()
    return (c) => c.ticker(pair ? { pair } : {})
  }),
  orderbook: read((flags) => {
    const pair = pairOf(flags, 'orderbook')
    const limit = integer(flags, 'limit', 0)
    return (c) => c.orderbook({ pair, ...(limit !== undefined ? { limit_buy: limit, limit_sell: limit } : {}) })
  }),
  accounts: read((flags) => {
    const include = flags['include-subaccounts'] === true
    return (c) => c.accounts(include ? { include_subaccounts: true } : {})
  }),
  balances: read(() => (c) => c.balances()),
  fees: read(() => (c) => c.feeInfo()),
  orders: read(() => (c) => c.recentOrders()),
  'cancel-order': read((flags) => {
    const ids = text(flags, 'ids')
    const pair = text(flags, 'pair')
    const given = [ids !== undefined, flags.all === true, pair !== undefined].filter(Boolean).length
    if (given !== 1) throw new UsageError('cancel-order needs exactly one of --ids 1,5,8, --all or --pair P.')
    const body = ids !== undefined ? { order_ids: idsOf(ids) } : flags.all === true ? { all: true as const } : { pair: pair!.trim().toUpperCase() }
    return (c) => c.cancelOrders(body)
  }),
  'validate-order': {
    async run(args, io) {
      const draft = draftOf(args.flags)
      const client = await connect(args, io)
      const check = await createOrderDesk({ client, accountId: () => null, ...(io.random ? { random: io.random } : {}) }).validate(draft)
      writeJson(io.stdout, check)
      return check.errors.length > 0 ? EXIT.rejectedLocally : EXIT.ok
    },
  },
  'place-order': {
    async run(args, io) {
      const draft = draftOf(args.flags)
      const client = await connect(args, io)
      const riskGate = await riskGateForCli(args, io, client)
      const desk = createOrderDesk({ client, accountId: () => null, riskGate, ...(io.random ? { random: io.random } : {}), ...(io.sleep ? { sleep: io.sleep } : {}) })
      const result = await desk.place(draft)
      writeJson(io.stdout, result)
      if (result.outcome === 'placed' || result.lookup === 'placed') return EXIT.ok
      const unknown = new TerminalError({ kind: 'outcome-unknown', code: 'OUTCOME_UNKNOWN', message: result.message })
      return fail(io, unknown, { lookup: result.lookup, clientOrderId: result.clientOrderId })
    },
  },
  watch: {
    async run(args, io) {
      await runWatch(args, io, () => connect(args, io))
      return EXIT.ok
    },
  },
  'cancel-all': {
    async run(args, io) {
      const { outcomes, exit } = await runCancelAll(args, io, connectAs(args, io))
      writeJson(io.stdout, outcomes)
      return exit
    },
  },
  portfolio: {
    async run(args, io) {
      const report = await runPortfolio(args, io, connectAs(args, io))
      if (report.accounts.length === 0 && report.failed.length > 0) {
        const words = report.failed.map((f) => `${f.name}: ${f.message}`).join('; ')
        throw new TerminalError({ kind: 'network', code: 'PORTFOLIO_UNREADABLE', message: `No account could be read (${words}).` })
      }
      writeJson(io.stdout, report)
      return EXIT.ok
    },
  },
  protect: positions('protect'),
  positions: positions('positions'),
  'position-close': positions('position-close'),
  'position-cancel': positions('position-cancel'),
  'position-modify': positions('position-modify'),
  'position-acknowledge': positions('position-acknowledge'),
  keeper: positions('keeper'),
  'algo-start': algos('algo-start'),
  algos: algos('algos'),
  'algo-pause': algos('algo-pause'),
  'algo-resume': algos('algo-resume'),
  'algo-cancel': algos('algo-cancel'),
  book: history('book'),
  history: history('history'),
  fills: history('fills'),
  pnl: history('pnl'),
  journal: {
    async run(args, io) {
      const out = await runJournal(args, io, () => connect(args, io))
      if ('csv' in out) io.stdout.write(out.csv)
      else writeJson(io.stdout, out.json)
      return EXIT.ok
    },
  },
  limits: {
    subcommands: true,
    async run(args, io) {
      writeJson(io.stdout, await runLimits(args.rest, io))
      return EXIT.ok
    },
  },
  diagnostics: {
    async run(_args, io) {
      writeJson(io.stdout, await runDiagnostics(io))
      return EXIT.ok
    },
  },
  drawings: {
    async run(args, io) {
      writeJson(io.stdout, await runDrawings(args, io))
      return EXIT.ok
    },
  },
  alerts: {
    async run(args, io) {
      writeJson(io.stdout, await runAlerts(args, io))
      return EXIT.ok
    },
  },
  profiles: {
    subcommands: true,
    async run(args, io) {
      if (!io.profilesCommand) return usage(io, 'Profiles are not available in this build of the CLI.')
      writeJson(io.stdout, await io.profilesCommand(args.rest, io))
      return EXIT.ok
    },
  },
}
