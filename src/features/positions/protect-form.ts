// The protect form, read: from the text the trader typed and what the window knows (the pair, the
// last price, the quote currency's available SPOT balance, the fee rule) to the `positions.protect`
// input, the errors under each field, and the figures (amount, money at risk, reward-to-risk, fees)
// from position-size.ts — the same loss model, slippage and stop limit the core sizes with
// (protect-plan.ts exitPricesOf). Pure, exact; recomputed on every keystroke.
import { Decimal, parseDecimal } from '@domain/decimal'
import { exitPricesOf, sizingEntryOf, type ProtectInput } from '@domain/risk/protect-plan'
import { riskOfAmount, sizeFromRisk, type PositionSize } from '@domain/risk/position-size'
import type { OrderContext } from '@domain/orders/orders'
import type { StopFallback } from '@domain/protection/types'
import type { Dec, Pair } from '@domain/wire/wire'

export type EntryKind = 'LIMIT' | 'MARKET' | 'HELD'

export interface ProtectFields {
  side: 'BUY' | 'SELL'
  entry: EntryKind
  price: string
  sizeBy: 'amount' | 'risk'
  /** The amount to buy (or sell), or for HELD the coins held. */
  amount: string
  risk: string
  stop: string
  targets: { price: string; share: string }[]
  trail: string
  breakeven: boolean
  /** What the terminal does when the exchange's stop-limit gaps (market by default). */
  stopFallback: StopFallback
}

export interface ProtectFacts {
  pair: Pair | null
  last: Dec | null
  /** The quote currency's available SPOT balance: what the core takes the risk percent of. */
  equity: Dec | null
  fee: OrderContext['fee']
}

export interface ProtectReading {
  input: ProtectInput | null
  /** Field (price, amount, risk, stop, targets, targets.<i>, trail, form) → what is wrong. */
  errors: Record<string, string>
  figures: PositionSize | null
}

export const emptyFields = (): ProtectFields => ({
  side: 'BUY',
  entry: 'LIMIT',
  price: '',
  sizeBy: 'amount',
  amount: '',
  risk: '1',
  stop: '',
  targets: [],
  trail: '',
  breakeven: false,
  stopFallback: 'market',
})

const NUMBER = /^\d+(\.\d+)?$/
/** Where a refusal of position-size.ts or of the core is shown. */
const FIELD_OF: Record<string, string> = {
  entry: 'price',
  stop: 'stop',
  stopLimit: 'stop',
  stopLoss: 'stop',
  riskPercent: 'risk',
  equity: 'risk',
  amount: 'amount',
  fee: 'form',
  takeProfits: 'targets',
  trail: 'trail',
}

export function fieldOf(field: string | undefined, sizeBy: ProtectFields['sizeBy']): string {
  if (field === undefined) return 'form'
  if (field === 'size') return sizeBy
  if (/^targets(\.\d+)?$/.test(field)) return field
  return FIELD_OF[field] ?? 'form'
}

