// The keeper of one profile's protected positions: the process side of the pure reducer
// (electron/domain/protection). It decides nothing. It feeds the reducer what it observes — the
// legs' order records (polled at a bounded interval), the pairs' last prices (from the live feed at
// once, live-prices.ts, and polled beside it), the running chases' touch (from the live feed's book at
// once, live-touch.ts, and the ticker polled beside it) — and carries out the
// reducer's actions: places through the order desk with the reducer's client_order_id, cancels,
// looks up an answer that was lost (never resends). Every outcome goes back into the reducer as an
// event, and the state is saved after every step, before the next order is sent.
//
// One keeper acts per profile: it holds the lock on the positions file. Another process reads the
// state and leaves its requests in the inbox (position-store.ts) until it takes the lock over. The
// execution algorithms are kept by the same keeper, in the same file, under the same lock
// (algo-runner.ts): the same rounds read their slices' records and their pair's touch.
import { mkdir } from 'node:fs/promises'
import { dirname } from 'node:path'
import { TerminalError, toTerminalError } from '../../domain/errors'
import { openPosition, step } from '../../domain/protection/step'
import type { HistoryEntry, Position, PositionAction, PositionEvent } from '../../domain/protection/types'
import type { OrderRecord, Ticker } from '../../domain/wire/wire'
import { holdFileLock, type HeldLock } from '../storage/file-lock'
import { orderIdsBesides } from './leg-facts'
import { createLegLookup } from './leg-lookup'
import { withHistory } from './position-history'
import { createKeeperOrders } from './keeper-orders'
import { levelsEventOf } from './levels-request'
import type { KeeperRequest } from './position-store'
import { createAlgoRunner, ownerOf } from './algo-runner'
import type { Keeper, KeeperDeps } from './keeper-api'
import { createLivePrices } from './live-prices'
import { createLiveTouch, type Touch } from './live-touch'

export type { Keeper, KeeperDeps } from './keeper-api'

const isActive = (p: Position): boolean => p.state === 'pending' || p.state === 'open'

type AlgoRequest = Extract<KeeperRequest, { type: `algo-${string}` }>
type PositionRequest = Exclude<KeeperRequest, AlgoRequest>
const isAlgoRequest = (r: KeeperRequest): r is AlgoRequest => r.type.startsWith('algo-')

