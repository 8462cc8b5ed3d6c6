// The words the demo writes where its own names and the official client's differ. The engine keeps
// the specification's wallet names (P2P); on the wire a P2P wallet is FUNDING, the alias the
// specification accepts and the only name the official client's wallet enum knows for it.
import { Decimal } from '../domain/decimal'

export const wireWallet = (wallet: string): string => (wallet === 'P2P' ? 'FUNDING' : wallet)

/**
 * A market order has no limit price, but the official Order model requires a number in `price` and
 * the feed's `o` frame requires text in `limit_price`: the demo writes 0 there. No real limit price
 * is 0 (the specification wants a price above 0), so a 0 cannot be taken for one.
 */
export const limitPriceOrZero = (price: Decimal | null): Decimal => price ?? new Decimal(0)