export function readProtect(f: ProtectFields, facts: ProtectFacts): ProtectReading {
  const errors: Record<string, string> = {}
  const number = (field: string, text: string, what: string, required = true): Decimal | null => {
    const t = text.trim()
    if (t === '') {
      if (required) errors[field] = `Enter ${what}`
      return null
    }
    const value = NUMBER.test(t) ? parseDecimal(t) : null
    if (value === null || value.lte(0)) errors[field] = `${what[0]!.toUpperCase()}${what.slice(1)} must be a positive number, e.g. 43000.5`
    return value !== null && value.gt(0) ? value : null
  }
  const pair = facts.pair
  if (pair === null) return { input: null, errors: { form: 'Choose a pair on the chart first' }, figures: null }

  const price = f.entry === 'LIMIT' ? number('price', f.price, 'the entry price') : null
  if (f.entry !== 'LIMIT' && facts.last === null) errors.form = 'The last price is not known yet: wait for the market, or enter a LIMIT price'
  const entry = f.entry === 'LIMIT' ? price : facts.last === null ? null : new Decimal(facts.last)
  const stop = number('stop', f.stop, 'the stop-loss')
  const sizeByRisk = f.entry !== 'HELD' && f.sizeBy === 'risk'
  const amount = sizeByRisk ? null : number('amount', f.amount, f.entry === 'HELD' ? 'the amount held' : 'the amount')
  const risk = sizeByRisk ? number('risk', f.risk, 'the risk percent') : null
  if (amount !== null && amount.decimalPlaces() > pair.amount_precision) errors.amount = `At most ${pair.amount_precision} decimal places`
  const targets = f.targets.map((t, i) => ({ price: number(`targets.${i}`, t.price, `target ${i + 1}’s price`), share: number(`targets.${i}`, t.share, `target ${i + 1}’s share`) }))
  const trail = number('trail', f.trail, 'the trailing distance', false)
  if (Object.keys(errors).length > 0 || entry === null || stop === null) return { input: null, errors, figures: null }

  const takeProfits = targets.map((t) => ({ price: t.price!.toFixed(), share: t.share!.toFixed() }))
  const base = { side: f.side, stopLoss: stop.toFixed() }
  const long = f.side === 'BUY'
  if (long ? stop.gte(entry) : stop.lte(entry)) return { input: null, errors: { stop: long ? 'A long’s stop must be below the entry' : 'A short’s stop must be above the entry' }, figures: null }
  const { stopLimit, slippage } = exitPricesOf(base, entry, pair.price_precision)
  // A market entry is sized at the worst fill it accepts, as the core sizes it (protect-plan.ts).
  const sizing = sizingEntryOf(f.entry === 'LIMIT' ? 'LIMIT' : f.entry === 'MARKET' ? 'MARKET' : 'HELD', f.side, entry, slippage)
  const common = {
    side: f.side,
    // Held coins paid their entry fee already: counted as a market entry's, the risk is never shown smaller.
    entryType: f.entry === 'LIMIT' ? ('LIMIT' as const) : ('MARKET' as const),
    entry: sizing.toFixed(),
    stop: stop.toFixed(),
    stopLimit: stopLimit.toFixed(),
    fee: facts.fee,
    pair,
    targets: takeProfits,
  }
  const figures = sizeByRisk ? sizeFromRisk({ ...common, equity: facts.equity ?? '0', riskPercent: risk!.toFixed() }) : riskOfAmount({ ...common, amount: amount!.toFixed(), equity: facts.equity })
  if (!figures.ok) return { input: null, errors: { [fieldOf(figures.field, f.sizeBy)]: figures.message }, figures: null }
  if (!sizeByRisk && new Decimal(figures.amount).lt(pair.minimum_order_size)) errors.amount = `The pair’s minimum is ${pair.minimum_order_size} ${pair.currency1}`
  if (!sizeByRisk && new Decimal(figures.amount).gt(pair.maximum_order_size)) errors.amount = `The pair allows at most ${pair.maximum_order_size} ${pair.currency1}`
  if (Object.keys(errors).length > 0) return { input: null, errors, figures }

  const input: ProtectInput = {
    pair: pair.name,
    ...base,
    entry: f.entry === 'LIMIT' ? { type: 'LIMIT', price: entry.toFixed() } : f.entry === 'MARKET' ? { type: 'MARKET' } : { type: 'HELD', amount: amount!.toFixed() },
    ...(f.entry === 'HELD' ? {} : { size: sizeByRisk ? { riskPercent: risk!.toFixed() } : { amount: amount!.toFixed() } }),
    ...(takeProfits.length > 0 ? { takeProfits } : {}),
    ...(trail !== null ? { trail: trail.toFixed() } : {}),
    ...(f.breakeven ? { breakeven: true } : {}),
    stopFallback: f.stopFallback,
  }
  return { input, errors, figures }
}
