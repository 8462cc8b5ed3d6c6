// The protected positions' levels a trader can drag on the chart: each live position's stop, its
// waiting targets and a pending LIMIT entry nothing of which has filled, where their handles sit over the candle pane, and which open orders belong to a
// position (their own handles are not offered: a position's orders move through the keeper). Pure,
// so the geometry is tested without a canvas; ChartPositionLines.vue draws them.
import type { Position } from '@domain/protection/types'
import type { Pair } from '@domain/wire/wire'
import { isLive } from '@domain/protection/legs'
import { entryMovable } from '@domain/protection/levels'
import { formatAmount, formatExact } from '@/lib/format'

export interface LevelHandle {
  /** `<position id>-entry`, `<position id>-stop` or `<position id>-target-<i>`. */
  key: string
  position: Position
  level: 'entry' | 'stop' | number
  price: string
  /** Pixels from the top of the chart element. */
  y: number
  text: string
}

const alive = (p: Position): boolean => (p.state === 'pending' || p.state === 'open') && p.closing === null

/** The order ids of every live leg of a live position. */
export function positionLegOrderIds(positions: readonly Position[]): Set<string> {
  return new Set(positions.filter(alive).flatMap((p) => p.legs.filter((l) => isLive(l) && l.orderId !== null).map((l) => l.orderId!)))
}

/** Handles of the pair's positions' movable entries, stops and waiting targets within the pane (`top`..`bottom`, in px). */
export function levelHandles(positions: readonly Position[], pair: Pair | null, yOf: (price: number) => number | null, top: number, bottom: number): LevelHandle[] {
  const out: LevelHandle[] = []
  const price = (value: string) => (pair ? formatAmount(value, pair.price_precision) : formatExact(value))
  const add = (p: Position, level: LevelHandle['level'], at: string, text: string) => {
    const y = yOf(Number(at))
    if (y === null || !Number.isFinite(y) || y < top || y > bottom) return
    out.push({ key: `${p.id}-${typeof level === 'string' ? level : `target-${level}`}`, position: p, level, price: at, y, text })
  }
  for (const p of positions) {
    if (!alive(p) || (pair !== null && p.pair !== pair.name)) continue
    if (entryMovable(p)) add(p, 'entry', p.entryPrice, `Entry ${price(p.entryPrice)}`)
    if (p.stop !== null) add(p, 'stop', p.stop.price, `Stop ${price(p.stop.price)}`)
    p.targets.forEach((t, i) => {
      if (t.state === 'waiting') add(p, i, t.price, `Target ${i + 1} ${price(t.price)}`)
    })
  }
  return out
}
