// What a click on a price in the chart does, by modifier: plain — the price into the order form (the
// stop price while that field has focus); Alt — a limit order at that price; Shift or the context
// menu — a price alert there. While the chart shows cached data, a click puts nothing in the form
// (a stale candle is never traded on). Kept out of CandleChart.vue so the chart stays about drawing.
import type { Pair } from '@domain/wire/wire'
import { priceAt } from './order-line-handles'

interface PriceActionTargets {
  form: { fillPrice(price: string | number): void; focusPrice(field: 'limit_price' | 'stop_price'): void; setType(type: 'LIMIT'): void; orderType: string }
  alerts: { openDialog(pair: string, price: string, last: string | null): void }
  pair: Pair | null
  pairName: string
  last: string | null
  /** The chart shows the cached market: no price of it goes into the order form, nor as the last price. */
  stale: boolean
  /** The order form's pair, where it may differ from the chart's (an extra chart pane): another pair's price never goes into the form. */
  formPair?: string | undefined
  /** The order form is another window's (this chart is popped out): the price, as the pair writes it, goes there. */
  elsewhere?: ((price: string) => void) | undefined
}

export function chartPriceAction(raw: number, event: { altKey?: boolean; shiftKey?: boolean } | undefined, context: boolean, t: PriceActionTargets): void {
  const price = priceAt(raw, t.pair)
  if (price === null) return
  if (context || event?.shiftKey) {
    if (t.pairName) t.alerts.openDialog(t.pairName, price, t.stale ? null : t.last)
    return
  }
  if (t.stale || (t.formPair !== undefined && t.formPair !== t.pairName)) return
  if (t.elsewhere) return t.elsewhere(price)
  if (event?.altKey) {
    if (t.form.orderType !== 'LIMIT') t.form.setType('LIMIT')
    t.form.focusPrice('limit_price')
  }
  // The form rounds the raw price to the pair's precision itself, as it always has.
  t.form.fillPrice(raw)
}
