// Candles: one series of 1-minute candles per pair (a ring buffer of typed arrays, so memory is fixed
// no matter how long the demo runs), from which every other interval is aggregated on request. Because
// all intervals come from the same minutes they always agree with each other.
import { type CandleStore, HistoryWalk } from './history-walk'
import type { Rng } from './prng'
import type { PairInfo } from './reference'

const MINUTE = 60

export interface CandleOut {
  time: number
  open: number
  close: number
  low: number
  high: number
  volume: number
  quoteVolume: number
  tradesCount: number
  takerBuyBaseVolume: number
  takerBuyQuoteVolume: number
}

const roundTo = (value: number, places: number): number => Math.round(value * 10 ** places) / 10 ** places

export class MinuteSeries implements CandleStore {
  readonly capacity: number
  /** Epoch minute (unix seconds / 60) of the oldest stored candle. */
  firstMinute = 0
  count = 0
  private head = 0
  // The storage: empty until the first minute is written (see `allocate`).
  open = new Float64Array(0)
  high = new Float64Array(0)
  low = new Float64Array(0)
  close = new Float64Array(0)
  volume = new Float64Array(0)
  quoteVolume = new Float64Array(0)
  takerBuyBase = new Float64Array(0)
  takerBuyQuote = new Float64Array(0)
  trades = new Uint32Array(0)
  /** The planned history not generated yet: the minutes from firstMinute to before pendingUntil. */
  private pending: HistoryWalk | null = null
  private pendingUntil = 0

  constructor(capacity: number) {
    this.capacity = capacity
  }

  /**
   * Allocates the whole ring on the first minute written, not when the market is built: a month of
   * minutes is ~3 MB a pair, and allocating every pair's at a host's start cost ~30 ms (zero-filled
   * page by page) and the garbage collector's attention, for memory nobody had read yet.
   */
  private allocate(): void {
    if (this.trades.length === this.capacity) return
    const n = this.capacity
    this.open = new Float64Array(n)
    this.high = new Float64Array(n)
    this.low = new Float64Array(n)
    this.close = new Float64Array(n)
    this.volume = new Float64Array(n)
    this.quoteVolume = new Float64Array(n)
    this.takerBuyBase = new Float64Array(n)
    this.takerBuyQuote = new Float64Array(n)
    this.trades = new Uint32Array(n)
  }

  get lastMinute(): number {
    return this.firstMinute + this.count - 1
  }

  /** Storage slot of an epoch minute, or -1 when it is not held. */
  slot(minute: number): number {
    const offset = minute - this.firstMinute
    if (offset < 0 || offset >= this.count) return -1
    return (this.head + offset) % this.capacity
  }

  /**
   * Lays out `minutes` of history ending with the minute before `endMinute`, produced by `walk` newest
   * first, as far back as reads reach (ensureFrom): until then those minutes are held, not generated.
   */
  planHistory(endMinute: number, minutes: number, walk: HistoryWalk): void {
    this.head = 0
    this.count = Math.min(minutes, this.capacity)
    this.firstMinute = endMinute - this.count
    this.pending = walk
    this.pendingUntil = endMinute
  }

  /** Generates the planned history from `minute` (or the oldest held minute) up to what exists. */
  ensureFrom(minute: number): void {
    if (this.pending === null) return
    const stop = Math.max(minute, this.firstMinute)
    while (this.pendingUntil > stop) {
      this.pendingUntil--
      this.pending.produce(this, this.slot(this.pendingUntil))
    }
    if (this.pendingUntil <= this.firstMinute) this.pending = null
  }

  /** Appends the candle of the minute after the last one, dropping the oldest when full. */
  push(minute: number, o: number, h: number, l: number, c: number, v: number, qv: number, tbb: number, tbq: number, n: number): void {
    if (this.count === 0) this.firstMinute = minute
    let index: number
    if (this.count < this.capacity) {
      index = (this.head + this.count) % this.capacity
      this.count++
    } else {
      index = this.head
      this.head = (this.head + 1) % this.capacity
      this.firstMinute++
    }
    this.set(index, o, h, l, c, v, qv, tbb, tbq, n)
  }

