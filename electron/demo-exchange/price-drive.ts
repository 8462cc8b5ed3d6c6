// Driving a pair's price to a level on request (POST /__admin/price): a taker from the admin's side
// trades through the book, one price level at a time, until the last trade is at the asked price.
// Every resting order on the way fills as in a real market — the simulated makers' and traders'
// alike — and because each level is its own order, the stops that a level's trade reaches trigger
// before the next level is taken (the engine checks stops after every order), so a triggered
// stop-limit competes for the levels that are left, as it would on a real exchange. When the book
// runs out before the price, the demo's own market maker quotes the price and the taker takes it, so
// the last trade ends exactly there. Exact decimals throughout; no time, no randomness.
import { Decimal } from '../domain/decimal'
import { remaining, type Order, type Side } from './engine-types'
import type { PairBook } from './pair-markets'
import type { PairInfo } from './reference'

/** What the drive needs of the engine. */
export interface DriveEngine {
  book(pairName: string): PairBook
  placeSystemLimit(pair: PairInfo, side: Side, price: Decimal, amount: Decimal): Order
  cancelSystem(order: Order): void
  /** Trades executed so far, on every pair. */
  tradeCount(): number
}

/**
 * Bounds on the loop, never reached by a sane book: each sweep takes a whole level, and each round
 * ends with a trade at the target unless a stop that triggered moved the price on again.
 */
const MAX_SWEEPS = 100_000
const MAX_ROUNDS = 50

/** Trades the pair's price to `target` (positive, within the pair's price precision); answers the number of trades. */
export function driveTo(engine: DriveEngine, pair: PairInfo, target: Decimal): number {
  const before = engine.tradeCount()
  const book = engine.book(pair.name)
  for (let round = 0; round < MAX_ROUNDS && !book.last.eq(target); round++) {
    const up = target.gt(book.last)
    sweep(engine, pair, book, up, target)
    if (book.last.eq(target)) break
    quoteAndTake(engine, pair, up, target)
  }
  return engine.tradeCount() - before
}

/** Takes the opposite side level by level while its best price lies at or before the target. */
function sweep(engine: DriveEngine, pair: PairInfo, book: PairBook, up: boolean, target: Decimal): void {
  const opposite = up ? book.asks : book.bids
  for (let i = 0; i < MAX_SWEEPS; i++) {
    const level = opposite.best()
    if (!level || (up ? level.price.gt(target) : level.price.lt(target))) return
    let amount = new Decimal(0)
    for (const o of level.orders) amount = amount.plus(remaining(o))
    // a limit at the level's own price: it takes this level and nothing beyond it
    const taker = engine.placeSystemLimit(pair, up ? 'BUY' : 'SELL', level.price, amount)
    engine.cancelSystem(taker) // nothing of it may rest (a no-op when it filled whole)
  }
}

/** The demo's market maker quotes the target and the admin's taker takes that quote: one trade there. */
function quoteAndTake(engine: DriveEngine, pair: PairInfo, up: boolean, target: Decimal): void {
  const maker = engine.placeSystemLimit(pair, up ? 'SELL' : 'BUY', target, pair.minSize)
  const left = remaining(maker)
  // The quote crossed a resting order (a bid above the target, say) and traded at that order's
  // price: the next round goes the other way from there.
  if (left.lte(0)) return
  const taker = engine.placeSystemLimit(pair, up ? 'BUY' : 'SELL', target, left)
  engine.cancelSystem(taker)
  engine.cancelSystem(maker)
}
