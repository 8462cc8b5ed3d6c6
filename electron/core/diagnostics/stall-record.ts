// The core's record of the windows' long tasks: one bounded ring per window session (a page load,
// named by the id the window made), the newest LONG_TASKS_KEPT of each, and at most WINDOWS_KEPT
// windows (the one heard from longest ago goes first). A batch has passed the contract's strict check
// (diagnostics-schema.ts) before it gets here; a task sent twice (the window sends again what it may
// not have delivered) is kept once.
import { LONG_TASKS_KEPT, WINDOWS_KEPT, type LongTask, type LongTaskBatch, type WindowStalls } from '../../domain/diagnostics/diagnostics'

export interface StallRecord {
  /** Keeps a window's batch; returns how many of its tasks were new. */
  report(batch: LongTaskBatch, at: number): number
  /** Every window's record, most recently heard from first, each newest task first. */
  windows(): WindowStalls[]
}

const keyOf = (task: LongTask): string => `${task.at}|${task.durationMs}|${task.source}`

export function createStallRecord(): StallRecord {
  const windows = new Map<string, WindowStalls>()

  return {
    report(batch, at) {
      const known = windows.get(batch.windowId)
      const record: WindowStalls = known ?? { windowId: batch.windowId, firstReportAt: at, lastReportAt: at, longTasks: [] }
      const seen = new Set(record.longTasks.map(keyOf))
      const fresh = batch.longTasks.filter((task) => !seen.has(keyOf(task)))
      const longTasks = [...record.longTasks, ...fresh].sort((a, b) => b.at - a.at).slice(0, LONG_TASKS_KEPT)
      // Re-inserted so the map's order is the order windows were last heard from.
      windows.delete(batch.windowId)
      windows.set(batch.windowId, { ...record, lastReportAt: at, longTasks })
      while (windows.size > WINDOWS_KEPT) windows.delete(windows.keys().next().value!)
      return fresh.filter((task) => longTasks.includes(task)).length
    },
    windows: () => [...windows.values()].reverse().map((w) => ({ ...w, longTasks: w.longTasks.map((t) => ({ ...t, running: [...t.running] })) })),
  }
}
