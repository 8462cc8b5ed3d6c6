// From what a trader asks (`positions.protect`: pair, side, entry, size, stop, targets, trailing,
// breakeven — or coins already held, an OCO) to the plan the reducer opens (protection/types.ts).
// Pure: the facts (the pair, the last price, the equity, the fee rule) come in; sizing from risk is
// position-size.ts. Exact decimals; every default is said here.
import { z } from 'zod'
import { Decimal, parseDecimal } from '../decimal'
import { TerminalError } from '../errors'
import { feeRatesOf, sizeFromRisk } from './position-size'
import type { OrderContext } from '../orders/orders'
import { STOP_FALLBACKS, type PositionPlan } from '../protection/types'
import type { Dec, Pair } from '../wire/wire'

const dec = z
  .string()
  .max(64)
  .regex(/^\d+(\.\d+)?$/, 'A positive decimal number, e.g. 43000.5')

export const protectInputSchema = z.strictObject({
  pair: z.string().regex(/^[A-Z0-9]{1,20}_[A-Z0-9]{1,20}$/, 'A pair looks like BTC_USDT'),
  side: z.enum(['BUY', 'SELL']),
  /** LIMIT at a price, MARKET, or HELD: coins already held (an OCO: a stop and take-profits, no entry). */
  entry: z.discriminatedUnion('type', [
    z.strictObject({ type: z.literal('LIMIT'), price: dec }),
    z.strictObject({ type: z.literal('MARKET') }),
    z.strictObject({ type: z.literal('HELD'), amount: dec }),
  ]),
  /** The base amount, or the percent of equity risked at the stop (position-size.ts). Not for HELD. */
  size: z.union([z.strictObject({ amount: dec }), z.strictObject({ riskPercent: dec })]).optional(),
  stopLoss: dec,
  /** The stop's limit (the worst price it sells at). Default: the stop moved by `slippage` against the exit. */
  stopLimit: dec.optional(),
  takeProfits: z
    .array(z.strictObject({ price: dec, share: dec }))
    .max(10)
    .optional(),
  /** Trailing distance; the stop moves in steps of at least `trailStep` (default a tenth of the distance, at least one tick). */
  trail: dec.optional(),
  trailStep: dec.optional(),
  /** Move the stop to the entry once the price reaches the first target (or, without one, 1 R: entry ± the stop's distance). */
  breakeven: z.boolean().optional(),
  /** How far a sell the terminal sends may go past its price. Default 0.5 % of the entry, at least one tick. */
  slippage: dec.optional(),
  protection: z.enum(['exchange', 'terminal']).optional(),
  /** What the terminal does when the exchange's stop-limit gaps (protection/types.ts StopFallback). Default market. */
  stopFallback: z.enum(STOP_FALLBACKS).optional(),
})
export type ProtectInput = z.output<typeof protectInputSchema>

/** `positions.modify`: a pending LIMIT entry's new price, a live position's new stop, or new prices for waiting targets (by index); at least one. */
export const positionModifySchema = z
  .strictObject({
    id: z.string().min(1).max(64),
    entryPrice: dec.optional(),
    stopLoss: dec.optional(),
    takeProfits: z
      .array(z.strictObject({ index: z.number().int().min(0).max(9), price: dec }))
      .max(10)
      .optional(),
  })
  .refine((input) => input.entryPrice !== undefined || input.stopLoss !== undefined || (input.takeProfits ?? []).length > 0, {
    message: 'Give the new entry price, stop-loss or a take-profit’s new price',
    path: ['stopLoss'],
  })
export type PositionModifyInput = z.output<typeof positionModifySchema>

export interface ProtectFacts {
  id: string
  pair: Pick<Pair, 'name' | 'currency1' | 'currency2' | 'price_precision' | 'amount_precision' | 'minimum_order_size' | 'maximum_order_size'>
  /** The last price: a MARKET entry's expected price (a held entry's reference). */
  last: Dec
  /** The quote currency's available balance (the equity the risk is a share of); null when not known. */
  equity: Dec | null
  fee: OrderContext['fee']
}

