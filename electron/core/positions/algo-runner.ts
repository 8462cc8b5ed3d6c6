// The keeper's execution algorithms (keeper.ts composes it; docs/algos.md): the process side of the
// pure reducer in domain/algos, kept by the same keeper, in the same file and under the same lock as
// the protected positions. It decides nothing: each round it feeds every algorithm of a pair what the
// exchange's records say of its slices (the same reading as a position's legs: keeper-orders.ts) and
// the market (the ticker's touch and the time), and carries out the reducer's actions — each slice
// through the desk that checks the risk limits, a cancel, a look-up of a lost answer (never a
// resend). The state is saved after every step, before the next order is sent.
import { TerminalError } from '../../domain/errors'
import { openAlgo } from '../../domain/algos/plan'
import { stepAlgo } from '../../domain/algos/step'
import type { Algo, AlgoAction, AlgoEvent, AlgoPlan, OrderEvent, Slice } from '../../domain/algos/types'
import type { Leg, PositionAction, PositionEvent } from '../../domain/protection/types'
import type { OrderRecord, Ticker } from '../../domain/wire/wire'
import type { LegOwner } from './leg-facts'
import type { createKeeperOrders } from './keeper-orders'
import type { AlgoCommand } from './position-store'

export interface AlgoRunnerDeps {
  orders: Pick<ReturnType<typeof createKeeperOrders>, 'perform' | 'syncLegs'>
  /** The pair's ticker now (the touch a new algorithm starts from). */
  ticker: (pair: string) => Promise<Ticker | null>
  acting: () => boolean
  /** Saves the keeper's whole state (positions and algorithms). */
  save: () => Promise<void>
  /** Runs one round of the keeper (at an algorithm's next slot, even if nothing moves). */
  round: () => void
  now: () => number
}

/** A slice as a position's leg: the same statuses, records and look-ups. */
const legOf = (s: Slice): Leg => ({ ...s, role: 'entry', stopPrice: null, target: null })
/** An algorithm as the owner of legs (keeper-orders.ts, leg-lookup.ts). */
export const ownerOf = (a: Algo): LegOwner => ({ id: a.id, pair: a.pair, legs: a.slices.map(legOf) })

/** Every slice goes out as an entry would: through the desk that checks the risk limits first. */
function actionOf(action: AlgoAction): PositionAction {
  if (action.type !== 'place') return action
  const { type, clientOrderId, side, orderType, amount, limitPrice } = action
  return { type, role: 'entry', clientOrderId, side, orderType, amount, ...(limitPrice !== undefined ? { limitPrice } : {}) }
}

const ORDER_EVENTS: ReadonlySet<PositionEvent['type']> = new Set(['accepted', 'refused', 'filled', 'cancel-confirmed', 'outcome-unknown', 'looked-up'])
const orderEvents = (events: PositionEvent[]): OrderEvent[] => events.filter((e): e is OrderEvent => ORDER_EVENTS.has(e.type))

const COMMANDS: Record<AlgoCommand, AlgoEvent> = { 'algo-pause': { type: 'pause' }, 'algo-resume': { type: 'resume' }, 'algo-cancel': { type: 'cancel' } }

export const isActiveAlgo = (a: Algo): boolean => a.state === 'running' || a.state === 'paused'

