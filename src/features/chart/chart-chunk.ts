// The candle chart's chunk (CandleChart.vue with ECharts), loaded once: boot.ts asks for it with the
// first requests so it arrives beside the chart's data, and ChartArea.vue mounts it from the same
// promise.
import type { Component } from 'vue'
import { loadOnce } from '@/lib/load-once'

export const loadCandleChart: () => Promise<{ default: Component }> = loadOnce(() => import('./CandleChart.vue'))
