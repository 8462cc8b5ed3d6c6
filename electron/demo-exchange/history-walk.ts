// The demo's generated history of one pair, produced newest minute first. Walking backwards from a
// seeded last price means the price of "now" is known at once, and each older minute only when
// someone reads that far back (market.ts asks for exactly the minutes a request covers): the start no
// longer generates 30 days × 1440 minutes × every pair before it can answer (~200 ms), most of which
// nobody ever looks at. The same seed gives the same minutes whatever order they are read in, since
// one random stream is consumed strictly from the newest minute back.
import type { Rng } from './prng'
import type { PairInfo } from './reference'

/** Mean reversion per minute of the log price towards the pair's base price. */
const PULL = 0.00002

/** Where candles are stored (MinuteSeries): by storage slot. */
export interface CandleStore {
  set(slot: number, o: number, h: number, l: number, c: number, v: number, qv: number, tbb: number, tbq: number, n: number): void
}

export class HistoryWalk {
  private logPrice: number
  /** The close of the next minute to produce: the open of the minute after it. */
  private close: number
  private readonly logBase: number
  private readonly sigma: number
  private readonly priceFactor: number
  private readonly amountFactor: number
  private readonly typicalVolume: number

  constructor(
    pair: PairInfo,
    private readonly rng: Rng,
  ) {
    this.logBase = Math.log(pair.basePrice)
    this.sigma = pair.dailyVol / Math.sqrt(1440)
    this.priceFactor = 10 ** pair.pricePrecision
    this.amountFactor = 10 ** pair.amountPrecision
    this.typicalVolume = (pair.levelValue * 2) / pair.basePrice
    // The last price, drawn from where a long mean-reverting walk settles around the base price
    // (its stationary spread), so a seed lands anywhere a month of wandering could have taken it.
    const spread = this.sigma / Math.sqrt(2 * PULL - PULL * PULL)
    this.logPrice = this.logBase + rng.gauss() * spread
    this.close = this.price(this.logPrice)
  }

  /** The newest minute's close, before any minute is produced. */
  get lastClose(): number {
    return this.close
  }

  private price(logPrice: number): number {
    return this.roundPrice(Math.exp(logPrice))
  }

  private roundPrice(value: number): number {
    return Math.round(value * this.priceFactor) / this.priceFactor
  }

  private amount(value: number): number {
    return Math.round(value * this.amountFactor) / this.amountFactor
  }

  /**
   * Produces the minute before the one produced last (the first call: the newest minute). The walk
   * steps back one minute from its close to its open; the open is the previous minute's close.
   */
  produce(store: CandleStore, slot: number): void {
    const rng = this.rng
    const close = this.close
    this.logPrice += this.sigma * rng.gauss() - PULL * (this.logPrice - this.logBase)
    const open = this.price(this.logPrice)
    const wick = this.sigma * 0.6
    const high = this.roundPrice(Math.max(open, close) * (1 + Math.abs(rng.gauss()) * wick))
    const low = this.roundPrice(Math.min(open, close) * (1 - Math.abs(rng.gauss()) * wick))
    const volume = this.amount(this.typicalVolume * Math.exp(rng.gauss() * 0.8))
    const typical = (open + close + high + low) / 4
    const takerBuyBase = this.amount(volume * rng.range(0.3, 0.7))
    store.set(slot, open, high, low, close, volume, volume * typical, takerBuyBase, takerBuyBase * typical, rng.int(1, 90))
    this.close = open
  }
}