const invalid = (field: string, message: string): TerminalError => new TerminalError({ kind: 'validation', code: 'INVALID_PROTECTION', field, message: `${message}; nothing was sent.` })

const tickOf = (places: number): Decimal => new Decimal(1).div(new Decimal(10).pow(places))

/**
 * The slippage (default 0.5 % of the entry, at least one tick) and the stop's limit (default the stop
 * moved by the slippage against the exit): the plan's, and the protect form's figures, from one rule.
 */
export function exitPricesOf(input: Pick<ProtectInput, 'side' | 'stopLoss' | 'stopLimit' | 'slippage'>, entryPrice: Decimal, pricePrecision: number): { slippage: Decimal; stopLimit: Decimal } {
  const tick = tickOf(pricePrecision)
  const stop = new Decimal(input.stopLoss)
  const slippage = input.slippage !== undefined ? new Decimal(input.slippage) : Decimal.max(entryPrice.times('0.005').toDecimalPlaces(pricePrecision, Decimal.ROUND_UP), tick)
  const stopLimit = input.stopLimit !== undefined ? new Decimal(input.stopLimit) : Decimal.max(input.side === 'BUY' ? stop.minus(slippage) : stop.plus(slippage), tick)
  return { slippage, stopLimit }
}

/**
 * The price a position is sized at: a LIMIT entry's own price, held coins' given price, and for a
 * MARKET entry the worst fill it accepts — the last price moved by the slippage against the trader —
 * so the money at risk is never more than asked for any fill within the slippage.
 */
export function sizingEntryOf(entryType: 'LIMIT' | 'MARKET' | 'HELD', side: 'BUY' | 'SELL', entryPrice: Decimal, slippage: Decimal): Decimal {
  if (entryType !== 'MARKET') return entryPrice
  return side === 'BUY' ? entryPrice.plus(slippage) : entryPrice.minus(slippage)
}

/**
 * What a MARKET long's entry spends (the exchange's MARKET BUY takes a quote amount). Sized by risk:
 * the amount at the worst accepted fill, so the loss at the stop, fees included, stays within the risk
 * for every fill within the slippage (the coins it buys are more when the fill is better). Given as an
 * amount: the amount at the last price, never more money than that.
 */
function quoteOfMarketLong(amount: Decimal, entryPrice: Decimal, sizing: Decimal, byRisk: boolean, pricePrecision: number): string {
  return amount
    .times(byRisk ? sizing : entryPrice)
    .toDecimalPlaces(pricePrecision, Decimal.ROUND_DOWN)
    .toFixed()
}

