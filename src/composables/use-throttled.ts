// A value that follows another at most once every `everyMs`: the first change after a quiet spell
// shows at once (in the same tick, so a lone trade still reaches the screen in its frame), and a
// burst of changes shows as one change per `everyMs` with the newest value: nothing is skipped, the
// last value always lands. For panels whose every change costs a layout of many text nodes (the
// trades list at thousands of trades a second), where a reader cannot follow more than a few
// updates a second anyway.
//
// `key` names whose data it is (the profile session and pair): when it changes, the value shows at
// once, and so does every change for the next second, so a switch never leaves the previous
// exchange's or pair's figures on screen while the new ones arrive.
import { onScopeDispose, shallowRef, watch, type ShallowRef } from 'vue'

export interface ThrottleOptions {
  key?: () => unknown
  now?: () => number
}

/** How long after its key changed a throttled value follows every change. */
export const KEY_CHANGE_GRACE_MS = 1_000

export function useThrottled<T>(source: () => T, everyMs: number, options: ThrottleOptions = {}): Readonly<ShallowRef<T>> {
  const now = options.now ?? (() => performance.now())
  const shown = shallowRef(source())
  let lastAt = -Infinity
  let graceUntil = -Infinity
  let timer: ReturnType<typeof setTimeout> | null = null
  const show = (): void => {
    if (timer !== null) clearTimeout(timer)
    timer = null
    lastAt = now()
    shown.value = source()
  }
  if (options.key) {
    watch(
      options.key,
      () => {
        graceUntil = now() + KEY_CHANGE_GRACE_MS
        show()
      },
      { flush: 'sync' },
    )
  }
  watch(
    source,
    () => {
      if (now() < graceUntil) return show()
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
