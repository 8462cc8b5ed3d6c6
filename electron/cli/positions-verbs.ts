// The protected positions from a shell: `protect`, `positions`, `position-close`, `position-cancel`,
// `position-modify`, `position-acknowledge` and `keeper` (core/positions). The state is the profile's file in the data directory, shared with
// the app; a verb that changes it acts itself when no keeper holds the profile's lock (it takes the
// lock, sends what the reducer asks, saves, and lets go), else leaves its request for that keeper.
import { createHash } from 'node:crypto'
import { Decimal } from '../domain/decimal'
import { TerminalError } from '../domain/errors'
import { positionModifySchema, protectInputSchema, type ProtectInput } from '../domain/risk/protect-plan'
import type { LevelsChange } from '../domain/protection/levels'
import { changeOf } from '../core/positions/levels-request'
import { protectionWords } from '../domain/protection/describe'
import type { Position } from '../domain/protection/types'
import type { ExchangeClient } from '../core/exchange/client'
import { createFeedClient, type FeedClient } from '../core/live/feed-client'
import { sourceOfClient } from '../core/live/live-link'
import { createOrderDesk } from '../core/orders/order-desk'
import type { RiskGate } from '../core/orders/risk-gate'
import { createKeeper, type Keeper, type KeeperDeps } from '../core/positions/keeper'
import { createPositionStore, type PositionStore } from '../core/positions/position-store'
import type { Algo } from '../domain/algos/types'
import { algoView } from './algo-view'
import { answerOf, planFor } from '../core/positions/protect'
import { resolveDataDir } from '../core/storage/data-dir'
import { UsageError, required, text, type ParsedArgs } from './args'

export type PositionsVerb = 'protect' | 'positions' | 'position-close' | 'position-cancel' | 'position-modify' | 'position-acknowledge' | 'keeper'

export interface PositionsIo {
  env: Readonly<Record<string, string | undefined>>
  stdout: { write(text: string): unknown }
  /** Ends `keeper` (tests); without it, SIGINT or SIGTERM does. */
  stop?: AbortSignal
  /** The profile's id when --profile names one. */
  profileId?: (name: string) => Promise<string>
  /** The account's risk limits, asked before an entry is sent (exits are never held back). */
  riskGate?: (client: ExchangeClient) => Promise<RiskGate>
  /** The live feed's URL for `keeper` (its pairs' trades act at once); without one it polls only. */
  feedUrl?: () => Promise<string>
}

/** `keeper`'s live feed, or why it has none (TERMINAL_FEED=off, a URL that cannot be made): it polls then. */
async function keeperFeed(io: PositionsIo): Promise<{ feed: FeedClient; url: string } | { feed: null; reason: string }> {
  if (io.env.TERMINAL_FEED === 'off') return { feed: null, reason: 'TERMINAL_FEED=off' }
  if (!io.feedUrl) return { feed: null, reason: 'no feed URL' }
  try {
    const url = await io.feedUrl()
    return { feed: createFeedClient({ url }), url }
  } catch (error) {
    return { feed: null, reason: error instanceof Error ? error.message : String(error) }
  }
}

/** Whose positions: the profile's id, or for --base-url a name made from the exchange's origin. */
export async function profileKey(flags: ParsedArgs['flags'], io: Pick<PositionsIo, 'profileId'>): Promise<string> {
  const profile = text(flags, 'profile')
  if (profile !== undefined) return io.profileId ? io.profileId(profile) : profile
  const origin = new URL(text(flags, 'base-url') ?? '').origin
  return `url-${createHash('sha256').update(origin).digest('hex').slice(0, 16)}`
}

/**
 * One `--take-profit PRICE:PERCENT`: the percent of the position that target sells, above 0 and at
 * most 100 (`62000:50` sells half; a trailing `%` may say so). The unit is named and checked here
 * because a bare `:1` read as "all of it" sold 1 %. An OCO's single target may leave it out: it sells
 * everything.
 */
function takeProfitOf(flag: string, held: boolean): { price: string; share: string } {
  const [price, percent, extra] = flag.split(':').map((part) => part.trim())
  const share = percent !== undefined ? percent.replace(/%$/, '') : held ? '100' : ''
  const inRange = /^\d+(\.\d+)?$/.test(share) && new Decimal(share).gt(0) && new Decimal(share).lte(100)
  if (!price || extra !== undefined || !inRange) {
    throw new UsageError(`--take-profit is PRICE:PERCENT, the percent of the position it sells, above 0 and at most 100 (62000:50 sells half, 62000:100 all of it); got "${flag}".`)
  }
  return { price, share }
}

