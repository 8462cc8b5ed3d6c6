// The execution algorithms from a shell: `algo-start`, `algos`, `algo-pause`, `algo-resume` and
// `algo-cancel` (docs/algos.md). They live in the profile's positions file and are kept by the same
// keeper (`keeper`): a verb acts itself when no keeper holds the profile's lock (it takes the lock,
// sends what the reducer asks, saves, and lets go), else leaves its request for that keeper.
// `algo-start` prints the algorithm's id either way: it is made with the plan, before it is queued.
import { TerminalError } from '../domain/errors'
import { algoStartSchema, durationMsOf, type AlgoStartInput } from '../domain/algos/algo-input'
import type { ExchangeClient } from '../core/exchange/client'
import { algoAnswerOf, algoPlanFor } from '../core/positions/algo-start'
import type { AlgoCommand } from '../core/positions/position-store'
import { UsageError, required, text, type ParsedArgs } from './args'
import { algoView } from './algo-view'
import { cliKeeper, keeperNote, profileStore, type PositionsIo } from './positions-verbs'

export type AlgoVerb = 'algo-start' | 'algos' | AlgoCommand

/** `--duration 30s|10m|2h` in ms. */
export function durationOf(flag: string): number {
  const ms = durationMsOf(flag)
  if (ms === null) throw new UsageError(`--duration is a number and a unit, s, m or h (30s, 10m, 2h); got "${flag}".`)
  return ms
}

const integer = (flags: ParsedArgs['flags'], name: 'slices' | 'orders' | 'max-moves', verb: string, optional = false): number | undefined => {
  const value = optional ? text(flags, name) : required(flags, name, verb)
  if (value === undefined) return undefined
  if (!/^\d+$/.test(value)) throw new UsageError(`--${name} is a whole number; got "${value}".`)
  return Number(value)
}

/** The flags of each kind (besides --kind --pair --side --amount and the connection's): another is a usage error, not ignored. */
const KIND_FLAGS: Record<string, readonly string[]> = {
  twap: ['slices', 'duration', 'limit-price', 'randomize', 'finish'],
  iceberg: ['slice', 'price'],
  scaled: ['orders', 'from-price', 'to-price', 'distribution'],
  chase: ['max-distance', 'max-moves', 'finish'],
}
const ALL_KIND_FLAGS = new Set(Object.values(KIND_FLAGS).flat())

/** The start `algo-start`'s flags ask for, checked by the contract's schema. */
export function algoStartInputOf(flags: ParsedArgs['flags']): AlgoStartInput {
  const verb = 'algo-start'
  const kind = required(flags, 'kind', verb).toLowerCase()
  const stray = Object.keys(flags).filter((f) => ALL_KIND_FLAGS.has(f) && !(KIND_FLAGS[kind] ?? []).includes(f))
  if (stray.length > 0) throw new UsageError(`--${stray[0]} is not a flag of --kind ${kind}.`)
  const given = (name: 'limit-price' | 'finish' | 'max-distance' | 'distribution' | 'randomize') => text(flags, name)
  const common = { pair: required(flags, 'pair', verb).toUpperCase(), side: required(flags, 'side', verb).toUpperCase(), amount: required(flags, 'amount', verb) }
  const optional = <K extends string>(key: K, value: unknown) => (value === undefined ? {} : { [key]: value })
  let raw: Record<string, unknown>
  if (kind === 'twap') {
    const randomize = given('randomize')
    raw = {
      kind,
      ...common,
      slices: integer(flags, 'slices', verb),
      durationMs: durationOf(required(flags, 'duration', verb)),
      ...optional('limitPrice', given('limit-price')),
      ...optional('randomizePct', randomize === undefined ? undefined : Number(randomize.replace(/%$/, ''))),
      ...optional('finish', given('finish')?.toLowerCase()),
    }
  } else if (kind === 'iceberg') raw = { kind, ...common, slice: required(flags, 'slice', verb), price: required(flags, 'price', verb) }
  else if (kind === 'scaled') {
    raw = {
      kind,
      ...common,
      orders: integer(flags, 'orders', verb),
      fromPrice: required(flags, 'from-price', verb),
      toPrice: required(flags, 'to-price', verb),
      ...optional('distribution', given('distribution')?.toLowerCase()),
    }
  } else if (kind === 'chase') {
    raw = {
      kind,
      ...common,
      ...optional('maxDistance', given('max-distance')),
      ...optional('maxMoves', integer(flags, 'max-moves', verb, true)),
      ...optional('finish', given('finish')?.toLowerCase()),
    }
  } else throw new UsageError(`--kind is twap, iceberg, scaled or chase; got "${kind}".`)
  const parsed = algoStartSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new TerminalError({ kind: 'validation', code: 'INVALID_ALGO', message: `${issue?.path.join('.') || 'algo-start'}: ${issue?.message ?? 'invalid'}; nothing was sent.` })
  }
  return parsed.data
}

export async function runAlgoVerb(verb: AlgoVerb, args: ParsedArgs, io: PositionsIo, connect: () => Promise<ExchangeClient>): Promise<unknown> {
  const { flags } = args
  const input = verb === 'algo-start' ? algoStartInputOf(flags) : null
  const id = verb === 'algo-start' || verb === 'algos' ? null : required(flags, 'id', verb)
  const store = await profileStore(flags, io)
  if (verb === 'algos') return (await store.load()).algos.map(algoView)
  const client = await connect()
  // the plan (its id, the pair's rules checked) before the keeper: a refused plan takes no lock and sends nothing
  const plan = input !== null ? await algoPlanFor(client, input) : null
  const keeper = await cliKeeper(client, store, io)
  await keeper.start()
  try {
    if (id !== null && keeper.acting() && !(await keeper.algos()).some((a) => a.id === id)) throw keeper.algoNotFound(id)
    const algo = await keeper.algo(plan !== null ? { type: 'algo-start', plan } : { type: verb as AlgoCommand, id: id! })
    const answer = algoAnswerOf(plan?.id ?? id!, algo)
    return { queued: answer.queued, id: answer.id, algo: answer.algo && algoView(answer.algo), keeper: keeperNote(keeper) }
  } finally {
    await keeper.stop()
  }
}
