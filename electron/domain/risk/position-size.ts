// Size from risk: how much to buy (or sell) so that, if the stop is hit, the trader loses at most the
// share of equity they chose — fees of both trades included. Pure and exact (decimal.js): the
// protected-position form and the keeper ask the same question and get the same answer.
//
// The model, per unit of the base currency:
//   loss per unit = |entry − exit| + entry × entry rate + exit × exit rate
// where `exit` is the price the stop sells (or buys back) at in the worst case: the stop-limit's limit
// price when given, otherwise the stop price. Each fee is the rate times that trade's value at its
// price. The entry rate is the taker rate for a MARKET entry and the larger of maker and taker for a
// LIMIT entry (a limit may cross the book and take); the exit rate is the taker rate (a triggered
// stop takes). A negative rate (a maker rebate) counts as 0: the risk never leans on a rebate.
//   amount = (equity × risk% ÷ 100) ÷ loss per unit, rounded DOWN to the pair's amount precision,
// so the money at risk never exceeds what was asked. An amount outside the pair's size bounds is
// refused, never clamped: clamping up would risk more than asked, and the trader should choose.
//
// Reward-to-risk for the take-profits (price + share of the position in percent): each target's
// share earns |target − entry| per unit less its share of the entry fee and its own exit fee (a
// target is sold by the terminal as a taker); a share without a target earns nothing in this sum
// (it is left open). reward ÷ risk, rounded down to 2 places.
import { Decimal, parseDecimal } from '../decimal'
import type { FieldIssue } from '../errors'
import { money } from '../orders/order-fields'
import type { OrderContext } from '../orders/orders'
import type { Dec, Pair } from '../wire/wire'

export interface TakeProfit {
  price: Dec
  /** Share of the position, in percent (0 < share, all targets together ≤ 100). */
  share: Dec
}

export interface SizeInput {
  side: 'BUY' | 'SELL'
  entryType: 'LIMIT' | 'MARKET'
  /** The limit price, or for a MARKET entry the expected average from the book (book-walk.ts). */
  entry: Dec
  stop: Dec
  /** The stop-limit's limit price: the worst price the stop exits at. Default: the stop price. */
  stopLimit?: Dec
  /** The account's equity in the quote currency. */
  equity: Dec
  /** Percent of equity the trader accepts to lose: 0 < risk ≤ 100. */
  riskPercent: Dec
  /** The fee rule's rates for the pair (fee-rules.ts feeContextOf); null while unknown. */
  fee: OrderContext['fee']
  pair: Pick<Pair, 'currency1' | 'currency2' | 'price_precision' | 'amount_precision' | 'minimum_order_size' | 'maximum_order_size'>
  targets?: readonly TakeProfit[]
}

export interface PositionSize {
  ok: true
  /** Base amount, at the pair's amount precision. */
  amount: Dec
  /** Quote money lost if the stop is hit, fees included (exact). */
  risk: Dec
  /** risk ÷ equity in percent, rounded up to 2 places (never shown smaller than it is). */
  riskPercent: Dec
  /** The fees inside `risk`, in the quote currency (exact). */
  fees: { entry: Dec; stop: Dec }
  /** Net gain if every target is reached (exact); null without targets. */
  reward: Dec | null
  /** reward ÷ risk, rounded down to 2 places; null without targets. */
  rewardToRisk: Dec | null
}

export type SizeResult = PositionSize | ({ ok: false } & FieldIssue)

const ZERO = new Decimal(0)
const HUNDRED = new Decimal(100)

const refuse = (field: string, code: string, message: string): SizeResult => ({ ok: false, field, code, message })

/** A positive decimal within `places` (null: any number of places), or the reason it is not one. */
function positive(text: Dec | undefined, places: number | null): Decimal | null {
  if (typeof text !== 'string') return null
  const value = parseDecimal(text)
  if (value === null || value.lte(0)) return null
  return places !== null && value.decimalPlaces() > places ? null : value
}

/** A fee rate as a cost: a rebate (negative) counts as nothing, text that is not a number as unknown. */
function cost(rate: Dec): Decimal | null {
  const value = parseDecimal(rate)
  return value === null ? null : Decimal.max(value, ZERO)
}

interface LossModel {
  entry: Decimal
  exit: Decimal
  entryRate: Decimal
  exitRate: Decimal
  /** Quote lost per unit if the stop is hit, both fees included. */
  perUnit: Decimal
}

