// The risk limits, enforced by the order desk before anything is sent, whatever sends it (the form,
// the chart's order moves, the CLI's place-order). The desk hands over the checked draft, its facts
// and the account; the gate reads the account's limits, values the order in their currency, reads
// only the figures a set limit needs, and refuses with TerminalError 'validation' / RISK_LIMIT, on the
// amount field, naming the limit and the figures. Nothing is sent after a refusal.
//
// An exit is always allowed: a SELL of no more base than the wallet has available (spot: selling
// coins held only ever reduces the position). Everything else is an entry. For an entry, whatever
// cannot be known — the limits (a damaged file), the order's value (no price, no route to the limits'
// currency), the open orders or today's P&L (the network) — refuses it, saying why: a limit that
// cannot be checked must not be taken as met.
import { ORDER_SIDE_ALIASES } from '../../domain/wire/constants'
import { Decimal } from '../../domain/decimal'
import { TerminalError } from '../../domain/errors'
import type { OrderContext, OrderDraft } from '../../domain/orders/orders'
import { checkRiskLimits, type RiskLimits, type RiskState } from '../../domain/risk/risk-limits'
import type { RiskFigures } from '../../domain/risk/risk-limits-schema'
import type { ExchangeClient } from '../exchange/client'
import type { RiskLimitsStore } from '../storage/risk-limits-store'
import { converterTo, openFigures, quoteOf, realisedToday, type Converter } from './risk-figures'

export interface RiskGate {
  /** Resolves when the order may be sent; throws RISK_LIMIT when it may not. */
  check(order: { draft: OrderDraft; ctx: OrderContext; accountId: number | null }): Promise<void>
}

export interface RiskGateDeps {
  store: RiskLimitsStore
  /** The exchange's origin (limits are per exchange and account). */
  exchange: string
  client: ExchangeClient
  now?: () => number
}

const sideOf = (draft: OrderDraft) => ORDER_SIDE_ALIASES[draft.order_side.trim().toUpperCase()]
const given = (v: string | undefined): v is string => v !== undefined && v.trim() !== ''

/** The price the order is valued at: its limit price, or the best price on the side it takes. */
function priceOf(draft: OrderDraft, ctx: OrderContext): string | null {
  if (draft.order_type.trim().toUpperCase() !== 'MARKET') return given(draft.limit_price) ? draft.limit_price : null
  return sideOf(draft) === 'BUY' ? ctx.bestAsk : ctx.bestBid
}

/** What the order is worth in its pair's quote currency: the quote amount, or amount × price. */
export function orderValue(draft: OrderDraft, ctx: OrderContext): Decimal | null {
  if (given(draft.quote_amount)) return new Decimal(draft.quote_amount)
  const price = priceOf(draft, ctx)
  return given(draft.base_amount) && price !== null ? new Decimal(draft.base_amount).times(price) : null
}

/** A SELL of no more base than the wallet has available. */
export function reducesPosition(draft: OrderDraft, ctx: OrderContext): boolean {
  if (sideOf(draft) !== 'SELL' || ctx.available === null) return false
  const price = priceOf(draft, ctx)
  const base = given(draft.base_amount) ? new Decimal(draft.base_amount) : given(draft.quote_amount) && price !== null ? new Decimal(draft.quote_amount).div(price) : null
  return base !== null && base.lte(ctx.available.base)
}

const amountField = (draft: OrderDraft) => (given(draft.quote_amount) && !given(draft.base_amount) ? 'quote_amount' : 'base_amount')

function refuse(draft: OrderDraft, message: string): TerminalError {
  const field = amountField(draft)
  return new TerminalError({ kind: 'validation', code: 'RISK_LIMIT', field, message: `The order was not sent: ${message}`, issues: [{ field, code: 'RISK_LIMIT', message }] })
}

/** The figures the set limits need (all of them for the window's view), each its value or why it is unknown. */
export async function readRiskFigures(
  client: ExchangeClient,
  accountId: number,
  limits: RiskLimits,
  now: number,
  need = { open: true, today: true },
  convert: Converter = converterTo(client, limits.currency),
): Promise<RiskFigures> {
  const skipped = { ok: true, value: '0' } as const
  const [open, today] = await Promise.all([
    need.open ? openFigures(client, accountId, limits.currency, convert) : { openValue: skipped, openOrders: { ok: true, value: 0 } as const },
    need.today ? realisedToday(client, now, limits.currency, convert) : skipped,
  ])
  return { ...open, realisedToday: today }
}

export function createRiskGate(deps: RiskGateDeps): RiskGate {
  const now = deps.now ?? Date.now
  return {
    async check({ draft, ctx, accountId }) {
      const read = await deps.store.read(deps.exchange, accountId)
      const exit = reducesPosition(draft, ctx)
      if (read.status === 'unknown') {
        if (exit) return
        throw refuse(draft, `this account's risk limits are unknown (${read.problem}); new entries are refused until the limits are set again. Exits are still allowed.`)
      }
      const limits = read.limits
      if (limits === null || exit || accountId === null) return
      const q = limits.currency
      const convert = converterTo(deps.client, q)
      const inQuote = orderValue(draft, ctx)
      if (inQuote === null) throw refuse(draft, `its worth in ${q} cannot be told (no price to value it at), so the risk limits cannot be checked.`)
      const pairQuote = ctx.pair?.currency2 ?? quoteOf(draft.pair)
      let value: Decimal | null
      try {
        value = await convert(inQuote, pairQuote)
      } catch (error) {
        throw refuse(draft, `the tickers to value it in ${q} could not be read (${error instanceof Error ? error.message : String(error)}), so the risk limits cannot be checked.`)
      }
      if (value === null) throw refuse(draft, `no ticker prices ${pairQuote} in ${q}, so its worth against the risk limits cannot be told.`)
      const rests = draft.order_type.trim().toUpperCase() !== 'MARKET'
      const need = { open: rests && (limits.maxOpenValue !== null || limits.maxOpenOrders !== null), today: limits.dailyLoss !== null }
      const figures = await readRiskFigures(deps.client, accountId, limits, now(), need, convert)
      const unknown = [figures.openValue, figures.openOrders, figures.realisedToday].flatMap((f) => (f.ok ? [] : [f.reason]))
      if (unknown.length > 0) throw refuse(draft, `${[...new Set(unknown)].join('; ')}. New entries are refused while the risk limits cannot be checked; exits are still allowed.`)
      const state: RiskState = {
        openValue: figures.openValue.ok ? figures.openValue.value : '0',
        openOrders: figures.openOrders.ok ? figures.openOrders.value : 0,
        realisedToday: figures.realisedToday.ok ? figures.realisedToday.value : '0',
      }
      const verdict = checkRiskLimits(limits, state, { value: value.toFixed(), rests, reducesPosition: false })
      if (!verdict.ok) throw refuse(draft, `${verdict.message}.`)
    },
  }
}
