// One ECharts instance bound to an element's lifetime: created on mount, resized with the element
// (a ResizeObserver, so split-pane drags resize it too, not only window resizes), disposed on
// unmount. Registers only the canvas renderer: each chart registers the chart types it draws (the
// candle chart in features/chart/use-echarts.ts, the allocation chart its pie), so a bundle carries
// nothing else.
import { onBeforeUnmount, onMounted, shallowRef, type Ref, type ShallowRef } from 'vue'
import { init, use, type EChartsType } from 'echarts/core'
import { CanvasRenderer } from 'echarts/renderers'

use([CanvasRenderer])

export function useEcharts(element: Ref<HTMLElement | null>, onReady: (chart: EChartsType) => void, onResize?: (chart: EChartsType) => void): ShallowRef<EChartsType | null> {
  const chart = shallowRef<EChartsType | null>(null)
  let observer: ResizeObserver | null = null
  let frame = 0

  onMounted(() => {
    const el = element.value
    if (!el) return
    // No dirty rectangles: they saved ~0.5 ms a tick, but zrender left pixels stale with them — the
    // volume pane's crosshair line stayed where it was (its element had moved) and bars under the
    // pointer vanished. The crosshair has a canvas layer of its own instead, so a hover repaints
    // that layer only (candle-chart-layout.ts).
    const instance = init(el, undefined, { renderer: 'canvas', useDirtyRect: false })
    chart.value = instance
    if (typeof ResizeObserver === 'function') {
      observer = new ResizeObserver(() => {
        // One resize per frame however many the observer reports while a pane is dragged.
        if (frame) return
        const schedule = typeof requestAnimationFrame === 'function' ? requestAnimationFrame : (fn: () => void) => setTimeout(fn, 16) as unknown as number
        frame = schedule(() => {
          frame = 0
          if (instance.isDisposed()) return
          instance.resize()
          onResize?.(instance)
        })
      })
      observer.observe(el)
    }
    onReady(instance)
  })

  onBeforeUnmount(() => {
    observer?.disconnect()
    observer = null
    chart.value?.dispose()
    chart.value = null
  })

  return chart
}
