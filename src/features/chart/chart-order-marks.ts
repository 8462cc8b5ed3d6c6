// The open orders drawn on the candle chart: one dashed line per live order of the pair, labelled
// with what is left of it at its price. (The last-price line moves with every tick, so it is drawn
// with the live candle instead: live-layer.ts.)
import type { OrderRecord, Pair } from '@domain/wire/wire'
import { LIVE_ORDER_STATUSES, ORDER_SIDE_ALIASES } from '@domain/wire/constants'
import { Decimal } from '@domain/decimal'
import { formatAmount, formatExact } from '@/lib/format'
import type { Level } from './level-lines'

/** "BUY 0.5 @ 43,000.00": what is left of an order, at its price. */
export function orderLabel(order: OrderRecord, pair: Pair | null): string | null {
  if (order.price === null || order.price === undefined) return null
  const side = ORDER_SIDE_ALIASES[order.side.toUpperCase()] ?? order.side.toUpperCase()
  let remaining = new Decimal(order.amount)
  if (order.amount_filled) remaining = remaining.minus(order.amount_filled)
  const amount = pair ? formatAmount(remaining, pair.amount_precision, { grouped: false }) : formatExact(remaining, 0, { grouped: false })
  const price = pair ? formatAmount(order.price, pair.price_precision) : formatExact(order.price)
  return `${side} ${amount} @ ${price}`
}

/** Live orders of the pair that have a price to draw. */
export function ordersToDraw(orders: readonly OrderRecord[] | null, pairName: string): OrderRecord[] {
  if (!orders) return []
  return orders.filter((o) => o.pair === pairName && LIVE_ORDER_STATUSES.includes(o.status) && o.price !== null && o.price !== undefined)
}

/**
 * True when two lists of ordersToDraw would draw the same lines: the same orders with the same price,
 * side, amount and fill. An account update that leaves this pair's open orders as they were (a balance
 * change, another pair's fill) then keeps the chart's list, and the chart is not redrawn for it.
 */
export function sameDrawnOrders(a: readonly OrderRecord[], b: readonly OrderRecord[]): boolean {
  if (a.length !== b.length) return false
  return a.every((o, i) => {
    const p = b[i]!
    return o.id === p.id && o.price === p.price && o.side === p.side && o.amount === p.amount && o.amount_filled === p.amount_filled && o.status === p.status
  })
}

/** One dashed line per open order, in the side's colour of the theme. */
export function orderLevels(orders: readonly OrderRecord[], pair: Pair | null, colors: { orderBuy: string; orderSell: string }): Level[] {
  const data: Level[] = []
  for (const order of orders) {
    const label = orderLabel(order, pair)
    if (label === null) continue
    const buy = (ORDER_SIDE_ALIASES[order.side.toUpperCase()] ?? '') === 'BUY'
    const color = buy ? colors.orderBuy : colors.orderSell
    data.push({ pane: 0, value: Number(order.price), color, type: 'dashed', label: { text: label, at: 'start-top' } })
  }
  return data
}
