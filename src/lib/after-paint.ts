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
