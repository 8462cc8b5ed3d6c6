// What the Chromium measures look at in the page: whether the chart's canvas shows candles, the
// chart's own paint times (CandleChart.vue's data-render-ms and data-first-paint-ms), frames and
// long tasks, and the renderer heap after GC. Shared by first-paint.mjs, app-under-load.mjs and
// book-live.mjs; the window size they all open with.

export const VIEWPORT = { width: 1600, height: 960 }

/**
 * In the page: true once the chart's canvas shows both candle colours (the renderer's UP_COLOR
 * #26a69a and DOWN_COLOR #ef5350), i.e. candles are painted, not just an empty frame. Sampled on a
 * few rows, cheap enough to run every animation frame. Returns the wall-clock time of detection.
 *
 * With `untilLive` (polled every frame from the start) it notes the first frame with candles
 * (`painted`), the first with candles and the stale mark on screen (`marked`: the paint from the
 * disk's cache; the first chart's mark or the toolbar's badge), and the first with candles and no
 * mark (`live`), and returns the three wall-clock times (`marked` null when no frame had the mark)
 * once `live` is seen. One function: the page's CSP allows no string to be evaluated.
 */
export const chartPainted = (untilLive = false) => {
  const canvas = document.querySelector('[data-testid="first-chart"] canvas, [data-testid="chart"] canvas')
  if (!canvas || canvas.width === 0 || canvas.height === 0) return false
  const ctx = canvas.getContext('2d')
  if (!ctx) return false
  let up = false
  let down = false
  for (let k = 1; k < 12 && !(up && down); k++) {
    const y = Math.floor((canvas.height * k) / 12)
    const row = ctx.getImageData(0, y, canvas.width, 1).data
    for (let i = 0; i < row.length; i += 4) {
      const r = row[i]
      const g = row[i + 1]
      const b = row[i + 2]
      if (row[i + 3] < 128) continue
      if (Math.abs(r - 0x26) < 24 && Math.abs(g - 0xa6) < 24 && Math.abs(b - 0x9a) < 24) up = true
      else if (Math.abs(r - 0xef) < 24 && Math.abs(g - 0x53) < 24 && Math.abs(b - 0x50) < 24) down = true
    }
  }
  if (!(up && down)) return false
  const now = performance.timeOrigin + performance.now()
  if (!untilLive) return now
  const seen = (window.__startPaints ??= { painted: now, marked: null, live: null })
  if (document.querySelector('[data-testid="first-chart-stale"], [data-testid="stale-badge"]')) seen.marked ??= now
  else seen.live ??= now
  return seen.live === null ? false : seen
}

/**
 * An init script (context.addInitScript({ content })) that runs chartPainted(true) on every frame from
 * the document's start, keeping the first paint, the first marked one and the first live one in
 * `window.__startPaints`, until the live paint is seen. Recorded in the page, so the time is the
 * frame's whatever the page's main thread is doing: Playwright's own polling is installed by a task
 * that queues behind the page's parsing and scripts, and in a traced start again it first looked
 * ~115 ms after the frame with the chart was committed (docs/performance.md, 2026-12-07, evening).
 */
export const watchStartPaints = `(() => {
  const painted = ${chartPainted.toString()}
  const loop = () => {
    let seen = false
    try { seen = painted(true) } catch { seen = false }
    if (!seen) requestAnimationFrame(loop)
  }
  requestAnimationFrame(loop)
})()`

/** In the page: what watchStartPaints recorded once it has seen the first paint (with `untilLive`, the live one), or false. */
export const startPaintsSeen = (untilLive = false) => {
  const seen = window.__startPaints
  return seen && (!untilLive || seen.live !== null) ? seen : false
}

/**
 * Before the app runs: collects every value the chart writes to its `data-render-ms` attribute
 * (CandleChart.vue times each paint there), in order, without missing one between two callbacks.
 */
export const recordRenderTimes = () => {
  window.__renderMs = []
  new MutationObserver((records) => {
    for (const r of records) if (r.oldValue !== null) window.__renderMs.push(Number(r.oldValue))
  }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-render-ms'], attributeOldValue: true })
}

/** CandleChart.vue's first paint that drew candles: its time (ms) and how many candles, or null. */
export const firstCandlePaint = () => {
  const el = document.querySelector('[data-testid="chart"][data-first-paint-ms]')
  return el ? { ms: Number(el.getAttribute('data-first-paint-ms')), candles: Number(el.getAttribute('data-first-paint-candles')) } : null
}

/** Counts frames (requestAnimationFrame) per second and long tasks, in the page. */
export const installProbes = () => {
  const w = window
  w.__frames = []
  w.__longTasks = []
  const loop = (t) => {
    w.__frames.push(t)
    requestAnimationFrame(loop)
  }
  requestAnimationFrame(loop)
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__longTasks.push([e.startTime, e.duration])
    }).observe({ type: 'longtask', buffered: false })
  } catch {
    // no long-task timing in this browser: the count stays empty
  }
}

export async function heapAfterGc(cdp) {
  await cdp.send('HeapProfiler.collectGarbage')
  await cdp.send('HeapProfiler.collectGarbage')
  const { usedSize } = await cdp.send('Runtime.getHeapUsage')
  return usedSize
}