export function createAlgoRunner(deps: AlgoRunnerDeps) {
  const algos = new Map<string, Algo>()
  /** What each algorithm was last fed of the market, and when it wants the next: a round feeds it again only on a change or when due. */
  const seen = new Map<string, { touch: string; wakeAt: number | null }>()
  let wakeTimer: { at: number; timer: ReturnType<typeof setTimeout> } | null = null

  /** A round at `at` (TWAP's next slot), unless one is asked for earlier already. */
  function wake(at: number): void {
    if (wakeTimer !== null && wakeTimer.at <= at) return
    if (wakeTimer !== null) clearTimeout(wakeTimer.timer)
    const timer = setTimeout(
      () => {
        wakeTimer = null
        deps.round()
      },
      Math.max(0, at - deps.now()),
    )
    timer.unref?.()
    wakeTimer = { at, timer }
  }

  async function feed(id: string, event: AlgoEvent): Promise<void> {
    const current = algos.get(id)
    if (current === undefined) return
    const next = stepAlgo(current, event)
    algos.set(id, next.algo)
    if (event.type === 'market') seen.set(id, { touch: `${event.bid}/${event.ask}/${event.last}`, wakeAt: next.wakeAt })
    await deps.save() // before anything is sent: the file names every order that may exist
    if (next.wakeAt !== null) wake(next.wakeAt)
    const outcomes: OrderEvent[] = []
    for (const action of next.actions) {
      if (!deps.acting()) return // the lock was lost: the next keeper finds the slices 'placing' and looks them up
      outcomes.push(...orderEvents(await deps.orders.perform(ownerOf(next.algo), actionOf(action))))
    }
    for (const e of outcomes) await feed(id, e)
  }

  /** The ticker's touch and the time, when they changed or the algorithm is due (or `force`d: before a command, so it acts on the market now). */
  async function feedMarket(id: string, ticker: Ticker, force = false): Promise<void> {
    const touch = `${ticker.buy}/${ticker.sell}/${ticker.last}`
    const last = seen.get(id)
    const now = deps.now()
    if (!force && last !== undefined && last.touch === touch && (last.wakeAt === null || now < last.wakeAt)) {
      if (last.wakeAt !== null) wake(last.wakeAt) // a timer that fired a little early: again at the slot
      return
    }
    await feed(id, { type: 'market', at: now, bid: ticker.buy ?? null, ask: ticker.sell ?? null, last: ticker.last })
  }

  const notFound = (id: string) => new TerminalError({ kind: 'not-found', code: 'NO_SUCH_ALGO', message: `There is no algorithm ${id}.` })

  return {
    /** The algorithms as kept now. */
    all: (): Algo[] => [...algos.values()],
    /** The kept algorithms replaced by those read from the file (the keeper takes the lock). */
    load(list: readonly Algo[]): void {
      algos.clear()
      seen.clear()
      for (const a of list) algos.set(a.id, a)
    },
    /** The pairs of the algorithms still going. */
    pairs: (): string[] => [...algos.values()].filter(isActiveAlgo).map((a) => a.pair),
    /** The pairs of the running chases: the keeper follows their touch on the live feed (live-touch.ts). */
    chasePairs: (): string[] => [...new Set([...algos.values()].filter((a) => a.kind === 'chase' && a.state === 'running').map((a) => a.pair))],
    /** The touch from the live feed: each running chase of the pair fed it at once, with the last price it saw. */
    async touch(pair: string, touch: { bid: string | null; ask: string | null }): Promise<void> {
      for (const a of [...algos.values()].filter((x) => x.pair === pair && x.kind === 'chase' && x.state === 'running')) {
        if (!deps.acting()) return
        await feedMarket(a.id, { pair, buy: touch.bid, sell: touch.ask, last: algos.get(a.id)!.market?.last ?? null })
      }
    },
    /** One round for a pair: its algorithms' slices from the records, then the market. */
    async sync(pair: string, records: OrderRecord[], ticker: Ticker | null): Promise<void> {
      for (const a of [...algos.values()].filter((x) => x.pair === pair && isActiveAlgo(x))) {
        if (!deps.acting()) return
        await deps.orders.syncLegs(
          () => ownerOf(algos.get(a.id)!),
          records,
          (e) => feed(a.id, e as OrderEvent),
        )
        if (ticker !== null && isActiveAlgo(algos.get(a.id)!)) await feedMarket(a.id, ticker)
      }
    },
    /** A start, pause, resume or cancel, carried out now (by the acting keeper). */
    async handle(request: { type: 'algo-start'; plan: AlgoPlan } | { type: AlgoCommand; id: string }): Promise<Algo> {
      if (request.type === 'algo-start') {
        const { plan } = request
        if (algos.has(plan.id)) throw new TerminalError({ kind: 'validation', code: 'ALGO_EXISTS', message: `An algorithm ${plan.id} exists already.` })
        algos.set(plan.id, openAlgo(plan))
        await deps.save()
        const ticker = await deps.ticker(plan.rules.name).catch(() => null)
        if (ticker !== null) await feedMarket(plan.id, ticker)
        return algos.get(plan.id)!
      }
      const a = algos.get(request.id)
      if (a === undefined) throw notFound(request.id)
      const ticker = isActiveAlgo(a) ? await deps.ticker(a.pair).catch(() => null) : null
      if (ticker !== null) await feedMarket(a.id, ticker, true)
      await feed(request.id, COMMANDS[request.type])
      return algos.get(request.id)!
    },
    notFound,
    stop(): void {
      if (wakeTimer !== null) clearTimeout(wakeTimer.timer)
      wakeTimer = null
    },
  }
}

export type AlgoRunner = ReturnType<typeof createAlgoRunner>
