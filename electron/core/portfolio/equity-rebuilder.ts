// Rebuilds an account's equity before its first recorded point from the exchange's wallet activity
// (domain/portfolio/equity-rebuild.ts), through the client holding that account's own key (activity is private).
// Read: today's balances, each held currency's activity over the last REBUILD_DAYS (30-day windows),
// and each currency's candles in the quote currency over the span to rebuild (its pair CUR_QUOTE, or
// 1 ÷ close of QUOTE_CUR; a currency with neither is left out of every point and counted in it, as
// the recorder leaves it out). The result says what was done, in words, for the chart: an exchange without the endpoint
// (404) leaves the history as recorded, and so does one whose activity cannot be read.
import { INTERVAL_SECONDS, type CandleInterval } from '../../domain/wire/constants'
import { Decimal } from '../../domain/decimal'
import { DAY_MS, MINUTE_MS } from '../../domain/portfolio/equity-series'
import { REBUILD_DAYS, motionTimes, rebuildEquity, stepFor, gridTimes, type Closes, type RebuiltPoint } from '../../domain/portfolio/equity-rebuild'
import { toTerminalError } from '../../domain/errors'
import type { Pair, WalletMotion } from '../../domain/wire/wire'
import { readWindows } from '../account/account-history'
import { mapBounded } from './bounded'
import type { ExchangeClient } from '../exchange/client'

export type RebuildClient = Pick<ExchangeClient, 'balances' | 'accountActivity' | 'pairs' | 'candles'>

export interface Rebuilt {
  points: RebuiltPoint[]
  /** What was done, in words; null when there was nothing before the first record to rebuild. */
  note: string | null
  /** Worth trying again later (the network): false once done, or when the exchange lacks the endpoint. */
  retry: boolean
}

const CANDLES_PER_CALL = 500
/** Currencies read at once: tens of calls in all, never a burst against the exchange's rate limit. */
const READS_AT_ONCE = 3

/** The closes of `currency` in `quote`, by candle start (ms), over [from, until); null: no pair. */
async function closesOf(client: RebuildClient, pairs: readonly Pair[], currency: string, quote: string, from: number, until: number, step: number): Promise<Closes | null> {
  const direct = pairs.find((p) => p.currency1 === currency && p.currency2 === quote)
  const inverse = direct ? undefined : pairs.find((p) => p.currency1 === quote && p.currency2 === currency)
  const pair = direct ?? inverse
  if (!pair) return null
  const closes = new Map<number, string>()
  const interval: CandleInterval = step === MINUTE_MS ? '1' : '60'
  const stepSec = INTERVAL_SECONDS[interval]
  for (let since = Math.floor(from / 1000); since < until / 1000; since += CANDLES_PER_CALL * stepSec) {
    const candles = await client.candles({ pair: pair.name, interval, since, until: Math.min(since + (CANDLES_PER_CALL - 1) * stepSec, Math.ceil(until / 1000)), limit: CANDLES_PER_CALL })
    for (const c of candles) {
      const close = new Decimal(String(c.close))
      if (close.lte(0)) continue
      // A price read backwards is cut at 18 places, as the portfolio's routes are.
      closes.set(c.time * 1000, direct ? close.toFixed() : new Decimal(1).div(close).toDecimalPlaces(18, Decimal.ROUND_DOWN).toFixed())
    }
  }
  return closes
}

/** The account's equity before `until` (its first recorded point, or now), rebuilt; never throws. */
export async function rebuildFromActivity(client: RebuildClient, accountId: number, quote: string, until: number, now: number): Promise<Rebuilt> {
  try {
    const balances: Record<string, string> = {}
    for (const b of await client.balances()) {
      if (b.account_id !== undefined && b.account_id !== accountId) continue
      balances[b.currency] = new Decimal(balances[b.currency] ?? 0).plus(b.balance).toFixed()
    }
    const motions: WalletMotion[] = []
    // A few currencies at a time (bounded.ts), each one's windows in turn; kept in the currencies' order.
    const reads = await mapBounded(Object.keys(balances), READS_AT_ONCE, (currency) => readWindows<WalletMotion>(now - REBUILD_DAYS * DAY_MS, now, (w) => client.accountActivity({ currency, ...w })))
    for (const read of reads) {
      const seen = new Set<number>()
      for (const m of read) {
        if (m.account_id !== undefined && m.account_id !== accountId) continue
        if (m.id !== undefined && seen.has(m.id)) continue
        if (m.id !== undefined) seen.add(m.id)
        motions.push(m)
      }
    }
    const times = motionTimes(motions).filter((t): t is number => t !== null)
    const first = times.length === 0 ? null : Math.min(...times)
    if (first === null || first >= until) return { points: [], note: null, retry: false }
    const step = stepFor(first, until)
    const grid = gridTimes(first, until, step)
    const pairs = grid.length === 0 ? [] : await client.pairs()
    const closes: Record<string, Closes> = {}
    const noPair: string[] = []
    const priced = grid.length === 0 ? [] : [...new Set([...Object.keys(balances), ...motions.map((m) => m.currency)])].filter((c) => c !== quote)
    const closeReads = await mapBounded(priced, READS_AT_ONCE, (currency) => closesOf(client, pairs, currency, quote, grid[0]! - step, until, step))
    priced.forEach((currency, i) => {
      const read = closeReads[i]
      if (read) closes[currency] = read
      else noPair.push(currency)
    })
    const out = rebuildEquity({ quote, balances, motions, closes, until, step })
    const left = [
      out.points.some((p) => p.unpriced) ? `${noPair.join(', ')} (no pair to ${quote}) from every point, as from the recorded ones` : null,
      out.unpriced > 0 ? `${out.unpriced} without a candle for a held currency` : null,
      out.inconsistent > 0 ? `${out.inconsistent} where the activity does not add up to today’s balances` : null,
      out.unreadable > 0 ? `nothing: ${out.unreadable} movement${out.unreadable === 1 ? ' has' : 's have'} no readable time` : null,
    ].filter(Boolean)
    const made = `${out.points.length} point${out.points.length === 1 ? '' : 's'} before the first record rebuilt from wallet activity, valued at each ${step === MINUTE_MS ? 'minute' : 'hour'}’s candle close`
    return { points: out.points, note: left.length > 0 ? `${made}; left out: ${left.join(', ')}.` : `${made}.`, retry: false }
  } catch (error) {
    const e = toTerminalError(error)
    if (e.kind === 'unsupported') return { points: [], note: 'This exchange offers no wallet activity: the history is as recorded.', retry: false }
    return { points: [], note: `The wallet activity could not be read (${e.message}): the history is as recorded.`, retry: true }
  }
}
