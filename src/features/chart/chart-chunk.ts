// The candle chart's chunk (CandleChart.vue with ECharts), loaded once: startup.ts asks for it with
// the first requests so it arrives beside the chart's data, and ChartArea.vue mounts it from the same
// promise.
import type { Component } from 'vue'

/**
 * `load` run once and its promise shared; a failed load is not kept, so the next caller (the chart's
 * error box offers a reload) asks again instead of getting the old failure.
 */
export function loadOnce<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = null
      throw error
    }))
}

export const loadCandleChart: () => Promise<{ default: Component }> = loadOnce(() => import('./CandleChart.vue'))