  /** Writes the candle held in storage slot `index`. */
  set(index: number, o: number, h: number, l: number, c: number, v: number, qv: number, tbb: number, tbq: number, n: number): void {
    this.allocate()
    this.open[index] = o
    this.high[index] = h
    this.low[index] = l
    this.close[index] = c
    this.volume[index] = v
    this.quoteVolume[index] = qv
    this.takerBuyBase[index] = tbb
    this.takerBuyQuote[index] = tbq
    this.trades[index] = n
  }

  lastClose(): number {
    // Nothing generated or traded yet: the walk knows the newest close without producing (storing) it.
    if (this.pending !== null && this.pendingUntil === this.lastMinute + 1) return this.pending.lastClose
    this.ensureFrom(this.lastMinute)
    const s = this.slot(this.lastMinute)
    return s < 0 ? 0 : this.close[s]!
  }

  /** Fills quiet minutes up to `minute` with flat candles at the last close (at most `capacity` of them). */
  rollTo(minute: number): void {
    if (this.count === 0 || minute <= this.lastMinute) return
    const price = this.lastClose()
    let next = Math.max(this.lastMinute + 1, minute - this.capacity + 1)
    if (next > this.lastMinute + 1) {
      // a gap longer than the whole buffer: start over rather than loop through minutes nobody keeps
      this.count = 0
      this.head = 0
      this.pending = null
    }
    for (; next <= minute; next++) this.push(next, price, price, price, price, 0, 0, 0, 0, 0)
  }

  applyTrade(minute: number, price: number, amount: number, takerBuy: boolean): void {
    this.rollTo(minute)
    this.ensureFrom(minute)
    const s = this.slot(minute)
    if (s < 0) return // older than anything kept (a held minute was written above: rollTo or ensureFrom)
    if (price > this.high[s]!) this.high[s] = price
    if (price < this.low[s]!) this.low[s] = price
    this.close[s] = price
    this.volume[s]! += amount
    this.quoteVolume[s]! += amount * price
    if (takerBuy) {
      this.takerBuyBase[s]! += amount
      this.takerBuyQuote[s]! += amount * price
    }
    this.trades[s]!++
  }
}

export interface ChartQuery {
  intervalSec: number
  since: number | null
  until: number | null
  limit: number
}

export class Market {
  readonly series = new Map<string, MinuteSeries>()
  private readonly pairs = new Map<string, PairInfo>()

  constructor(pairs: readonly PairInfo[], capacityMinutes: number) {
    for (const p of pairs) {
      this.pairs.set(p.name, p)
      this.series.set(p.name, new MinuteSeries(capacityMinutes))
    }
  }

  /**
   * `minutes` of history ending with the minute before `endMinute`: a mean-reverting random walk
   * around the pair's base price, with plausible wicks, volumes and taker-buy shares, generated
   * (history-walk.ts) as far back as requests read.
   */
  planHistory(pair: PairInfo, rng: Rng, endMinute: number, minutes: number): void {
    this.series.get(pair.name)!.planHistory(endMinute, minutes, new HistoryWalk(pair, rng))
  }

  lastClose(pairName: string): number {
    return this.series.get(pairName)!.lastClose()
  }

  rollAllTo(minute: number): void {
    for (const s of this.series.values()) s.rollTo(minute)
  }

  applyTrade(pairName: string, tsSec: number, price: number, amount: number, takerBuy: boolean): void {
    this.series.get(pairName)?.applyTrade(Math.floor(tsSec / MINUTE), price, amount, takerBuy)
  }

