// The first screen paints the chart before the rest: the panels around it (pair list, order form,
// book, trades, tabs) are loaded and mounted once the chart has drawn its first candles, or once it is
// clear that it will not (`settled()`), or after `fallbackMs` at the latest. Their code and their mount
// are most of the window's first render, and on a start they ran while the chart's answer was on its
// way and held it back (the core's answer waits for the CPU the mount takes); now their chunk is asked
// for in the frame after the chart's paint (`load`), and they mount together once it is in (or could
// not load: each panel then says so). The regions keep their size meanwhile, so nothing jumps.
import { onBeforeUnmount, ref, watch, type Ref } from 'vue'

export function useChartFirst(settled: () => boolean, fallbackMs = 1500, load: () => Promise<unknown> = async () => undefined): Ref<boolean> {
  const rest = ref(false)
  let frame = 0
  let released = false
  const release = (): void => {
    if (released) return
    released = true
    // After the frame that paints the chart, so its paint is on screen before the panels' code runs.
    frame = requestAnimationFrame(() =>
      setTimeout(() => {
        const show = (): void => void (rest.value = true)
        load().then(show, show)
      }, 0),
    )
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