/** The reducer's plan, or a validation error saying which field is wrong. */
export function planOf(input: ProtectInput, facts: ProtectFacts): PositionPlan {
  const takeProfits = input.takeProfits ?? []
  const pp = facts.pair.price_precision
  const tick = tickOf(pp)
  const long = input.side === 'BUY'
  const entryPrice = new Decimal(input.entry.type === 'LIMIT' ? input.entry.price : facts.last)
  const stop = new Decimal(input.stopLoss)
  if (long ? stop.gte(entryPrice) : stop.lte(entryPrice)) throw invalid('stopLoss', long ? 'A long’s stop must be below the entry' : 'A short’s stop must be above the entry')
  const { slippage, stopLimit } = exitPricesOf(input, entryPrice, pp)
  const sizing = sizingEntryOf(input.entry.type, input.side, entryPrice, slippage)
  for (const t of takeProfits) {
    if (long ? new Decimal(t.price).lte(entryPrice) : new Decimal(t.price).gte(entryPrice)) throw invalid('takeProfits', `A take-profit at ${t.price} is not beyond the entry`)
  }
  const shares = takeProfits.reduce((sum, t) => sum.plus(t.share), new Decimal(0))
  if (shares.gt(100) || takeProfits.some((t) => new Decimal(t.share).lte(0))) throw invalid('takeProfits', 'The take-profits’ shares are each above 0 and at most 100 % together')

  let amount: Decimal
  if (input.entry.type === 'HELD') amount = new Decimal(input.entry.amount)
  else if (input.size === undefined) throw invalid('size', 'Give the amount or the risk percent')
  else if ('amount' in input.size) amount = new Decimal(input.size.amount)
  else {
    const sized = sizeFromRisk({
      side: input.side,
      entryType: input.entry.type,
      entry: sizing.toFixed(),
      stop: stop.toFixed(),
      stopLimit: stopLimit.toFixed(),
      equity: facts.equity ?? '0',
      riskPercent: input.size.riskPercent,
      fee: facts.fee,
      pair: facts.pair,
      targets: takeProfits,
    })
    if (!sized.ok) throw new TerminalError({ kind: 'validation', code: sized.code, field: sized.field, message: `${sized.message}; nothing was sent.` })
    amount = new Decimal(sized.amount)
  }
  if (amount.lte(0) || amount.decimalPlaces() > facts.pair.amount_precision) throw invalid('size', `The amount must be above 0 with at most ${facts.pair.amount_precision} decimal places`)

  const trail = input.trail !== undefined ? parseDecimal(input.trail) : null
  const step = input.trailStep !== undefined ? new Decimal(input.trailStep) : trail !== null ? Decimal.max(trail.div(10).toDecimalPlaces(pp, Decimal.ROUND_DOWN), tick) : null
  const first = takeProfits[0]?.price
  const oneR = long ? entryPrice.plus(entryPrice.minus(stop)) : entryPrice.minus(stop.minus(entryPrice))
  const market = input.entry.type === 'MARKET'
  return {
    id: facts.id,
    pair: input.pair,
    side: input.side,
    entry: {
      type: input.entry.type,
      amount: amount.toFixed(),
      price: entryPrice.toFixed(),
      ...(market && long ? { quoteAmount: quoteOfMarketLong(amount, entryPrice, sizing, input.size !== undefined && 'riskPercent' in input.size, pp) } : {}),
    },
    protection: input.protection ?? 'exchange',
    stopFallback: input.stopFallback ?? 'market',
    stop: { price: stop.toFixed(), limit: stopLimit.toFixed() },
    slippage: slippage.toFixed(),
    targets: takeProfits.map((t) => ({ price: new Decimal(t.price).toFixed(), share: new Decimal(t.share).toFixed() })),
    trailing: trail !== null && step !== null ? { distance: trail.toFixed(), step: step.toFixed() } : null,
    breakevenAt: input.breakeven === true ? (first !== undefined ? new Decimal(first).toFixed() : oneR.toFixed()) : null,
    amountPrecision: facts.pair.amount_precision,
    pricePrecision: pp,
    ...entryFeeOf(input, facts),
    ...plannedFeesOf(input, facts),
  }
}

/** The fee rates the risk is planned with (position-size.ts), kept with the position for the journal's R. */
function plannedFeesOf(input: ProtectInput, facts: ProtectFacts): { plannedFees?: { entryRate: string; exitRate: string } } {
  const rates = facts.fee === null ? null : feeRatesOf(input.entry.type, facts.fee)
  return rates === null ? {} : { plannedFees: { entryRate: rates.entryRate.toFixed(), exitRate: rates.exitRate.toFixed() } }
}

/**
 * The share of a long's entry the exchange keeps as its fee in the coins bought: where the fee rule
 * names no fee currency (the exchange's default, the currency received) or names the base itself. The
 * larger of the maker and taker rates, since a LIMIT entry may fill as either: the exits then sell what
 * the account surely received (a little dust at most stays), never more, which the exchange refuses.
 */
function entryFeeOf(input: ProtectInput, facts: ProtectFacts): { entryFeeRate?: string } {
  if (input.side !== 'BUY' || input.entry.type === 'HELD' || facts.fee === null) return {}
  if (facts.fee.currency !== null && facts.fee.currency !== facts.pair.currency1) return {}
  const rate = Decimal.max(facts.fee.makerRate, facts.fee.takerRate)
  return rate.gt(0) ? { entryFeeRate: rate.toFixed() } : {}
}