export function createKeeper(deps: KeeperDeps): Keeper {
  const { client, store } = deps
  const log = deps.logger
  const pollMs = Math.max(deps.pollMs ?? 2_000, 100)
  const positions = new Map<string, Position>()
  /** The last price fed to each position; a position without one gets `resumed` (nobody watched). */
  const lastFed = new Map<string, string>()
  const warnings: string[] = []
  let lock: HeldLock | null = null
  let lost = false
  let stopped = false
  let timer: ReturnType<typeof setInterval> | null = null
  let queue: Promise<unknown> = Promise.resolve()
  let savedJson = ''
  let savedAlgos = '[]'
  /** When this process last sent each leg's cancel; none yet (a start) makes a resting `cancelling` leg due at once. */
  const cancelSentAt = new Map<string, number>()
  const legs = createLegLookup({
    client,
    logger: log,
    claimed: (clientOrderId) => orderIdsBesides([...all(), ...algos.all().map(ownerOf)], clientOrderId),
    ...(deps.lookupDelaysMs ? { delaysMs: deps.lookupDelaysMs } : {}),
    ...(deps.lookupGraceMs !== undefined ? { graceMs: deps.lookupGraceMs } : {}),
  })
  const { perform, recentOrders, syncLegs } = createKeeperOrders({ ...deps, legs, cancelSentAt })
  const now = deps.now ?? Date.now
  const tickerOf = async (pair: string): Promise<Ticker | null> => (await client.ticker({ pair })).find((t) => t.pair.toUpperCase() === pair) ?? null
  const algos = createAlgoRunner({ orders: { perform, syncLegs }, ticker: tickerOf, acting: () => acting(), save: () => save(), round: () => void serial(tick), now })
  const prices = deps.live ? createLivePrices({ source: deps.live, step: (batch) => serial(() => stepPrices(batch)), resync: () => serial(tick) }) : null
  const touches = deps.live ? createLiveTouch({ source: deps.live, client, step: (batch) => serial(() => stepTouches(batch)) }) : null

  /** One thing at a time, in order: steps, saves and orders never interleave. */
  function serial<T>(work: () => Promise<T>): Promise<T> {
    const run = queue.then(work)
    queue = run.catch(() => undefined)
    return run
  }

  const acting = (): boolean => lock !== null && !lost && !stopped
  const all = (): Position[] => [...positions.values()]
  /** The pairs of the active positions (the ones the keeper watches). */
  const activePairs = (): string[] => all().flatMap((p) => (isActive(p) ? [p.pair] : []))

  async function save(): Promise<void> {
    const json = JSON.stringify(all())
    const algosJson = JSON.stringify(algos.all())
    if (json === savedJson && algosJson === savedAlgos) return
    await store.save(all(), algos.all())
    const [positionsChanged, algosChanged] = [json !== savedJson, algosJson !== savedAlgos]
    savedJson = json
    savedAlgos = algosJson
    if (positionsChanged) deps.onChange?.(all())
    if (algosChanged) deps.onAlgosChange?.(algos.all())
    follow()
  }

  /** The feed follows the pairs of the active positions (trades) and of the running chases (the touch) while this keeper acts. */
  function follow(): void {
    prices?.follow(acting() ? activePairs() : [])
    touches?.follow(acting() ? algos.chasePairs() : [])
  }

  /** The live feed's new touches: each running chase of the pair steps at once. */
  async function stepTouches(batch: ReadonlyMap<string, Touch>): Promise<void> {
    try {
      for (const [pair, touch] of batch) if (acting()) await algos.touch(pair, touch)
    } catch (error) {
      log?.warn('keeper: a touch from the feed failed', { error: toTerminalError(error).message })
    }
  }

  /** The live feed's newest prices: each active position of the pair steps at once. */
  async function stepPrices(batch: ReadonlyMap<string, string>): Promise<void> {
    try {
      for (const [pair, price] of batch) for (const p of all().filter((x) => x.pair === pair && isActive(x))) if (acting()) await feedPrice(p.id, price)
    } catch (error) {
      log?.warn('keeper: a price from the feed failed', { error: toTerminalError(error).message })
    }
  }

  /** Steps the reducer, saves, then carries out its actions; each outcome is stepped in turn. */
  async function feed(id: string, event: PositionEvent): Promise<void> {
    const current = positions.get(id)
    if (current === undefined) return
    const next = step(current, event)
    await apply(next.position, next.actions, withHistory(current, next, event, deps.now ?? Date.now))
  }

  /** Keeps and saves the step, tells its news (before its orders go out: the gap before its sale), then sends. */
  async function apply(position: Position, actions: PositionAction[], news: HistoryEntry[] = []): Promise<void> {
    positions.set(position.id, position)
    await save() // before anything is sent: the file names every order that may exist
    if (news.length > 0) deps.onNews?.(position, news)
    const outcomes: PositionEvent[] = []
    for (const action of actions) {
      if (!acting()) return // the lock was lost: the next keeper finds the legs 'placing' and looks them up
      outcomes.push(...(await perform(position, action)))
    }
    for (const event of outcomes) await feed(position.id, event)
  }

  /** Reads each pair's orders and last price once; feeds what changed. The first round after a start is the reconcile. */
  async function syncNow(): Promise<void> {
    await takeRequests()
    const pairs = new Set([...activePairs(), ...algos.pairs()])
    for (const pair of pairs) {
      if (!acting()) return
      let records: OrderRecord[]
      let ticker: Ticker | null
      try {
        records = await recentOrders(pair)
        ticker = await tickerOf(pair)
      } catch (error) {
        log?.warn('keeper: could not read the orders or the price', { pair, kind: toTerminalError(error).kind })
        continue
      }
      for (const p of all().filter((x) => x.pair === pair && isActive(x))) await syncPosition(p.id, records, ticker?.last ?? null)
      await algos.sync(pair, records, ticker)
    }
  }

  async function syncPosition(id: string, records: OrderRecord[], last: string | null): Promise<void> {
    await syncLegs(
      () => positions.get(id)!,
      records,
      (e) => feed(id, e),
    )
    if (last !== null) await feedPrice(id, last)
  }

  /** A new last price: `resumed` for the first this keeper feeds a position (nobody watched before), then `price-moved`. */
  async function feedPrice(id: string, last: string): Promise<void> {
    const p = positions.get(id)
    if (p === undefined || !isActive(p) || lastFed.get(id) === last) return
    const type = lastFed.has(id) ? 'price-moved' : 'resumed'
    lastFed.set(id, last)
    await feed(id, { type, price: last })
  }

  async function takeRequests(): Promise<void> {
    const { requests, warnings: damaged } = await store.takeRequests()
    for (const w of damaged) log?.warn('keeper inbox', { warning: w })
    for (const request of requests)
      await (isAlgoRequest(request) ? algos.handle(request) : handle(request)).catch((error: unknown) => log?.warn('keeper: a request failed', { error: toTerminalError(error).message }))
  }

  function positionOf(id: string): Position {
    const p = positions.get(id)
    if (p === undefined) throw new TerminalError({ kind: 'not-found', code: 'NO_SUCH_POSITION', message: `There is no position ${id}.` })
    return p
  }

  async function handle(request: PositionRequest | { type: 'acknowledge'; id: string }): Promise<Position> {
    if (request.type === 'open') {
      if (positions.has(request.plan.id)) throw new TerminalError({ kind: 'validation', code: 'POSITION_EXISTS', message: `A position ${request.plan.id} exists already.` })
      const opened = openPosition(request.plan)
      await apply(opened.position, opened.actions)
      return positionOf(request.plan.id)
    }
    const p = positionOf(request.id)
    const last = async () => (await tickerOf(p.pair))?.last ?? null
    if (request.type === 'acknowledge') await feed(p.id, { type: 'acknowledged' })
    else if (request.type === 'modify') await feed(p.id, levelsEventOf(p, request.change, await last()))
    else {
      if (request.type === 'cancel' && p.state !== 'pending') {
        throw new TerminalError({ kind: 'validation', code: 'POSITION_NOT_PENDING', message: `Position ${p.id} has bought already (${p.state}): close it instead.` })
      }
      await feed(p.id, { type: 'close', price: (await last()) ?? p.entryPrice })
    }
    return positionOf(request.id)
  }

  /** Acts now when this process keeps the positions; else leaves the request for the keeper. */
  async function submit(request: PositionRequest | { type: 'acknowledge'; id: string }): Promise<Position | null> {
    if (acting()) return serial(() => handle(request))
    if (request.type === 'acknowledge') throw new TerminalError({ kind: 'unsupported', code: 'NOT_KEEPER', message: 'Another process keeps these positions.' })
    await store.request(request)
    return null
  }

  async function tryTake(): Promise<void> {
    if (acting() || stopped) return
    lost = false
    await mkdir(dirname(store.path), { recursive: true, mode: 0o700 })
    const held = await holdFileLock(store.path, { staleMs: deps.lockStaleMs ?? 10_000, onLost: () => (lost = true) })
    if (held === null) return
    lock = held
    const loaded = await store.load()
    if (loaded.warning !== null) {
      warnings.push(loaded.warning)
      log?.warn('positions store', { warning: loaded.warning })
    }
    positions.clear()
    lastFed.clear()
    for (const p of loaded.positions) positions.set(p.id, p)
    algos.load(loaded.algos)
    savedJson = JSON.stringify(all())
    savedAlgos = JSON.stringify(algos.all())
    log?.info('keeper: acting for the profile', { positions: positions.size, algos: loaded.algos.length })
  }

  async function tick(): Promise<void> {
    try {
      const took = !acting()
      if (took) await tryTake()
      if (acting()) {
        await syncNow()
        if (took && acting()) deps.onActing?.() // after the reconcile: it acts from here on
      }
      follow()
    } catch (error) {
      log?.warn('keeper: a round failed', { error: toTerminalError(error).message })
    }
  }

  return {
    async start() {
      await serial(tick)
      timer = setInterval(() => void serial(tick), pollMs)
      timer.unref?.()
    },
    acting,
    async list() {
      if (acting()) return structuredClone(all())
      return (await store.load()).positions
    },
    open: (plan) => submit({ type: 'open', plan }),
    close: (id) => submit({ type: 'close', id }),
    cancel: (id) => submit({ type: 'cancel', id }),
    acknowledge: (id) => submit({ type: 'acknowledge', id }),
    modify: (id, change) => submit({ type: 'modify', id, change }),
    sync: () => serial(tick),
    async algos() {
      if (acting()) return structuredClone(algos.all())
      return (await store.load()).algos
    },
    algoNotFound: (id) => algos.notFound(id),
    async algo(request) {
      if (acting()) return serial(() => algos.handle(request))
      await store.request(request)
      return null
    },
    warnings: () => [...warnings],
    async stop() {
      stopped = true
      prices?.stop()
      touches?.stop()
      if (timer !== null) clearInterval(timer)
      algos.stop()
      await queue
      await lock?.release()
      lock = null
    },
  }
}
