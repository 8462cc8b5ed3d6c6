// Work that may wait one frame: run just after the next frame is painted (a task queued from the
// frame's animation callback runs once that frame is on screen), so what the user is waiting for
// shows first and the slower work follows instead of holding the frame back.

/** Runs `fn` after the next paint; returns a cancel. */
export function afterNextPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | null = null
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (timer !== null) clearTimeout(timer)
  }
}

/**
 * Runs `fn` once the window is idle (nothing else queued before its next frame), and at the latest
 * `withinMs` from now; after the next paint where the browser has no idle callbacks. For what the
 * user is not waiting on: an order's toast waited only for the next paint, and then ran ahead of the
 * order's own answer (its body is read in a task of its own), so "placed" showed a frame or more later.
 */
export function whenIdle(fn: () => void, withinMs: number): () => void {
  if (typeof requestIdleCallback !== 'function') return afterNextPaint(fn)
  const id = requestIdleCallback(() => fn(), { timeout: withinMs })
  return () => cancelIdleCallback(id)
}