/** The prices and rates the loss at the stop is made of, or why they cannot be read. */
function lossModel(input: Omit<SizeInput, 'equity' | 'riskPercent'>): LossModel | SizeResult {
  const { pair, side } = input
  const pp = pair.price_precision
  const entry = positive(input.entry, input.entryType === 'LIMIT' ? pp : null)
  if (entry === null) return refuse('entry', 'INVALID_PRICE', `The entry price must be a positive price with at most ${pp} decimal places`)
  const stop = positive(input.stop, pp)
  if (stop === null) return refuse('stop', 'INVALID_PRICE', `The stop must be a positive price with at most ${pp} decimal places`)
  if (stop.eq(entry)) return refuse('stop', 'STOP_AT_ENTRY', 'The stop equals the entry: there is no distance to size the position from')
  const below = side === 'BUY'
  if (below ? stop.gt(entry) : stop.lt(entry)) {
    return refuse('stop', 'STOP_WRONG_SIDE', below ? 'A buy’s stop must be below the entry' : 'A sell’s stop must be above the entry')
  }
  const exit = input.stopLimit === undefined ? stop : positive(input.stopLimit, pp)
  if (exit === null) return refuse('stopLimit', 'INVALID_PRICE', `The stop’s limit must be a positive price with at most ${pp} decimal places`)
  if (below ? exit.gt(stop) : exit.lt(stop)) {
    return refuse('stopLimit', 'STOP_LIMIT_WRONG_SIDE', below ? 'The stop’s limit must be at or below the stop' : 'The stop’s limit must be at or above the stop')
  }
  if (input.fee === null) return refuse('fee', 'FEE_UNKNOWN', 'The pair’s fee rule is not known yet: the risk cannot include the fees')
  const rates = feeRatesOf(input.entryType, input.fee)
  if (rates === null) return refuse('fee', 'FEE_UNKNOWN', 'The pair’s fee rates cannot be read')
  const { entryRate, exitRate } = rates
  return { entry, exit, entryRate, exitRate, perUnit: entry.minus(exit).abs().plus(entry.times(entryRate)).plus(exit.times(exitRate)) }
}

/**
 * The rates the loss at the stop is planned with: the entry's (taker for MARKET, the larger of maker
 * and taker for LIMIT, none for coins already HELD) and the stop's exit (taker); null when unreadable.
 */
export function feeRatesOf(entryType: 'LIMIT' | 'MARKET' | 'HELD', fee: NonNullable<OrderContext['fee']>): { entryRate: Decimal; exitRate: Decimal } | null {
  const [maker, taker] = [cost(fee.makerRate), cost(fee.takerRate)]
  if (maker === null || taker === null) return null
  return { entryRate: entryType === 'HELD' ? ZERO : entryType === 'MARKET' ? taker : Decimal.max(maker, taker), exitRate: taker }
}

/** The amount that risks at most `riskPercent` of `equity` between entry and stop, fees included. */
export function sizeFromRisk(input: SizeInput): SizeResult {
  const { pair } = input
  const [base, quote, pp] = [pair.currency1, pair.currency2, pair.price_precision]
  const model = lossModel(input)
  if (!('perUnit' in model)) return model
  const equity = positive(input.equity, null)
  if (equity === null) return refuse('equity', 'NO_EQUITY', 'The account’s equity must be above zero')
  const percent = parseDecimal(input.riskPercent)
  if (percent === null || percent.lte(0) || percent.gt(100)) return refuse('riskPercent', 'INVALID_RISK', 'The risk must be above 0 % and at most 100 % of equity')
  const { perUnit } = model

  const budget = equity.times(percent).div(HUNDRED)
  const amount = budget.div(perUnit).toDecimalPlaces(pair.amount_precision, Decimal.ROUND_DOWN)
  // The risk share a given amount needs, as a percentage with 2 places, rounded the safe way.
  const shareFor = (size: Decimal, rounding: Decimal.Rounding): Decimal => size.times(perUnit).div(equity).times(HUNDRED).toDecimalPlaces(2, rounding)
  const min = new Decimal(pair.minimum_order_size)
  if (amount.lt(min) || amount.lte(0)) {
    const needed = shareFor(min, Decimal.ROUND_UP)
    const reach = needed.gt(100) ? 'more than the whole equity' : `a risk of at least ${needed.toFixed()} % (${money(min.times(perUnit), quote, pp)})`
    return refuse(
      'riskPercent',
      'BELOW_MIN_SIZE',
      `This risk buys ${money(amount, base, pair.amount_precision)}; the pair’s minimum is ${money(min, base, pair.amount_precision)}, which needs ${reach}`,
    )
  }
  const max = new Decimal(pair.maximum_order_size)
  if (amount.gt(max)) {
    return refuse(
      'riskPercent',
      'ABOVE_MAX_SIZE',
      `This risk asks for ${money(amount, base, pair.amount_precision)}; the pair allows at most ${money(max, base, pair.amount_precision)}: lower the risk to ${shareFor(max, Decimal.ROUND_DOWN).toFixed()} % or less, or widen the stop`,
    )
  }
  return figures(input, model, amount, equity)
}

