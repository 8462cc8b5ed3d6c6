// What a MARKET order would do against the book the window shows: the walk of the book (average and
// worst price, slippage against the best price, what the visible book cannot fill), the fee by the
// rule that applies (the form's own fee logic, orderFee, on what the walk fills) and the balances
// after the order. Exact decimals. The exchange fills against its book when the order arrives, which
// may have moved: the preview is an expectation, and says so.
import { computed } from 'vue'
import { Decimal } from '@domain/decimal'
import { type BookWalk, walkBook } from '@domain/market/book-walk'
import { orderFee } from '@domain/orders/fee-rules'
import type { BookLevel } from '@domain/market/order-book'
import { useBookStore } from '@/stores/market/book'
import { useOrderFormStore } from '@/stores/orders/order-form'

export interface MarketPreviewInput {
  side: 'BUY' | 'SELL'
  /** The quote amount to spend (BUY) or the base amount to sell (SELL), as typed. */
  amount: string
  asks: readonly BookLevel[]
  bids: readonly BookLevel[]
  pair: { currency1: string; currency2: string; amount_precision: number; price_precision: number }
  takerRate: string | null
  ruleCurrency: string | null
  /** Available base and quote in the chosen wallet; null before the account is known. */
  available: { base: string; quote: string } | null
}

export interface MarketPreview {
  walk: BookWalk
  fee: string | null
  feeCurrency: string | null
  /** Base and quote available after the order (fee taken where it is charged in them); null when unknown. */
  after: { base: string; quote: string } | null
  /** Set when the visible book cannot fill the whole amount. */
  shortfall: string | null
}

const POSITIVE = /^(\d+\.?\d*|\.\d+)$/

/** Null when there is nothing to preview (no amount, or not a number). */
export function marketPreview(input: MarketPreviewInput): MarketPreview | null {
  if (!POSITIVE.test(input.amount.trim()) || new Decimal(input.amount.trim()).isZero()) return null
  const amount = input.amount.trim()
  const walk = input.side === 'BUY' ? walkBook({ side: 'BUY', quoteAmount: amount, asks: input.asks }) : walkBook({ side: 'SELL', baseAmount: amount, bids: input.bids })
  const base = new Decimal(walk.base)
  const quote = new Decimal(walk.quote)
  const { fee, feeCurrency } = orderFee({
    side: input.side,
    pair: input.pair,
    base,
    value: quote,
    takerRate: input.takerRate === null ? null : new Decimal(input.takerRate),
    ruleCurrency: input.ruleCurrency,
  })
  let after: MarketPreview['after'] = null
  if (input.available) {
    let b = new Decimal(input.available.base)
    let q = new Decimal(input.available.quote)
    if (input.side === 'BUY') {
      b = b.add(base)
      q = q.sub(quote)
    } else {
      b = b.sub(base)
      q = q.add(quote)
    }
    if (fee !== null && feeCurrency === input.pair.currency1) b = b.sub(fee)
    if (fee !== null && feeCurrency === input.pair.currency2) q = q.sub(fee)
    after = { base: b.toFixed(), quote: q.toFixed() }
  }
  const unit = input.side === 'BUY' ? input.pair.currency2 : input.pair.currency1
  const shortfall = walk.complete ? null : `The visible book cannot fill ${walk.unfilled} ${unit} of this order: the exchange may fill it at worse prices, or leave it unfilled.`
  return { walk, fee, feeCurrency, after, shortfall }
}

/** The preview of the form's current MARKET order against the book store's book; null otherwise. */
export function useMarketPreview() {
  const form = useOrderFormStore()
  const book = useBookStore()
  return computed<MarketPreview | null>(() => {
    const pair = form.pair
    if (form.orderType !== 'MARKET' || !pair || !book.usable || form.waitingLive) return null
    const amount = form.side === 'BUY' ? form.values.quote_amount : form.values.base_amount
    return marketPreview({
      side: form.side,
      amount,
      asks: book.asks,
      bids: book.bids,
      pair,
      takerRate: form.context.fee?.takerRate ?? null,
      ruleCurrency: form.context.fee?.currency ?? null,
      available: form.context.available,
    })
  })
}
