// The long tasks of every page the bench opens, kept with their wall-clock times: each Chromium
// context the bench makes (lib.mjs) reports its pages' long tasks here, so that every row measured in
// a browser can say how many long tasks ran meanwhile (the table's notes, bench.mjs).
const log = []
let contexts = 0

/** In the page before its own scripts: each long task, reported to the bench as it ends. */
const reportLongTasks = () => {
  try {
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) window.__benchLongTask?.(performance.timeOrigin + e.startTime, e.duration)
    }).observe({ type: 'longtask', buffered: true })
  } catch {
    // no long-task timing in this browser: nothing is reported
  }
}

/** Makes `context` report its pages' long tasks; returns it. */
export async function watchLongTasks(context) {
  contexts++
  await context.exposeBinding('__benchLongTask', (_source, at, ms) => {
    if (log.length < 100_000) log.push({ at, ms })
  })
  await context.addInitScript(reportLongTasks)
  return context
}

/** How many browser contexts were opened so far (a group that opened none has no long tasks to tell). */
export const contextsOpened = () => contexts

/** The long tasks that started between `from` and `to` (wall clock): their count, total and longest. */
export function longTasksBetween(from, to) {
  const tasks = log.filter((t) => t.at >= from && t.at <= to)
  return { count: tasks.length, totalMs: tasks.reduce((sum, t) => sum + t.ms, 0), longestMs: tasks.reduce((max, t) => Math.max(max, t.ms), 0) }
}

/** A long-task summary in words, for a row's note. */
export function longTasksText({ count, totalMs, longestMs }) {
  return count === 0 ? 'none' : `${count}, ${totalMs.toFixed(0)} ms in all, the longest ${longestMs.toFixed(0)} ms`
}
