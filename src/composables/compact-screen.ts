// Compact mode: a window too short for the order form, an order book of useful depth and the recent
// trades one above another in the side column. The side column holds ~70 px less than the window
// (header and status bar); the form needs ~370 px, six book levels a side ~280 px and a trades list
// worth reading ~200 px, so below about 920 px of height the trades move under the chart, beside
// the tabs, and the book takes the rest of the column. One query decides it for the layout
// (TerminalLayout.vue) and, through the `compact` class it sets, for the styles (main.css).
import { onBeforeUnmount, ref, type Ref } from 'vue'

export const COMPACT_QUERY = '(max-height: 920px)'

/** True while the window matches COMPACT_QUERY; follows resizes. False where matchMedia is missing. */
export function useCompactScreen(): Ref<boolean> {
  const compact = ref(false)
  if (typeof window === 'undefined' || typeof window.matchMedia !== 'function') return compact
  const query = window.matchMedia(COMPACT_QUERY)
  compact.value = query.matches
  const follow = (event: MediaQueryListEvent): void => void (compact.value = event.matches)
  query.addEventListener('change', follow)
  onBeforeUnmount(() => query.removeEventListener('change', follow))
  return compact
}
