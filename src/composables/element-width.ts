// The width of an element, kept current by a ResizeObserver, so a table can choose the columns that
// fit the panel it is in (the panels resize with the window and with every split-pane drag).
import { onBeforeUnmount, onMounted, ref, type Ref } from 'vue'

/**
 * The element's content width in px; Infinity until it is measured and where ResizeObserver is missing
 * (tests), so a caller that shows a column only "when it fits" shows it there.
 */
export function useElementWidth(element: Ref<HTMLElement | null>): Ref<number> {
  const width = ref(Number.POSITIVE_INFINITY)
  let observer: ResizeObserver | null = null
  onMounted(() => {
    const el = element.value
    if (!el || typeof ResizeObserver !== 'function') return
    // The observer reports the first size too, once the panel is laid out (no forced layout here).
    observer = new ResizeObserver(([entry]) => {
      if (entry) width.value = entry.contentRect.width
    })
    observer.observe(el)
  })
  onBeforeUnmount(() => observer?.disconnect())
  return width
}