/** The request of `protect`'s flags, checked by the contract's schema. */
export function protectInputOf(flags: ParsedArgs['flags']): ProtectInput {
  const entries = [text(flags, 'entry-price') !== undefined, flags['entry-market'] === true, text(flags, 'held') !== undefined].filter(Boolean).length
  if (entries !== 1) throw new UsageError('protect needs exactly one of --entry-price L, --entry-market or --held A.')
  const held = text(flags, 'held')
  const amount = text(flags, 'amount')
  const risk = text(flags, 'risk-percent')
  if (held === undefined && (amount === undefined) === (risk === undefined)) throw new UsageError('protect needs exactly one of --amount A or --risk-percent R.')
  if (held !== undefined && (amount !== undefined || risk !== undefined)) throw new UsageError('--held protects coins already held: give no --amount or --risk-percent with it.')
  const takeProfits = (text(flags, 'take-profit') ?? '')
    .split(',')
    .filter((t) => t.trim() !== '')
    .map((t) => takeProfitOf(t, held !== undefined))
  const raw = {
    pair: required(flags, 'pair', 'protect').toUpperCase(),
    side: held !== undefined ? 'BUY' : required(flags, 'side', 'protect').toUpperCase(),
    entry: held !== undefined ? { type: 'HELD', amount: held } : flags['entry-market'] === true ? { type: 'MARKET' } : { type: 'LIMIT', price: text(flags, 'entry-price') },
    ...(held === undefined ? { size: amount !== undefined ? { amount } : { riskPercent: risk } } : {}),
    stopLoss: required(flags, 'stop-loss', 'protect'),
    ...(text(flags, 'stop-limit') !== undefined ? { stopLimit: text(flags, 'stop-limit') } : {}),
    ...(text(flags, 'stop-fallback') !== undefined ? { stopFallback: text(flags, 'stop-fallback')!.toLowerCase() } : {}),
    takeProfits,
    ...(text(flags, 'trail') !== undefined ? { trail: text(flags, 'trail') } : {}),
    ...(text(flags, 'slippage') !== undefined ? { slippage: text(flags, 'slippage') } : {}),
    breakeven: flags.breakeven === true,
  }
  const parsed = protectInputSchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new TerminalError({ kind: 'validation', code: 'INVALID_PROTECTION', message: `${issue?.path.join('.') ?? 'protect'}: ${issue?.message ?? 'invalid'}; nothing was sent.` })
  }
  return parsed.data
}

/** The change `position-modify`'s flags ask for: `--take-profit N:PRICE`, N counted from 1 as the targets are listed. */
export function modifyChangeOf(flags: ParsedArgs['flags']): LevelsChange {
  const takeProfits = (text(flags, 'take-profit') ?? '')
    .split(',')
    .filter((t) => t.trim() !== '')
    .map((t) => {
      const [n, price, extra] = t.split(':')
      if (n === undefined || price === undefined || extra !== undefined || !/^\d+$/.test(n.trim()) || Number(n) < 1) throw new UsageError(`--take-profit is N:PRICE (N from 1), got "${t}".`)
      return { index: Number(n) - 1, price: price.trim() }
    })
  const raw = {
    id: required(flags, 'id', 'position-modify'),
    ...(text(flags, 'entry-price') !== undefined ? { entryPrice: text(flags, 'entry-price') } : {}),
    ...(text(flags, 'stop-loss') !== undefined ? { stopLoss: text(flags, 'stop-loss') } : {}),
    ...(takeProfits.length > 0 ? { takeProfits } : {}),
  }
  const parsed = positionModifySchema.safeParse(raw)
  if (!parsed.success) {
    const issue = parsed.error.issues[0]
    throw new TerminalError({ kind: 'validation', code: 'INVALID_LEVELS', message: `${issue?.path.join('.') || 'position-modify'}: ${issue?.message ?? 'invalid'}; nothing was changed.` })
  }
  return changeOf(parsed.data)
}

/**
 * What `positions` prints of each position: its state, its protection, and every order with its ids.
 * A target's share is printed as `sharePercent`, the unit in its name, as `--take-profit` takes it.
 */
export function positionView(p: Position) {
  const { id, pair, side, state, protection, closedBy, filled, exited, entryPrice, stop, attention } = p
  const targets = p.targets.map((t) => ({ price: t.price, sharePercent: t.share, state: t.state }))
  const legs = p.legs.map((l) => ({
    role: l.role,
    clientOrderId: l.clientOrderId,
    orderId: l.orderId,
    type: l.type,
    side: l.side,
    amount: l.amount,
    filled: l.filled,
    status: l.status,
    ...(l.fallback ? { fallback: l.fallback } : {}),
  }))
  // in words, as the window says it: never "protected" while the stop gapped
  const { kind, text: words } = protectionWords(p)
  const gap = p.gap ? { ...p.gap } : null
  return {
    id,
    pair,
    side,
    state,
    protection,
    protectionNow: { kind, words },
    stopFallback: p.stopFallback ?? 'market',
    gap,
    closedBy,
    filled,
    exited,
    entryPrice,
    stop,
    targets,
    attention,
    legs,
    history: p.history ?? [],
  }
}

