// The first screen paints the chart before the rest: the panels around it (pair list, order form,
// book, trades, tabs, status bar) are mounted once the chart has drawn its first candles, or once it
// is clear that it will not (`settled()`), or after `fallbackMs` at the latest. Mounting them is most
// of the window's first render, and on a start it ran while the chart's answer was on its way and
// held it back (the core's answer waits for the CPU the mount takes); now it runs in the frame after
// the chart's paint. The regions keep their size meanwhile, so nothing jumps.
import { onBeforeUnmount, ref, watch, type Ref } from 'vue'

export function useChartFirst(settled: () => boolean, fallbackMs = 1500): Ref<boolean> {
  const rest = ref(false)
  let frame = 0
  const release = (): void => {
    if (rest.value || frame !== 0) return
    // After the frame that paints the chart, so its paint is on screen before the panels' render.
    frame = requestAnimationFrame(() => setTimeout(() => (rest.value = true), 0))
  }
  const timer = setTimeout(release, fallbackMs)
  const stop = watch(settled, (done) => done && release(), { immediate: true })
  onBeforeUnmount(() => {
    stop()
    clearTimeout(timer)
    cancelAnimationFrame(frame)
  })
  return rest
}
