// Trading on the chart: where each open order's handle sits over the candle pane, and the price a
// dragged handle stands for. Pure, so the geometry is tested without a canvas; the component
// (ChartOrderLines.vue) asks ECharts for the pixel mapping and draws HTML handles over the chart.
import { Decimal } from '@domain/decimal'
import type { OrderRecord, Pair } from '@domain/wire/wire'
import { ORDER_SIDE_ALIASES } from '@domain/wire/constants'
import { formatAmount, formatExact } from '@/lib/format'

export interface OrderHandle {
  order: OrderRecord
  /** Pixels from the top of the chart element. */
  y: number
  buy: boolean
  /** "BUY 0.5": side and what is left to fill. */
  text: string
}

/** The price a pixel stands for, rounded to the pair's price precision; null outside any sense. */
export function priceAt(raw: number, pair: Pair | null): string | null {
  if (!Number.isFinite(raw) || raw <= 0) return null
  const places = pair?.price_precision ?? 8
  const rounded = new Decimal(raw).toDecimalPlaces(places, Decimal.ROUND_HALF_UP)
  return rounded.gt(0) ? rounded.toFixed() : null
}

/** Handles of the orders whose price is within the pane (`top`..`bottom`, in px). */
export function orderHandles(orders: readonly OrderRecord[], pair: Pair | null, yOf: (price: number) => number | null, top: number, bottom: number): OrderHandle[] {
  const out: OrderHandle[] = []
  for (const order of orders) {
    if (order.price === null || order.price === undefined) continue
    const y = yOf(Number(order.price))
    if (y === null || !Number.isFinite(y) || y < top || y > bottom) continue
    const side = ORDER_SIDE_ALIASES[order.side.toUpperCase()] ?? order.side.toUpperCase()
    const left = new Decimal(order.amount).minus(order.amount_filled ?? '0')
    const amount = pair ? formatAmount(left, pair.amount_precision, { grouped: false }) : formatExact(left, 0, { grouped: false })
    out.push({ order, y, buy: side === 'BUY', text: `${side} ${amount}` })
  }
  return out
}
