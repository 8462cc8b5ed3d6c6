// The crosshair's time synced across the charts of one link colour (docs/workspaces.md). The chart
// under the pointer says the time of its candle (stores/charts/crosshair.ts, once a frame); every other
// chart of that colour puts its own axis pointer on its candle of that time (the last one at or before
// it, so charts of other intervals agree), at the candle's close, with ECharts' updateAxisPointer
// action: the pointer's own layer repaints, never the candles. A pointer put there by another chart
// says nothing back.
import { computed, watch, type Ref } from 'vue'
import type { EChartsType } from 'echarts/core'
import { useChartsStore } from '@/stores/charts/charts'
import { crosshair, pointAt, slotAt } from '@/stores/charts/crosshair'
import type { ChartPaneContext } from './chart-pane'

export function useCrosshairSync(pane: ChartPaneContext, hoverIndex: Ref<number | null>) {
  const charts = useChartsStore()
  const market = pane.feed
  const link = computed(() => charts.panes[pane.index]?.link ?? 'none')
  let inside = false
  let syncing = false
  let instance: EChartsType | null = null

  function show(time: number | null): void {
    if (!instance || inside) return
    syncing = true
    try {
      const slot = time === null ? null : slotAt(market.candles, time)
      const candle = slot === null ? null : market.candles[slot]
      if (slot === null || !candle) {
        instance.dispatchAction({ type: 'updateAxisPointer', currTrigger: 'leave' })
        hoverIndex.value = null
        return
      }
      const x = instance.convertToPixel({ xAxisIndex: 0 }, slot)
      const y = instance.convertToPixel({ yAxisIndex: 0 }, candle.close)
      if (!Number.isFinite(x) || !Number.isFinite(y)) return
      instance.dispatchAction({ type: 'updateAxisPointer', x, y })
      hoverIndex.value = slot
    } finally {
      syncing = false
    }
  }

  watch(crosshair, (at) => {
    if (at && at.from !== pane.index && at.link !== 'none' && at.link === link.value) show(at.time)
  })

  return {
    attach(next: EChartsType | null): void {
      instance = next
      next?.getZr().on('mousemove', () => {
        inside = true
      })
    },
    /** This chart's pointer moved (its updateAxisPointer event): its time goes to its link's charts. */
    pointed(): void {
      if (!inside || syncing) return
      const candle = hoverIndex.value === null ? null : market.candles[hoverIndex.value]
      pointAt({ link: link.value, from: pane.index, time: candle?.time ?? null })
    },
    /** The pointer left this chart. */
    left(): void {
      if (inside) pointAt({ link: link.value, from: pane.index, time: null })
      inside = false
    },
  }
}
