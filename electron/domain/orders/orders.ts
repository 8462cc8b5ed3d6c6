// Types of the order form and order rules, shared by the renderer's form, the core's order desk and
// the CLI. The rules themselves live in order-rules.ts.
import { z } from 'zod'
import type { Dec, Pair } from '../wire/wire'
import type { FieldIssue } from '../errors'

/**
 * What the user typed. Every field is text as entered; the rules say what is wrong with it.
 * Names follow the order's request body (docs/exchange-api.md, "Orders") so an issue's field maps onto the form field directly.
 */
export interface OrderDraft {
  pair: string
  order_type: string
  order_side: string
  wallet_type: string
  base_amount?: string
  quote_amount?: string
  limit_price?: string
  stop_price?: string
  stop_operator?: string
  client_order_id?: string
}

export const ORDER_DRAFT_FIELDS = ['pair', 'order_type', 'order_side', 'wallet_type', 'base_amount', 'quote_amount', 'limit_price', 'stop_price', 'stop_operator', 'client_order_id'] as const
export type OrderDraftField = (typeof ORDER_DRAFT_FIELDS)[number]

const draftText = z.string().max(64)
export const orderDraftSchema = z.strictObject({
  pair: draftText,
  order_type: draftText,
  order_side: draftText,
  wallet_type: draftText,
  base_amount: draftText.optional(),
  quote_amount: draftText.optional(),
  limit_price: draftText.optional(),
  stop_price: draftText.optional(),
  stop_operator: draftText.optional(),
  client_order_id: draftText.optional(),
})

/** What the rules know besides the draft. Unknown facts are null and their checks are skipped. */
export interface OrderContext {
  /** The pair's record; null when the pair is unknown (an error on `pair`). */
  pair: Pair | null
  /** Best bid (for the market-sell minimum value); null when unknown. */
  bestBid: Dec | null
  /** Best ask (for estimating a market buy); null when unknown. */
  bestAsk: Dec | null
  /** Available (balance − reserve) of the base and quote currency in the draft's wallet; null when unknown. */
  available: { base: Dec; quote: Dec } | null
  /** Fee rates that apply (from fee-rules.ts); null when unknown. */
  fee: { makerRate: Dec; takerRate: Dec; currency: string | null } | null
}

export interface OrderCheck {
  /** Field-level errors: the order must not be sent while there is one. */
  errors: FieldIssue[]
  /** Field-level warnings (for example insufficient available balance): shown, not blocking. */
  warnings: FieldIssue[]
  /** Estimates for the form; null when they cannot be computed yet. */
  estimate: {
    /** Value in the quote currency (base × price, or the quote amount of a market buy). */
    value: Dec | null
    /**
     * Fee the order would pay at the taker rate (the worst case), in the currency it is charged in
     * (fee-rules.ts orderFee: a buy pays in the base currency, a sell in the quote currency, unless
     * the rule names one), with that currency's places. Null with a currency when only that is known.
     */
    fee: Dec | null
    feeCurrency: string | null
  }
}
