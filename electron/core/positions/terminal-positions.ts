// The positions.* handlers of the terminal: one keeper for the active profile, started when the
// profile has positions on disk or a positions.* method is first called, stopped when the profile
// session ends. Whether it acts depends on the lock: while another process (the CLI's `keeper`)
// keeps the profile's positions, this one reads them and queues its requests. The acting keeper
// follows its pairs' trades on the profile session's live feed.
import { existsSync } from 'node:fs'
import type { EventHub } from '../events'
import type { HandlersOf } from '../handlers'
import type { Logger } from '../storage/logger'
import type { Notice, PositionAnswer } from '../../domain/api/api'
import { TerminalError } from '../../domain/errors'
import type { Position } from '../../domain/protection/types'
import type { Algo } from '../../domain/algos/types'
import type { OrderOwner } from '../account/account-feed'
import { positionModifySchema, protectInputSchema } from '../../domain/risk/protect-plan'
import { noProfile } from '../market/terminal-market'
import type { Session } from '../session/terminal-session'
import { createOrderDesk } from '../orders/order-desk'
import type { RiskGate } from '../orders/risk-gate'
import type { ExchangeClient } from '../exchange/client'
import type { LiveSource } from '../live/live-link'
import { createKeeper, type Keeper } from './keeper'
import { createPositionStore } from './position-store'
import { answerOf, planFor } from './protect'
import { changeOf } from './levels-request'
import { createAlgoHandlers, type AlgoHandlers } from './terminal-algos'

export interface PositionsDeps {
  session: Pick<Session, 'active' | 'client' | 'accountId' | 'onProfileEnd'>
  hub: EventHub
  dataDir: string
  logger?: Logger | undefined
  pollMs?: number | undefined
  /** The profile session's live feed (live-link.ts): the keeper steps the kept pairs' trades at once. */
  live?: (() => LiveSource | null) | undefined
  /** The account's risk limits, checked before an entry is sent (exits are never held back). */
  riskGate?: (client: ExchangeClient, profile: { baseUrl: string; isDemo: boolean }) => RiskGate
  /** News of a position a trader is told of at once (a stop or target filled, a fallback fired, one that needs them). */
  notify?: (notice: Notice) => void
}

export interface TerminalPositions {
  /** The positions.* handlers, and the algos.* ones: the same keeper keeps both. */
  handlers: HandlersOf<'positions.list' | 'positions.protect' | 'positions.close' | 'positions.cancel' | 'positions.acknowledge' | 'positions.modify'> & AlgoHandlers
  /** Starts the active profile's keeper when it has positions on disk (after an activation). */
  resume(): Promise<void>
  /** The active profile's position or algorithm an order (by the exchange's id) belongs to, and what for; null for the trader's own orders. */
  ownerOf(orderId: number): OrderOwner | null
  /**
   * One of those orders changed at the exchange (the account feed saw a fill or a cancel): the acting
   * keeper reads its orders now instead of at its next poll, so an entry's stop (or an iceberg's next
   * slice) follows its fill at once. Rounds are not stacked: kicks during one make one more round after it.
   */
  kick(): void
  dispose(): Promise<void>
}

