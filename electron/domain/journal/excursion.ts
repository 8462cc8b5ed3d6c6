// MAE and MFE of a trade: how far the price went against it and for it while it was open. The lowest
// and highest price come from the candles that lie wholly inside the trade's time (a candle that
// starts before the entry or ends after the exit may hold prices of another time: its minute is left
// out) and from the trade's own fills, which were prices of its time too. For a long:
//   MAE = entry − lowest (at least 0)    MFE = highest − entry (at least 0)
// and in R: the excursion × amount ÷ the planned risk (what the trade stood to lose or gain at that
// price, fees apart). A short mirrors it. Candle values arrive as numbers (they are drawn); each is
// read as the decimal the server wrote (String of a number round-trips), then exact.
import { Decimal } from '../decimal'
import { RATIO_PLACES } from './round-trips'
import type { RoundTrip } from './types'

export interface CandleSpan {
  /** The candle's start, Unix seconds (as the exchange sends it). */
  time: number
  low: number
  high: number
}

export interface Excursion {
  low: string
  high: string
  mae: string
  mfe: string
  maeR: string | null
  mfeR: string | null
}

const fromNumber = (n: number): Decimal => new Decimal(String(n))

/** The candles of `candles` (one interval of `intervalMs`) that lie wholly inside the trade's time. */
export function candlesOf<C extends CandleSpan>(trip: Pick<RoundTrip, 'openedAt' | 'closedAt'>, candles: readonly C[], intervalMs: number): C[] {
  return candles.filter((c) => c.time * 1000 >= trip.openedAt && c.time * 1000 + intervalMs <= trip.closedAt)
}

export function excursionOf(trip: Pick<RoundTrip, 'side' | 'entry' | 'amount' | 'fills'>, candles: readonly CandleSpan[], risk: string | null): Excursion {
  let low: Decimal | null = null
  let high: Decimal | null = null
  const see = (lo: Decimal, hi: Decimal) => {
    low = low === null || lo.lt(low) ? lo : low
    high = high === null || hi.gt(high) ? hi : high
  }
  for (const f of trip.fills) {
    const price = new Decimal(f.price)
    see(price, price)
  }
  for (const c of candles) if (Number.isFinite(c.low) && Number.isFinite(c.high)) see(fromNumber(c.low), fromNumber(c.high))
  const entry = new Decimal(trip.entry)
  const lo: Decimal = low ?? entry
  const hi: Decimal = high ?? entry
  const long = trip.side === 'BUY'
  const mae = Decimal.max(long ? entry.sub(lo) : hi.sub(entry), 0)
  const mfe = Decimal.max(long ? hi.sub(entry) : entry.sub(lo), 0)
  const riskD = risk === null ? null : new Decimal(risk)
  const amount = new Decimal(trip.amount)
  const inR = (move: Decimal): string | null => {
    if (riskD === null || riskD.lte(0)) return null
    return move.isZero() ? '0' : move.mul(amount).div(riskD).toDecimalPlaces(RATIO_PLACES, Decimal.ROUND_HALF_UP).toFixed()
  }
  return { low: lo.toFixed(), high: hi.toFixed(), mae: mae.toFixed(), mfe: mfe.toFixed(), maeR: inR(mae), mfeR: inR(mfe) }
}
