// What the chart's draggable lines share (the open orders' handles, ChartOrderLines.vue, and the
// protected positions' levels, ChartPositionLines.vue): the price ↔ pixel mapping of the candle pane,
// the pane's edges, following every render, and a drag that reports the price under the pointer and
// the price it was dropped at. Handles are HTML over the canvas, measured from the chart's top.
import { onBeforeUnmount, onMounted, ref, watch, type Ref } from 'vue'
import type { EChartsType } from 'echarts/core'
import type { Pair } from '@domain/wire/wire'
import { readMapping } from '@/features/chart/chart-mapping'
import { CHART_GRIDS } from '@/features/chart/candle-chart-option'
import { priceAt } from '@/features/chart/order-line-handles'

export type YOf = (price: number) => number | null

export function yOfPrice(chart: EChartsType, price: number): number | null {
  const point = chart.convertToPixel({ gridIndex: 0 }, [0, price]) as number[] | undefined
  return point && typeof point[1] === 'number' ? point[1] : null
}

export function priceOfY(chart: EChartsType, y: number, pair: Pair | null): string | null {
  const value = chart.convertFromPixel({ gridIndex: 0 }, [CHART_GRIDS.price.left + 1, y]) as number[] | undefined
  return priceAt(Array.isArray(value) ? value[1]! : NaN, pair)
}

/**
 * Calls `place(yOf, top, bottom)` after every render of the chart (pans, zooms, new candles, resizes)
 * and whenever `sources` change; `place(null)` when there is no chart. The top and bottom are the
 * price pane's own: with indicator panes below it, its bottom is not the canvas's.
 */
export function useEveryRender(chart: () => EChartsType | null, root: Ref<HTMLElement | null>, sources: () => unknown, place: (at: { yOf: YOf; top: number; bottom: number } | null) => void): void {
  const run = (): void => {
    const c = chart()
    if (!c || c.isDisposed()) return place(null)
    const pane = readMapping(c, 1)?.panes[0]
    const top = pane?.top ?? CHART_GRIDS.price.top
    const bottom = pane?.bottom ?? (root.value?.clientHeight ?? 0) - CHART_GRIDS.price.bottom
    place({ yOf: (p) => yOfPrice(c, p), top, bottom })
  }
  // One listener per chart instance; it goes quiet once the chart is replaced or the overlay unmounted.
  const listening = new WeakSet<EChartsType>()
  let mounted = true
  watch(
    chart,
    (c) => {
      if (c && !listening.has(c)) {
        listening.add(c)
        c.on('finished', () => {
          if (mounted && chart() === c) run()
        })
      }
      run()
    },
    { immediate: true },
  )
  watch(sources, run)
  onMounted(run)
  onBeforeUnmount(() => (mounted = false))
}

export interface LineDrag {
  key: string
  y: number
  price: string | null
}

/**
 * A drag of one line's handle: `drag` follows the pointer (where the handle is and the price it
 * stands for); on release `onDrop` gets the price it was dropped at (null: off any price).
 */
export function useLineDrag(chart: () => EChartsType | null, pair: () => Pair | null, container: string) {
  const drag = ref<LineDrag | null>(null)
  function start(event: PointerEvent, key: string, y: number, price: string | null, onDrop: (price: string | null) => void): void {
    if (event.button !== 0) return
    event.preventDefault()
    const target = event.currentTarget as HTMLElement
    target.setPointerCapture?.(event.pointerId)
    const top = target.closest(container)?.getBoundingClientRect().top ?? 0
    drag.value = { key, y, price }
    const onMove = (e: PointerEvent) => {
      const c = chart()
      if (!c || !drag.value) return
      const at = e.clientY - top
      drag.value = { key, y: at, price: priceOfY(c, at, pair()) }
    }
    const onUp = () => {
      target.removeEventListener('pointermove', onMove)
      target.removeEventListener('pointerup', onUp)
      target.removeEventListener('pointercancel', onUp)
      const dropped = drag.value
      drag.value = null
      onDrop(dropped?.price ?? null)
    }
    target.addEventListener('pointermove', onMove)
    target.addEventListener('pointerup', onUp)
    target.addEventListener('pointercancel', onUp)
  }
  return { drag, start }
}
