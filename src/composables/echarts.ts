// One ECharts instance bound to an element's lifetime: created on mount (or, with `adopt`, one drawn
// before the component existed, taken over: the window's first chart), resized with the element (a
// ResizeObserver, so split-pane drags resize it too, not only window resizes), disposed on unmount.
// Each chart registers the chart types it draws (the candle chart in features/chart/use-echarts.ts,
// the allocation chart its pie); lib/echarts-canvas.ts makes the instance.
import { onBeforeUnmount, onMounted, shallowRef, type Ref, type ShallowRef } from 'vue'
import type { EChartsType } from 'echarts/core'
import { initCanvasChart } from '@/lib/echarts-canvas'

export interface EchartsHooks {
  /** The instance exists (made or adopted): set it up and draw. */
  onReady: (chart: EChartsType) => void
  /** The element was resized, and the instance with it. */
  onResize?: (chart: EChartsType) => void
  /** An instance already drawn, moved into `element` (or null: one is made). */
  adopt?: (element: HTMLElement) => EChartsType | null
}

export function useEcharts(element: Ref<HTMLElement | null>, onReady: EchartsHooks['onReady'] | EchartsHooks, onResize?: (chart: EChartsType) => void): ShallowRef<EChartsType | null> {
  const hooks: EchartsHooks = typeof onReady === 'function' ? { onReady, ...(onResize ? { onResize } : {}) } : onReady
  const chart = shallowRef<EChartsType | null>(null)
  let observer: ResizeObserver | null = null
  let frame = 0

  onMounted(() => {
    const el = element.value
    if (!el) return
    const instance = hooks.adopt?.(el) ?? initCanvasChart(el)
    chart.value = instance
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(() => {
        // One resize per frame however many the observer reports while a pane is dragged.
        if (frame) return
        const schedule = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (fn: () => void) => setTimeout(fn, 16) as unknown as number
        frame = schedule(() => {
          frame = 0
          if (instance.isDisposed()) return
          // The observer's first report (and any of the same size): the instance has this size
          // already, and a resize would lay the whole chart out again for nothing.
          if (el.clientWidth === instance.getWidth() && el.clientHeight === instance.getHeight()) return
          instance.resize()
          hooks.onResize?.(instance)
        })
      })
      observer.observe(el)
    }
    hooks.onReady(instance)
  })

  onBeforeUnmount(() => {
    observer?.disconnect()
    observer = null
    chart.value?.dispose()
    chart.value = null
  })

  return chart
}
