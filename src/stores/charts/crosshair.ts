// The crosshair's time, shared by the charts of one link colour (docs/workspaces.md): the chart under
// the pointer says which candle time it points at; the other charts of its colour show their pointer
// there. One shallow value, set at most once a frame, read by each chart's watcher.
import { shallowRef } from 'vue'
import type { LinkColor } from '@domain/prefs/workspace'

export interface CrosshairAt {
  link: LinkColor
  /** The pane the pointer is over. */
  from: number
  /** The candle's time (unix seconds), or null: the pointer left the chart. */
  time: number | null
}

export const crosshair = shallowRef<CrosshairAt | null>(null)

let next: CrosshairAt | null = null
let queued = false

/** Says where the pointer is; applied on the next frame (a pointer moves far more often than a frame). */
export function pointAt(at: CrosshairAt): void {
  if (at.link === 'none') return
  next = at
  if (queued) return
  queued = true
  const run = (): void => {
    queued = false
    crosshair.value = next
  }
  if (typeof requestAnimationFrame === 'function') requestAnimationFrame(run)
  else setTimeout(run, 16)
}

/** The index of the candle whose bucket holds `time` (the last one at or before it), or null. */
export function slotAt(times: readonly { time: number }[], time: number): number | null {
  let lo = 0
  let hi = times.length - 1
  if (hi < 0 || time < times[0]!.time) return null
  while (lo < hi) {
    const mid = (lo + hi + 1) >> 1
    if (times[mid]!.time <= time) lo = mid
    else hi = mid - 1
  }
  return lo
}
