// The checks on a user's order that need the book and the wallet (validation.ts has already checked the
// request against the pair's rules): liquidity and minimum value for a market order, then the funds.
import type { Decimal } from '../domain/decimal'
import type { OrderRequest } from './engine-types'
import type { PairBook } from './pair-markets'
import type { Wallets } from './wallets'

export type Admission = { ok: true; payCurrency: string; need: Decimal } | { ok: false; code: string; message: string }

/** Admits the order, with what it must reserve and in which currency, or answers why not. */
export function admitUserOrder(book: PairBook, wallets: Wallets, accountId: number, r: OrderRequest): Admission {
  if (r.type === 'MARKET') {
    const opposite = r.side === 'BUY' ? book.asks.best() : book.bids.best()
    if (!opposite) {
      return { ok: false, code: 'NO_LIQUIDITY', message: `There is no ${r.side === 'BUY' ? 'ask' : 'bid'} on ${r.pair.name} to trade against.` }
    }
    if (r.side === 'SELL') {
      const value = r.baseAmount!.times(opposite.price)
      if (value.lt(r.pair.minValue)) {
        return {
          ok: false,
          code: 'MIN_ORDER_VALUE',
          message: `Estimated value ${value.toFixed()} ${r.pair.quote} at the best bid is below the minimum order value ${r.pair.minValue.toFixed()} ${r.pair.quote}.`,
        }
      }
    }
  }
  const payCurrency = r.side === 'BUY' ? r.pair.quote : r.pair.base
  const need = r.side === 'SELL' ? r.baseAmount! : r.type === 'MARKET' ? r.quoteAmount! : r.baseAmount!.times(r.limitPrice!)
  const available = wallets.available(accountId, r.wallet, payCurrency)
  if (need.gt(available)) {
    return {
      ok: false,
      code: 'INSUFFICIENT_FUNDS',
      message: `The order needs ${need.toFixed()} ${payCurrency} but only ${available.toFixed()} ${payCurrency} is available in ${r.wallet}.`,
    }
  }
  return { ok: true, payCurrency, need }
}
