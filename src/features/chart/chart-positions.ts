// The chart pair's protected positions, from the positions store, for the candle chart and its
// draggable lines. Apart from chart-position-marks.ts (pure: what a position draws), which the
// window's first chart (first-chart.ts) draws with before any store exists.
import { computed, type ComputedRef } from 'vue'
import type { Position } from '@domain/protection/types'
import { usePositionsStore } from '@/stores/positions/positions'
import { positionsToDraw } from './chart-position-marks'

/** The chart pair's positions to draw, the same list while nothing drawn changed (no redraw for it). */
export function useChartPositions(pairName: () => string): ComputedRef<Position[]> {
  const store = usePositionsStore()
  return computed<Position[]>((previous) => {
    const next = positionsToDraw(store.positions, pairName())
    return previous && JSON.stringify(previous) === JSON.stringify(next) ? previous : next
  })
}