/** What `untilStopped` listens to for SIGINT and SIGTERM: the process, or a stand-in in tests. */
export type SignalSource = Pick<NodeJS.Process, 'on' | 'off'>

/**
 * Resolves when `signal` aborts, or else at SIGINT or SIGTERM. Until then it holds the event loop
 * open: the keeper's own timer is unref'd (it must not keep the app alive), so without this hold the
 * `keeper` verb's process would end right after its first round, letting go of the lock.
 */
export function untilStopped(signal: AbortSignal | undefined, source: SignalSource = process): Promise<void> {
  return new Promise((resolve) => {
    if (signal) {
      if (signal.aborted) return resolve()
      signal.addEventListener('abort', () => resolve(), { once: true })
      return
    }
    const hold = setInterval(() => undefined, 1 << 30)
    const done = () => {
      clearInterval(hold)
      source.off('SIGINT', done)
      source.off('SIGTERM', done)
      resolve()
    }
    source.on('SIGINT', done)
    source.on('SIGTERM', done)
  })
}

/** The profile's positions file (its algorithms beside them), in the data directory shared with the app. */
export async function profileStore(flags: ParsedArgs['flags'], io: PositionsIo): Promise<PositionStore> {
  return createPositionStore(resolveDataDir({ env: { ...io.env } as NodeJS.ProcessEnv }), await profileKey(flags, io))
}

/**
 * The profile's keeper for one verb: orders through the desk, entries (and every algorithm's slice)
 * through the desk that checks the risk limits. Started, it acts when no other process holds the lock.
 */
export async function cliKeeper(client: ExchangeClient, store: PositionStore, io: PositionsIo, extra: Partial<KeeperDeps> = {}): Promise<Keeper> {
  const desk = createOrderDesk({ client, accountId: () => null })
  const riskGate = await io.riskGate?.(client)
  const entryDesk = riskGate ? createOrderDesk({ client, accountId: () => null, riskGate }) : desk
  return createKeeper({ client, desk, entryDesk, store, ...extra })
}

/** What a changing verb says of the keeper: it acted and let go, or one elsewhere takes the request. */
export const keeperNote = (keeper: Keeper): string => (keeper.acting() ? 'none was running: start `keeper` to watch it' : 'running elsewhere: it takes this request at its next round')

export async function runPositionsVerb(verb: PositionsVerb, args: ParsedArgs, io: PositionsIo, connect: () => Promise<ExchangeClient>): Promise<unknown> {
  const { flags } = args
  const input = verb === 'protect' ? protectInputOf(flags) : null
  const id = verb === 'protect' || verb === 'positions' || verb === 'keeper' ? null : required(flags, 'id', verb)
  const change = verb === 'position-modify' ? modifyChangeOf(flags) : null
  const store = await profileStore(flags, io)
  if (verb === 'positions') return (await store.load()).positions.map(positionView)
  const client = await connect()
  const write = (value: unknown) => io.stdout.write(`${JSON.stringify(value)}\n`)
  const live = verb === 'keeper' ? await keeperFeed(io) : null
  const feed = live?.feed ?? null
  const keeper = await cliKeeper(client, store, io, {
    ...(feed ? { live: () => sourceOfClient(feed) } : {}),
    ...(verb === 'keeper'
      ? {
          onChange: (ps: Position[]) => write({ event: 'positions.changed', positions: ps.map(positionView) }),
          onAlgosChange: (algos: Algo[]) => write({ event: 'algos.changed', algos: algos.map(algoView) }),
          // a keeper that waited for the lock says when it took over
          onActing: () => started && write({ event: 'keeper', acting: true, file: store.path, tookOver: true }),
        }
      : {}),
  })
  let started = false
  await keeper.start()
  started = true
  try {
    if (verb === 'keeper') {
      write({ event: 'keeper', acting: keeper.acting(), file: store.path, ...(live?.feed ? { feed: live.url } : { feed: null, polling: live?.reason }) })
      await untilStopped(io.stop)
      return { stopped: true, acting: keeper.acting() }
    }
    // The plan's id, made here, is the one the keeper opens the position under, also when the request
    // waits in its inbox: printed either way, a script can follow the position it started.
    const plan = input !== null ? await planFor(client, input) : null
    const act = async (): Promise<Position | null> => {
      if (plan !== null) return keeper.open(plan)
      if (change !== null) return keeper.modify(id!, change)
      // only the acting keeper carries on: with another one running, NOT_KEEPER says so
      if (verb === 'position-acknowledge') return keeper.acknowledge(id!)
      return verb === 'position-close' ? keeper.close(id!) : keeper.cancel(id!)
    }
    const answer = answerOf(await act())
    return {
      queued: answer.queued,
      id: plan?.id ?? id,
      position: answer.position && positionView(answer.position),
      keeper: keeperNote(keeper),
    }
  } finally {
    await keeper.stop()
    feed?.close()
  }
}
