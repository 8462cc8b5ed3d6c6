// The protected positions of the chart's pair drawn on the candle chart: the entry (dotted), the stop
// and each target still waiting, labelled in the middle so they cover neither the open orders' labels
// on the left (chart-order-marks.ts) nor the draggable handles on the right (ChartPositionLines.vue). A position's orders at the exchange (its entry, its stop-limit)
// are open orders and keep their own lines; these are the position's levels, which the terminal
// watches even where no order rests (a target, a terminal-kept stop).
import type { Position } from '@domain/protection/types'
import type { Pair } from '@domain/wire/wire'
import { formatAmount, formatExact } from '@/lib/format'
import type { Level } from './level-lines'

/** The pair's positions that still have levels to watch: pending or open. */
export function positionsToDraw(positions: readonly Position[], pairName: string): Position[] {
  return positions.filter((p) => p.pair === pairName && (p.state === 'pending' || p.state === 'open'))
}

/** One line per level: entry, stop (where it is kept said), every target not yet reached. */
export function positionLevels(positions: readonly Position[], pair: Pair | null, colors: { pointer: string; orderBuy: string; orderSell: string }): Level[] {
  const price = (value: string) => (pair ? formatAmount(value, pair.price_precision) : formatExact(value))
  const data: Level[] = []
  const line = (at: string, color: string, type: 'dotted' | 'solid', text: string, below = false) =>
    data.push({ pane: 0, value: Number(at), color, type, label: { text, at: below ? 'middle-bottom' : 'middle-top' } })
  for (const p of positions) {
    const who = p.side === 'BUY' ? 'Long' : 'Short'
    line(p.entryPrice, colors.pointer, 'dotted', `${who} entry @ ${price(p.entryPrice)}`)
    // a stop moved to the entry (breakeven) says so under the line, not over the entry's label
    const atEntry = p.stop !== null && Number(p.stop.price) === Number(p.entryPrice)
    if (p.stop !== null)
      line(p.stop.price, colors.orderSell, 'solid', `${who} stop @ ${price(p.stop.price)}${atEntry ? ' (at the entry)' : ''}${p.protection === 'terminal' ? ' (terminal)' : ''}`, atEntry)
    p.targets.forEach((t, i) => {
      if (t.state === 'waiting') line(t.price, colors.orderBuy, 'solid', `${who} target ${i + 1} · ${formatExact(t.share)} % @ ${price(t.price)}`)
    })
  }
  return data
}