export function createTerminalPositions(deps: PositionsDeps): TerminalPositions {
  const { session, hub } = deps
  let current: { profileId: string; keeper: Keeper } | null = null
  /** The positions and algorithms the keeper last told of (its changes), for ownerOf. */
  let known: { profileId: string; positions: Position[] } | null = null
  let knownAlgos: { profileId: string; algos: Algo[] } | null = null

  async function keeper(): Promise<Keeper> {
    const profile = session.active
    const client = session.client
    if (profile === null || client === null) throw noProfile()
    if (current?.profileId === profile.id) return current.keeper
    const store = createPositionStore(deps.dataDir, profile.id)
    const desk = createOrderDesk({ client, accountId: () => session.accountId })
    const riskGate = deps.riskGate?.(client, profile)
    const entryDesk = riskGate ? createOrderDesk({ client, accountId: () => session.accountId, riskGate }) : desk
    const k = createKeeper({
      client,
      desk,
      entryDesk,
      store,
      logger: deps.logger,
      pollMs: deps.pollMs,
      live: deps.live,
      onChange: (positions) => {
        known = { profileId: profile.id, positions }
        hub.emit('positions.changed', { profileId: profile.id, positions })
      },
      onAlgosChange: (algos) => {
        knownAlgos = { profileId: profile.id, algos }
        hub.emit('algos.changed', { profileId: profile.id, algos })
      },
      onNews: (position, lines) => {
        const title = `${position.pair.replace('_', '/')} ${position.side === 'BUY' ? 'long' : 'short'} (${profile.name})`
        for (const line of lines) deps.notify?.({ kind: 'position', title, body: line.text })
      },
    })
    current = { profileId: profile.id, keeper: k }
    await k.start()
    // What it keeps from the start (its changes update it), so a leg's first fill or cancel is named.
    if (known?.profileId !== profile.id) known = { profileId: profile.id, positions: await k.list() }
    if (knownAlgos?.profileId !== profile.id) knownAlgos = { profileId: profile.id, algos: await k.algos() }
    return k
  }

  let kicked: Promise<void> | null = null
  let kickAgain = false
  function kick(): void {
    const k = current?.keeper
    if (!k?.acting()) return
    if (kicked) {
      kickAgain = true
      return
    }
    kicked = (async () => {
      do {
        kickAgain = false
        await k.sync()
      } while (kickAgain && current?.keeper === k)
    })()
      .catch((error: unknown) => deps.logger?.warn('positions keeper', { error: String(error) }))
      .finally(() => (kicked = null))
  }

  async function end(): Promise<void> {
    const ending = current
    current = null
    await ending?.keeper.stop()
  }
  session.onProfileEnd(() => void end())

  const notFound = (id: string) => new TerminalError({ kind: 'not-found', code: 'NO_SUCH_POSITION', message: `There is no position ${id}.` })

  /** One position's request, after checking the acting keeper has it. */
  async function byId(id: string, act: (k: Keeper) => Promise<Position | null>): Promise<PositionAnswer> {
    const k = await keeper()
    if (k.acting() && !(await k.list()).some((p) => p.id === id)) throw notFound(id)
    return answerOf(await act(k))
  }

  return {
    handlers: {
      'positions.list': async () => (await keeper()).list(),
      async 'positions.protect'(input) {
        const k = await keeper()
        const plan = await planFor(session.client!, protectInputSchema.parse(input))
        return answerOf(await k.open(plan))
      },
      'positions.close': ({ id }) => byId(id, (k) => k.close(id)),
      'positions.cancel': ({ id }) => byId(id, (k) => k.cancel(id)),
      // Only the acting keeper can carry on: another process's keeper answers NOT_KEEPER.
      'positions.acknowledge': ({ id }) => byId(id, (k) => k.acknowledge(id)),
      'positions.modify': (input) => byId(input.id, (k) => k.modify(input.id, changeOf(positionModifySchema.parse(input)))),
      ...createAlgoHandlers(keeper, () => session.client!),
    },
    async resume() {
      const id = session.active?.id
      if (id !== undefined && existsSync(createPositionStore(deps.dataDir, id).path)) await keeper()
    },
    ownerOf(orderId) {
      if (!known || known.profileId !== session.active?.id) return null
      const id = String(orderId)
      for (const p of known.positions) {
        const leg = p.legs.find((l) => l.orderId === id)
        if (leg) return { role: leg.role, pair: p.pair }
      }
      for (const algo of knownAlgos?.profileId === known.profileId ? knownAlgos.algos : []) {
        const slice = algo.slices.find((s) => s.orderId === id)
        // `pulled`: the algorithm cancelled it itself (saved before the cancel went out), so its cancel is not news
        if (slice) return { algo: algo.kind, pair: algo.pair, pulled: slice.pulled === true }
      }
      return null
    },
    kick,
    dispose: end,
  }
}
