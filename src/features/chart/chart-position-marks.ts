// The protected positions of the chart's pair drawn on the candle chart: the entry (dotted), the stop
// and each target still waiting, labelled in the middle so they cover neither the open orders' labels
// on the left (chart-order-marks.ts) nor the draggable handles on the right (ChartPositionLines.vue). A position's orders at the exchange (its entry, its stop-limit)
// are open orders and keep their own lines; these are the position's levels, which the terminal
// watches even where no order rests (a target, a terminal-kept stop).
import type { MarkLineComponentOption } from 'echarts/components'
import type { Position } from '@domain/protection/types'
import type { Pair } from '@domain/wire/wire'
import { formatAmount, formatExact } from '@/lib/format'

type MarkLineData = NonNullable<MarkLineComponentOption['data']>

/** The pair's positions that still have levels to watch: pending or open. */
export function positionsToDraw(positions: readonly Position[], pairName: string): Position[] {
  return positions.filter((p) => p.pair === pairName && (p.state === 'pending' || p.state === 'open'))
}

/** One line per level: entry, stop (where it is kept said), every target not yet reached. */
export function positionMarkData(positions: readonly Position[], pair: Pair | null, colors: { pointer: string; orderBuy: string; orderSell: string }): MarkLineData {
  const price = (value: string) => (pair ? formatAmount(value, pair.price_precision) : formatExact(value))
  const data: MarkLineData = []
  const line = (name: string, at: string, color: string, type: 'dotted' | 'solid', text: string, below = false) =>
    data.push({
      name,
      yAxis: Number(at),
      lineStyle: { color, type, width: 1 },
      label: { show: true, position: below ? 'insideMiddleBottom' : 'insideMiddleTop', formatter: text, color, fontSize: 11 },
    })
  for (const p of positions) {
    const who = p.side === 'BUY' ? 'Long' : 'Short'
    line(`position-${p.id}-entry`, p.entryPrice, colors.pointer, 'dotted', `${who} entry @ ${price(p.entryPrice)}`)
    // a stop moved to the entry (breakeven) says so under the line, not over the entry's label
    const atEntry = p.stop !== null && Number(p.stop.price) === Number(p.entryPrice)
    if (p.stop !== null)
      line(
        `position-${p.id}-stop`,
        p.stop.price,
        colors.orderSell,
        'solid',
        `${who} stop @ ${price(p.stop.price)}${atEntry ? ' (at the entry)' : ''}${p.protection === 'terminal' ? ' (terminal)' : ''}`,
        atEntry,
      )
    p.targets.forEach((t, i) => {
      if (t.state === 'waiting') line(`position-${p.id}-target-${i}`, t.price, colors.orderBuy, 'solid', `${who} target ${i + 1} · ${formatExact(t.share)} % @ ${price(t.price)}`)
    })
  }
  return data
}
