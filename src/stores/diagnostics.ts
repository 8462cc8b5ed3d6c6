// The window's long tasks and what the core knows of the stalls (docs/performance.md, "Seeing the
// stalls"). The browser's reports (lib/stall-recorder.ts) are kept here, the newest LONG_TASKS_KEPT,
// for the Diagnostics panel, and forwarded to the core in batches at most every FORWARD_MS (never one
// call per task), so the core and the CLI see them too. A batch that does not arrive is sent again
// with the next; one the core refuses (a bug: it checks them strictly) is said in the panel and not
// sent again; the window keeps its tasks either way. Soon after the start the window says it runs (an
// empty batch), so the core tells "no long task" from "no window".
import { defineStore } from 'pinia'
import { ref, shallowRef } from 'vue'
import { LONG_TASKS_KEPT, type DiagnosticsReport, type LongTask } from '@domain/diagnostics/diagnostics'
import { isTerminalError } from '@domain/errors'
import { useTerminal } from '@/api'
import { recordStalls } from '@/lib/stall-recorder'

/** At most one batch this often. */
export const FORWARD_MS = 5_000

/** One id per page load: the core keeps a record per window session. */
function newWindowId(): string {
  const random = globalThis.crypto?.randomUUID?.()
  return random ?? `w-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`
}

const words = (error: unknown): string => (error instanceof Error ? error.message : String(error))

export const useDiagnosticsStore = defineStore('diagnostics', () => {
  const windowId = newWindowId()
  /** The window's long tasks, newest first. */
  const longTasks = shallowRef<LongTask[]>([])
  /** Whether this browser reports long tasks; null before the start. */
  const supported = ref<boolean | null>(null)
  /** What the core knows: the feed's lag and reconnects (and every window's tasks). */
  const report = shallowRef<DiagnosticsReport | null>(null)
  const reportError = ref<string | null>(null)
  /** Why the core refused a batch, if it did. */
  const forwardError = ref<string | null>(null)
  /** Tasks the core has not had yet, oldest first. */
  let unsent: LongTask[] = []
  let told = false
  let timer: ReturnType<typeof setTimeout> | null = null
  let stop: (() => void) | null = null

  function schedule(): void {
    if (timer === null) timer = setTimeout(() => void forward(), FORWARD_MS)
  }

  async function forward(): Promise<void> {
    timer = null
    if (told && unsent.length === 0) return
    const batch = unsent.slice(0, LONG_TASKS_KEPT)
    try {
      await useTerminal().call('diagnostics.report', { windowId, longTasks: batch })
      told = true
      unsent = unsent.filter((task) => !batch.includes(task))
    } catch (error) {
      if (isTerminalError(error) && error.kind === 'validation') {
        // Sending it again would be refused again: the window keeps its tasks, the panel says why.
        forwardError.value = words(error)
        unsent = unsent.filter((task) => !batch.includes(task))
        told = true
      }
      // Otherwise (the core away, the host restarting) it goes with the next batch.
    }
    if (unsent.length > 0 || !told) schedule()
  }

  function record(task: LongTask): void {
    // By start, newest first: the browser may report a frame's entries after a later one's.
    longTasks.value = [task, ...longTasks.value].sort((a, b) => b.at - a.at).slice(0, LONG_TASKS_KEPT)
    unsent = [...unsent, task].slice(-LONG_TASKS_KEPT)
    schedule()
  }

  /** Starts recording (once); where the browser reports no long task the panel says so. */
  function start(): void {
    if (stop || supported.value === false) return
    stop = recordStalls({ record })
    supported.value = stop !== null
    if (stop) schedule()
  }

  /** Sends what is pending, then reads the core's report (the panel, when it opens). */
  async function load(): Promise<void> {
    if (timer !== null) {
      clearTimeout(timer)
      await forward()
    }
    try {
      report.value = await useTerminal().call('diagnostics.get', undefined)
      reportError.value = null
    } catch (error) {
      reportError.value = words(error)
    }
  }

  return { windowId, longTasks, supported, report, reportError, forwardError, start, load }
})
