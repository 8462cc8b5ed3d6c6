// A value that follows another at most once every `everyMs`: the first change after a quiet spell
// shows at once (in the same tick, so a lone trade still reaches the screen in its frame), and a
// burst of changes shows as one change per `everyMs` with the newest value: nothing is skipped, the
// last value always lands. For panels whose every change costs a layout of many text nodes (the
// trades list at thousands of trades a second), where a reader cannot follow more than a few
// updates a second anyway.
import { onScopeDispose, shallowRef, watch, type ShallowRef } from 'vue'

export function useThrottled<T>(source: () => T, everyMs: number, now: () => number = () => performance.now()): Readonly<ShallowRef<T>> {
  const shown = shallowRef(source())
  let lastAt = -Infinity
  let timer: ReturnType<typeof setTimeout> | null = null
  const show = (): void => {
    timer = null
    lastAt = now()
    shown.value = source()
  }
  watch(
    source,
    () => {
      if (timer !== null) return
      const wait = lastAt + everyMs - now()
      if (wait <= 0) show()
      else timer = setTimeout(show, wait)
    },
    { flush: 'sync' },
  )
  onScopeDispose(() => {
    if (timer !== null) clearTimeout(timer)
  })
  return shown
}
