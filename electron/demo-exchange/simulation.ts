// The living market: for each pair a fair price wanders (a random walk, as the history did), market
// makers quote a ladder around it and takers hit the quotes, giving a trade every 0.2–2 s per pair.
// Everything runs on unref'd timers so the simulation never keeps a process alive by itself.
import { Decimal } from '../domain/decimal'
import type { Engine, Order } from './engine'
import { driveTo } from './price-drive'
import type { Rng } from './prng'
import { createRng } from './prng'
import type { PairInfo } from './reference'

const LEVELS = 12
/** The tape's beat: trades due are executed in batches this far apart. */
const TAPE_TICK_MS = 10
/** The tape requotes the makers' ladder after this many of its trades, so the book never runs dry. */
const TAPE_REQUOTE_EVERY = 40
/**
 * The warm-up requotes after this many trades: often enough that its trades follow the wandering fair
 * price (about two levels over the warm-up's minute) and never empty a side (a taker takes at most
 * half a level), rarely enough that the start does not spend its time replacing 24 orders a pair:
 * every 4 trades cost ~165 ms of CPU at the web host's start, every 10 ~75 ms, for the same first
 * screen: two full sides, a minute of trades near the book (warm-up.test.ts).
 */
const WARM_UP_REQUOTE_EVERY = 10
/** The pairs nobody asked for are warmed up this long after the market starts moving, at the latest. */
const WARM_REST_MS = 1_000

interface PairSim {
  pair: PairInfo
  rng: Rng
  logFair: number
  quotes: Order[]
  tick: Decimal
}

export class Simulation {
  private readonly sims: PairSim[] = []
  private readonly timers = new Set<NodeJS.Timeout>()
  private stopped = false
  private tapeTimer: NodeJS.Timeout | null = null
  /** Trades the tape has executed since the start (admin stats). */
  tapeTrades = 0

  constructor(
    private readonly engine: Engine,
    pairs: readonly PairInfo[],
    seed: number,
    startPrices: ReadonlyMap<string, number>,
  ) {
    for (const pair of pairs) {
      this.sims.push({
        pair,
        rng: createRng(seed, `live:${pair.name}`),
        logFair: Math.log(startPrices.get(pair.name) ?? pair.basePrice),
        quotes: [],
        tick: new Decimal(1).div(new Decimal(10).pow(pair.pricePrecision)),
      })
    }
  }

  /** The warm-up still owed to the pairs after the first ones: its clock and its trades per pair. */
  private owed: { nowMs: number; tradesPerPair: number } | null = null
  /** Pairs warmed up so far: always a prefix of the pair list, warmed in its order. */
  private warmed = 0
  /** Set by start(): the warm markets move, and each other one from its warm-up on. */
  private moving = false

  /**
   * Fills the books and the recent trades, with trades back-dated over the last minute or so: now
   * for the first pair (the one a window opens on), in slices of a few milliseconds (a requote and a
   * few trades), one per turn of the event loop, so an embedding host (the web host) serves its page
   * in between; the other pairs the moment something asks for one of them (ensureWarm), and from
   * WARM_REST_MS after the start otherwise, one pair per turn. Each pair's warm-up is the same
   * whenever it runs (its own random stream, the same back-dated clock, in the pairs' order), so what
   * a window sees is what warming every pair at once made; a start does not spend ~25 ms on seven
   * markets nobody has looked at yet.
   */
  async warmUp(nowMs: number, tradesPerPair: number): Promise<void> {
    const turn = () => new Promise((resolve) => setImmediate(resolve))
    this.owed = { nowMs, tradesPerPair }
    const first = this.sims[0]
    if (!first) return
    this.warmed = 1
    for (const _slice of this.warmPair(first, this.owed)) await turn()
    this.settleWarmUp()
  }

  /** Warms `pairName`'s market up (and every pair before it), or every pair's; an unknown pair, none. */
  ensureWarm(pairName?: string): void {
    const owed = this.owed
    if (!owed) return
    const upTo = pairName === undefined ? this.sims.length : this.sims.findIndex((s) => s.pair.name === pairName) + 1
    while (this.warmed < upTo) {
      const sim = this.sims[this.warmed++]!
      for (const _slice of this.warmPair(sim, owed));
      // A pair's market moves only once it is warm: its first move follows its warm-up, not the start.
      if (this.moving) this.schedule(sim)
    }
    this.settleWarmUp()
  }

  /** One pair's warm-up; it pauses (yields) before each requote after the first, where a host may serve. */
  private *warmPair(sim: PairSim, owed: { nowMs: number; tradesPerPair: number }): Generator<void> {
    yield
    this.requote(sim)
    for (let i = 0; i < owed.tradesPerPair; i++) {
      this.step(sim, 1.5)
      if (i % WARM_UP_REQUOTE_EVERY === WARM_UP_REQUOTE_EVERY - 1) {
        yield
        this.requote(sim)
      }
      this.takerTrade(sim, owed.nowMs - (owed.tradesPerPair - i) * 1500)
    }
    this.requote(sim)
  }

  private settleWarmUp(): void {
    if (this.warmed === this.sims.length) this.owed = null
  }

  /**
   * Sets the warm markets moving, and each other one once it is warm: asked for, or warmed from
   * WARM_REST_MS on, one pair per timer turn. (Its first move used to warm it, and every pair before
   * it, 0.2–2 s after the start: ~100 ms of a host's one thread while its first window waited for its
   * answers and then drew.)
   */
  start(): void {
    this.moving = true
    for (const sim of this.sims.slice(0, this.owed ? this.warmed : this.sims.length)) this.schedule(sim)
    this.later(WARM_REST_MS, () => this.warmRest())
  }