/**
 * The same figures for an amount the trader typed: money at risk, fees, reward and reward-to-risk;
 * `riskPercent` is of `equity` when it is known and above zero, else "0". The amount is not checked
 * against the pair's bounds here: the order rules say that about an amount.
 */
export function riskOfAmount(input: Omit<SizeInput, 'riskPercent' | 'equity'> & { amount: Dec; equity: Dec | null }): SizeResult {
  const model = lossModel(input)
  if (!('perUnit' in model)) return model
  const amount = positive(input.amount, input.pair.amount_precision)
  if (amount === null) return refuse('amount', 'INVALID_AMOUNT', `The amount must be above 0 with at most ${input.pair.amount_precision} decimal places`)
  return figures(input, model, amount, input.equity === null ? null : positive(input.equity, null))
}

function figures(input: Pick<SizeInput, 'side' | 'pair' | 'targets'>, model: LossModel, amount: Decimal, equity: Decimal | null): SizeResult {
  const { entry, exit, entryRate, exitRate, perUnit } = model
  const risk = amount.times(perUnit)
  const size: PositionSize = {
    ok: true,
    amount: amount.toFixed(input.pair.amount_precision),
    risk: risk.toFixed(),
    riskPercent: equity === null ? '0' : risk.div(equity).times(HUNDRED).toDecimalPlaces(2, Decimal.ROUND_UP).toFixed(),
    fees: { entry: amount.times(entry).times(entryRate).toFixed(), stop: amount.times(exit).times(exitRate).toFixed() },
    reward: null,
    rewardToRisk: null,
  }
  if (input.targets === undefined || input.targets.length === 0) return size
  const targets = readTargets(input.targets, input.side, entry, input.pair.price_precision)
  if (!targets.ok) return targets.refusal
  let reward = ZERO
  for (const t of targets.list) {
    const part = amount.times(t.share).div(HUNDRED)
    reward = reward.plus(part.times(t.price.minus(entry).abs().minus(entry.times(entryRate)).minus(t.price.times(exitRate))))
  }
  return { ...size, reward: reward.toFixed(), rewardToRisk: reward.div(risk).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed() }
}

type ReadTargets = { ok: true; list: { price: Decimal; share: Decimal }[] } | { ok: false; refusal: SizeResult }

function readTargets(targets: readonly TakeProfit[], side: 'BUY' | 'SELL', entry: Decimal, places: number): ReadTargets {
  const list: { price: Decimal; share: Decimal }[] = []
  let total = ZERO
  for (const [i, t] of targets.entries()) {
    const field = `targets.${i}`
    const price = positive(t.price, places)
    if (price === null) return { ok: false, refusal: refuse(field, 'INVALID_PRICE', `Target ${i + 1}: a positive price with at most ${places} decimal places`) }
    if (side === 'BUY' ? price.lte(entry) : price.gte(entry)) {
      return { ok: false, refusal: refuse(field, 'TARGET_WRONG_SIDE', `Target ${i + 1} must be ${side === 'BUY' ? 'above' : 'below'} the entry`) }
    }
    const share = positive(t.share, null)
    if (share === null) return { ok: false, refusal: refuse(field, 'INVALID_SHARE', `Target ${i + 1}: its share must be above 0 %`) }
    total = total.plus(share)
    list.push({ price, share })
  }
  if (total.gt(100)) return { ok: false, refusal: refuse('targets', 'SHARES_OVER_100', `The targets’ shares add up to ${total.toFixed()} %; at most 100 %`) }
  return { ok: true, list }
}
