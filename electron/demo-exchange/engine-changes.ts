// What one engine call changed, gathered while it runs and told to the listeners once when it ends, so a
// live feed pushes one update per call (not one per match) and never a half-settled state.
import type { BalanceEntry, EngineEvents, Order } from './engine-types'

export class EngineChanges {
  readonly orders = new Set<Order>()
  readonly balances = new Set<BalanceEntry>()
  readonly books = new Set<string>()

  /** Tells `events` what the engine call that just ended changed. */
  publish(events: EngineEvents | undefined): void {
    if (events) {
      for (const pairName of this.books) events.onBook(pairName)
      for (const o of this.orders) events.onOrder(o)
      for (const e of this.balances) events.onBalance(e)
    }
    this.books.clear()
    this.orders.clear()
    this.balances.clear()
  }
}