  /** The next pair nobody has asked for yet, then the one after it on the next turn. */
  private warmRest(): void {
    if (this.stopped || !this.owed) return
    this.ensureWarm(this.sims[this.warmed]!.pair.name)
    this.later(0, () => this.warmRest())
  }

  private later(ms: number, run: () => void): void {
    if (this.stopped) return
    const timer = setTimeout(() => {
      this.timers.delete(timer)
      run()
    }, ms)
    timer.unref()
    this.timers.add(timer)
  }

  /**
   * Bench-only, reached through the admin endpoint: `rate` taker trades a second of the pair's minimum
   * size on one pair for `seconds`, executed in batches every TAPE_TICK_MS. HTTP orders from a load
   * generator cannot reach thousands a second on a small machine; these trades still take the ordinary
   * path (engine → history → the feed's trade frames). A new tape replaces a running one; false when
   * the pair is unknown.
   */
  tape(pairName: string, rate: number, seconds: number): boolean {
    const sim = this.sims.find((s) => s.pair.name === pairName)
    if (!sim || this.stopped) return false
    this.stopTape()
    const started = Date.now()
    const until = started + seconds * 1000
    let done = 0
    const timer = setInterval(() => {
      const now = Math.min(Date.now(), until)
      // at most one second's worth per beat: a stalled process catches up slowly rather than in a burst
      const n = Math.min(Math.floor(((now - started) * rate) / 1000) - done, rate)
      for (let i = 0; i < n; i++) {
        if ((done + i) % TAPE_REQUOTE_EVERY === 0) {
          this.step(sim, 0.05)
          this.requote(sim)
        }
        this.engine.systemMarket(sim.pair, sim.rng.next() < 0.5 ? 'BUY' : 'SELL', sim.pair.minSize)
      }
      done += Math.max(0, n)
      this.tapeTrades += Math.max(0, n)
      if (now >= until) this.stopTape()
    }, TAPE_TICK_MS)
    timer.unref()
    this.tapeTimer = timer
    return true
  }

  /**
   * Admin-only (POST /__admin/price): trades the pair to `price` through the book (price-drive.ts)
   * and moves the makers' fair price there, so the market goes on from the new level instead of
   * drifting back (the next requote quotes around it). Answers the number of trades; null for an
   * unknown pair or a stopped simulation.
   */
  driveTo(pairName: string, price: Decimal): number | null {
    const sim = this.sims.find((s) => s.pair.name === pairName)
    if (!sim || this.stopped) return null
    const trades = driveTo(this.engine, sim.pair, price)
    // the random walk's state is a float by design (it only chooses where makers quote); prices stay exact
    sim.logFair = Math.log(price.toNumber())
    return trades
  }

  stopTape(): void {
    if (this.tapeTimer) clearInterval(this.tapeTimer)
    this.tapeTimer = null
  }

  stop(): void {
    this.stopped = true
    this.stopTape()
    for (const t of this.timers) clearTimeout(t)
    this.timers.clear()
  }

  private schedule(sim: PairSim): void {
    if (this.stopped) return
    const delayMs = sim.rng.range(200, 2000)
    this.later(delayMs, () => {
      this.step(sim, delayMs / 1000)
      this.requote(sim)
      this.takerTrade(sim)
      this.schedule(sim)
    })
  }

  /** Advances the fair price by `dtSec` of random walk, gently pulled back towards the base price. */
  private step(sim: PairSim, dtSec: number): void {
    const sigma = sim.pair.dailyVol / Math.sqrt(86_400)
    const pull = 0.00001 * dtSec * (sim.logFair - Math.log(sim.pair.basePrice))
    sim.logFair += sigma * Math.sqrt(dtSec) * sim.rng.gauss() - pull
  }

  /** Replaces the makers' ladder: LEVELS bids and asks around the fair price, one tick apart at least. */
  private requote(sim: PairSim): void {
    for (const o of sim.quotes) this.engine.cancelSystem(o)
    sim.quotes.length = 0
    const p = sim.pair
    const fair = Math.exp(sim.logFair)
    const half = Math.max(fair * 0.0004, 10 ** -p.pricePrecision)
    const step = Math.max(fair * 0.0003, 10 ** -p.pricePrecision)
    for (let i = 0; i < LEVELS; i++) {
      const bid = new Decimal(fair - half - i * step).toDecimalPlaces(p.pricePrecision, Decimal.ROUND_DOWN)
      const ask = new Decimal(fair + half + i * step).toDecimalPlaces(p.pricePrecision, Decimal.ROUND_UP)
      for (const [side, price] of [
        ['BUY', bid],
        ['SELL', ask],
      ] as const) {
        if (price.lte(0)) continue
        const value = p.levelValue * sim.rng.range(0.3, 1.5) * (1 + i * 0.15)
        const amount = this.size(p, value / price.toNumber())
        const order = this.engine.placeSystemLimit(p, side, price, amount)
        if (this.engine.isLive(order)) sim.quotes.push(order)
      }
    }
  }

  private takerTrade(sim: PairSim, atMs?: number): void {
    const p = sim.pair
    const fair = Math.exp(sim.logFair)
    const side = sim.rng.next() < 0.5 ? 'BUY' : 'SELL'
    const amount = this.size(p, (p.levelValue * sim.rng.range(0.03, 0.5)) / fair)
    this.engine.systemMarket(p, side, amount, atMs)
  }

  private size(p: PairInfo, raw: number): Decimal {
    const amount = new Decimal(raw.toFixed(p.amountPrecision + 2)).toDecimalPlaces(p.amountPrecision, Decimal.ROUND_DOWN)
    return amount.lt(p.minSize) ? p.minSize : amount
  }
}
