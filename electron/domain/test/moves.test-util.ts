// What the reducers' property tests draw their next event with: one of the candidates a random number
// picks, and some more of what an order has left to fill.
import { Decimal } from '../decimal'

/** The n-th of `items`, round; null when there are none. */
export const pick = <T>(items: T[], n: number): T | null => (items.length === 0 ? null : items[n % items.length]!)

/** An order's cumulative fill after filling one to four quarters (by n) of what it has left, to `places`. */
export function moreFilled(order: { amount: string; filled: string }, n: number, places: number): string {
  const left = new Decimal(order.amount).minus(order.filled)
  return new Decimal(order.filled)
    .plus(
      left
        .times((n % 4) + 1)
        .div(4)
        .toDecimalPlaces(places, Decimal.ROUND_DOWN),
    )
    .toFixed()
}