  /**
   * Candles of one interval whose start (`time`) is within [since, until], oldest first (a bucket
   * that began before `since` is left out, as the specification's lower bound says); when more match
   * than `limit`, the most recent `limit`.
   */
  candles(pairName: string, q: ChartQuery, nowSec: number): CandleOut[] {
    const s = this.series.get(pairName)!
    const p = this.pairs.get(pairName)!
    s.rollTo(Math.floor(nowSec / MINUTE))
    if (s.count === 0) return []
    const len = q.intervalSec
    const minutesPer = len / MINUTE
    const firstSec = s.firstMinute * MINUTE
    const lastSec = s.lastMinute * MINUTE
    const untilSec = Math.min(q.until ?? lastSec, lastSec)
    const lastBucket = Math.floor(untilSec / len) * len
    let firstBucket = Math.floor(firstSec / len) * len
    if (q.since !== null) firstBucket = Math.max(firstBucket, Math.ceil(q.since / len) * len)
    if (lastBucket < firstBucket) return []
    const bucketCount = (lastBucket - firstBucket) / len + 1
    if (bucketCount > q.limit) firstBucket = lastBucket - (q.limit - 1) * len
    s.ensureFrom(firstBucket / MINUTE)
    const out: CandleOut[] = []
    const ap = p.amountPrecision
    const qp = Math.min(p.pricePrecision + p.amountPrecision, 10)
    for (let bucket = firstBucket; bucket <= lastBucket; bucket += len) {
      const startMinute = Math.max(bucket / MINUTE, s.firstMinute)
      const endMinute = Math.min(bucket / MINUTE + minutesPer - 1, s.lastMinute)
      if (startMinute > endMinute) continue
      let slot = s.slot(startMinute)
      const open = s.open[slot]!
      let high = -Infinity
      let low = Infinity
      let close = open
      let volume = 0
      let quoteVolume = 0
      let tbb = 0
      let tbq = 0
      let trades = 0
      for (let m = startMinute; m <= endMinute; m++) {
        if (s.high[slot]! > high) high = s.high[slot]!
        if (s.low[slot]! < low) low = s.low[slot]!
        close = s.close[slot]!
        volume += s.volume[slot]!
        quoteVolume += s.quoteVolume[slot]!
        tbb += s.takerBuyBase[slot]!
        tbq += s.takerBuyQuote[slot]!
        trades += s.trades[slot]!
        slot = slot + 1 === s.capacity ? 0 : slot + 1
      }
      out.push({
        time: bucket,
        open,
        close,
        low,
        high,
        volume: roundTo(volume, ap),
        quoteVolume: roundTo(quoteVolume, qp),
        tradesCount: trades,
        takerBuyBaseVolume: roundTo(tbb, ap),
        takerBuyQuoteVolume: roundTo(tbq, qp),
      })
    }
    return out
  }

  /** Open, high, low, base and quote volume of the last 24 hours (for the ticker). */
  stats24h(pairName: string, nowSec: number): { open: number; high: number; low: number; volume: number; quoteVolume: number } {
    const s = this.series.get(pairName)!
    const nowMinute = Math.floor(nowSec / MINUTE)
    s.rollTo(nowMinute)
    const from = Math.max(s.firstMinute, nowMinute - 1439)
    s.ensureFrom(from)
    let slot = s.slot(from)
    const open = slot < 0 ? 0 : s.open[slot]!
    let high = -Infinity
    let low = Infinity
    let volume = 0
    let quoteVolume = 0
    for (let m = from; m <= s.lastMinute && slot >= 0; m++) {
      if (s.high[slot]! > high) high = s.high[slot]!
      if (s.low[slot]! < low) low = s.low[slot]!
      volume += s.volume[slot]!
      quoteVolume += s.quoteVolume[slot]!
      slot = slot + 1 === s.capacity ? 0 : slot + 1
    }
    return { open, high: Number.isFinite(high) ? high : open, low: Number.isFinite(low) ? low : open, volume, quoteVolume }
  }
}
