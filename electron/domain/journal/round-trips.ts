// Round trips from fills: the account's fills of each pair and wallet, in time order, through the
// same FIFO lot book as the realised P&L (account/fifo.ts), cut where what is held goes back to flat.
// So the journal's net P&L of a pair's closed trades adds up to the P&L's. A trade opens with a buy
// from flat and closes when a sell leaves nothing, or only dust: of what the trade bought, less than
// the pair's minimum order size is left, which cannot be sold (a fee taken in the coins bought leaves
// a little behind). The dust stays in the book and is sold first by the next trade, as the P&L sells
// it; dust that several trades left adds up, and each trade is judged by its own.
//
// A trade is incomplete, with the reason, when a sell found no earlier buy in the fills (bought
// before the history read), when a fill of its pair in its time has no known side, or when a fee in
// a third currency cannot be priced in the quote currency. A sell while flat is an incomplete trade
// of its own. The trade still open at the end is not a closed trade: it is counted, not listed.
import { Decimal } from '../decimal'
import { FifoBook, inTimeOrder } from '../account/fifo'
import type { JournalFill, RoundTrip, UnreadFill } from './types'

/** Averages and ratios are divisions: they are given to this many decimal places (half up). */
export const RATIO_PLACES = 8

export const ratio = (a: Decimal, b: Decimal): string => a.div(b).toDecimalPlaces(RATIO_PLACES, Decimal.ROUND_HALF_UP).toFixed()

export interface TripsInput {
  fills: readonly JournalFill[]
  /** Fills whose side is unknown: the trades of their pair around them are incomplete. */
  unread?: readonly UnreadFill[]
  /** Per pair: a trade that leaves less than this of what it bought is closed (the pair's minimum order size; default 0). */
  dust?: Readonly<Record<string, string>>
}

export interface TripsResult {
  /** Closed trades (complete or not), by closing time. */
  trips: RoundTrip[]
  /** Trades still open at the last fill. */
  open: number
}

interface Building {
  /** What the book held as the trade opened: dust earlier trades left. */
  carried: Decimal
  fills: JournalFill[]
  net: Decimal
  fees: Decimal
  problems: string[]
}

/** The amount and the average price of some fills: one price (one fill, or all at one price) needs no division. */
function averageOf(fills: readonly JournalFill[]): { amount: Decimal; average: string } {
  let amount = new Decimal(0)
  let value = new Decimal(0)
  for (const f of fills) {
    amount = amount.add(f.amount)
    value = value.add(new Decimal(f.amount).mul(f.price))
  }
  if (amount.isZero()) return { amount, average: '0' }
  const one = fills.every((f) => f.price === fills[0]!.price)
  return { amount, average: one ? new Decimal(fills[0]!.price).toFixed() : ratio(value, amount) }
}

function tripOf(pair: string, wallet: string, b: Building, base: string, quote: string): RoundTrip {
  const buys = averageOf(b.fills.filter((f) => f.side === 'BUY'))
  const sells = averageOf(b.fills.filter((f) => f.side === 'SELL'))
  const first = b.fills[0]!
  const last = b.fills[b.fills.length - 1]!
  const problems = [...new Set(b.problems)]
  return {
    id: `${pair}|${wallet}|${first.time}`,
    pair,
    wallet,
    side: first.side,
    openedAt: first.time,
    closedAt: last.time,
    durationMs: last.time - first.time,
    amount: (first.side === 'BUY' ? buys : sells).amount.toFixed(),
    entry: buys.average,
    exit: sells.average,
    fees: b.fees.toFixed(),
    net: b.net.toFixed(),
    fills: b.fills,
    incomplete: problems.length > 0 ? `${problems.join('; ')} (${base}/${quote})` : null,
  }
}

function tripsOfBook(pair: string, wallet: string, fills: JournalFill[], unread: readonly UnreadFill[], dust: Decimal): TripsResult {
  const book = new FifoBook(pair)
  const trips: RoundTrip[] = []
  let open: Building | null = null
  for (const fill of fills) {
    const flat = open === null
    const building: Building = open ?? { carried: book.held(), fills: [], net: new Decimal(0), fees: new Decimal(0), problems: [] }
    const effect = book.apply(fill)
    building.fills.push(fill)
    building.net = building.net.add(effect.realised)
    if (effect.feeIn === 'quote') building.fees = building.fees.add(effect.fee)
    else if (effect.feeIn === 'base') building.fees = building.fees.add(effect.fee.mul(fill.price))
    else if (!effect.fee.isZero()) building.problems.push(`a fee in ${fill.feeCurrency} cannot be priced in ${book.quote}`)
    if (flat && fill.side === 'SELL') building.problems.push(`a sell with nothing bought before it in the history read`)
    else if (effect.unmatched.gt(0)) building.problems.push(`${effect.unmatched.toFixed()} ${book.base} sold with no earlier buy in the history read`)
    open = building
    const held = book.held()
    if (held.isZero() || held.sub(building.carried).lt(dust)) {
      const from = building.fills[0]!.time
      const gaps = unread.filter((u) => u.time === null || (u.time >= from && u.time <= fill.time)).length
      if (gaps > 0) building.problems.push(`${gaps} fill${gaps === 1 ? '' : 's'} of ${pair} in its time with no known side`)
      trips.push(tripOf(pair, wallet, building, book.base, book.quote))
      open = null
    }
  }
  return { trips, open: open === null ? 0 : 1 }
}

/** The closed round trips of every pair and wallet, by closing time (ties by pair). */
export function roundTrips(input: TripsInput): TripsResult {
  const groups = new Map<string, JournalFill[]>()
  for (const fill of input.fills) {
    const key = `${fill.pair}|${fill.wallet}`
    const group = groups.get(key)
    if (group) group.push(fill)
    else groups.set(key, [fill])
  }
  const trips: RoundTrip[] = []
  let open = 0
  for (const [key, fills] of groups) {
    const [pair, wallet] = key.split('|') as [string, string]
    const dust = new Decimal(input.dust?.[pair] ?? '0')
    const result = tripsOfBook(
      pair,
      wallet,
      inTimeOrder(fills),
      (input.unread ?? []).filter((u) => u.pair === pair),
      dust,
    )
    trips.push(...result.trips)
    open += result.open
  }
  trips.sort((a, b) => a.closedAt - b.closedAt || a.pair.localeCompare(b.pair))
  return { trips, open }
}
